import { Link } from "react-router";
import { TextWith, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";

/** Where anyone checks an invoice's code (app/routes/store/verify.tsx). */
export const VERIFY_PATH = "/verify";

/**
 * "Before you pay, check the invoice at shop.example/verify": the address is
 * written out, so a buyer learns the shop's real one and a forged invoice's
 * look-alike stands out. `verifyPath` leads straight to one invoice's check.
 */
export function InvoiceCheckLine({
  verifyPath = VERIFY_PATH,
  className = "",
}: {
  verifyPath?: string;
  className?: string;
}) {
  const { t } = useT();
  const root = useRootData();
  const publicUrl = root?.settings.publicUrl;
  const address = publicUrl ? new URL(VERIFY_PATH, publicUrl).href.replace(/^https?:\/\//, "") : VERIFY_PATH;
  return (
    <p className={`leading-relaxed ${className}`} data-testid="invoice-check-line">
      <TextWith
        text={t("paymentSafety.verify", { address })}
        components={{ link: <Link to={verifyPath} className="font-semibold break-words underline" /> }}
      />
    </p>
  );
}

/**
 * "We only accept payment to accounts in our company's name in Japan; we never
 * change bank details by e-mail or chat" (issue 18.8), and where to check an
 * invoice (issue 42.4): forged invoices and changed bank details are the
 * commonest fraud in this trade. On How to buy, About and in the footer; a
 * page with bank details places it beside them, with that invoice's
 * `verifyPath`.
 */
export function PaymentSafetyNotice({
  compact = false,
  className = "",
  verifyPath,
}: {
  compact?: boolean;
  className?: string;
  verifyPath?: string;
}) {
  const { t } = useT();
  const root = useRootData();
  const company = root?.settings.company.legalName ?? root?.settings.shop.name ?? "";
  const phone = root?.settings.shop.phone ?? "";
  return (
    <aside
      aria-label={t("paymentSafety.title")}
      data-testid="payment-safety"
      className={`rounded-xl border border-amber-300 bg-amber-50 text-amber-950 ${compact ? "p-4 text-sm" : "p-5"} ${className}`}
    >
      <p className={`flex items-center gap-2 font-semibold ${compact ? "" : "text-lg"}`}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 fill-current">
          <path d="M10 1.5 3 4.3v5.2c0 4.2 3 7.7 7 9 4-1.3 7-4.8 7-9V4.3L10 1.5Zm-1 12.2-3.2-3.2 1.4-1.4L9 10.9l3.8-3.8 1.4 1.4L9 13.7Z" />
        </svg>
        {t("paymentSafety.title")}
      </p>
      <p className="mt-2 leading-relaxed">{t("paymentSafety.text", { company })}</p>
      <InvoiceCheckLine verifyPath={verifyPath} className="mt-2" />
      {compact ? null : <p className="mt-2 leading-relaxed">{t("paymentSafety.check", { phone })}</p>}
    </aside>
  );
}
