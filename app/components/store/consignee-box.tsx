import { Link } from "react-router";
import type { InvoiceParty } from "~/domain/sale/deal-types";
import { useFormat, useT } from "~/i18n/i18n";

type Parties = { consignee?: InvoiceParty; notify?: InvoiceParty };

/**
 * On the buyer's order page: who the bill of lading will name, or a link to
 * say so while it can still be given (issue 42.1); once given, a link to ask
 * for a change, or the change that waits (issue 42.2).
 */
export function ConsigneeBox({
  number,
  given,
  open,
  changeable = false,
  change = null,
}: {
  number: string;
  given: Parties;
  open: boolean;
  changeable?: boolean;
  change?: { status: string; dueAt: string | null } | null;
}) {
  const { t } = useT("orders");
  const format = useFormat();
  const page = `/orders/${encodeURIComponent(number)}/consignee`;
  const { consignee, notify } = given;
  return (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="consignee-title">
      <h2 id="consignee-title" className="text-lg font-semibold text-slate-900">
        {t("orders.consignee.shown")}
      </h2>
      {consignee ? (
        <div className="mt-2 grid gap-4 text-sm text-slate-700 sm:grid-cols-2" data-testid="order-consignee">
          <div>
            <p className="font-semibold text-slate-900">{t("orders.consignee.consignee")}</p>
            <p>{consignee.name}</p>
            <p className="whitespace-pre-line">{consignee.address}</p>
            <p>{consignee.phone}</p>
            {consignee.taxId ? <p>{consignee.taxId}</p> : null}
          </div>
          <div>
            <p className="font-semibold text-slate-900">{t("orders.consignee.notify")}</p>
            {notify ? (
              <>
                <p>{notify.name}</p>
                <p className="whitespace-pre-line">{notify.address}</p>
                <p>{notify.phone}</p>
              </>
            ) : (
              <p>{t("orders.consignee.notifySame")}</p>
            )}
          </div>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{t("orders.consignee.missing")}</p>
      )}
      {change ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-slate-800" data-testid="order-consignee-change">
          {change.status === "waiting" && change.dueAt
            ? t("orders.consignee.change.waitingShort", {
                due: `${format.date(change.dueAt, {
                  day: "numeric",
                  month: "short",
                  hour: "2-digit",
                  minute: "2-digit",
                  timeZone: "Asia/Tokyo",
                })} (${t("orders.consignee.change.japanTime")})`,
              })
            : t("orders.consignee.change.codeShort")}{" "}
          <Link to={page} className="link">
            {t("orders.consignee.change.see")}
          </Link>
        </p>
      ) : changeable ? (
        <Link to={page} className="mt-3 inline-flex min-h-11 items-center text-sm link">
          {t("orders.consignee.change.open")}
        </Link>
      ) : null}
      {open ? (
        <Link to={page} className="mt-3 inline-flex min-h-11 items-center justify-center btn-accent px-5 py-2">
          {t("orders.consignee.link")}
        </Link>
      ) : null}
    </section>
  );
}
