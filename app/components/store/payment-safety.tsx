import { useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";

/**
 * "We only accept payment to accounts in our company's name in Japan; we never
 * change bank details by e-mail or chat" (issue 18.8): forged invoices and
 * changed bank details are the commonest fraud in this trade. Placed on How to
 * buy and in the footer; any page may place it (near a price or a quote form).
 */
export function PaymentSafetyNotice({ compact = false, className = "" }: { compact?: boolean; className?: string }) {
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
      {compact ? null : <p className="mt-2 leading-relaxed">{t("paymentSafety.check", { phone })}</p>}
    </aside>
  );
}
