import type { StockKind } from "~/domain/inventory/stock-kinds";
import { shopDay } from "~/i18n/format";
import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { partRepository } from "~/domain/inventory/parts.server";
import { LOW_STOCK_CONDITION } from "~/domain/inventory/admin-stock.server";
import { vehicleRepository } from "~/domain/inventory/vehicles.server";
import { orderFigures } from "~/domain/sale/order-view.server";

const DAY = 86_400_000;

type Window = { thisWeek: number; previousWeek: number };

/** New rows in the last 7 days and the 7 before, counted in the database. */
async function weeks(
  db: DB,
  table: "vehicles" | "parts" | "customers" | "quotes",
  now: Date,
  kind?: StockKind,
): Promise<Window> {
  const weekAgo = new Date(now.getTime() - 7 * DAY).toISOString();
  const twoWeeksAgo = new Date(now.getTime() - 14 * DAY).toISOString();
  const nowIso = now.toISOString();
  let q = db
    .selectFrom(table)
    .select([
      sql<number>`sum(case when created_at >= ${weekAgo} and created_at <= ${nowIso} then 1 else 0 end)`.as(
        "this_week",
      ),
      sql<number>`sum(case when created_at >= ${twoWeeksAgo} and created_at < ${weekAgo} then 1 else 0 end)`.as(
        "previous_week",
      ),
    ])
    .where("created_at", ">=", twoWeeksAgo);
  // Only quotes have a kind; the column is named, as the four tables share no other.
  if (kind) q = q.where(sql.ref("kind"), "=", kind);
  const row = await q.executeTakeFirst();
  return { thisWeek: Number(row?.this_week ?? 0), previousWeek: Number(row?.previous_week ?? 0) };
}

async function count(db: DB, table: "customers") {
  return Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** Find one for me requests not yet answered (issue 18.2). */
async function pendingFindRequests(db: DB) {
  return Number(
    (
      await db
        .selectFrom("find_requests")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow()
    ).n,
  );
}

async function pendingQuotes(db: DB, kind: StockKind) {
  return Number(
    (
      await db
        .selectFrom("quotes")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("kind", "=", kind)
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** Offers waiting for the buyer's answer, and holds ending within the next 24 hours. */
async function dealFigures(db: DB, now: Date) {
  const [offers, holds] = await Promise.all([
    db
      .selectFrom("quotes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "offered")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("holds")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("ended_at", "is", null)
      .where("expires_at", "<", new Date(now.getTime() + DAY).toISOString())
      .executeTakeFirstOrThrow(),
  ]);
  return { offersAwaiting: Number(offers.n), holdsEndingSoon: Number(holds.n) };
}

/** Every figure of the dashboard, each counted by the database. */
export async function dashboardFigures(db: DB, now = new Date()) {
  const [
    vehicles,
    parts,
    users,
    vehicleQuotes,
    partQuotes,
    vW,
    pW,
    uW,
    vqW,
    pqW,
    activity,
    perDay,
    findRequests,
    deals,
    orders,
    lowStock,
  ] = await Promise.all([
    vehicleRepository.count(db),
    partRepository.count(db),
    count(db, "customers"),
    pendingQuotes(db, "vehicle"),
    pendingQuotes(db, "part"),
    weeks(db, "vehicles", now),
    weeks(db, "parts", now),
    weeks(db, "customers", now),
    weeks(db, "quotes", now, "vehicle"),
    weeks(db, "quotes", now, "part"),
    db
      .selectFrom("activity_log")
      .select(["id", "created_at", "action", "summary"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(8)
      .execute(),
    quotesPerDay(db, now),
    pendingFindRequests(db),
    dealFigures(db, now),
    orderFigures(db, now),
    partRepository.adminCount(db, LOW_STOCK_CONDITION),
  ]);
  return {
    cards: [
      { label: "Total Vehicles", value: vehicles, weeks: vW },
      { label: "Parts Inventory", value: parts, weeks: pW },
      { label: "Vehicle Quotes", value: vehicleQuotes, weeks: vqW, note: "pending" },
      { label: "Parts Quotes", value: partQuotes, weeks: pqW, note: "pending" },
      { label: "Total Users", value: users, weeks: uW },
    ],
    findRequests,
    /** Parts low on stock (SPEC 9), listed alone at the parts table's `stock=low`. */
    lowStock,
    ...deals,
    // Payments awaited, ships leaving this week, yen received this month and by month (issue 21.6).
    orders,
    activity: activity.map((a) => ({ id: a.id, at: a.created_at, action: a.action, summary: a.summary })),
    perDay,
  };
}

/**
 * Quote requests per day of the shop (Tokyo) over the last 30 days, for
 * vehicles and parts; days without any are 0. The requests are counted by
 * hour in the database and the hours put into the shop's days here.
 */
export async function quotesPerDay(db: DB, now = new Date()) {
  const days = Array.from({ length: 30 }, (_, i) => shopDay(new Date(now.getTime() - (29 - i) * DAY)));
  // A day and a half more than 30 days back covers the first shop day whatever the zone.
  const since = new Date(now.getTime() - 31.5 * DAY).toISOString();
  const rows = await db
    .selectFrom("quotes")
    .select([sql<string>`substr(created_at, 1, 13)`.as("hour"), "kind", (eb) => eb.fn.countAll<number>().as("n")])
    .where("created_at", ">=", since)
    .groupBy([sql`substr(created_at, 1, 13)`, "kind"])
    .execute();
  const counts = new Map<string, number>();
  for (const r of rows) {
    const key = `${shopDay(new Date(`${r.hour}:00:00Z`))} ${r.kind}`;
    counts.set(key, (counts.get(key) ?? 0) + Number(r.n));
  }
  return days.map((day) => ({
    day,
    vehicle: counts.get(`${day} vehicle`) ?? 0,
    part: counts.get(`${day} part`) ?? 0,
  }));
}
