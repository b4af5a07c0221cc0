import { vehicleRepository } from "./vehicles.server";
import type { DB } from "~/db/db.server";
import type { StockCard } from "./inventory";

/** How many similar vehicles a vehicle page shows. */
export const SIMILAR_COUNT = 4;

type Subject = { id: number; make: string; model: string; type: string | null; price: number };

/**
 * The statements behind similarVehicles, for the query-plan test too. Each
 * is a short walk of an index from the vehicle's price, up or down, never a
 * whole model or type sorted:
 * - the same make and model just above and just below the price, available
 *   ones (`model`), then, only when fewer than four are, the others
 *   (`modelOthers`), through vehicles_model_price_idx;
 * - the same type just above and just below the price, through
 *   vehicles_type_price_idx.
 * Price alone is each walk's order: a second key made PostgreSQL sort. So
 * among vehicles at exactly the same price, which come first is the index's
 * order, not the listing's age.
 */
export function similarVehicleQueries(db: DB, v: Subject, exclude: readonly number[] = []) {
  const others = [v.id, ...exclude];
  const near = (side: "above" | "below", limit: number) =>
    db
      .selectFrom("vehicles")
      .select(["id", "price", "stock_status"])
      .where("price", side === "above" ? ">=" : "<", v.price)
      .where("id", "not in", others)
      .orderBy("price", side === "above" ? "asc" : "desc")
      .limit(limit);
  const sameModel = (side: "above" | "below", available: boolean) =>
    near(side, SIMILAR_COUNT)
      .where("make", "=", v.make)
      .where("model", "=", v.model)
      .where("stock_status", available ? "=" : "!=", "available");
  const sameType = (side: "above" | "below") => near(side, SIMILAR_COUNT * 3).where("type", "=", v.type ?? "");
  return {
    model: { above: sameModel("above", true), below: sameModel("below", true) },
    modelOthers: { above: sameModel("above", false), below: sameModel("below", false) },
    above: sameType("above"),
    below: sameType("below"),
  };
}

type Near = { id: number; price: number | string; stock_status: string };

/** Available first, then nearest in price, then the older listing (of those the walks found). */
function nearestFirst(v: Subject, rows: readonly Near[]): number[] {
  return rows
    .map((r) => ({
      id: r.id,
      available: r.stock_status === "available",
      distance: Math.abs(Number(r.price) - v.price),
    }))
    .sort((a, b) => Number(b.available) - Number(a.available) || a.distance - b.distance || a.id - b.id)
    .map((r) => r.id);
}

/**
 * A few vehicles like this one for the end of its page (issue 18.3): the same
 * model first, then the same type near in price; available stock before
 * reserved and sold, and the nearest price first within each.
 */
export async function similarVehicles(db: DB, v: Subject): Promise<StockCard[]> {
  const queries = similarVehicleQueries(db, v);
  const run = (pair: { above: { execute(): Promise<Near[]> }; below: { execute(): Promise<Near[]> } }) =>
    Promise.all([pair.above.execute(), pair.below.execute()]).then(([above, below]) => [...above, ...below]);
  const ids = nearestFirst(v, await run(queries.model)).slice(0, SIMILAR_COUNT);
  if (ids.length < SIMILAR_COUNT) {
    ids.push(...nearestFirst(v, await run(queries.modelOthers)).slice(0, SIMILAR_COUNT - ids.length));
  }
  if (ids.length < SIMILAR_COUNT && v.type) {
    const { above, below } = similarVehicleQueries(db, v, ids);
    ids.push(...nearestFirst(v, await run({ above, below })).slice(0, SIMILAR_COUNT - ids.length));
  }
  return vehicleRepository.cards(db, ids);
}
