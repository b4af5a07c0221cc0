import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import { KeptForm } from "~/components/ui/kept-form";
import { getServices } from "~/context.server";
import { dealContext } from "~/domain/sale/offers.server";
import { giveParties, partiesPage, readPartiesForm } from "~/domain/sale/order-parties.server";
import {
  confirmPartyChange,
  partyChangeOf,
  requestPartyChange,
  withdrawPartyChange,
} from "~/domain/sale/party-changes.server";
import type { InvoiceParty } from "~/domain/sale/deal-types";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";
import type { Problem } from "~/i18n/problem";
import { requireCustomer } from "~/routes/guards.server";
import { refusalStatus } from "~/routes/refusal-status";
import { type FieldProblems, formInput, type TypedValues, typedValues } from "~/utils/forms";
import type { Route } from "./+types/consignee";

/*
 * The buyer names the consignee and the notify party of their order (issue
 * 42.1): who takes the vehicle at the port and whom the ship's agent calls.
 * Signed-in buyers only, before the bill of lading is made out. Once given,
 * a change needs the password and a mailed code and waits a day (issue
 * 42.2, party-changes.server.ts); this page asks for it, takes the code and
 * shows it waiting.
 */

export const meta: Route.MetaFunction = ({ matches, params }) => [
  { title: metaT(matches, "orders")("orders.consignee.title", { number: params.number }) },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const NOTICES = ["sent", "confirmed", "withdrawn"] as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const customer = await requireCustomer(services, request);
  const page = await partiesPage(services.db, customer.id, params.number);
  if (!page) throw data(null, { status: 404 });
  const change = page.lock === "given" ? await partyChangeOf(services.db, page.orderId) : null;
  const notice = NOTICES.find((n) => n === new URL(request.url).searchParams.get("change")) ?? null;
  const { orderId: _orderId, ...shown } = page;
  return { page: shown, change, phone: customer.phone, notice };
}

type Refused = { intent: string; message: Problem; errors?: FieldProblems; values?: TypedValues };

const INTENTS = ["give", "change", "confirm", "withdraw"] as const;

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const customer = await requireCustomer(services, request);
  const page = await partiesPage(services.db, customer.id, params.number);
  if (!page) throw data(null, { status: 404 });
  const form = formInput(await request.formData());
  const intent = INTENTS.find((i) => i === form.intent) ?? "give";
  const deal = dealContext(services.config);
  const buyer = { customerId: customer.id };
  const here = `/orders/${encodeURIComponent(params.number)}/consignee`;
  const refuse = (status: number, message: Problem, errors?: FieldProblems, values?: TypedValues) =>
    data<Refused>({ intent, message, errors, values }, { status });

  if (intent === "confirm" || intent === "withdraw") {
    const done =
      intent === "confirm"
        ? await confirmPartyChange(services.db, deal, buyer, params.number, String(form.code ?? ""))
        : await withdrawPartyChange(services.db, deal, buyer, params.number);
    if (!done.ok) return refuse(refusalStatus(done.refusal), done.message, done.errors);
    return redirect(`${here}?change=${intent === "confirm" ? "confirmed" : "withdrawn"}`);
  }

  const read = readPartiesForm(form, page.destination);
  if (!read.ok) return refuse(400, { key: "consignee.fix" }, read.errors, typedValues(form));
  if (intent === "change") {
    const password = typeof form.password === "string" ? form.password : "";
    const asked = await requestPartyChange(services.db, deal, buyer, params.number, {
      password,
      parties: read.parties,
    });
    if (!asked.ok) return refuse(refusalStatus(asked.refusal), asked.message, asked.errors, typedValues(form));
    return redirect(`${here}?change=sent`);
  }
  const given = await giveParties(services.db, deal, buyer, params.number, read.parties);
  if (!given.ok) return refuse(refusalStatus(given.refusal), given.message, undefined, typedValues(form));
  return redirect(`/orders/${encodeURIComponent(params.number)}?consignee=given`);
}

function PartyShown({ label, party }: { label: string; party: InvoiceParty }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-600">{label}</h2>
      <p className="mt-1 font-medium text-slate-900">{party.name}</p>
      <p className="text-sm whitespace-pre-line text-slate-700">{party.address}</p>
      <p className="text-sm text-slate-700">{party.phone}</p>
      {party.taxId ? <p className="text-sm text-slate-700">{party.taxId}</p> : null}
      {party.email ? <p className="text-sm break-all text-slate-700">{party.email}</p> : null}
    </div>
  );
}

function PartiesShown({ consignee, notify }: { consignee: InvoiceParty; notify?: InvoiceParty | null }) {
  const { t } = useT("orders");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PartyShown label={t("orders.consignee.consignee")} party={consignee} />
      {notify ? (
        <PartyShown label={t("orders.consignee.notify")} party={notify} />
      ) : (
        <p className="text-sm text-slate-700">{t("orders.consignee.notifySameShown")}</p>
      )}
    </div>
  );
}

/**
 * After a refusal, the first field it names gets the focus (or the form's
 * message when no field is named): on a phone the buyer is at the foot of a
 * long form and would otherwise see nothing happen.
 */
function useFocusOnRefusal(refusal: unknown) {
  const page = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!refusal || !page.current) return;
    const target =
      page.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      page.current.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [refusal]);
  return page;
}

/** The consignee's and the notify party's fields, filled with what was typed, or with `start`. */
function PartyFields({
  typed,
  errors,
  start,
  tax,
}: {
  typed: TypedValues;
  errors: Record<string, string | undefined>;
  start: { consignee: Partial<InvoiceParty>; notify: Partial<InvoiceParty> | null };
  /** The tax number's hint, and whether the destination's customs ask for one. */
  tax: { hint: string; required: boolean };
}) {
  const { t } = useT("orders");
  const value = (name: string, fallback = "") => typed[name] ?? fallback;
  const notifySame = Object.keys(typed).length > 0 ? typed.notifySame === "on" : start.notify === null;
  const { consignee, notify } = start;
  return (
    <>
      <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
        <legend className="px-1 font-semibold text-slate-900">{t("orders.consignee.consignee")}</legend>
        <p className="text-sm text-slate-600">{t("orders.consignee.consigneeHelp")}</p>
        <Field
          label={t("orders.consignee.name")}
          name="consigneeName"
          autoComplete="name"
          maxLength={140}
          defaultValue={value("consigneeName", consignee.name)}
          error={errors.consigneeName}
        />
        <Field
          label={t("orders.consignee.address")}
          name="consigneeAddress"
          rows={3}
          maxLength={300}
          defaultValue={value("consigneeAddress", consignee.address)}
          error={errors.consigneeAddress}
        />
        <Field
          label={t("orders.consignee.phone")}
          name="consigneePhone"
          type="tel"
          autoComplete="tel"
          maxLength={30}
          defaultValue={value("consigneePhone", consignee.phone)}
          error={errors.consigneePhone}
        />
        <Field
          label={t("orders.consignee.taxId")}
          name="consigneeTaxId"
          required={tax.required}
          maxLength={40}
          hint={tax.hint}
          defaultValue={value("consigneeTaxId", consignee.taxId)}
          error={errors.consigneeTaxId}
        />
        <Field
          label={t("orders.consignee.email")}
          name="consigneeEmail"
          type="email"
          required={false}
          maxLength={254}
          hint={t("orders.consignee.emailHint")}
          defaultValue={value("consigneeEmail", consignee.email)}
          error={errors.consigneeEmail}
        />
      </fieldset>
      <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
        <legend className="px-1 font-semibold text-slate-900">{t("orders.consignee.notify")}</legend>
        <label className="flex items-start gap-3 text-slate-800">
          <input
            type="checkbox"
            name="notifySame"
            defaultChecked={notifySame}
            className="mt-1 size-5 accent-accent-600"
          />
          <span>{t("orders.consignee.notifySame")}</span>
        </label>
        <p className="text-sm text-slate-600">{t("orders.consignee.notifyHelp")}</p>
        <Field
          label={t("orders.consignee.name")}
          name="notifyName"
          required={false}
          maxLength={140}
          defaultValue={value("notifyName", notify?.name)}
          error={errors.notifyName}
        />
        <Field
          label={t("orders.consignee.address")}
          name="notifyAddress"
          required={false}
          rows={2}
          maxLength={300}
          defaultValue={value("notifyAddress", notify?.address)}
          error={errors.notifyAddress}
        />
        <Field
          label={t("orders.consignee.phone")}
          name="notifyPhone"
          type="tel"
          required={false}
          maxLength={30}
          defaultValue={value("notifyPhone", notify?.phone)}
          error={errors.notifyPhone}
        />
      </fieldset>
    </>
  );
}

/** Times of a change, in Japan time (the text says so): the same on the server and in any browser. */
const CHANGE_WHEN: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Asia/Tokyo",
};

export default function Consignee({ loaderData, actionData }: Route.ComponentProps) {
  const { page, change, phone, notice } = loaderData;
  const { t } = useT("orders");
  const format = useFormat();
  const when = (iso: string) => `${format.date(iso, CHANGE_WHEN)} (${t("orders.consignee.change.japanTime")})`;
  const problems = useProblems();
  const busy = useNavigation().state !== "idle";
  const errors = problems.errors(actionData?.errors);
  const typed = actionData?.values ?? {};
  const pageRef = useFocusOnRefusal(actionData);
  /** A refusal's message, shown by the form it answers. */
  const refusalOf = (intent: string) =>
    actionData?.intent === intent ? problems.message(actionData.message) : undefined;
  const taxHint = page.taxIds.length
    ? t("orders.consignee.taxIdHint", {
        kinds: page.taxIds.map((k) => k.name).join(" / "),
        country: page.destination,
        example: page.taxIds[0]!.example,
      })
    : t("orders.consignee.taxIdOptional");
  const tax = { hint: taxHint, required: page.taxIds.length > 0 };
  const given = page.given.consignee ? { consignee: page.given.consignee, notify: page.given.notify ?? null } : null;
  const noticeText = notice
    ? {
        sent: t("orders.consignee.change.sent"),
        confirmed: t("orders.consignee.change.confirmed"),
        withdrawn: t("orders.consignee.change.withdrawnNotice"),
      }[notice]
    : null;
  const withdraw = (
    <Form method="post">
      <input type="hidden" name="intent" value="withdraw" />
      <button type="submit" className="link min-h-11 text-sm" disabled={busy}>
        {t("orders.consignee.change.withdraw")}
      </button>
    </Form>
  );

  return (
    <div className="mx-auto max-w-2xl px-4 py-8" ref={pageRef}>
      <p className="text-sm">
        <Link to={`/orders/${page.number}`} className="link">
          {t("orders.consignee.back", { number: page.number })}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl title">{t("orders.consignee.heading")}</h1>
      <p className="mt-2 text-slate-700">{t("orders.consignee.intro", { country: page.destination })}</p>
      {noticeText && !actionData ? (
        <div className="mt-4">
          <FormMessage tone="success">{noticeText}</FormMessage>
        </div>
      ) : null}
      {/* A code or a withdrawal refused after its change ended (too late, too many codes): said at the top. */}
      {(actionData?.intent === "confirm" && change?.status !== "awaiting_code") ||
      (actionData?.intent === "withdraw" && !change) ? (
        <div className="mt-4">
          <FormMessage tone="error">{problems.message(actionData.message)}</FormMessage>
        </div>
      ) : null}

      {page.lock === null ? (
        <KeptForm keep="give" method="post" className="mt-6 space-y-6" noValidate>
          <input type="hidden" name="intent" value="give" />
          <FormMessage tone="error">{refusalOf("give")}</FormMessage>
          <PartyFields
            typed={typed}
            errors={errors}
            start={{ consignee: { name: page.buyerName, phone }, notify: null }}
            tax={tax}
          />
          <p className="text-sm text-slate-700">{t("orders.consignee.once")}</p>
          <SubmitButton busy={busy}>{t("orders.consignee.submit")}</SubmitButton>
        </KeptForm>
      ) : (
        <div className="mt-6 space-y-6">
          {given ? (
            <section className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="consignee-given">
              <PartiesShown consignee={given.consignee} notify={given.notify} />
              <p className="mt-4 text-sm text-slate-700">{t(`orders.consignee.locked.${page.lock}`)}</p>
            </section>
          ) : (
            <p className="text-sm text-slate-700">{t(`orders.consignee.locked.${page.lock}`)}</p>
          )}

          {change?.status === "awaiting_code" ? (
            <section className="rounded-2xl border-2 border-accent-600 bg-white p-5" data-testid="consignee-code">
              <h2 className="text-lg font-semibold text-slate-900">{t("orders.consignee.change.codeHeading")}</h2>
              <p className="mt-1 text-sm text-slate-700">
                {t("orders.consignee.change.codeIntro", { until: when(change.codeExpiresAt) })}
              </p>
              <Form method="post" className="mt-4 space-y-4" noValidate>
                <input type="hidden" name="intent" value="confirm" />
                <FormMessage tone="error">{refusalOf("confirm")}</FormMessage>
                <Field
                  label={t("orders.consignee.change.code")}
                  name="code"
                  autoComplete="one-time-code"
                  maxLength={7}
                  width="max-w-40"
                  error={errors.code}
                />
                <SubmitButton busy={busy}>{t("orders.consignee.change.confirm")}</SubmitButton>
              </Form>
              <div className="mt-3">{withdraw}</div>
            </section>
          ) : null}

          {change?.status === "waiting" ? (
            <section className="rounded-2xl border-2 border-amber-500 bg-amber-50 p-5" data-testid="consignee-waiting">
              <h2 className="text-lg font-semibold text-slate-900">{t("orders.consignee.change.waitingHeading")}</h2>
              <p className="mt-1 text-sm text-slate-800">
                {t("orders.consignee.change.waitingText", {
                  asked: when(change.requestedAt),
                  due: when(change.dueAt ?? change.requestedAt),
                })}
              </p>
              <h3 className="mt-4 text-sm font-semibold text-slate-600">{t("orders.consignee.change.asked")}</h3>
              <div className="mt-2">
                <PartiesShown consignee={change.parties.consignee} notify={change.parties.notify} />
              </div>
              <FormMessage tone="error">{refusalOf("withdraw")}</FormMessage>
              <div className="mt-3">{withdraw}</div>
            </section>
          ) : null}

          {page.lock === "given" && !change && given ? (
            <details
              className="rounded-2xl border border-slate-200 bg-white p-5"
              open={actionData?.intent === "change"}
            >
              <summary className="min-h-11 cursor-pointer py-2 font-semibold text-accent-700">
                {t("orders.consignee.change.open")}
              </summary>
              <p className="mt-2 text-sm text-slate-700">{t("orders.consignee.change.intro")}</p>
              <KeptForm keep="change" method="post" className="mt-4 space-y-6" noValidate>
                <input type="hidden" name="intent" value="change" />
                <FormMessage tone="error">{refusalOf("change")}</FormMessage>
                <PartyFields typed={typed} errors={errors} start={given} tax={tax} />
                <Field
                  label={t("orders.consignee.change.password")}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  maxLength={128}
                  error={errors.password}
                />
                <SubmitButton busy={busy}>{t("orders.consignee.change.submit")}</SubmitButton>
              </KeptForm>
            </details>
          ) : null}
        </div>
      )}
    </div>
  );
}
