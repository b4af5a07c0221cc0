import { DangerButton, PostForm } from "~/components/ui/post-form";
import type { DealView } from "~/domain/sale/deal-view";
import { HOLD_DAYS_RANGE } from "~/domain/sale/deal-settings";
import { useFormat, useT } from "~/i18n/i18n";

/** What the owner sees of a quote's deal: the hold with its controls, the invoice, and every offer. */
export function DealPanel({ deal }: { deal: DealView }) {
  const { t } = useT("admin");
  const format = useFormat();
  const moment = (iso: string) => format.date(iso, { dateStyle: "medium", timeStyle: "short" });
  const day = (iso: string) => format.date(iso, { dateStyle: "medium" });
  const { hold } = deal;
  return (
    <div className="space-y-5" data-testid="deal-panel">
      {hold ? (
        <div
          className={`rounded-lg p-4 ${hold.endedAt ? "bg-slate-50" : "bg-amber-50"}`}
          data-testid="admin-hold"
          data-active={hold.endedAt ? "false" : "true"}
        >
          {hold.endedAt ? (
            <p className="text-sm text-slate-700">
              {t("deal.holdEnded", {
                date: moment(hold.endedAt),
                reason: t(`deal.holdReason.${hold.endReason ?? "released"}`),
              })}
            </p>
          ) : (
            <>
              <p className="font-semibold text-amber-900">{t("deal.hold", { date: moment(hold.expiresAt) })}</p>
              <div className="mt-3 flex flex-wrap items-end gap-3">
                <PostForm fields={{ intent: "extend" }} className="flex items-end gap-2">
                  <label className="text-sm text-slate-700">
                    {t("deal.extendBy")}
                    <input
                      name="days"
                      type="number"
                      min={HOLD_DAYS_RANGE.min}
                      max={HOLD_DAYS_RANGE.max}
                      defaultValue={2}
                      className="mt-1 block h-10 w-24 rounded-lg border border-slate-300 px-2"
                    />
                  </label>
                  <button type="submit" className="h-10 rounded-lg bg-slate-800 px-4 text-sm font-semibold text-white">
                    {t("deal.extend")}
                  </button>
                </PostForm>
                <PostForm fields={{ intent: "release" }} confirm={t("deal.confirmRelease")}>
                  <DangerButton>{t("deal.release")}</DangerButton>
                </PostForm>
              </div>
            </>
          )}
        </div>
      ) : null}
      {deal.invoices.map((invoice) => (
        <div key={invoice.number} className="rounded-lg border border-slate-200 p-4" data-testid="admin-invoice">
          <p className="font-semibold text-slate-900">{t("deal.invoice", { number: invoice.number })}</p>
          <p className="text-sm text-slate-700">
            {invoice.voidedAt
              ? t("deal.invoiceVoid", { date: day(invoice.voidedAt) })
              : t("deal.invoiceDue", {
                  total: format.yen(invoice.total),
                  date: day(`${invoice.dueDate}T12:00:00+09:00`),
                })}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {t("deal.code")}: <span className="font-mono font-semibold text-slate-900">{invoice.code}</span>
          </p>
          <InvoiceLinks
            invoice={invoice}
            labels={{ download: t("deal.download"), verify: t("deal.verifyPage") }}
            className="mt-2 text-sm"
          />
        </div>
      ))}
      {deal.offers.length > 0 ? (
        <div>
          <h3 className="font-semibold text-slate-900">{t("deal.offers")}</h3>
          <ol className="mt-2 space-y-3">
            {deal.offers.map((offer) => (
              <li key={offer.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="admin-offer">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="text-lg font-bold text-slate-900 tabular-nums">{format.yen(offer.total)}</span>
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
                    {t(`deal.offerStatus.${offer.status}`)}
                  </span>
                </div>
                <p className="text-slate-700">
                  {t("deal.offerLine", { terms: offer.terms, port: offer.port, date: moment(offer.validUntil) })}
                </p>
                <p className="text-slate-500">{day(offer.createdAt)}</p>
                {offer.importOverride !== null ? (
                  <p className="mt-1 font-semibold text-red-800" data-testid="admin-offer-override">
                    {t("deal.import.overridden", { reason: offer.importOverride })}
                  </p>
                ) : null}
                <ul className="mt-1 text-slate-600">
                  {offer.lines.map((line, i) => (
                    <li key={i}>
                      {line.label}: {format.yen(line.amount)}
                    </li>
                  ))}
                </ul>
                {offer.message ? <p className="mt-2 whitespace-pre-line text-slate-700">{offer.message}</p> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

/** An invoice's PDF to download and its public page to check it. */
export function InvoiceLinks({
  invoice,
  labels,
  className,
  pdfTestId,
}: {
  invoice: { number: string; verifyPath: string };
  labels: { download: string; verify: string };
  className: string;
  pdfTestId?: string;
}) {
  return (
    <p className={`${className} flex flex-wrap gap-3 font-semibold`}>
      <a
        href={`/invoices/${invoice.number}.pdf`}
        className="text-accent-700 hover:underline"
        download
        data-testid={pdfTestId}
      >
        {labels.download}
      </a>
      <a href={invoice.verifyPath} className="text-accent-700 hover:underline" target="_blank" rel="noreferrer">
        {labels.verify}
      </a>
    </p>
  );
}
