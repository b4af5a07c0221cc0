import { useEffect, useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import { Field, fieldsOf, FormMessage, SelectField } from "~/components/ui/field";
import { SaveButton, SettingsScreen, settingsCard, useSettingsScreen } from "~/components/admin/settings-screen";
import { getClientIp } from "~/context.server";
import { refuse, staffRequest } from "~/routes/admin/staff-request.server";
import { HOLD_DAYS_RANGE, OFFER_DAYS_RANGE } from "~/domain/sale/deal-settings";
import {
  getBankAccount,
  getDealSettings,
  lastBankChange,
  saveBankAccount,
  saveDealSettings,
} from "~/domain/sale/deal-settings.server";
import { BANK_CHARGES, type BankAccount } from "~/domain/sale/deal-types";
import { BANK_FIELDS, type BankField } from "~/domain/sale/bank-account";
import { BANK_MAX_LENGTH, readBankAccountForm, readDealSettingsForm } from "~/domain/sale/invoicing-settings";
import { type FieldProblems, formInput, type Problem, type TypedValues } from "~/utils/forms";
import { refusalStatus } from "~/routes/refusal-status";
import { staffText } from "~/domain/staff/staff-problems";
import { twoFactorStatus } from "~/domain/staff/two-factor.server";
import { TextWith, useFormat, useT } from "~/i18n/i18n";
import { problem } from "~/i18n/problem";
import { passRetryAfter } from "~/utils/retry-after";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/invoicing";

/*
 * The owner's invoicing settings (issue 20.4): how long holds and offers
 * last, and the bank account every invoice prints. Changing the account asks
 * for the staff member's password again (and a code when their two-step
 * sign-in is on), is logged and is mailed to the owner's address.
 */

export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = noindexMeta("admin", "invoicing.title");

export async function loader(args: Route.LoaderArgs) {
  // What a save sends the page back with (?saved=): each has its message, invoicing.saved.*
  const { services, staff, saved } = await staffRequest(args, ["deals", "bank", "bankUnchanged"]);
  const [deals, bank, lastChange, twoFactor] = await Promise.all([
    getDealSettings(services.db),
    getBankAccount(services.db),
    lastBankChange(services.db),
    twoFactorStatus(services.db, staff.id),
  ]);
  return { deals, bank, lastChange, twoFactorOn: twoFactor.enabled, ownerEmail: services.config.ownerEmail, saved };
}

type ActionResult = { form: "deals" | "bank"; message: Problem; errors: FieldProblems; values: TypedValues };

export async function action(args: Route.ActionArgs) {
  const { services, staff } = await staffRequest(args);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "deals") {
    const read = readDealSettingsForm(formInput(form));
    if (!read.ok) {
      const result: ActionResult = { form: "deals", message: staffText("correctFields"), ...read };
      return refuse(result, "invalid");
    }
    await saveDealSettings(services.db, staff, read.settings);
    return redirect("/admin/invoicing?saved=deals");
  }

  if (intent === "bank") {
    const read = readBankAccountForm(formInput(form));
    if (!read.ok) {
      const result: ActionResult = { form: "bank", message: problem("invoicing.errors.fixBank"), ...read };
      return refuse(result, "invalid");
    }
    const proof = { password: String(form.get("password") ?? ""), code: String(form.get("code") ?? "") };
    const outcome = await saveBankAccount(services, staff, read.account, proof, getClientIp(args.context));
    if (!outcome.ok) {
      // What was typed stays, but never the password or the code.
      const values: Record<string, string> = Object.fromEntries(BANK_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
      if (form.has("charges")) values.charges = String(form.get("charges"));
      const result: ActionResult = {
        form: "bank",
        message: outcome.message,
        errors: outcome.field ? { [outcome.field]: outcome.message } : {},
        values,
      };
      const retry = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
      return data(result, { status: refusalStatus(outcome.refusal), headers: retry });
    }
    return redirect(`/admin/invoicing?saved=${outcome.changed ? "bank" : "bankUnchanged"}`);
  }

  return refuse<ActionResult>(
    { form: "deals", message: staffText("unknownAction"), errors: {}, values: {} },
    "invalid",
  );
}

function CurrentAccount({ bank }: { bank: BankAccount }) {
  const { t } = useT("admin");
  return (
    <dl
      className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
      data-testid="current-bank"
    >
      {BANK_FIELDS.filter((f) => bank[f]).map((f) => (
        <div key={f} className={f === "bankAddress" || f === "note" ? "sm:col-span-2" : undefined}>
          <dt className="text-xs font-medium text-slate-500">{t(`invoicing.bank.fields.${f}`)}</dt>
          <dd
            className={`mt-0.5 break-words text-slate-900 ${f === "accountNumber" || f === "swift" ? "font-mono text-base" : ""}`}
          >
            {bank[f]}
          </dd>
        </div>
      ))}
      <div className="sm:col-span-2">
        <dt className="text-xs font-medium text-slate-500">{t("invoicing.bank.fields.charges")}</dt>
        <dd className="mt-0.5 text-slate-900">{t(`invoicing.bank.charges.${bank.charges ?? "OUR"}`)}</dd>
      </div>
    </dl>
  );
}

export default function Invoicing({ loaderData, actionData }: Route.ComponentProps) {
  const { t, m, texts, busy } = useSettingsScreen();
  const format = useFormat();
  const { deals, bank, lastChange, twoFactorOn, ownerEmail, saved } = loaderData;
  const result = actionData as ActionResult | undefined;
  const dealsResult = result?.form === "deals" ? result : undefined;
  const bankResult = result?.form === "bank" ? result : undefined;
  const bankErrors = texts(bankResult?.errors);
  const dealValues = dealsResult?.values ?? {
    holdWorkingDays: String(deals.holdWorkingDays),
    offerValidDays: String(deals.offerValidDays),
  };
  const dealField = fieldsOf(
    (name: "holdWorkingDays" | "offerValidDays") => t(`invoicing.deals.${name}`),
    dealValues,
    texts(dealsResult?.errors),
  );
  const bankValues: Partial<Record<BankField | "charges", string>> = bankResult?.values ?? bank ?? {};
  // The password and code are emptied after every answer; the account's fields keep what was typed.
  const bankForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    for (const name of ["password", "code"]) {
      const input = bankForm.current?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [actionData, loaderData]);

  return (
    <SettingsScreen
      width="max-w-3xl"
      title={t("invoicing.title")}
      intro={t("invoicing.intro")}
      saved={saved && t(`invoicing.saved.${saved}`, { email: ownerEmail })}
    >
      {bank ? null : (
        <div
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
          data-testid="no-bank"
        >
          <p className="font-semibold">{t("invoicing.noBank")}</p>
          <p className="mt-1 text-sm">{t("invoicing.noBankText")}</p>
        </div>
      )}

      <Form
        method="post"
        noValidate
        className={`${settingsCard} space-y-4`}
        aria-labelledby="deals-title"
        data-testid="deals-form"
        key={JSON.stringify(deals)}
      >
        <h2 id="deals-title" className="text-lg font-semibold text-slate-900">
          {t("invoicing.deals.title")}
        </h2>
        <input type="hidden" name="intent" value="deals" />
        {dealsResult ? <FormMessage tone="error">{m(dealsResult.message)}</FormMessage> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            {...dealField("holdWorkingDays")}
            type="number"
            hint={t("invoicing.deals.holdHint", HOLD_DAYS_RANGE)}
            maxLength={3}
          />
          <Field
            {...dealField("offerValidDays")}
            type="number"
            hint={t("invoicing.deals.offerHint", OFFER_DAYS_RANGE)}
            maxLength={3}
          />
        </div>
        <SaveButton busy={busy}>{t("invoicing.deals.save")}</SaveButton>
      </Form>

      <section className={`${settingsCard} space-y-5`} aria-labelledby="bank-title">
        <div>
          <h2 id="bank-title" className="text-lg font-semibold text-slate-900">
            {t("invoicing.bank.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("invoicing.bank.intro")}</p>
        </div>

        <div>
          <h3 className="text-sm font-semibold text-slate-700">{t("invoicing.bank.current")}</h3>
          <div className="mt-2">
            {bank ? <CurrentAccount bank={bank} /> : <p className="text-slate-700">{t("invoicing.bank.none")}</p>}
          </div>
          {lastChange ? (
            <p className="mt-2 text-sm text-slate-600" data-testid="bank-last-change">
              {t("invoicing.bank.lastChanged", {
                date: format.date(lastChange.at, { dateStyle: "medium", timeStyle: "short" }),
                by: lastChange.by ?? "?",
              })}
            </p>
          ) : null}
        </div>

        {/* Drawn afresh when the account changes, so it starts from the saved one. */}
        <Form
          method="post"
          noValidate
          className="space-y-4 border-t border-slate-200 pt-5"
          data-testid="bank-form"
          key={JSON.stringify(bank)}
          ref={bankForm}
        >
          <h3 className="text-base font-semibold text-slate-900">
            {t(bank ? "invoicing.bank.change" : "invoicing.bank.set")}
          </h3>
          <input type="hidden" name="intent" value="bank" />
          {bankResult ? <FormMessage tone="error">{m(bankResult.message)}</FormMessage> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {BANK_FIELDS.map((f) => (
              <div key={f} className={f === "bankAddress" || f === "note" ? "sm:col-span-2" : undefined}>
                <Field
                  label={t(`invoicing.bank.fields.${f}`)}
                  name={f}
                  defaultValue={bankValues[f] ?? ""}
                  error={bankErrors[f]}
                  required={f !== "bankAddress" && f !== "note"}
                  hint={f === "bankName" ? undefined : t(`invoicing.bank.hints.${f}`)}
                  maxLength={BANK_MAX_LENGTH[f]}
                  rows={f === "bankAddress" || f === "note" ? 2 : undefined}
                />
              </div>
            ))}
            <div className="sm:col-span-2">
              <SelectField
                label={t("invoicing.bank.fields.charges")}
                name="charges"
                defaultValue={bankValues.charges ?? "OUR"}
                error={bankErrors.charges}
              >
                {BANK_CHARGES.map((c) => (
                  <option key={c} value={c}>
                    {t(`invoicing.bank.charges.${c}`)}
                  </option>
                ))}
              </SelectField>
              <p className="mt-1 text-xs text-slate-600">{t("invoicing.bank.hints.charges")}</p>
            </div>
          </div>

          <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-base font-semibold text-slate-900">{t("invoicing.bank.confirmTitle")}</legend>
            <p className="text-sm text-slate-600">
              {t(twoFactorOn ? "invoicing.bank.confirmIntroCode" : "invoicing.bank.confirmIntro")}
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={t("invoicing.bank.password")}
                name="password"
                type="password"
                autoComplete="current-password"
                error={bankErrors.password}
                maxLength={128}
              />
              {twoFactorOn ? (
                <Field
                  label={t("invoicing.bank.code")}
                  name="code"
                  autoComplete="one-time-code"
                  error={bankErrors.code}
                  maxLength={40}
                />
              ) : null}
            </div>
            {twoFactorOn ? null : (
              <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="two-factor-off">
                <TextWith
                  text={t("invoicing.bank.twoFactorOff")}
                  components={{ security: <Link to="/admin/security" className="font-semibold underline" /> }}
                />
              </p>
            )}
            <p className="text-sm text-slate-600">{t("invoicing.bank.mailNote", { email: ownerEmail })}</p>
          </fieldset>
          <SaveButton busy={busy}>{t("invoicing.bank.save")}</SaveButton>
        </Form>
      </section>
    </SettingsScreen>
  );
}
