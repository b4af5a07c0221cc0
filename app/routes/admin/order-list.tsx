import { owesMoney } from "~/domain/sale/order-status";
import { Link } from "react-router";
import { OrderStatusBadge, useShopDay } from "~/components/admin/order-bits";
import { ApplyButton, FilterBar, FilterSearch, TablePager } from "~/components/admin/form-bits";
import { getServices } from "~/context.server";
import { ORDER_STATUSES } from "~/domain/sale/order-status";
import { listOrders, orderFilterOf, type OrderFilter } from "~/domain/sale/order-view.server";
import { adminListHref } from "~/domain/lists/pagination";
import { requireStaff } from "~/routes/guards.server";
import { useFormat, useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/order-list";

/*
 * The owner's orders (issue 21.6): a tab for each status with its count, a
 * search by order number, buyer, Ref ID or B/L, a page at a time, and the
 * same filter as CSV.
 */

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.orders");

const BASE = "/admin/orders";

/** A cell: a block of the row's card on a phone, a table cell from a tablet up. */
const CELL = "block md:table-cell md:px-3 md:py-3";

/** The list's address for a filter (the first page, no search and "All" are left out). */
function listHref(base: string, filter: Pick<OrderFilter, "status" | "q"> & { page?: number }) {
  return adminListHref(base, { status: filter.status, q: filter.q, page: filter.page ?? 1 });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  await requireStaff(getServices(context), request);
  let filter = orderFilterOf(url.searchParams);
  let list = await listOrders(db, filter);
  // A page past the end (orders filtered away since the address was written) shows the last one.
  if (filter.page > list.pages) {
    filter = { ...filter, page: list.pages };
    list = await listOrders(db, filter);
  }
  return {
    filter,
    ...list,
    all: Object.values(list.byStatus).reduce((sum, n) => sum + (n ?? 0), 0),
    exportHref: listHref("/admin/orders-export", filter),
  };
}

/** The table's columns, in order; the money is right-aligned. */
const COLUMNS = ["number", "item", "buyer", "status", "money", "dates"] as const;

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { filter, orders, total, pages, byStatus, all, exportHref } = loaderData;
  const { t } = useT("admin");
  const format = useFormat();
  const day = useShopDay();
  const pageHref = (to: number) => listHref(BASE, { status: filter.status, q: filter.q, page: to });
  const tabs = [
    { status: null, label: t("orders.all"), count: all },
    {
      status: "due" as const,
      label: t("orders.due"),
      count: (byStatus.awaiting_payment ?? 0) + (byStatus.partly_paid ?? 0),
    },
    ...ORDER_STATUSES.map((s) => ({
      status: s,
      label: t(`messages.orderStatusNames.${s}`),
      count: byStatus[s] ?? 0,
    })),
  ];
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t("orders.title")}</h1>
        <a
          href={exportHref}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          download
          data-testid="orders-export"
        >
          {t("orders.exportCsv")}
        </a>
      </div>
      <nav aria-label={t("orders.tabs")} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-1 border-b border-slate-200">
          {tabs.map((tab) => {
            const current = tab.status === filter.status;
            return (
              <li key={tab.status ?? "all"}>
                <Link
                  to={listHref(BASE, { status: tab.status, q: filter.q })}
                  aria-current={current ? "page" : undefined}
                  className={`-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm whitespace-nowrap ${current ? "border-accent-700 font-semibold text-slate-900" : "border-transparent text-slate-600 hover:text-slate-900"}`}
                >
                  {tab.label}
                  <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-700 tabular-nums">
                    {format.number(tab.count)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <FilterBar key={`${filter.q}|${filter.status}`} role="search">
        {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
        <FilterSearch
          label={t("orders.search")}
          defaultValue={filter.q}
          placeholder={t("orders.searchPlaceholder")}
          className="h-10 w-full rounded-lg border border-slate-300 px-2 sm:w-80"
          labelClassName="flex min-w-0 flex-1 flex-col text-sm text-slate-700 sm:flex-none"
        />
        <ApplyButton>{t("orders.apply")}</ApplyButton>
        {filter.q ? (
          <Link
            to={listHref(BASE, { status: filter.status, q: "" })}
            className="h-10 px-1 text-sm leading-10 font-semibold text-accent-700 hover:underline"
          >
            {t("orders.clear")}
          </Link>
        ) : null}
      </FilterBar>
      <p className="text-sm text-slate-600" data-testid="orders-total">
        {t("orders.total", { count: total, total: format.number(total) })}
      </p>
      {orders.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 px-6 py-14 text-center">
          <p className="text-lg font-semibold text-slate-900">{t("orders.empty")}</p>
          <p className="mt-1 text-slate-600">
            {filter.q || filter.status ? t("orders.emptyFiltered") : t("orders.emptyNone")}
          </p>
        </div>
      ) : (
        // On a phone each row is a card (number and status first); from a tablet up, a table that
        // scrolls inside its box when the screen is narrower than its columns.
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="block w-full text-left text-sm md:table md:min-w-[52rem]" data-testid="orders-table">
            <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase md:table-header-group">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className={column === "money" ? "px-3 py-2 text-right" : "px-3 py-2"}>
                    {t(`orders.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-100 md:table-row-group">
              {orders.map((o) => {
                const balance = o.total - o.paid;
                return (
                  <tr
                    key={o.number}
                    data-testid="order-row"
                    className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-2 p-4 align-top md:table-row md:p-0"
                  >
                    <td className={`order-1 ${CELL}`}>
                      <Link
                        to={`/admin/orders/${o.number}`}
                        className="font-semibold whitespace-nowrap text-accent-700 hover:underline"
                      >
                        {o.number}
                      </Link>
                      <p className="text-xs whitespace-nowrap text-slate-500">
                        {t("orders.opened", { date: format.date(o.createdAt, { dateStyle: "medium" }) })}
                      </p>
                    </td>
                    <td className={`order-3 col-span-2 ${CELL}`}>
                      <p className="text-slate-900">{o.itemName}</p>
                      <p className="text-xs text-slate-500">
                        {o.refId}
                        {o.bl ? ` · ${t("orders.bl", { bl: o.bl })}` : ""}
                      </p>
                    </td>
                    <td className={`order-4 col-span-2 ${CELL}`}>
                      <p className="text-slate-900">{o.buyerName}</p>
                      <p className="text-xs text-slate-500">{o.buyerCountry}</p>
                    </td>
                    <td className={`order-2 text-right md:text-left ${CELL}`}>
                      <OrderStatusBadge status={o.status} />
                    </td>
                    <td className={`order-6 text-right whitespace-nowrap tabular-nums ${CELL}`}>
                      <p className="font-semibold text-slate-900">{format.yen(o.total)}</p>
                      <p className="text-xs text-slate-600">{t("orders.paid", { amount: format.yen(o.paid) })}</p>
                      {owesMoney(o) ? (
                        <p className="text-xs font-semibold text-amber-800">
                          {t("orders.balance", { amount: format.yen(balance) })}
                        </p>
                      ) : balance < 0 ? (
                        <p className="text-xs font-semibold text-red-800">
                          {t("orders.overpaid", { amount: format.yen(-balance) })}
                        </p>
                      ) : null}
                    </td>
                    <td className={`order-5 text-xs whitespace-nowrap text-slate-700 ${CELL}`}>
                      {o.etd || o.eta ? (
                        <>
                          {o.etd ? <p>{t("orders.etd", { date: day(o.etd) })}</p> : null}
                          {o.eta ? <p>{t("orders.eta", { date: day(o.eta) })}</p> : null}
                        </>
                      ) : (
                        <p className="text-slate-500">{t("orders.noDates")}</p>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <TablePager page={filter.page} pageCount={pages} pageHref={pageHref} />
    </div>
  );
}
