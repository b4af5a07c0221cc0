import type { DB } from "~/db/db.server";
import { liveOrder } from "./order-sql.server";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import { formatDate } from "~/i18n/format";
import type { Problem } from "~/i18n/problem";
import type { StockStatus } from "~/domain/inventory/stock-status";

/*
 * Who sets a vehicle's Reserved and Sold (issue 40): the deal, not the
 * owner's hand. A buyer accepting an offer holds the vehicle (Reserved, an
 * active row in `holds`); its order, once money is in or it has shipped, makes
 * it Sold. The edit form and the stock import both ask `statusByHandRefusal`
 * before they write a vehicle's status, so a re-imported file or a stale form
 * cannot put a held car back on sale (its buyer paying), nor pin a car with
 * no hold as Reserved. Parts are not asked: their status follows their
 * quantity, which is another rule.
 */

/** What keeps a vehicle for a buyer: an active hold, or a live order (money in, or shipped). */
export type VehicleDeal = { kind: "hold"; quote: string; expiresAt: string } | { kind: "order"; order: string };

const CHUNK = 500;

/** The deals holding these vehicles now, by vehicle id; a vehicle without one is absent. Read in the caller's transaction. */
export async function vehicleDeals(db: DB, ids: readonly number[]): Promise<Map<number, VehicleDeal>> {
  const deals = new Map<number, VehicleDeal>();
  const unique = [...new Set(ids)];
  // Stryker disable next-line EqualityOperator: one more, empty chunk finds nothing (the mutation run is on SQLite, where "in ()" is allowed).
  for (let i = 0; i < unique.length; i += CHUNK) {
    // Stryker disable next-line MethodExpression: every id in each chunk finds the same deals, only slower.
    const chunk = unique.slice(i, i + CHUNK);
    // One after the other: a transaction's queries share one connection.
    const holds = await db
      .selectFrom("holds")
      .innerJoin("quotes", "quotes.id", "holds.quote_id")
      .select(["holds.vehicle_id", "holds.expires_at", "quotes.number"])
      .where("holds.vehicle_id", "in", chunk)
      .where("holds.ended_at", "is", null)
      .execute();
    const orders = await db
      .selectFrom("orders")
      .select(["orders.vehicle_id", "orders.number"])
      .where("orders.vehicle_id", "in", chunk)
      .where(liveOrder)
      .orderBy("orders.id", "desc")
      .execute();
    // An order's vehicle is Sold by its payment, which ends the hold: where both stand, the hold says more.
    for (const o of orders)
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a vehicle has one live order at most (its accepted hold makes it).
      if (o.vehicle_id !== null && !deals.has(o.vehicle_id))
        deals.set(o.vehicle_id, { kind: "order", order: o.number });
    for (const h of holds) deals.set(h.vehicle_id, { kind: "hold", quote: h.number, expiresAt: h.expires_at });
  }
  return deals;
}

/**
 * Whether the owner may set a vehicle's status from `from` (null: a listing
 * the import makes) to `to` by hand, given the deal holding it (undefined:
 * none). Null when it may; otherwise the reason, for the status field or the
 * import's row.
 *
 * | from \ to | available          | reserved | sold               |
 * | --------- | ------------------ | -------- | ------------------ |
 * | available | yes (unchanged)    | never    | only with no deal  |
 * | reserved  | only with no deal  | yes      | only with no deal  |
 * | sold      | only with no deal  | never    | yes (unchanged)    |
 *
 * An unchanged status always passes (a re-import of the same file). Reserved
 * is only ever the deal's word, so no hand moves into it, with a deal or
 * without. With no deal, Available → Sold is an offline sale, Sold →
 * Available undoes one, and Reserved → anything frees a car that a stale
 * reservation pins. While a deal holds the car, its status is the deal's.
 * A new listing counts as coming from Available.
 */
export function statusByHandRefusal(
  from: StockStatus | null,
  to: StockStatus,
  deal: VehicleDeal | undefined,
): Problem | null {
  // Stryker disable next-line StringLiteral: a new listing has no deal, so from null it ends where Available would.
  if ((from ?? "available") === to) return null;
  if (deal?.kind === "hold") {
    // Stryker disable next-line StringLiteral: the staff pages are English, and so is a date without a language.
    const date = formatDate(deal.expiresAt, "en");
    return staffPattern("stockStatus.held", { quote: deal.quote, date });
  }
  if (deal?.kind === "order") return staffPattern("stockStatus.ordered", { order: deal.order });
  if (to === "reserved") return staffText("stockStatus.reservedByDeal");
  return null;
}
