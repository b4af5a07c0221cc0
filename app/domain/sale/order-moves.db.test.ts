import { describe, expect, it } from "vitest";
import { DEAL, dealWorldForFile, STAFF } from "../../../tests/support/deal-world";
import { releaseHold } from "./holds.server";
import { moveOrder } from "./order-moves.server";
import { cancelOrder } from "./orders.server";

/*
 * The order's own moves (issue 21), on SQLite and PostgreSQL: the order an
 * accepted offer opens, each move of the state machine on the timeline and
 * in the owner's log, the orders a hold's end cancels, and what a move does
 * to a part's promise.
 */

const w = dealWorldForFile();
const OWNER = { kind: "staff", id: STAFF.adminId } as const;

/** The owner's log of one subject, oldest first. */
const logOf = (kind: "order" | "part", id: number) =>
  w.db
    .selectFrom("activity_log")
    .select(["action", "summary"])
    .where("subject_kind", "=", kind)
    .where("subject_id", "=", String(id))
    .orderBy("id")
    .execute();
/** An order's timeline as stored, oldest first. */
const stepsOf = async (orderId: number) =>
  (
    await w.db
      .selectFrom("order_events")
      .select(["kind", "data"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute()
  ).map((e) => ({ kind: e.kind, data: JSON.parse(e.data) as unknown }));

describe("an accepted offer opens its order", () => {
  it("with the total and due day on its first step, logged with item and buyer; a part's order names no vehicle", async () => {
    // A vehicle of the same id as the part exists: the part's order must still name none.
    await w.vehicle();
    const { number, partId } = await w.accepted({ part: { stock: 3, asked: 1 } });
    const order = await w.order(number);
    expect(order).toMatchObject({ kind: "part", part_id: partId, vehicle_id: null });
    const invoice = await w.db
      .selectFrom("invoices")
      .select(["total", "due_date"])
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    expect(await stepsOf(order.id)).toEqual([
      { kind: "opened", data: { total: invoice.total, due: invoice.due_date } },
    ]);
    expect(await logOf("order", order.id)).toEqual([
      {
        action: "order.opened",
        summary: `Order ${number} opened: ${order.item_name} (${order.ref_id}) for ${w.buyers[0]!.fullName}`,
      },
    ]);
  });
});

describe("a move of the state machine", () => {
  it("is logged from status to status; paying a part order takes its units and frees no promise", async () => {
    const { number, partId } = await w.accepted({ part: { stock: 4, asked: 2 } });
    const order = await w.order(number);
    expect((await w.pay(number, order.total)).ok).toBe(true);
    expect((await logOf("order", order.id)).filter((e) => e.action === "order.status_changed")).toEqual([
      { action: "order.status_changed", summary: `Order ${number}: awaiting_payment → paid (pay_full)` },
    ]);
    expect((await logOf("part", partId)).map((e) => e.action)).toEqual([
      "part.created",
      "part.promised",
      "part.stock_taken",
    ]);
  });

  it("cancelling an unpaid part order frees its promise", async () => {
    const { number, partId } = await w.accepted({ part: { stock: 2, asked: 2 } });
    expect((await cancelOrder(w.db, DEAL, number, { reason: "Wrong part" }, STAFF)).ok).toBe(true);
    expect((await logOf("part", partId)).map((e) => e.action)).toEqual([
      "part.created",
      "part.promised",
      "part.promise_freed",
    ]);
  });

  it("decided on a stale read of the order writes nothing", async () => {
    const { number } = await w.accepted();
    const stale = await w.order(number);
    expect((await w.pay(number, stale.total)).ok).toBe(true);
    const before = await stepsOf(stale.id);
    const at = new Date().toISOString();
    expect(await moveOrder(w.db, stale, "cancel", { kind: "cancelled", data: {} }, OWNER, at)).toBeNull();
    expect(await w.order(number)).toMatchObject({ status: "paid" });
    expect(await stepsOf(stale.id)).toEqual(before);
  });

  it("without a timeline step changes the status only, and the order in hand reads it", async () => {
    const { number } = await w.accepted();
    const order = await w.order(number);
    const at = new Date().toISOString();
    const moved = await moveOrder(w.db, order, "cancel", null, OWNER, at, { cancel_reason: "Test" });
    expect(moved).toBe("cancelled");
    expect(order).toMatchObject({ status: "cancelled", updated_at: at, cancel_reason: "Test" });
    expect(await w.order(number)).toMatchObject({ status: "cancelled", updated_at: at, cancel_reason: "Test" });
    expect((await stepsOf(order.id)).map((s) => s.kind)).toEqual(["opened"]);
  });
});

describe("a hold that ends unpaid", () => {
  it("cancels its order, with the hold's reason on the timeline and no refund to note", async () => {
    const { number, quoteNumber } = await w.accepted();
    expect((await releaseHold(w.db, DEAL, quoteNumber, STAFF)).ok).toBe(true);
    const order = await w.order(number);
    const reason = "The reservation was released before payment.";
    expect(order).toMatchObject({ status: "cancelled", cancel_reason: reason });
    expect((await stepsOf(order.id)).at(-1)).toEqual({ kind: "cancelled", data: { reason, refundNote: "" } });
  });
});
