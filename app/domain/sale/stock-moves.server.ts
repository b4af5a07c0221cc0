import { awaitingMoney } from "./order-sql.server";
import { awaitsMoney, type OrderStatus } from "./order-status";
import type { Kysely } from "kysely";
import { dialectOf } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { logActivity, type ActivityEntry } from "~/domain/activity/activity.server";

/*
 * What a sale does to stock, and the only place it does it:
 *
 *   vehicle  Available -> Reserved   a buyer accepts an offer (a hold begins)
 *            Reserved  -> Available  the hold ends unpaid (expired, released, deal closed)
 *            any       -> Sold       its order is paid in full, or shipped
 *            Sold      -> Available  the order that sold it is cancelled
 *   part     accepting an offer promises the quote's quantity (an order awaiting money);
 *            paying it in full, or shipping it, takes those units from stock;
 *            cancelling the order, or its invoice lapsing, frees the promise;
 *            cancelling a paid order puts the units it took back.
 *
 * What can still be offered and accepted of a part is its stock less what
 * live deals have promised. Every function runs in the caller's transaction,
 * after the caller has locked the item (`repositoryOf(kind).lock`).
 */

type Trx = Kysely<Database>;
type Actor = ActivityEntry["actor"];

/** Logs a move of one vehicle or part on the item, as "vehicle.sold" or "part.stock_taken". */
function logStockMove(
  trx: Trx,
  actor: Actor,
  at: string,
  kind: "vehicle" | "part",
  id: number,
  verb: string,
  summary: string,
) {
  return logActivity(trx, { actor, at, action: `${kind}.${verb}`, subject: { kind, id: String(id) }, summary });
}

/** Units of a part promised to buyers by live deals (accepted, not yet paid in full nor shipped). */
export async function promisedUnits(trx: Trx, partId: number): Promise<number> {
  const row = await trx
    .selectFrom("orders")
    .innerJoin("quotes", "quotes.id", "orders.quote_id")
    .select((eb) => eb.fn.sum<number | string | null>(eb.fn.coalesce("quotes.quantity", eb.lit(1))).as("units"))
    .where("orders.part_id", "=", partId)
    // Awaiting money: promised, not yet taken (paying in full or shipping takes them).
    .where(awaitingMoney)
    .executeTakeFirst();
  // Stryker disable next-line OptionalChaining: a sum is one row, even over no rows.
  return Number(row?.units ?? 0);
}

/** What of a part can still be offered and accepted: its stock less what is promised, never below none. */
export async function orderableUnits(trx: Trx, partId: number): Promise<{ inStock: number; orderable: number } | null> {
  const part = await trx.selectFrom("parts").select("quantity").where("id", "=", partId).executeTakeFirst();
  if (!part) return null;
  const promised = await promisedUnits(trx, partId);
  return { inStock: part.quantity, orderable: Math.max(part.quantity - promised, 0) };
}

/** Whether a part deal for `wanted` units may be promised now, and if not, how many are left. */
export async function mayPromise(
  trx: Trx,
  partId: number,
  wanted: number,
): Promise<{ ok: true } | { ok: false; left: number }> {
  const units = await orderableUnits(trx, partId);
  if (!units) return { ok: false, left: 0 };
  return wanted <= units.orderable ? { ok: true } : { ok: false, left: units.orderable };
}

/**
 * Promises `wanted` units of a part to an accepted deal, when that many are
 * not promised to others; the order the caller opens next is the promise.
 * Logged on the part, so its public page (what can be ordered) is made afresh.
 */
export async function promiseParts(
  trx: Trx,
  partId: number,
  wanted: number,
  actor: Actor,
  at: string,
  summary: string,
): Promise<{ ok: true } | { ok: false; left: number }> {
  const may = await mayPromise(trx, partId, wanted);
  if (may.ok) await logStockMove(trx, actor, at, "part", partId, "promised", summary);
  return may;
}

/** An order cancelled before its units were taken: they are free to promise again. */
export async function freePromise(
  trx: Trx,
  order: { number: string; kind: "vehicle" | "part"; part_id: number | null; status: OrderStatus },
  actor: Actor,
  at: string,
) {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a vehicle's order names no part, and a deleted part is no part.
  if (order.kind !== "part" || order.part_id === null) return;
  if (!awaitsMoney(order.status)) return;
  const text = `Order ${order.number} was cancelled: the units it was promised can be ordered again`;
  await logStockMove(trx, actor, at, "part", order.part_id, "promise_freed", text);
}

/** A vehicle is held for the buyer who accepted: Reserved for everyone else. */
export async function reserveVehicle(trx: Trx, vehicleId: number, actor: Actor, at: string, summary: string) {
  await trx
    .updateTable("vehicles")
    .set({ stock_status: "reserved", updated_at: at })
    .where("id", "=", vehicleId)
    .execute();
  await logStockMove(trx, actor, at, "vehicle", vehicleId, "reserved", summary);
}

/** A hold ended unpaid: the vehicle is on sale again, if it is still Reserved. True when it went back on sale. */
export async function freeVehicle(trx: Trx, vehicleId: number, actor: Actor, at: string, reason: string) {
  const freed = await trx
    .updateTable("vehicles")
    .set({ stock_status: "available", updated_at: at })
    .where("id", "=", vehicleId)
    .where("stock_status", "=", "reserved")
    .executeTakeFirst();
  const onSale = Number(freed.numUpdatedRows) === 1;
  if (onSale) {
    const text = `Vehicle ${vehicleId} is available again: its hold ended (${reason})`;
    await logStockMove(trx, actor, at, "vehicle", vehicleId, "hold_ended", text);
  }
  return onSale;
}

type OrderItem = {
  id: number;
  number: string;
  kind: "vehicle" | "part";
  vehicle_id: number | null;
  part_id: number | null;
  quote_id: number | null;
  item_name: string;
  ref_id: string;
};

/**
 * Sets the order's vehicle Sold, or back to Available from Sold, logging it.
 * True when the vehicle changed (a vehicle already so is left alone).
 */
export async function setVehicleSold(
  trx: Trx,
  order: OrderItem,
  sold: boolean,
  actor: Actor,
  at: string,
  summary: string,
): Promise<boolean> {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the callers pass vehicle orders; one naming no vehicle updates nothing.
  if (order.kind !== "vehicle" || order.vehicle_id === null) return false;
  const done = await trx
    .updateTable("vehicles")
    .set({ stock_status: sold ? "sold" : "available", updated_at: at })
    .where("id", "=", order.vehicle_id)
    .where("stock_status", sold ? "!=" : "=", "sold")
    .executeTakeFirst();
  const changed = Number(done.numUpdatedRows) === 1;
  if (changed) {
    const text = `${order.item_name} (${order.ref_id}) ${summary}`;
    await logStockMove(trx, actor, at, "vehicle", order.vehicle_id, sold ? "sold" : "unsold", text);
  }
  return changed;
}

/** How many units a part order takes from stock: what its quote asked for, one unless said. */
async function unitsOf(trx: Trx, order: OrderItem): Promise<number> {
  if (order.quote_id === null) return 1;
  const quote = await trx.selectFrom("quotes").select("quantity").where("id", "=", order.quote_id).executeTakeFirst();
  // Stryker disable next-line OptionalChaining: an order's quote is there when it names one (deleting a quote clears the link).
  return Math.max(quote?.quantity ?? 1, 1);
}

export type TakeOutcome = { ok: true; taken: number } | { ok: false; inStock: number; needed: number };

/**
 * The units of a part order leave the stock (paid in full, or shipped), once
 * per order. When the stock no longer holds them (the owner lowered it
 * meanwhile), nothing is taken and the caller refuses its step: a payment is
 * never recorded as complete for units that cannot be delivered.
 */
export async function takeParts(trx: Trx, order: OrderItem, actor: Actor, at: string): Promise<TakeOutcome> {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a lookup by no part finds none, which takes nothing as well.
  if (order.kind !== "part" || order.part_id === null) return { ok: true, taken: 0 };
  // Taken once per order: on shipping before payment, or on the payment that completes it.
  const earlier = await trx
    .selectFrom("order_events")
    .select("data")
    .where("order_id", "=", order.id)
    .where("kind", "in", ["paid", "shipped"])
    .execute();
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a step that took units records one at least.
  if (earlier.some((e) => ((JSON.parse(e.data) as { partsTaken?: number }).partsTaken ?? 0) > 0))
    return { ok: true, taken: 0 };
  const part = await trx
    .selectFrom("parts")
    .select("quantity")
    .where("id", "=", order.part_id)
    // Locked: two orders of the same part, paid at once, each take from what the other left.
    .$if(dialectOf(trx) === "postgres", (q) => q.forUpdate())
    .executeTakeFirst();
  // A part deleted from the stock list has nothing left to take: the order goes on without it.
  if (!part) return { ok: true, taken: 0 };
  const needed = await unitsOf(trx, order);
  if (part.quantity < needed) return { ok: false, inStock: part.quantity, needed };
  await trx
    .updateTable("parts")
    .set({ quantity: part.quantity - needed, updated_at: at })
    .where("id", "=", order.part_id)
    .execute();
  const text = `${needed} × ${order.item_name} (${order.ref_id}) taken from stock: order ${order.number} (${part.quantity - needed} left)`;
  await logStockMove(trx, actor, at, "part", order.part_id, "stock_taken", text);
  return { ok: true, taken: needed };
}

/** Units a cancelled order had taken go back to the stock. */
export async function returnParts(trx: Trx, order: OrderItem, units: number, actor: Actor, at: string) {
  if (units <= 0) return;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a vehicle's order names no part, and a deleted part is no part.
  if (order.kind !== "part" || order.part_id === null) return;
  await trx
    .updateTable("parts")
    .set((eb) => ({ quantity: eb("quantity", "+", units), updated_at: at }))
    .where("id", "=", order.part_id)
    .execute();
  const text = `${units} × ${order.item_name} (${order.ref_id}) back in stock: order ${order.number} was cancelled`;
  await logStockMove(trx, actor, at, "part", order.part_id, "stock_returned", text);
}
