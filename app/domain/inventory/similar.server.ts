import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { vehicleCards } from "~/domain/buyer-tools/recent.server";
import type { StockCard } from "./inventory";

/** How many similar vehicles a vehicle page shows. */
export const SIMILAR_COUNT = 4;

type Subject = { id: number; make: string; model: string; type: string | null; price: number };

const availableFirst = sql<number>`case when stock_status = 'available' then 0 else 1 end`;

/**
 * The statements behind similarVehicles, for the query-plan test too:
 * - the same make and model, available first, then nearest in price: found
 *   through vehicles_model_idx (one model is a small part of the stock), its
 *   few matches sorted;
 * - the same type just above and just below the price: two short walks of
 *   vehicles_type_price_idx from the vehicle's price, never the whole type.
 */
export function similarVehicleQueries(db: DB, v: Subject, exclude: readonly number[] = []) {
  const others = [v.id, ...exclude];
  const sameModel = db
    .selectFrom("vehicles")
    .select(["id", "price", "stock_status"])
    .where("model", "=", v.model)
    .where("make", "=", v.make)
    .where("id", "not in", others)
    .orderBy(availableFirst)
    .orderBy(sql`abs(price - ${v.price})`)
    .orderBy("id")
    .limit(SIMILAR_COUNT);
  const near = (side: "above" | "below") =>
    db
      .selectFrom("vehicles")
      .select(["id", "price", "stock_status"])
      .where("type", "=", v.type ?? "")
      .where("price", side === "above" ? ">=" : "<", v.price)
      .where("id", "not in", others)
      // Price alone, the index's order: a second key made PostgreSQL sort the whole type.
      .orderBy("price", side === "above" ? "asc" : "desc")
      .limit(SIMILAR_COUNT * 3);
  return { sameModel, above: near("above"), below: near("below") };
}

/**
 * A few vehicles like this one for the end of its page (issue 18.3): the same
 * model first, then the same type near in price; available stock before
 * reserved and sold, and the nearest price first within each.
 */
export async function similarVehicles(db: DB, v: Subject): Promise<StockCard[]> {
  const sameModel = await similarVehicleQueries(db, v).sameModel.execute();
  const ids = sameModel.map((r) => r.id);
  if (ids.length < SIMILAR_COUNT && v.type) {
    const { above, below } = similarVehicleQueries(db, v, ids);
    const near = [...(await above.execute()), ...(await below.execute())]
      .map((r) => ({
        id: r.id,
        available: r.stock_status === "available",
        distance: Math.abs(Number(r.price) - v.price),
      }))
      .sort((a, b) => Number(b.available) - Number(a.available) || a.distance - b.distance || a.id - b.id);
    ids.push(...near.slice(0, SIMILAR_COUNT - ids.length).map((r) => r.id));
  }
  return vehicleCards(db, ids);
}
