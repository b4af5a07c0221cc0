import { Form, Link } from "react-router";
import { BANK_FIELDS } from "~/domain/sale/bank-account";
import type { CheckedInvoice } from "~/domain/sale/invoice-check";
import { telHref } from "~/domain/settings/settings";
import { useFormat, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";

/*
 * The public invoice check (/verify): the code's form, and what an invoice
 * found by its code shows. Phone first: the code field and the account are
 * large, codes and account numbers in a fixed-width face so each character
 * can be compared with the paper.
 */

const mono = "font-mono tracking-wider";

/** The code's form: a GET to /verify, which leads to /verify/<code>. */
export function CheckCodeForm({ typed = "", invalid = false }: { typed?: string; invalid?: boolean }) {
  const { t } = useT("account");
  return (
    <Form method="get" action="/verify" className="space-y-3" data-testid="verify-form">
      <div>
        <label htmlFor="verify-code" className="block text-base font-semibold text-slate-900">
          {t("verify.code")}
        </label>
        <input
          id="verify-code"
          name="code"
          defaultValue={typed}
          required
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          aria-invalid={invalid ? true : undefined}
          aria-describedby="verify-code-hint"
          className={`mt-2 block h-14 w-full rounded-lg border bg-white px-4 text-xl text-slate-900 uppercase shadow-sm placeholder:text-slate-400 focus:border-accent-600 focus:ring-2 focus:ring-accent-200 focus:outline-none ${mono} ${invalid ? "border-red-500" : "border-slate-300"}`}
        />
        <p id="verify-code-hint" className="mt-2 text-sm text-slate-600">
          {t("verify.codeHint")}
        </p>
      </div>
      <button type="submit" className="h-12 w-full btn-accent px-6 text-base sm:w-auto">
        {t("verify.submit")}
      </button>
    </Form>
  );
}

/** A refusal: no invoice has the code, or too many checks. */
export function CheckRefusal({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-base leading-relaxed text-red-900">
      {text}
    </p>
  );
}

/** The shop's phone and e-mail, for a buyer told to contact it. */
export function CheckContact() {
  const { t } = useT("account");
  const shop = useRootData()?.settings.shop;
  if (!shop) return null;
  return (
    <div className="text-sm text-slate-700" data-testid="verify-contact">
      <p className="font-semibold text-slate-900">{t("verify.contact")}</p>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        <a href={telHref(shop.phone)} className="font-semibold text-accent-700 underline">
          {shop.phone}
        </a>
        <a href={`mailto:${shop.email}`} className="font-semibold text-accent-700 underline">
          {shop.email}
        </a>
      </p>
    </div>
  );
}

/** One fact of the invoice: half a row (a whole one when `wide`, or `wideOnPhone` where half is too narrow). */
function Fact({
  label,
  children,
  wide = false,
  wideOnPhone = false,
}: {
  label: string;
  children: React.ReactNode;
  wide?: boolean;
  wideOnPhone?: boolean;
}) {
  return (
    <div className={wide ? "col-span-2" : wideOnPhone ? "col-span-2 sm:col-span-1" : undefined}>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-base text-slate-900">{children}</dd>
    </div>
  );
}

/** An invoice found by its code: cancelled (no account), or the facts and the account to pay into. */
export function CheckedInvoiceView({ invoice }: { invoice: CheckedInvoice }) {
  const { t } = useT("account");
  const format = useFormat();
  const phone = useRootData()?.settings.shop.phone ?? "";
  const day = (value: string) => format.date(value, { day: "numeric", month: "long", year: "numeric" });
  return (
    <div className="space-y-6" data-testid="checked-invoice">
      {invoice.voidedAt ? (
        <div
          role="alert"
          className="rounded-xl border-2 border-red-300 bg-red-50 p-5 text-red-900"
          data-testid="verify-cancelled"
        >
          <p className="text-lg font-bold">{t("verify.cancelled", { date: day(invoice.voidedAt) })}</p>
          <p className="mt-2 leading-relaxed">{t("verify.cancelledText")}</p>
        </div>
      ) : (
        <div
          className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950"
          data-testid="verify-found"
        >
          <p className="flex items-center gap-2 text-lg font-bold">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-6 w-6 shrink-0 fill-current">
              <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-1.2 12.2L5.3 10.2l1.4-1.4 2.1 2.1 4.5-4.5 1.4 1.4-5.9 5.9Z" />
            </svg>
            {t("verify.found")}
          </p>
          <p className="mt-2 leading-relaxed">{t("verify.compare")}</p>
        </div>
      )}

      <dl className="grid grid-cols-2 gap-x-6 gap-y-4" data-testid="verify-facts">
        <Fact label={t("verify.facts.number")} wideOnPhone>
          <span className={`text-lg font-semibold ${mono}`}>{invoice.number}</span>
        </Fact>
        <Fact label={t("verify.facts.code")} wideOnPhone>
          <span className={`text-lg ${mono}`}>{invoice.code}</span>
        </Fact>
        <Fact label={t("verify.facts.total")} wide>
          <span className="text-3xl font-bold text-slate-900" data-testid="verify-total">
            {format.yen(invoice.total)}
          </span>
        </Fact>
        <Fact label={t(invoice.item.kind === "part" ? "verify.facts.part" : "verify.facts.vehicle")} wide>
          <span className="font-semibold">{invoice.item.name}</span>
          <span className="block text-sm text-slate-600">
            {t("verify.facts.ref", { ref: invoice.item.refId })}
            {invoice.item.quantity !== null
              ? ` · ${t("verify.facts.quantity", { quantity: invoice.item.quantity })}`
              : ""}
          </span>
        </Fact>
        {invoice.proofPack ? (
          <Fact label={t("verify.facts.proof")} wide>
            <a
              href={invoice.proofPack.path}
              className="font-mono font-semibold text-accent-700 hover:underline"
              data-testid="verify-proof-pack"
            >
              {invoice.proofPack.code}
            </a>
            <span className="block text-sm text-slate-600">{t("verify.facts.proofHelp")}</span>
          </Fact>
        ) : null}
        <Fact label={t("verify.facts.issued")}>{day(invoice.issuedOn)}</Fact>
        <Fact label={t("verify.facts.due")}>{day(invoice.dueDate)}</Fact>
        <Fact label={t("verify.facts.buyer")}>{invoice.buyer}</Fact>
        <Fact label={t("verify.facts.terms")}>{[invoice.terms, invoice.port].filter(Boolean).join(" · ")}</Fact>
        <Fact label={t("verify.facts.seller")} wide>
          {invoice.seller}
        </Fact>
      </dl>

      {invoice.bank ? (
        <>
          <section
            aria-labelledby="verify-bank-title"
            className="rounded-xl border-2 border-slate-300 bg-white p-5"
            data-testid="verify-bank"
          >
            <h2 id="verify-bank-title" className="text-lg font-bold text-slate-900">
              {t("verify.bank.title")}
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-4">
              {BANK_FIELDS.filter((f) => invoice.bank![f]).map((f) => (
                <Fact
                  key={f}
                  label={t(`verify.bank.${f}`)}
                  wide={f === "bankAddress" || f === "note" || f === "accountNumber"}
                  wideOnPhone
                >
                  {f === "accountNumber" || f === "swift" ? (
                    <span className={`text-xl font-semibold break-all ${mono}`} data-testid={`verify-${f}`}>
                      {invoice.bank![f]}
                    </span>
                  ) : (
                    <span className={f === "accountName" || f === "bankName" ? "font-semibold" : undefined}>
                      {invoice.bank![f]}
                    </span>
                  )}
                </Fact>
              ))}
            </dl>
          </section>
          <aside
            aria-labelledby="verify-warning-title"
            className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
            data-testid="verify-warning"
          >
            <p id="verify-warning-title" className="text-lg font-semibold">
              {t("verify.warning.title")}
            </p>
            <p className="mt-2 leading-relaxed">{t("verify.warning.text", { company: invoice.seller, phone })}</p>
          </aside>
        </>
      ) : null}
    </div>
  );
}

/** The way back to the form from a result. */
export function CheckAnother() {
  const { t } = useT("account");
  return (
    <Link to="/verify" className="inline-block font-semibold text-accent-700 underline">
      {t("verify.another")}
    </Link>
  );
}
