import { describe, expect, it } from "vitest";
import {
  allOrderMoves,
  awaitsMoney,
  canCancel,
  canShip,
  hasShipped,
  isClosed,
  isLive,
  isOrderStatus,
  nextOrderStatus,
  ORDER_STATUSES,
  owesMoney,
  takesPayments,
} from "./order-status";

describe("an order's status", () => {
  it("runs Awaiting payment → Partly paid → Paid → Shipped → Arrived → Completed", () => {
    expect(nextOrderStatus("awaiting_payment", "pay_part")).toBe("partly_paid");
    expect(nextOrderStatus("partly_paid", "pay_part")).toBe("partly_paid");
    expect(nextOrderStatus("partly_paid", "pay_full")).toBe("paid");
    expect(nextOrderStatus("awaiting_payment", "pay_full")).toBe("paid");
    expect(nextOrderStatus("paid", "ship")).toBe("shipped");
    expect(nextOrderStatus("shipped", "arrive")).toBe("arrived");
    expect(nextOrderStatus("arrived", "complete")).toBe("completed");
  });

  it("is cancelled from any step before Shipped, and never after", () => {
    for (const status of ORDER_STATUSES)
      expect(canCancel(status), status).toBe(["awaiting_payment", "partly_paid", "paid"].includes(status));
    expect(nextOrderStatus("shipped", "cancel")).toBeNull();
    expect(nextOrderStatus("cancelled", "cancel")).toBeNull();
  });

  it("ships unpaid only as the owner's exception, and a paid order ships the ordinary way", () => {
    expect(nextOrderStatus("awaiting_payment", "ship")).toBeNull();
    expect(nextOrderStatus("partly_paid", "ship")).toBeNull();
    expect(nextOrderStatus("partly_paid", "ship_unpaid")).toBe("shipped");
    expect(nextOrderStatus("paid", "ship_unpaid")).toBeNull();
  });

  it("takes money until it is complete or cancelled, without moving back", () => {
    expect(takesPayments("shipped")).toBe(true);
    expect(nextOrderStatus("shipped", "pay_full")).toBe("shipped");
    // Past the total, only as an over-payment: the order stays Paid.
    expect(takesPayments("paid")).toBe(true);
    expect(nextOrderStatus("paid", "pay_part")).toBeNull();
    expect(nextOrderStatus("paid", "pay_full")).toBe("paid");
    expect(takesPayments("completed")).toBe(false);
    expect(takesPayments("cancelled")).toBe(false);
  });

  it("nothing leaves Completed or Cancelled, no step is skipped, and every move ends in a status", () => {
    const from = new Set(allOrderMoves().map((m) => m.from));
    expect(from.has("completed")).toBe(false);
    expect(from.has("cancelled")).toBe(false);
    expect(nextOrderStatus("paid", "arrive")).toBeNull();
    expect(nextOrderStatus("paid", "complete")).toBeNull();
    expect(nextOrderStatus("shipped", "complete")).toBeNull();
    for (const m of allOrderMoves()) expect(ORDER_STATUSES).toContain(m.to);
    expect(["shipped", "arrived", "completed"].every((s) => hasShipped(s as never))).toBe(true);
  });

  it("the owner may ship an order on which nothing is paid yet, as the exception, straight from Awaiting payment", () => {
    expect(canShip("awaiting_payment")).toBe(true);
    expect(nextOrderStatus("awaiting_payment", "ship_unpaid")).toBe("shipped");
  });

  it("money still coming in after the ship left, or after the vehicle arrived, is taken and leaves the order where it is", () => {
    // A part of the balance, or the rest of it: the order neither moves back nor skips ahead.
    for (const status of ["shipped", "arrived"] as const) {
      expect(takesPayments(status), status).toBe(true);
      expect(nextOrderStatus(status, "pay_part"), `${status}, part`).toBe(status);
      expect(nextOrderStatus(status, "pay_full"), `${status}, the rest`).toBe(status);
    }
  });

  it("says what each status means for the owner's buttons and the buyer's money, status by status", () => {
    // One row per status: may it ship, be cancelled; has it left Japan; does it wait for money; is it closed.
    const table = Object.fromEntries(
      ORDER_STATUSES.map((s) => [s, [canShip(s), canCancel(s), hasShipped(s), awaitsMoney(s), isClosed(s)]]),
    );
    expect(table).toEqual({
      awaiting_payment: [true, true, false, true, false],
      partly_paid: [true, true, false, true, false],
      paid: [true, true, false, false, false],
      shipped: [false, false, true, false, false],
      arrived: [false, false, true, false, false],
      completed: [false, false, true, false, true],
      cancelled: [false, false, false, false, true],
    });
    expect(ORDER_STATUSES.every(isOrderStatus)).toBe(true);
    for (const other of ["", "Paid", "refunded", null, 3]) expect(isOrderStatus(other), String(other)).toBe(false);
  });

  it("owes money while less than the total is paid, unless cancelled; a deal is live once money came or it moved on", () => {
    expect(owesMoney({ status: "awaiting_payment", total: 100, paid: 0 })).toBe(true);
    expect(owesMoney({ status: "shipped", total: 100, paid: 99 })).toBe(true);
    expect(owesMoney({ status: "paid", total: 100, paid: 100 })).toBe(false);
    expect(owesMoney({ status: "paid", total: 100, paid: 120 })).toBe(false);
    expect(owesMoney({ status: "cancelled", total: 100, paid: 0 })).toBe(false);
    expect(isLive({ status: "awaiting_payment", paid: 0 })).toBe(false);
    expect(isLive({ status: "awaiting_payment", paid: 1 })).toBe(true);
    expect(isLive({ status: "shipped", paid: 0 })).toBe(true);
    expect(isLive({ status: "cancelled", paid: 500 })).toBe(false);
  });
});
