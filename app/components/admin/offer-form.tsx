import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { SaveButton } from "~/components/admin/settings-screen";
import { Field, inputClass, YenField } from "~/components/ui/field";
import { useKeepTyped } from "~/components/ui/keep-typed";
import { KeptNotice } from "~/components/ui/kept-form";
import { SuggestField } from "~/components/ui/suggest-field";
import { OFFER_TERMS } from "~/domain/sale/deal-types";
import type { DealImportCheck } from "~/domain/sale/deal-import";
import { ImportOverrideFields } from "./deal-import-note";
import { fillTemplate } from "~/domain/sale/reply-template-text";
import { parseYen } from "~/domain/inventory/price";
import type { FieldProblems, TypedValues } from "~/utils/forms";
import { useFormat, useT } from "~/i18n/i18n";
import { useProblems } from "~/i18n/messages";

export type TemplateChoice = { id: number; name: string; body: string };

const OTHER_FEES = [1, 2, 3] as const;
const AMOUNTS = ["fob", "freight", "insurance", "inspection", ...OTHER_FEES.map((n) => `otherAmount${n}`)];

/**
 * The owner's offer on a quote: priced lines in yen, terms, port, validity and
 * a message, with a reply template to start from and the running total. The
 * server checks everything again (offers.server.ts); this form only helps.
 */
export function OfferForm({
  values,
  errors,
  templates,
  ports,
  preview,
  again,
  importCheck,
}: {
  values: TypedValues;
  errors: FieldProblems;
  templates: TemplateChoice[];
  ports: string[];
  /** Example values for a template's placeholders (the buyer's name, the vehicle...). */
  preview: { buyer_name: string; vehicle: string; port: string };
  again: boolean;
  /** The destination's import verdict for the vehicle (issue 40): a refusal asks for the override. */
  importCheck: DealImportCheck | null;
}) {
  const { t } = useT("admin");
  const format = useFormat();
  const { message: m } = useProblems("admin");
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  // An offer half written when the owner's session ends comes back after signing in again.
  const restored = useKeepTyped(formRef, "offer");
  const [total, setTotal] = useState(() => sum(values));
  const [shown, setShown] = useState("");
  const error = (name: string) => (errors[name] ? m(errors[name]) : undefined);
  // The message keeps its placeholders (the server fills them when sending, with the offer's own
  // total and date); the preview shows them filled with what the form says now.
  const recount = () => {
    if (!formRef.current) return;
    const typed = Object.fromEntries(new FormData(formRef.current)) as Record<string, string>;
    const now = sum(typed);
    setTotal(now);
    const message = typed.message ?? "";
    const filled = fillTemplate(message, {
      ...preview,
      port: typed.port || preview.port,
      total: format.yen(now),
      valid_until: typed.validUntil ? format.date(`${typed.validUntil}T12:00:00+09:00`, { dateStyle: "medium" }) : "",
    });
    // Shown only while it says something the message itself does not.
    setShown(filled !== message ? filled : "");
  };
  const applyTemplate = (id: string) => {
    const chosen = templates.find((tpl) => String(tpl.id) === id);
    if (!chosen || !messageRef.current) return;
    messageRef.current.value = chosen.body;
    recount();
  };
  return (
    <Form method="post" ref={formRef} onInput={recount} className="space-y-4" data-testid="offer-form" noValidate>
      <input type="hidden" name="intent" value="offer" />
      <h3 className="font-semibold text-slate-900">{again ? t("deal.writeNewOffer") : t("deal.writeOffer")}</h3>
      {restored ? <KeptNotice /> : <p className="text-sm text-slate-600">{t("deal.prefilled")}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        {(["fob", "freight", "insurance", "inspection"] as const).map((name) => (
          <YenField
            key={name}
            label={t(`deal.fields.${name}`)}
            name={name}
            defaultValue={values[name] ?? ""}
            error={error(name)}
            required={name === "fob"}
            maxLength={20}
          />
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        {OTHER_FEES.map((n) => (
          <div key={n} className="contents">
            <Field
              label={t("deal.fields.otherName", { n })}
              name={`otherName${n}`}
              defaultValue={values[`otherName${n}`] ?? ""}
              error={error(`otherName${n}`)}
              required={false}
              maxLength={60}
            />
            <YenField
              label={t("deal.fields.otherAmount")}
              name={`otherAmount${n}`}
              defaultValue={values[`otherAmount${n}`] ?? ""}
              error={error(`otherAmount${n}`)}
              required={false}
              maxLength={20}
            />
          </div>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="field-label">
          {t("deal.fields.terms")}
          <select
            name="terms"
            defaultValue={values.terms ?? "FOB"}
            className={`${inputClass} border-slate-300`}
            aria-invalid={errors.terms ? true : undefined}
          >
            {OFFER_TERMS.map((terms) => (
              <option key={terms} value={terms}>
                {terms}
              </option>
            ))}
          </select>
          {errors.terms ? <span className="mt-1 block text-sm text-red-700">{m(errors.terms)}</span> : null}
        </label>
        <div>
          <SuggestField
            label={t("deal.fields.port")}
            name="port"
            defaultValue={values.port ?? ""}
            error={error("port")}
            required={false}
            maxLength={120}
            listId="offer-ports"
            suggestions={ports}
          />
        </div>
        <Field
          label={t("deal.fields.validUntil")}
          name="validUntil"
          type="date"
          defaultValue={values.validUntil ?? ""}
          error={error("validUntil")}
        />
      </div>
      {templates.length > 0 ? (
        <label className="field-label">
          {t("deal.fields.template")}
          <select
            name="template"
            defaultValue=""
            onChange={(event) => applyTemplate(event.currentTarget.value)}
            className={`${inputClass} border-slate-300`}
            data-testid="offer-template"
          >
            <option value="">{t("deal.noTemplate")}</option>
            {templates.map((tpl) => (
              <option key={tpl.id} value={tpl.id}>
                {tpl.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="field-label">
        {t("deal.fields.message")}
        <textarea
          ref={messageRef}
          name="message"
          rows={6}
          maxLength={4000}
          defaultValue={values.message ?? ""}
          className={`${inputClass} h-auto border-slate-300 py-2`}
        />
        <span className="mt-1 block text-xs font-normal text-slate-500">{t("deal.placeholders")}</span>
      </label>
      {shown ? (
        <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="offer-preview">
          <p className="text-xs font-semibold text-slate-500">{t("deal.preview")}</p>
          <p className="mt-1 whitespace-pre-line">{shown}</p>
        </div>
      ) : null}
      <ImportOverrideFields check={importCheck} values={values} errors={errors} />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <p className="text-lg text-slate-900">
          {t("deal.total")}:{" "}
          <span className="font-bold tabular-nums" data-testid="offer-form-total">
            {format.yen(total)}
          </span>
        </p>
        <SaveButton busy={navigation.state === "submitting"} size="base">
          {t("deal.send")}
        </SaveButton>
      </div>
    </Form>
  );
}

/** The running total of the amounts typed (what cannot be read as yen counts as nothing here). */
function sum(values: Record<string, string | undefined>): number {
  return AMOUNTS.reduce((total, name) => total + (parseYen(values[name] ?? "") ?? 0), 0);
}
