import { sql } from "kysely";
import type { DB } from "~/db/db.server";

const DAY = 86_400_000;

type Window = { thisWeek: number; previousWeek: number };

/** New rows in the last 7 days and the 7 before, counted in the database. */
async function weeks(
  db: DB,
  table: "vehicles" | "parts" | "customers" | "quotes",
  now: Date,
  kind?: "vehicle" | "part",
): Promise<Window> {
  const weekAgo = new Date(now.getTime() - 7 * DAY).toISOString();
  const twoWeeksAgo = new Date(now.getTime() - 14 * DAY).toISOString();
  const nowIso = now.toISOString();
  let q = db
    .selectFrom(table as "quotes")
    .select([
      sql<number>`sum(case when created_at >= ${weekAgo} and created_at <= ${nowIso} then 1 else 0 end)`.as(
        "this_week",
      ),
      sql<number>`sum(case when created_at >= ${twoWeeksAgo} and created_at < ${weekAgo} then 1 else 0 end)`.as(
        "previous_week",
      ),
    ])
    .where("created_at", ">=", twoWeeksAgo);
  if (kind) q = q.where("kind", "=", kind);
  const row = await q.executeTakeFirst();
  return { thisWeek: Number(row?.this_week ?? 0), previousWeek: Number(row?.previous_week ?? 0) };
}

async function count(db: DB, table: "vehicles" | "parts" | "customers") {
  return Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

async function pendingQuotes(db: DB, kind: "vehicle" | "part") {
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

/** Every figure of the dashboard, each counted by the database. */
export async function dashboardFigures(db: DB, now = new Date()) {
  const [vehicles, parts, users, vehicleQuotes, partQuotes, vW, pW, uW, vqW, pqW, activity, perDay] = await Promise.all(
    [
      count(db, "vehicles"),
      count(db, "parts"),
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
    ],
  );
  return {
    cards: [
      { label: "Total Vehicles", value: vehicles, weeks: vW },
      { label: "Parts Inventory", value: parts, weeks: pW },
      { label: "Vehicle Quotes", value: vehicleQuotes, weeks: vqW, note: "pending" },
      { label: "Parts Quotes", value: partQuotes, weeks: pqW, note: "pending" },
      { label: "Total Users", value: users, weeks: uW },
    ],
    activity: activity.map((a) => ({ id: a.id, at: a.created_at, action: a.action, summary: a.summary })),
    perDay,
  };
}

/** Quote requests per UTC day over the last 30 days, for vehicles and parts; days without any are 0. */
export async function quotesPerDay(db: DB, now = new Date()) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY);
  const rows = await db
    .selectFrom("quotes")
    .select([sql<string>`substr(created_at, 1, 10)`.as("day"), "kind", (eb) => eb.fn.countAll<number>().as("n")])
    .where("created_at", ">=", first.toISOString())
    .groupBy([sql`substr(created_at, 1, 10)`, "kind"])
    .execute();
  return Array.from({ length: 30 }, (_, i) => {
    const day = new Date(first.getTime() + i * DAY).toISOString().slice(0, 10);
    const of = (kind: string) => Number(rows.find((r) => r.day === day && r.kind === kind)?.n ?? 0);
    return { day, vehicle: of("vehicle"), part: of("part") };
  });
}
