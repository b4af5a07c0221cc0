import { type DB, nowIso } from "~/db/db.server";
import type { StockCard } from "~/domain/inventory/inventory";
import { vehicleRepository } from "~/domain/inventory/vehicles.server";
import { MAX_RECENT, parseRecentIds } from "./recent";

/*
 * Recently viewed vehicles of signed-in buyers, and the cards of the
 * recently viewed row. Every function that touches a buyer's list takes the
 * buyer's id from the session, never from a form.
 */

/** Cards (cover photo, name, price) of the given vehicles in the given order; ids that do not exist are left out. */
export function vehicleCards(db: DB, ids: readonly number[]): Promise<StockCard[]> {
  return vehicleRepository.cards(db, ids.slice(0, MAX_RECENT));
}

/** A moment later than the buyer's newest view by at least `gap` ms, so what is recorded now sorts first. */
async function nextViewTime(db: DB, customerId: number, gap: number, now: string): Promise<number> {
  const newest = await db
    .selectFrom("recent_views")
    .select("viewed_at")
    .where("customer_id", "=", customerId)
    .orderBy("viewed_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const at = Date.parse(now);
  return newest ? Math.max(at, Date.parse(newest.viewed_at) + gap) : at;
}

/** Keeps only the buyer's newest MAX_RECENT views. */
async function pruneViews(db: DB, customerId: number): Promise<void> {
  await db
    .deleteFrom("recent_views")
    .where("customer_id", "=", customerId)
    .where("vehicle_id", "not in", (eb) =>
      eb
        .selectFrom("recent_views")
        .select("vehicle_id")
        .where("customer_id", "=", customerId)
        .orderBy("viewed_at", "desc")
        .orderBy("vehicle_id", "desc")
        .limit(MAX_RECENT),
    )
    .execute();
}

/**
 * Writes the given vehicles as the buyer's newest views, the first newest,
 * then keeps the newest MAX_RECENT. The ids must exist (callers check).
 */
async function writeViews(db: DB, customerId: number, ids: readonly number[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const top = await nextViewTime(trx, customerId, ids.length, now);
    for (const [i, vehicleId] of ids.entries()) {
      const viewedAt = new Date(top - i).toISOString();
      await trx
        .insertInto("recent_views")
        .values({ customer_id: customerId, vehicle_id: vehicleId, viewed_at: viewedAt })
        .onConflict((oc) => oc.columns(["customer_id", "vehicle_id"]).doUpdateSet({ viewed_at: viewedAt }))
        .execute();
    }
    await pruneViews(trx, customerId);
  });
}

/** Records that a signed-in buyer opened a vehicle (the detail page's loader; the vehicle exists). */
export async function recordView(db: DB, customerId: number, vehicleId: number, now = nowIso()): Promise<void> {
  await writeViews(db, customerId, [vehicleId], now);
}

/**
 * Merges the list a browser kept before signing in (the forms' hidden field)
 * into the buyer's own: the browser's vehicles become the newest, in its
 * order, then the newest MAX_RECENT stay. The field is only trusted as far as
 * this: valid integer ids, at most MAX_RECENT, vehicles that exist. Anything
 * else in it is ignored. Returns the ids merged.
 */
export async function mergeRecentViews(db: DB, customerId: number, field: unknown, now = nowIso()): Promise<number[]> {
  const ids = parseRecentIds(field);
  const existing = await vehicleRepository.existing(db, ids);
  const merged = ids.filter((id) => existing.has(id));
  await writeViews(db, customerId, merged, now);
  return merged;
}

/** The buyer's recently viewed vehicles as cards, newest first. */
export async function recentVehicles(db: DB, customerId: number): Promise<StockCard[]> {
  const rows = await db
    .selectFrom("recent_views")
    .select("vehicle_id")
    .where("customer_id", "=", customerId)
    .orderBy("viewed_at", "desc")
    .orderBy("vehicle_id", "desc")
    .limit(MAX_RECENT)
    .execute();
  return vehicleCards(
    db,
    rows.map((r) => r.vehicle_id),
  );
}

/** Forgets the buyer's recently viewed vehicles. */
export async function clearRecentViews(db: DB, customerId: number): Promise<void> {
  await db.deleteFrom("recent_views").where("customer_id", "=", customerId).execute();
}
