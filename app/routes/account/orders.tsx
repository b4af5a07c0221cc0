import { owesMoney } from "~/domain/sale/order-status";
import { Link } from "react-router";
import { NotLoggedIn } from "~/components/store/account-lists";
import { OrderStatusBadge } from "~/components/store/order-parts";
import { getServices } from "~/context.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { ordersOfCustomer } from "~/domain/sale/order-view.server";
import { useFormat, useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/orders";

/*
 * A buyer's orders (issue 21): each with its status and what is left to pay
 * or when it arrives. Only the signed-in buyer's own.
 */

export const meta: Route.MetaFunction = noindexMeta("orders", "orders.title");

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const customer = await getCustomer(services, request);
  if (!customer) return { signedIn: false as const };
  return { signedIn: true as const, orders: await ordersOfCustomer(services.db, customer.id) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useT("orders");
  const { t: ta } = useT("account");
  const format = useFormat();
  if (!loaderData.signedIn) return <NotLoggedIn />;
  const day = (d: string) => format.date(`${d}T12:00:00+09:00`, { day: "numeric", month: "short", year: "numeric" });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl title">{t("orders.title")}</h1>
      {loaderData.orders.length === 0 ? (
        <p className="mt-6 rounded-xl border border-slate-200 bg-white p-5 text-slate-700">{t("orders.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="order-list">
          {loaderData.orders.map((o) => {
            const balance = Math.max(o.total - o.paid, 0);
            return (
              <li key={o.number}>
                <Link
                  to={`/orders/${o.number}`}
                  className="block rounded-xl border border-slate-200 bg-white p-4 hover:border-accent-300 hover:bg-accent-50/40"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-slate-900">{o.itemName}</p>
                      <p className="text-sm text-slate-600">
                        {t("orders.orderTitle", { number: o.number })} · {ta("lists.ref", { ref: o.refId })}
                      </p>
                    </div>
                    <OrderStatusBadge status={o.status} />
                  </div>
                  <p className="mt-2 text-sm text-slate-700">
                    {t("orders.list.total", { total: format.yen(o.total) })}
                    {owesMoney(o) ? ` · ${t("orders.list.balance", { balance: format.yen(balance) })}` : ""}
                    {o.eta && (o.status === "shipped" || o.status === "paid")
                      ? ` · ${t("orders.list.eta", { date: day(o.eta) })}`
                      : ""}
                  </p>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
