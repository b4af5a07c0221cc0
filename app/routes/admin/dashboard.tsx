import { PRODUCT_NOT_FOUND } from "~/domain/stock-io/stock-edit.server";
import { Link, useNavigation, useRevalidator } from "react-router";
import { useProblems } from "~/i18n/messages";
import { PaymentsChart } from "~/components/admin/payments-chart";
import { BooksCard, ExportDeadlines } from "~/components/admin/books-card";
import { exportDeadlines } from "~/domain/books/export-papers.server";
import { marginByMonth, stockCapital } from "~/domain/books/margins.server";
import { QuotesChart } from "~/components/admin/quotes-chart";
import { useShopDay } from "~/components/admin/order-bits";
import { activityLines } from "~/components/admin/activity-words";
import { shownPortPlain } from "~/domain/freight/port-names.server";
import { shownCountry } from "~/domain/countries";
import { adminLanguage } from "~/i18n/languages";
import { requestLanguage, serverT } from "~/i18n/request.server";
import { FormMessage } from "~/components/ui/field";
import { getServices } from "~/context.server";
import { describeChange, relativeTime, weekChange } from "~/domain/dashboard/dashboard";
import { dashboardFigures } from "~/domain/dashboard/dashboard.server";
import { ratesAge } from "~/domain/rates/rates.server";
import { rulesToCheck } from "~/domain/imports/import-rules.server";
import { formatYenIn, shopDay as shopDayOf } from "~/i18n/format";
import { requireStaff } from "~/routes/guards.server";
import { STOCK_ADMIN } from "~/domain/inventory/admin-stock";
import { type Key, useFormat, useT } from "~/i18n/i18n";
import { noindexMeta } from "~/components/ui/page-meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = noindexMeta("admin", "titles.dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const staff = await requireStaff(getServices(context), request);
  const notice = new URL(request.url).searchParams.get("notice") === "product-not-found" ? PRODUCT_NOT_FOUND : null;
  const figures = await dashboardFigures(db);
  const language = adminLanguage(requestLanguage(request));
  return {
    adminId: staff.adminId,
    notice,
    now: new Date().toISOString(),
    rates: await ratesAge(db),
    rulesToCheck: await rulesToCheck(db, shopDayOf(new Date())),
    books: { months: await marginByMonth(db), capital: await stockCapital(db), deadlines: await exportDeadlines(db) },
    ...figures,
    // The log in the page's language, written here: its reader, the countries' and the ports' names
    // ("ケニア", "モンバサ（ケニア）") stay off the page's scripts (the owner's phone parses less).
    activity: activityLines(
      figures.activity,
      serverT(language, "admin"),
      (value) => formatYenIn(value, language),
      (country) => shownCountry(country, language),
      (port) => shownPortPlain(port, language),
    ),
  };
}

const ARROW = { up: "▲", down: "▼", flat: "▶" } as const;

/** The cards' words, as dashboardFigures gives them in English, to catalogue keys. */
const CARD_LABELS: Record<string, Key<"admin">> = {
  "Total Vehicles": "dashboard.cards.totalVehicles",
  "Parts Inventory": "dashboard.cards.partsInventory",
  "Vehicle Quotes": "dashboard.cards.vehicleQuotes",
  "Parts Quotes": "dashboard.cards.partsQuotes",
  "Total Users": "dashboard.cards.totalUsers",
};

const TODAY: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", year: "numeric" };

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading = revalidator.state === "loading" || navigation.state === "loading";
  const { t } = useT("admin");
  const { message: m } = useProblems("admin");
  const format = useFormat();
  const shopDay = useShopDay();
  const { orders } = loaderData;
  const now = new Date(loaderData.now);
  // Tokyo's date, day first in English ("Saturday 21 November 2026"), as every date the shop shows.
  const today = format.date(now, TODAY);
  return (
    <div className="space-y-8">
      {loaderData.notice ? <FormMessage tone="error">{m(loaderData.notice)}</FormMessage> : null}
      {/* A certificate to return has a legal deadline: first on the page. */}
      <ExportDeadlines deadlines={loaderData.books.deadlines} />
      {loaderData.rates.stale ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          data-testid="rates-stale"
        >
          <p>
            {t("rates.stale", {
              days: loaderData.rates.days,
              date: format.date(loaderData.rates.asOf, { dateStyle: "medium" }),
            })}
          </p>
          <Link to="/admin/rates" className="font-semibold text-amber-900 underline">
            {t("rates.staleLink")}
          </Link>
        </div>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            {t("dashboard.welcome", { adminId: loaderData.adminId })}
          </h1>
          <p className="text-slate-600">{today}</p>
        </div>
        <button
          type="button"
          onClick={() => revalidator.revalidate()}
          disabled={loading}
          className="h-10 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        >
          {t("dashboard.refresh")}
        </button>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5" data-testid="dashboard-cards">
        {loaderData.cards.map((card) => {
          const change = weekChange(card.weeks.thisWeek, card.weeks.previousWeek);
          return (
            <li key={card.label} className="rounded-xl border border-slate-200 bg-white p-5">
              <p className="text-sm text-slate-600">
                {CARD_LABELS[card.label] ? t(CARD_LABELS[card.label]!) : card.label}
                {card.note ? <span className="text-slate-500"> {t("dashboard.cards.pendingNote")}</span> : null}
              </p>
              <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="card-value">
                {loading ? "..." : format.number(card.value)}
              </p>
              <p
                className={`mt-1 text-xs ${change.kind === "change" && change.direction === "down" ? "text-red-700" : "text-slate-600"}`}
                data-testid="card-change"
              >
                {change.kind === "change" ? <span aria-hidden="true">{ARROW[change.direction]} </span> : null}
                {loading ? "..." : describeChange(change, t)}
              </p>
            </li>
          );
        })}
      </ul>
      {loaderData.offersAwaiting > 0 || loaderData.holdsEndingSoon > 0 ? (
        <div className="flex flex-wrap gap-3" data-testid="deal-figures">
          {DEAL_FIGURES.map((figure) => (
            <DealFigure key={figure.name} {...figure} count={loaderData[figure.name]} />
          ))}
        </div>
      ) : null}
      <section aria-labelledby="orders-title" className="space-y-4" data-testid="order-figures">
        <h2 id="orders-title" className="text-lg font-semibold text-slate-900">
          {t("dashboard.orders.title")}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          <Link
            to="/admin/orders?status=due"
            className={`rounded-xl border p-5 hover:shadow-sm ${orders.paymentsAwaited.orders > 0 ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}
            data-testid="payments-awaited"
          >
            <p className="text-sm text-slate-700">
              {t("dashboard.orders.awaited", {
                count: orders.paymentsAwaited.orders,
                total: format.number(orders.paymentsAwaited.orders),
              })}
            </p>
            <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
              {t("dashboard.orders.due", { yen: format.yen(orders.paymentsAwaited.yen) })}
            </p>
          </Link>
          <div className="rounded-xl border border-slate-200 bg-white p-5" data-testid="received-this-month">
            <p className="text-sm text-slate-700">{t("dashboard.orders.receivedThisMonth")}</p>
            <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
              {format.yen(orders.receivedThisMonth)}
            </p>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-5" data-testid="ships-leaving">
            <p className="text-sm text-slate-700">{t("dashboard.orders.leaving")}</p>
            {orders.leavingThisWeek.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">{t("dashboard.orders.noneLeaving")}</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {orders.leavingThisWeek.map((o) => (
                  <li key={o.number}>
                    <Link to={`/admin/orders/${o.number}`} className="font-semibold text-accent-700 hover:underline">
                      {shopDay(o.etd)} · {o.number}
                    </Link>
                    <p className="text-slate-700">
                      {t("dashboard.orders.leavingLine", {
                        item: o.itemName,
                        vessel: o.vessel || t("dashboard.orders.noVessel"),
                      })}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        <PaymentsChart months={orders.receivedByMonth} />
      </section>
      <BooksCard months={loaderData.books.months} capital={loaderData.books.capital} />
      {loaderData.lowStock > 0 ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <Link to={`${STOCK_ADMIN.part.list}?stock=low`} className="font-semibold underline" data-testid="low-stock">
            {t("dashboard.lowStock", { count: loaderData.lowStock, total: format.number(loaderData.lowStock) })}
          </Link>
        </p>
      ) : null}
      {loaderData.rulesToCheck.length > 0 ? (
        <section
          aria-labelledby="rules-check-title"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          data-testid="rules-to-check"
        >
          <h2 id="rules-check-title" className="font-semibold">
            {t("dashboard.rulesToCheck.title")}
          </h2>
          <ul className="mt-1 space-y-1">
            {loaderData.rulesToCheck.map((rule) => (
              <li key={rule.id}>
                <Link to={`/admin/import-rules?edit=${rule.id}#rule-form`} className="underline">
                  {t(rule.due ? "dashboard.rulesToCheck.due" : "dashboard.rulesToCheck.soon", {
                    country: rule.country,
                    date: format.date(`${rule.checkBy}T12:00:00+09:00`, { dateStyle: "medium" }),
                  })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {loaderData.findRequests > 0 ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <Link to="/admin/find-requests" className="font-semibold underline" data-testid="pending-find-requests">
            {t("dashboard.findRequests", {
              count: loaderData.findRequests,
              total: format.number(loaderData.findRequests),
            })}
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {[
          ["/admin/upload-vehicle", t("dashboard.links.uploadVehicle")],
          ["/admin/upload-part", t("dashboard.links.uploadPart")],
          ["/admin/all-products", t("dashboard.links.allVehicles")],
          ["/admin/vehicle-quotes", t("dashboard.links.vehicleQuotes")],
        ].map(([to, label]) => (
          <Link
            key={to}
            to={to!}
            className="rounded-lg bg-accent-700 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-800"
          >
            {label}
          </Link>
        ))}
      </div>
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <QuotesChart days={loaderData.perDay} />
        <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="activity-title">
          <h2 id="activity-title" className="font-semibold text-slate-900">
            {t("dashboard.activity.title")}
          </h2>
          {loaderData.activity.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t("dashboard.activity.empty")}</p>
          ) : (
            <ul className="mt-3 space-y-3 text-sm" data-testid="recent-activity">
              {loaderData.activity.map((a) => (
                <li key={a.id}>
                  <p className="text-slate-800">{a.text}</p>
                  <p className="text-xs text-slate-500">{relativeTime(a.at, now, t)}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** The counts of deals that want the owner, each linked to the quotes it counts. */
const DEAL_FIGURES = [
  {
    name: "offersAwaiting",
    status: "offered",
    look: "border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
    testId: "offers-awaiting",
  },
  {
    name: "holdsEndingSoon",
    status: "accepted",
    look: "border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100",
    testId: "holds-ending",
  },
] as const;

/** One of DEAL_FIGURES; nothing when there are none. */
function DealFigure({ name, count, status, look, testId }: (typeof DEAL_FIGURES)[number] & { count: number }) {
  const { t } = useT("admin");
  const format = useFormat();
  if (count <= 0) return null;
  return (
    <Link
      to={`/admin/vehicle-quotes?status=${status}`}
      className={`rounded-xl border px-4 py-3 text-sm font-semibold ${look}`}
      data-testid={testId}
    >
      {t(`dashboard.${name}`, { count, total: format.number(count) })}
    </Link>
  );
}
