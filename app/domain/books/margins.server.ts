import type { DB } from "~/db/db.server";
import { shopDay } from "~/i18n/format";
import type { MonthMargin, StockCapital } from "./purchase";

/*
 * What the vehicles earned and what the stock holds (issue 46.2): a sale's
 * margin is its invoice total less the vehicle's costs as the owner entered
 * them; the stock's capital is the costs of the vehicles bought and not sold.
 * Staff-only figures: no buyer's page, feed or file reads them.
 */

const DAY_MS = 86_400_000;
/** Whole days from one shop day to another ("2026-01-01" to "2026-01-31" is 30). */
export const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export type VehicleSale = { invoice: string; total: number; cost: number | null; margin: number | null };

/** The vehicle's sale (its order that is not cancelled, the newest) with its margin, or null while unsold. */
export async function saleOf(db: DB, vehicleId: number): Promise<VehicleSale | null> {
  const row = await db
    .selectFrom("orders as o")
    .leftJoin("purchase_records as p", "p.vehicle_id", "o.vehicle_id")
    .select(["o.number", "o.total", "p.total_cost"])
    .where("o.vehicle_id", "=", vehicleId)
    .where("o.status", "!=", "cancelled")
    .orderBy("o.id", "desc")
    .executeTakeFirst();
  if (!row) return null;
  const total = Number(row.total);
  const cost = row.total_cost === null ? null : Number(row.total_cost);
  return { invoice: row.number, total, cost, margin: cost === null ? null : total - cost };
}

/** The last `months` shop months up to `now`'s, oldest first ("2026-01" … "2026-12"). */
function lastMonths(now: Date, months: number): string[] {
  const [y, m] = shopDay(now).split("-").map(Number) as [number, number];
  return Array.from({ length: months }, (_, i) => {
    const index = y * 12 + (m - 1) - (months - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

/** The margin of the vehicles sold in each of the last `months` months (cancelled orders left out). */
export async function marginByMonth(db: DB, now = new Date(), months = 12): Promise<MonthMargin[]> {
  const list = lastMonths(now, months);
  // From the first month's first moment in Japan; each order's month is read in Japan time below.
  const since = new Date(Date.parse(`${list[0]}-01T00:00:00+09:00`)).toISOString();
  const rows = await db
    .selectFrom("orders as o")
    .leftJoin("purchase_records as p", "p.vehicle_id", "o.vehicle_id")
    .select(["o.created_at", "o.total", "p.total_cost"])
    .where("o.kind", "=", "vehicle")
    .where("o.status", "!=", "cancelled")
    .where("o.created_at", ">=", since)
    .execute();
  const byMonth = new Map(
    list.map((month) => [month, { month, sales: 0, withoutCosts: 0, total: 0, cost: 0, margin: 0 }]),
  );
  for (const row of rows) {
    const entry = byMonth.get(shopDay(new Date(row.created_at)).slice(0, 7));
    if (!entry) continue;
    entry.sales += 1;
    if (row.total_cost === null) {
      entry.withoutCosts += 1;
      continue;
    }
    entry.total += Number(row.total);
    entry.cost += Number(row.total_cost);
    entry.margin += Number(row.total) - Number(row.total_cost);
  }
  return [...byMonth.values()];
}

/** The costs of the vehicles bought and still unsold (listed, not marked sold, no order that is not cancelled), and their age. */
export async function stockCapital(db: DB, now = new Date()): Promise<StockCapital> {
  const rows = await db
    .selectFrom("purchase_records as p")
    .innerJoin("vehicles as v", "v.id", "p.vehicle_id")
    .select(["p.vehicle_id", "p.ref_id", "p.bought_on", "p.total_cost"])
    // A car the owner marked sold by hand, with no order, has left the stock too.
    .where("v.stock_status", "!=", "sold")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("orders as o")
            .select("o.id")
            .whereRef("o.vehicle_id", "=", "p.vehicle_id")
            .where("o.status", "!=", "cancelled"),
        ),
      ),
    )
    .execute();
  const today = shopDay(now);
  let amount = 0;
  let days = 0;
  let oldest: StockCapital["oldest"] = null;
  for (const row of rows) {
    amount += Number(row.total_cost);
    const held = Math.max(0, daysFrom(row.bought_on, today));
    days += held;
    if (!oldest || held > oldest.days) oldest = { refId: row.ref_id, days: held, vehicleId: row.vehicle_id! };
  }
  return { amount, count: rows.length, averageDays: rows.length ? Math.round(days / rows.length) : 0, oldest };
}
