import { vehicleRepository } from "./vehicles.server";
import type { DB } from "~/db/db.server";
import type { StockCard } from "./inventory";

/** How many similar vehicles a vehicle page shows. */
export const SIMILAR_COUNT = 4;

type Subject = { id: number; make: string; model: string; type: string | null; price: number };

/**
 * The statements behind similarVehicles, for the query-plan test too. Each
 * is a short walk of an index from the vehicle's price, up or down, never a
 * whole model or type sorted, over available stock only:
 * - the same make and model just above and just below the price, through
 *   vehicles_model_price_idx;
 * - the same type just above and just below the price, through
 *   vehicles_type_price_idx.
 * Each walk reads a few more than it shows: those the buyer's country
 * refuses are left out after. Price alone is each walk's order: a second
 * key made PostgreSQL sort. So among vehicles at exactly the same price,
 * which come first is the index's order, not the listing's age.
 */
export function similarVehicleQueries(db: DB, v: Subject, exclude: readonly number[] = []) {
  const others = [v.id, ...exclude];
  const near = (side: "above" | "below", limit: number) =>
    db
      .selectFrom("vehicles")
      .select(["id", "price"])
      .where("price", side === "above" ? ">=" : "<", v.price)
      .where("id", "not in", others)
      .where("stock_status", "=", "available")
      .orderBy("price", side === "above" ? "asc" : "desc")
      .limit(limit);
  const sameModel = (side: "above" | "below") =>
    near(side, SIMILAR_COUNT * 2)
      .where("make", "=", v.make)
      .where("model", "=", v.model);
  const sameType = (side: "above" | "below") => near(side, SIMILAR_COUNT * 3).where("type", "=", v.type ?? "");
  return {
    model: { above: sameModel("above"), below: sameModel("below") },
    above: sameType("above"),
    below: sameType("below"),
  };
}

type Near = { id: number; price: number | string };

/** Nearest in price first, then the older listing (of those the walks found). */
function nearestFirst(v: Subject, rows: readonly Near[]): number[] {
  return rows
    .map((r) => ({ id: r.id, distance: Math.abs(Number(r.price) - v.price) }))
    .sort((a, b) => a.distance - b.distance || a.id - b.id)
    .map((r) => r.id);
}

/** Whether a card may go where the buyer imports to: always when no country is chosen. */
export type Admits = (card: StockCard) => boolean;

/**
 * A few vehicles like this one for the end of its page (issue 18.3, 44.3):
 * available ones the buyer's country admits (`admits`), the same model
 * first, then the same type near in price, the nearest price first within
 * each. Reserved and sold stock is never offered as an alternative.
 */
export async function similarVehicles(db: DB, v: Subject, admits: Admits = () => true): Promise<StockCard[]> {
  const run = (pair: { above: { execute(): Promise<Near[]> }; below: { execute(): Promise<Near[]> } }) =>
    Promise.all([pair.above.execute(), pair.below.execute()]).then(([above, below]) => [...above, ...below]);
  const admitted = async (ids: number[]) => (await vehicleRepository.cards(db, ids)).filter(admits);
  const sameModel = nearestFirst(v, await run(similarVehicleQueries(db, v).model));
  const shown = (await admitted(sameModel)).slice(0, SIMILAR_COUNT);
  if (shown.length < SIMILAR_COUNT && v.type) {
    // The same model's, admitted or not, were weighed already: the type's walks leave them out.
    const { above, below } = similarVehicleQueries(db, v, sameModel);
    const more = await admitted(nearestFirst(v, await run({ above, below })));
    shown.push(...more.slice(0, SIMILAR_COUNT - shown.length));
  }
  return shown;
}
