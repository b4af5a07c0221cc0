import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { STOCK_KINDS, type StockKind } from "~/domain/inventory/stock-kinds";
import { useT } from "~/i18n/i18n";

/**
 * What the buyer sees once the quote is saved: the number, what happens next
 * and where to go on. It takes the focus (so a screen reader reads it) and is
 * scrolled to the top of the screen; the server draws the same panel without
 * JavaScript.
 */
export function QuoteSent({
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
