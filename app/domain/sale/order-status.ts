/**
 * The one place that says how an order's status may change (issue 21):
 * Awaiting payment -> Partly paid -> Paid -> Shipped -> Arrived -> Completed,
 * and Cancelled from any step before Shipped. Payments move an order by the
 * balance they leave; shipping an order not yet paid in full is allowed to
 * the owner only as a marked exception. Browser-safe.
 */

export const ORDER_STATUSES = [
  "awaiting_payment",
  "partly_paid",
  "paid",
  "shipped",
  "arrived",
  "completed",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What happens to an order: a payment recorded (part of the total, or the
 * rest of it), the vehicle shipped (with the owner's exception when unpaid),
 * its arrival, the end, and a cancellation.
 */
export type OrderEvent = "pay_part" | "pay_full" | "ship" | "ship_unpaid" | "arrive" | "complete" | "cancel";

type Move = { from: OrderStatus; event: OrderEvent; to: OrderStatus };

const MOVES: readonly Move[] = [
  { from: "awaiting_payment", event: "pay_part", to: "partly_paid" },
  { from: "awaiting_payment", event: "pay_full", to: "paid" },
  { from: "partly_paid", event: "pay_part", to: "partly_paid" },
  { from: "partly_paid", event: "pay_full", to: "paid" },
  // Money past the total (a second transfer, bank charges refunded twice) is recorded as an over-payment.
  { from: "paid", event: "pay_full", to: "paid" },
  { from: "paid", event: "ship", to: "shipped" },
  // The owner's exception, logged: the vehicle leaves before the money is all in.
  { from: "awaiting_payment", event: "ship_unpaid", to: "shipped" },
  { from: "partly_paid", event: "ship_unpaid", to: "shipped" },
  // The rest of the money may still arrive after the ship left.
  { from: "shipped", event: "pay_part", to: "shipped" },
  { from: "shipped", event: "pay_full", to: "shipped" },
  { from: "arrived", event: "pay_part", to: "arrived" },
  { from: "arrived", event: "pay_full", to: "arrived" },
  { from: "shipped", event: "arrive", to: "arrived" },
  { from: "arrived", event: "complete", to: "completed" },
  { from: "awaiting_payment", event: "cancel", to: "cancelled" },
  { from: "partly_paid", event: "cancel", to: "cancelled" },
  { from: "paid", event: "cancel", to: "cancelled" },
];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return ORDER_STATUSES.includes(value as OrderStatus);
}

/** The status a move leads to, or null when the move is not allowed from `from`. */
export function nextOrderStatus(from: OrderStatus, event: OrderEvent): OrderStatus | null {
  return MOVES.find((m) => m.from === from && m.event === event)?.to ?? null;
}

/** Every move, for the tests and the owner's help text. */
export function allOrderMoves(): readonly Move[] {
  return MOVES;
}

/** Whether money may still be recorded on an order in this status. */
export function takesPayments(status: OrderStatus): boolean {
  return nextOrderStatus(status, "pay_full") !== null;
}

/** Whether the order may be shipped now (paid, or by the owner's exception before). */
export function canShip(status: OrderStatus): boolean {
  return nextOrderStatus(status, "ship") !== null || nextOrderStatus(status, "ship_unpaid") !== null;
}

/** Whether the order may be cancelled (before the ship leaves). */
export function canCancel(status: OrderStatus): boolean {
  return nextOrderStatus(status, "cancel") !== null;
}

/** Whether the vehicle has left Japan (the shipment's facts are then the ship's, not a plan). */
export function hasShipped(status: OrderStatus): boolean {
  return status === "shipped" || status === "arrived" || status === "completed";
}

/*
 * What an order's status says of its money and its life: the one set of
 * predicates every page, list and rule asks (order-sql.server.ts holds the
 * same in SQL, beside them).
 */

/** Money is awaited: the order has not been paid in full, nor has it left without it. */
export const AWAITING_MONEY = ["awaiting_payment", "partly_paid"] as const satisfies readonly OrderStatus[];

/** Whether the order waits for money (and, for parts, its units are promised, not yet taken). */
export function awaitsMoney(status: OrderStatus): boolean {
  return (AWAITING_MONEY as readonly OrderStatus[]).includes(status);
}

/** Whether money is still owed on it: not cancelled, and less paid than its total (shipped unpaid included). */
export function owesMoney(order: { status: OrderStatus; total: number; paid: number }): boolean {
  return order.status !== "cancelled" && order.paid < order.total;
}

/** Closed: nothing more happens to it (completed, or cancelled). */
export function isClosed(status: OrderStatus): boolean {
  return status === "completed" || status === "cancelled";
}

/**
 * Live: it keeps its deal alive, because money has come in or it has moved
 * on (shipped before payment). Such a deal is ended by cancelling the order
 * with a refund note; the hold's clock leaves it alone.
 */
export function isLive(order: { status: OrderStatus; paid: number }): boolean {
  return order.status !== "cancelled" && (order.paid > 0 || order.status !== "awaiting_payment");
}

/** The steps a buyer's timeline shows, in order (Cancelled stands apart). */
export const ORDER_STEPS = ["awaiting_payment", "paid", "shipped", "arrived", "completed"] as const;
