import { type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database } from "~/db/schema";
import { AWAITING_MONEY } from "./order-status";

/*
 * The order predicates of order-status.ts, as conditions on the `orders`
 * table for lists, counts and the deal's checks: the same words, so a page's
 * figure and a rule never disagree on what an order is.
 */

type Orders = ExpressionBuilder<Database, "orders">;

/** `awaitsMoney`: awaiting payment or partly paid. */
export function awaitingMoney(eb: Orders): Expression<SqlBool> {
  return eb("orders.status", "in", AWAITING_MONEY);
}

/** `isLive`: not cancelled, and money in or moved past awaiting payment. */
export function liveOrder(eb: Orders): Expression<SqlBool> {
  return eb.and([
    eb("orders.status", "!=", "cancelled"),
    eb.or([eb("orders.paid", ">", 0), eb("orders.status", "!=", "awaiting_payment")]),
  ]);
}
