import type { Problem } from "~/i18n/problem";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import { lazy, Suspense } from "react";
import { Form, useNavigation } from "react-router";
import { Field, fieldsOf, FormMessage, SelectField } from "~/components/ui/field";
import { CONTACT_METHODS } from "~/domain/quotes/contact-methods";
import { useT } from "~/i18n/i18n";
import type { CountryOption } from "~/domain/countries";
import { CountryPhoneFields } from "./country-phone-fields";
import { EmailField } from "./email-field";
import type { EmailHint } from "~/domain/email-hint-field";
import { useProblems } from "~/i18n/messages";
import { useRootData } from "~/utils/root-data";
import { PortOptions } from "./price";

export type QuoteFormResult = {
  ok: boolean;
  message: Problem;
  errors: Record<string, Problem>;
  values: Record<string, string | string[]> | null;
  /** Set when the quote was saved: its number and the address the answer goes to. */
  sent?: { number: string; email: string };
  /** Set when the form stopped for a doubt about the e-mail's provider ("gmial.com"). */
  emailHint?: EmailHint | null;
};

// The panel shown once a quote is sent loads when the buyer sends the form, not with the page.
const loadSent = () => import("./quote-sent").then((m) => ({ default: m.QuoteSent }));
const QuoteSent = lazy(loadSent);
// The server has it ready, so the page it draws after a quote sent without JavaScript has the panel.
if (typeof window === "undefined") void loadSent();

/** The label of each contact method (the value sent stays the method's own name). */
const CONTACT_METHOD_KEYS = {
  Viber: "quoteForm.contactMethods.viber",
  LINE: "quoteForm.contactMethods.line",
  WhatsApp: "quoteForm.contactMethods.whatsApp",
} as const satisfies Record<(typeof CONTACT_METHODS)[number], string>;

type Prefill = { name: string; country: string; email: string; phone: string } | null;

/**
 * Get Free Quote (SPEC 2, 5). Prefilled from the signed-in buyer's profile.
 * After a refusal it keeps what was typed; once sent, a panel with the quote
 * number takes its place, so the buyer is not shown an empty form to send
 * again (issue 18.4). A part's form asks how many (`quantity`).
 */
export function QuoteForm({
  kind,
  itemId,
  submissionKey,
  prefill,
  result,
  sold,
  quantity,
  whatsApp,
  countries,
}: {
  kind: StockKind;
  itemId: number;
  submissionKey: string;
  prefill: Prefill;
  result: QuoteFormResult | undefined;
  sold: boolean;
  /** Parts: the most one quote may ask for. */
  quantity?: { max: number };
  /** The WhatsApp chat about this item, for the panel after sending. */
  whatsApp: string | null;
  /** Every country for the country box, written by the server. */
  countries: readonly CountryOption[];
}) {
  const navigation = useNavigation();
  const { t } = useT("account");
  const messages = useProblems();
  const busy = navigation.state === "submitting" && navigation.formData?.get("submissionKey") === submissionKey;
  const kept = result && !result.ok ? result.values : null;
  const value = (name: "name" | "country" | "email" | "phone" | "message") =>
    (kept?.[name] as string | undefined) ?? (name === "message" ? "" : (prefill?.[name] ?? ""));
  const methods = (kept?.contactMethods as string[] | undefined) ?? [];
  const e = messages.errors(result?.errors);
  const field = fieldsOf((name: "name") => t(`quoteForm.${name}`), value, e);
  const root = useRootData();
  const ports = root?.ports ?? [];
  // The country chosen in "Importing into" (else the port's), else the profile's; in the page's language.
  const chosenCountry = root?.importing?.country || prefill?.country;
  // In the page's language as the root wrote it; a profile's country as stored (the server reads either).
  const country = kept
    ? value("country")
    : chosenCountry
      ? (root?.importing?.names?.[chosenCountry] ?? chosenCountry)
      : "";
  if (result?.ok && result.sent)
    return (
      <Suspense fallback={null}>
        <QuoteSent
          sent={result.sent}
          said={messages.message(result.message)!}
          kind={kind}
          signedIn={root?.customer != null}
          whatsApp={whatsApp}
        />
      </Suspense>
    );
  return (
    <Form
      method="post"
      className="mt-4 space-y-4"
      noValidate
      key={submissionKey}
      data-testid="quote-form"
      // Fetched while the quote is on its way, so the panel is there when the answer comes.
      onSubmit={() => void loadSent().catch(() => {})}
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="submissionKey" value={submissionKey} />
      {result ? (
        <FormMessage tone={result.ok ? "success" : "error"}>{messages.message(result.message)}</FormMessage>
      ) : null}
      {quantity ? (
        <Field
          id="quote-quantity"
          label={t("quoteForm.quantity")}
          name="quantity"
          number={{ min: 1, max: quantity.max }}
          width="max-w-32"
          required={false}
          defaultValue={(kept?.quantity as string | undefined) || "1"}
          error={e.quantity}
          hint={t("quoteForm.quantityHint", { max: quantity.max })}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...field("name")} autoComplete="name" maxLength={100} />
        <EmailField
          key={value("email")}
          label={t("quoteForm.email")}
          defaultValue={value("email")}
          error={e.email}
          asked={result?.emailHint}
        />
        <CountryPhoneFields
          choices={countries}
          // Follows the "Importing into" and port pickers above, as the port below does.
          key={chosenCountry ?? "none"}
          labels={{ country: t("quoteForm.country"), phone: t("quoteForm.phone") }}
          values={{ country, phone: value("phone") }}
          errors={{ country: e.country, phone: e.phone }}
        />
      </div>
      {ports.length > 0 ? (
        <SelectField
          id="quote-port"
          // Follows the port picker above; what the buyer typed elsewhere in the form stays.
          key={root?.destination?.id ?? "none"}
          label={t("quoteForm.port")}
          name="portId"
          defaultValue={(kept?.portId as string | undefined) ?? String(root?.destination?.id ?? "")}
          error={e.portId}
          border="border-slate-300 focus:border-accent-600"
          data-testid="quote-port"
        >
          <option value="">{t("quoteForm.portNone")}</option>
          <PortOptions ports={ports} />
        </SelectField>
      ) : null}
      <Field
        id="quote-message"
        label={t("quoteForm.message")}
        name="message"
        rows={4}
        maxLength={2000}
        defaultValue={value("message")}
        placeholder={t("quoteForm.messagePlaceholder")}
        error={e.message}
      />
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
      <button type="submit" disabled={busy || sold} className="h-12 w-full btn-accent disabled:opacity-60">
        {sold ? t("quoteForm.sold") : busy ? t("quoteForm.sending") : t("quoteForm.submit")}
      </button>
    </Form>
  );
}
