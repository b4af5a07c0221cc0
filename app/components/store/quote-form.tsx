import { Form, useNavigation } from "react-router";
import { Field, FormMessage, inputClass } from "~/components/ui/field";
import { CONTACT_METHODS } from "~/domain/quotes/contact-methods";
import { useT } from "~/i18n/i18n";
import { useMessages } from "~/i18n/messages";
import { useRootData } from "~/utils/root-data";
import { PortOptions } from "./price";

export type QuoteFormResult = {
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string | string[]> | null;
};

/** The label of each contact method (the value sent stays the method's own name). */
const CONTACT_METHOD_KEYS = {
  Viber: "quoteForm.contactMethods.viber",
  LINE: "quoteForm.contactMethods.line",
  WhatsApp: "quoteForm.contactMethods.whatsApp",
} as const satisfies Record<(typeof CONTACT_METHODS)[number], string>;

type Prefill = { name: string; country: string; email: string; phone: string } | null;

/**
 * Get Free Quote (SPEC 2, 5). Prefilled from the signed-in buyer's profile.
 * After a refusal it keeps what was typed; after success it starts empty again
 * (the page gives it a new submission key, which remounts it).
 */
export function QuoteForm({
  kind,
  itemId,
  submissionKey,
  prefill,
  result,
  sold,
}: {
  kind: "vehicle" | "part";
  itemId: number;
  submissionKey: string;
  prefill: Prefill;
  result: QuoteFormResult | undefined;
  sold: boolean;
}) {
  const navigation = useNavigation();
  const { t } = useT("account");
  const messages = useMessages();
  const busy = navigation.state === "submitting" && navigation.formData?.get("submissionKey") === submissionKey;
  const kept = result && !result.ok ? result.values : null;
  const value = (name: "name" | "country" | "email" | "phone" | "message") =>
    (kept?.[name] as string | undefined) ?? (name === "message" ? "" : (prefill?.[name] ?? ""));
  const methods = (kept?.contactMethods as string[] | undefined) ?? [];
  const e = messages.errors(result?.errors);
  const root = useRootData();
  const ports = root?.ports ?? [];
  return (
    <Form method="post" className="mt-4 space-y-4" noValidate key={submissionKey} data-testid="quote-form">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="submissionKey" value={submissionKey} />
      {result ? (
        <FormMessage tone={result.ok ? "success" : "error"}>{messages.message(result.message)}</FormMessage>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("quoteForm.name")}
          name="name"
          autoComplete="name"
          defaultValue={value("name")}
          error={e.name}
          maxLength={100}
        />
        <Field
          label={t("quoteForm.country")}
          name="country"
          autoComplete="country-name"
          defaultValue={value("country")}
          error={e.country}
          maxLength={60}
        />
        <Field
          label={t("quoteForm.email")}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={value("email")}
          error={e.email}
        />
        <Field
          label={t("quoteForm.phone")}
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={value("phone")}
          error={e.phone}
          maxLength={30}
        />
      </div>
      {ports.length > 0 ? (
        <div>
          <label htmlFor="quote-port" className="block text-sm font-medium text-slate-700">
            {t("quoteForm.port")}
          </label>
          <select
            id="quote-port"
            // Follows the port picker above; what the buyer typed elsewhere in the form stays.
            key={root?.destination?.id ?? "none"}
            name="portId"
            defaultValue={(kept?.portId as string | undefined) ?? String(root?.destination?.id ?? "")}
            aria-invalid={e.portId ? true : undefined}
            aria-describedby={e.portId ? "quote-port-error" : undefined}
            className={`${inputClass} ${e.portId ? "border-red-500" : "border-slate-300 focus:border-accent-600"}`}
            data-testid="quote-port"
          >
            <option value="">{t("quoteForm.portNone")}</option>
            <PortOptions ports={ports} />
          </select>
          {e.portId ? (
            <p id="quote-port-error" className="mt-1 text-sm text-red-700">
              {e.portId}
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <label htmlFor="quote-message" className="block text-sm font-medium text-slate-700">
          {t("quoteForm.message")}
        </label>
        <textarea
          id="quote-message"
          name="message"
          required
          rows={4}
          maxLength={2000}
          defaultValue={value("message")}
          placeholder={t("quoteForm.messagePlaceholder")}
          aria-invalid={e.message ? true : undefined}
          aria-describedby={e.message ? "quote-message-error" : undefined}
          className={`${inputClass} h-auto py-2 ${e.message ? "border-red-500" : "border-slate-300 focus:border-accent-600"}`}
        />
        {e.message ? (
          <p id="quote-message-error" className="mt-1 text-sm text-red-700">
            {e.message}
          </p>
        ) : null}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("quoteForm.contactLegend")}</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {CONTACT_METHODS.map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="contactMethods"
                value={m}
                defaultChecked={methods.includes(m)}
                className="h-4 w-4 accent-accent-700"
              />
              {t(CONTACT_METHOD_KEYS[m])}
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={busy || sold}
        className="h-12 w-full rounded-lg bg-accent-700 font-semibold text-white hover:bg-accent-800 disabled:opacity-60"
      >
        {sold ? t("quoteForm.sold") : busy ? t("quoteForm.sending") : t("quoteForm.submit")}
      </button>
    </Form>
  );
}
