import type { Problem } from "~/i18n/problem";
import { STOCK_KINDS, type StockKind } from "~/domain/inventory/stock-kinds";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Field, fieldsOf, FormMessage, SelectField } from "~/components/ui/field";
import { CONTACT_METHODS } from "~/domain/quotes/contact-methods";
import { useT } from "~/i18n/i18n";
import type { CountryList } from "~/domain/country-list";
import { CountryPhoneFields } from "./country-phone-fields";
import { EmailField } from "./email-field";
import type { EmailHint } from "~/domain/email-hints";
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
  countries: CountryList;
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
      <QuoteSent
        sent={result.sent}
        said={messages.message(result.message)!}
        kind={kind}
        signedIn={root?.customer != null}
        whatsApp={whatsApp}
      />
    );
  return (
    <Form method="post" className="mt-4 space-y-4" noValidate key={submissionKey} data-testid="quote-form">
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

/**
 * What the buyer sees once the quote is saved: the number, what happens next
 * and where to go on. It takes the focus (so a screen reader reads it) and is
 * scrolled to the top of the screen; the server draws the same panel without
 * JavaScript.
 */
function QuoteSent({
  sent,
  said,
  kind,
  signedIn,
  whatsApp,
}: {
  sent: { number: string; email: string };
  /** The server's answer in words ("Quote request sent successfully! Your quote number is …"): the panel's name. */
  said: string;
  kind: StockKind;
  signedIn: boolean;
  whatsApp: string | null;
}) {
  const { t } = useT("account");
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "start" });
    panel.current?.focus({ preventScroll: true });
  }, [sent.number]);
  const link = "inline-flex h-11 items-center justify-center rounded-lg px-4 font-semibold";
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="status"
      aria-label={said}
      className="mt-4 scroll-mt-24 rounded-xl border-2 border-emerald-300 bg-white p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-600"
      data-testid="quote-sent"
    >
      <h3 id="quote-sent-title" className="flex items-center gap-2 text-lg font-bold text-emerald-900">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6 shrink-0 fill-none stroke-current"
          strokeWidth="2.5"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="M7 12.5l3.2 3.2L17 9" />
        </svg>
        {t("quoteForm.done.heading")}
      </h3>
      <p className="mt-4 text-sm text-slate-600">{t("quoteForm.done.numberLabel")}</p>
      <p className="text-3xl font-bold tracking-wider text-slate-900 tabular-nums" data-testid="quote-number">
        {sent.number}
      </p>
      <p className="mt-1 text-sm text-slate-600">{t("quoteForm.done.keepNumber")}</p>
      <h4 className="mt-5 font-semibold text-slate-900">{t("quoteForm.done.nextTitle")}</h4>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t("quoteForm.done.nextAnswer")}</li>
        <li>
          {t("quoteForm.done.nextEmail", { email: sent.email })}
          {signedIn ? ` ${t("quoteForm.done.nextQuotes")}` : null}
        </li>
      </ul>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {signedIn ? (
          <Link to="/quotes" className={`${link} bg-accent-700 text-white hover:bg-accent-800`}>
            {t("quoteForm.done.myQuotes")}
          </Link>
        ) : null}
        <Link
          to={`/${STOCK_KINDS[kind].path}`}
          className={`${link} border border-slate-300 text-slate-800 hover:bg-slate-50`}
        >
          {kind === "vehicle" ? t("quoteForm.done.moreVehicles") : t("quoteForm.done.moreParts")}
        </Link>
        {whatsApp ? (
          <a
            href={whatsApp}
            target="_blank"
            rel="noopener noreferrer"
            className={`${link} bg-[#1c7c43] text-white hover:bg-[#166336]`}
          >
            {t("quoteForm.done.whatsApp")}
          </a>
        ) : null}
      </div>
    </div>
  );
}
