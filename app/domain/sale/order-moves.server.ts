import { liveOrder } from "./order-sql.server";
import { type Kysely, type Selectable } from "kysely";
import { dialectOf } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { logActivity, type ActivityEntry } from "~/domain/activity/activity.server";
import { type OrderEvent, type OrderStatus, nextOrderStatus } from "./order-status";
import type { OrderEventKind } from "./order-types";
import { freePromise } from "./stock-moves.server";

/*
 * The lowest layer of orders (issue 21): reading one locked, making one move
 * of the state machine with its timeline step and its line in the activity
 * log, and opening the order of a newly issued invoice. The deal's own moves
 * (quote-moves.server.ts) use it when a hold ends unpaid.
 */

type Trx = Kysely<Database>;
export type OrderRow = Selectable<Database["orders"]>;
type Actor = ActivityEntry["actor"];

/** "2026-00042", the invoice's number. */
export const ORDER_NUMBER = /^\d{4}-\d{5,7}$/;

/**
 * An order by number, locked until the transaction ends (PostgreSQL; SQLite
 * writes one at a time). Its quote is locked first: every change of a deal
 * (a payment, closing the quote, the hold's clock) takes the quote, then its
 * orders, then the hold, so two of them wait for each other instead of
 * deciding on what the other is changing, and never lock in opposite orders.
 */
export async function lockOrder(trx: Trx, number: string): Promise<OrderRow | null> {
  if (!ORDER_NUMBER.test(number)) return null;
  const postgres = dialectOf(trx) === "postgres";
  if (postgres) {
    const peek = await trx.selectFrom("orders").select("quote_id").where("number", "=", number).executeTakeFirst();
    if (peek?.quote_id != null)
      await trx.selectFrom("quotes").select("id").where("id", "=", peek.quote_id).forUpdate().execute();
  }
  const row = await trx
    .selectFrom("orders")
    .selectAll()
    .where("number", "=", number)
    .$if(postgres, (q) => q.forUpdate())
    .executeTakeFirst();
  return row ?? null;
}

/** Adds a step to the order's timeline. */
export async function addOrderEvent(
  trx: Trx,
  orderId: number,
  kind: OrderEventKind,
  data: Record<string, unknown>,
  by: Actor["kind"],
  at: string,
): Promise<void> {
  await trx
    .insertInto("order_events")
    .values({ order_id: orderId, kind, data: JSON.stringify(data), by_kind: by, at })
    .execute();
}

/**
 * One move of the state machine: the new status, its timeline step and the
 * activity log. Returns the new status, or null when the machine does not
 * allow the move (nothing is written then).
 */
export async function moveOrder(
  trx: Trx,
  order: OrderRow,
  event: OrderEvent,
  step: { kind: OrderEventKind; data: Record<string, unknown> } | null,
  actor: Actor,
  at: string,
  changes: Partial<Omit<OrderRow, "id" | "number" | "status">> = {},
): Promise<OrderStatus | null> {
  const to = nextOrderStatus(order.status, event);
  if (!to) return null;
  // Only from the status read: a change that committed meanwhile makes this move nothing.
  const moved = await trx
    .updateTable("orders")
    .set({ ...changes, status: to, updated_at: at })
    .where("id", "=", order.id)
    .where("status", "=", order.status)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return null;
  if (event === "cancel") await freePromise(trx, order, actor, at);
  if (step) await addOrderEvent(trx, order.id, step.kind, step.data, actor.kind, at);
  await logActivity(trx, {
    actor,
    action: "order.status_changed",
    subject: { kind: "order", id: String(order.id) },
    summary: `Order ${order.number}: ${order.status} → ${to} (${event})`,
    at,
  });
  Object.assign(order, changes, { status: to, updated_at: at });
  return to;
}

/**
 * Cancels a quote's orders still awaiting payment when their invoice is
 * cancelled (the hold ended unpaid, or the deal was closed): the buyer is told
 * by the hold's or the deal's own mail, so no mail of its own.
 */
export async function cancelUnpaidOrders(trx: Trx, quoteId: number, reason: string, actor: Actor, at: string) {
  const open = await trx
    .selectFrom("orders")
    .selectAll()
    .where("quote_id", "=", quoteId)
    .where("status", "=", "awaiting_payment")
    .$if(dialectOf(trx) === "postgres", (q) => q.forUpdate())
    .execute();
  for (const order of open)
    await moveOrder(trx, order, "cancel", { kind: "cancelled", data: { reason, refundNote: "" } }, actor, at, {
      cancel_reason: reason,
    });
}

/** Whether a quote has a live order (`isLive`: money in, or shipped), read under the caller's lock of the quote. */
export async function quoteHasPaidOrder(trx: Trx, quoteId: number): Promise<boolean> {
  const row = await trx
    .selectFrom("orders")
    .select("id")
    .where("quote_id", "=", quoteId)
    .where(liveOrder)
    .executeTakeFirst();
  return row !== undefined;
}

/** Opens the order of an invoice just issued, in the issuing transaction. */
export async function openOrder(
  trx: Trx,
  invoice: { id: number; number: string; total: number; dueDate: string },
  deal: {
    quoteId: number;
    customerId: number | null;
    kind: "vehicle" | "part";
    itemId: number | null;
    itemName: string;
    refId: string;
    buyer: { name: string; email: string; country: string };
    language: string;
    port: string;
  },
  actor: Actor,
  at: string,
): Promise<number> {
  const row = await trx
    .insertInto("orders")
    .values({
      number: invoice.number,
      invoice_id: invoice.id,
      quote_id: deal.quoteId,
      customer_id: deal.customerId,
      kind: deal.kind,
      vehicle_id: deal.kind === "vehicle" ? deal.itemId : null,
      part_id: deal.kind === "part" ? deal.itemId : null,
      item_name: deal.itemName,
      ref_id: deal.refId,
      buyer_name: deal.buyer.name,
      buyer_email: deal.buyer.email,
      buyer_country: deal.buyer.country,
      language: deal.language,
      total: invoice.total,
      port: deal.port,
      etd: null,
      eta: null,
      shipping_method: null,
      courier: null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await addOrderEvent(trx, row.id, "opened", { total: invoice.total, due: invoice.dueDate }, actor.kind, at);
  await logActivity(trx, {
    actor,
    action: "order.opened",
    subject: { kind: "order", id: String(row.id) },
    summary: `Order ${invoice.number} opened: ${deal.itemName} (${deal.refId}) for ${deal.buyer.name}`,
    at,
  });
  return row.id;
}
