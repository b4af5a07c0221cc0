import * as partDealsDue from "~/db/migrations/2026-12-02-02-part-deals-due";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { localDriver } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { addDocument } from "./order-documents.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { english } from "../../../tests/support/english";
import { dealWorld, STAFF, DEAL, SYSTEM, type DealWorld } from "../../../tests/support/deal-world";
import type { DB } from "~/db/db.server";
import { cancelOrder, moveOrderByStaff, saveShipment } from "./orders.server";
import { PART_LAPSE_GRACE_DAYS, releaseHold, runDealClock } from "./holds.server";
import { freeVehicle, mayPromise, orderableUnits, takeParts } from "./stock-moves.server";

/*
 * Stock is promised once (issue 40.2), on SQLite and PostgreSQL: an accepted
 * part offer promises its units, what can still be offered and accepted is
 * the stock less the promises, two acceptances of the last unit or the last
 * vehicle at one moment give one deal, and a payment never completes an
 * order whose units the stock no longer holds.
 */

let w: DealWorld;
const documentsDir = mkdtempSync(path.join(tmpdir(), "stock-moves-docs-"));
beforeAll(async () => {
  w = await dealWorld(3);
});
afterAll(async () => {
  await w.cleanup();
  rmSync(documentsDir, { recursive: true, force: true });
});

const quantityOf = async (partId: number) =>
  (await w.db.selectFrom("parts").select("quantity").where("id", "=", partId).executeTakeFirstOrThrow()).quantity;
const ordersOf = (partId: number) =>
  w.db.selectFrom("orders").select(["number", "status", "paid"]).where("part_id", "=", partId).execute();
const ownerMails = (subject: string) =>
  w.db
    .selectFrom("mail_outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", DEAL.ownerEmail)
    .where("subject", "like", `%${subject}%`)
    .execute();

/**
 * An item's history as the owner reads it in the activity log, its own listing left out: each stock move is
 * logged on the item ("vehicle.sold", "part.stock_taken"), which is also what makes its public page afresh.
 */
const historyOf = async (kind: "vehicle" | "part", id: number) =>
  (
    await w.db
      .selectFrom("activity_log")
      .select(["action", "summary"])
      .where("subject_kind", "=", kind)
      .where("subject_id", "=", String(id))
      .orderBy("id")
      .execute()
  ).filter((e) => e.action !== `${kind}.created`);
/** Stock moves logged on no item at all: there must never be any. */
const movesOnNothing = () =>
  w.db
    .selectFrom("activity_log")
    .select(["action", "summary"])
    .where("subject_kind", "in", ["vehicle", "part"])
    .where((eb) => eb.or([eb("subject_id", "=", "null"), eb("subject_id", "is", null)]))
    .execute();
const refunded = { reason: "The buyer changed their mind.", refundNote: "Refunded by TT" };
/** The owner ships an order (its vessel given; unpaid, by the owner's exception, when money is still due). */
const ship = async (number: string) => {
  expect((await saveShipment(w.db, DEAL, number, { vessel: "Morning Star" }, STAFF)).ok).toBe(true);
  expect((await moveOrderByStaff(w.db, DEAL, number, "ship", { unpaid: "on" }, STAFF)).ok).toBe(true);
};

/** A part of `stock` units with one accepted deal per entry of `asked` (buyer i asks asked[i]). */
async function partWithDeals(stock: number, asked: number[]) {
  const partId = await w.part(stock);
  const numbers: string[] = [];
  for (const [i, units] of asked.entries()) {
    const number = await w.quote("part", partId, i, units);
    expect((await w.offer(number)).ok).toBe(true);
    numbers.push(number);
  }
  return { partId, numbers };
}

describe("a part's units are promised once", () => {
  it("a second buyer accepting the last unit one after the other is refused with what is left, and the owner is told", async () => {
    const { partId, numbers } = await partWithDeals(1, [1, 1]);
    expect((await w.accept(numbers[0]!, 0)).ok).toBe(true);
    const second = await w.accept(numbers[1]!, 1);
    expect(second.ok ? null : [second.refusal, english(second.message)]).toEqual([
      "conflict",
      "Sorry: only 0 of this part can still be ordered; the rest is promised to other buyers. The shop has been told and will write to you.",
    ]);
    expect(await ordersOf(partId)).toHaveLength(1);
    // Pressing Accept again is refused the same way, and the owner is not mailed twice.
    expect((await w.accept(numbers[1]!, 1)).ok).toBe(false);
    const told = await ownerMails(`Not enough stock: quote ${numbers[1]}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.text_body).toContain("only 0 can still be sold");
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 1, orderable: 0 });
    // The part's history shows the one promise; the refusals promised nothing.
    expect(await historyOf("part", partId)).toEqual([
      { action: "part.promised", summary: expect.stringContaining(`promised to quote ${numbers[0]}`) as string },
    ]);
  });

  it("what is promised is what can no longer be offered; cancelling the order frees it", async () => {
    const { partId, numbers } = await partWithDeals(5, [3]);
    // Asked while all five could be ordered.
    const more = await w.quote("part", partId, 1, 3);
    expect((await w.accept(numbers[0]!, 0)).ok).toBe(true);
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 5, orderable: 2 });
    // The owner cannot offer three more: only two are not promised.
    const refused = await w.offer(more);
    expect(refused.ok ? null : english(refused.message)).toBe(
      "Only 2 of this part can still be sold (the rest is promised to other buyers' deals), and this quote asks for 3. Add stock first, or ask the buyer to change the quantity.",
    );
    const [order] = await ordersOf(partId);
    const reason = { reason: "The buyer changed their mind." };
    expect((await cancelOrder(w.db, DEAL, order!.number, reason, STAFF)).ok).toBe(true);
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 5, orderable: 5 });
    // Nothing had left the stock, so nothing comes back: the promise is freed, as the part's history says.
    expect((await historyOf("part", partId)).map((e) => e.action)).toEqual(["part.promised", "part.promise_freed"]);
    expect((await historyOf("part", partId)).at(-1)!.summary).toBe(
      `Order ${order!.number} was cancelled: the units it was promised can be ordered again`,
    );
    expect((await w.offer(more)).ok).toBe(true);
  });

  it("an accepted deal's invoice is paid: its units leave the stock once and stay not promised", async () => {
    const { partId, numbers } = await partWithDeals(4, [3]);
    expect((await w.accept(numbers[0]!, 0)).ok).toBe(true);
    const [order] = await ordersOf(partId);
    expect((await w.pay(order!.number, 40_000)).ok).toBe(true);
    expect(await quantityOf(partId)).toBe(1);
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 1, orderable: 1 });
    const { item_name, ref_id } = await w.order(order!.number);
    expect((await historyOf("part", partId)).at(-1)).toEqual({
      action: "part.stock_taken",
      summary: `3 × ${item_name} (${ref_id}) taken from stock: order ${order!.number} (1 left)`,
    });
  });

  it("cancelling a paid order puts back the units it took; cancelling an unpaid one only frees its promise", async () => {
    const { partId, numbers } = await partWithDeals(5, [2, 1]);
    for (const [i, n] of numbers.entries()) expect((await w.accept(n, i)).ok).toBe(true);
    const [paid, unpaid] = await ordersOf(partId);
    expect((await w.pay(paid!.number, 40_000)).ok).toBe(true);
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 3, orderable: 2 });
    expect((await cancelOrder(w.db, DEAL, paid!.number, refunded, STAFF)).ok).toBe(true);
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 5, orderable: 4 });
    expect((await cancelOrder(w.db, DEAL, unpaid!.number, refunded, STAFF)).ok).toBe(true);
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 5, orderable: 5 });
    const { item_name, ref_id } = await w.order(paid!.number);
    expect((await historyOf("part", partId)).slice(2)).toEqual([
      {
        action: "part.stock_taken",
        summary: `2 × ${item_name} (${ref_id}) taken from stock: order ${paid!.number} (3 left)`,
      },
      {
        action: "part.stock_returned",
        summary: `2 × ${item_name} (${ref_id}) back in stock: order ${paid!.number} was cancelled`,
      },
      {
        action: "part.promise_freed",
        summary: `Order ${unpaid!.number} was cancelled: the units it was promised can be ordered again`,
      },
    ]);
  });

  it("shipped before it is paid, or paid before it ships: an order's units leave the stock once", async () => {
    const { partId, numbers } = await partWithDeals(10, [2, 3]);
    for (const [i, n] of numbers.entries()) expect((await w.accept(n, i)).ok).toBe(true);
    const [paidFirst, shippedFirst] = await ordersOf(partId);
    expect((await w.pay(paidFirst!.number, 40_000)).ok).toBe(true);
    await ship(paidFirst!.number);
    expect(await quantityOf(partId)).toBe(8);
    await ship(shippedFirst!.number);
    expect(await quantityOf(partId)).toBe(5);
    expect((await w.pay(shippedFirst!.number, 40_000)).ok).toBe(true);
    expect(await quantityOf(partId)).toBe(5);
    const taken = (await historyOf("part", partId)).filter((e) => e.action === "part.stock_taken");
    expect(taken.map((e) => e.summary.match(/^\d+ ×|order \S+ \(\d+ left\)$/g))).toEqual([
      ["2 ×", `order ${paidFirst!.number} (8 left)`],
      ["3 ×", `order ${shippedFirst!.number} (5 left)`],
    ]);
  });

  it("orders of a part deleted from the stock list are paid and cancelled without moving any stock", async () => {
    const { partId, numbers } = await partWithDeals(5, [1, 2]);
    for (const [i, n] of numbers.entries()) expect((await w.accept(n, i)).ok).toBe(true);
    const [paid, unpaid] = await ordersOf(partId);
    expect((await w.pay(paid!.number, 40_000)).ok).toBe(true);
    await w.db.deleteFrom("parts").where("id", "=", partId).execute();
    expect((await cancelOrder(w.db, DEAL, paid!.number, refunded, STAFF)).ok).toBe(true);
    expect((await cancelOrder(w.db, DEAL, unpaid!.number, refunded, STAFF)).ok).toBe(true);
    expect(await movesOnNothing()).toEqual([]);
  });

  it("a part that is not in the stock list can be neither promised nor taken", async () => {
    const gone = await w.part(1);
    await w.db.deleteFrom("parts").where("id", "=", gone).execute();
    expect(await orderableUnits(w.db, gone)).toBeNull();
    expect(await mayPromise(w.db, gone, 1)).toEqual({ ok: false, left: 0 });
    const order = {
      id: 0,
      number: "2026-99999",
      kind: "part",
      vehicle_id: null,
      part_id: gone,
      quote_id: null,
    } as const;
    expect(
      await takeParts(w.db, { ...order, item_name: "Gone", ref_id: "P-0" }, SYSTEM, new Date().toISOString()),
    ).toEqual({ ok: true, taken: 0 });
    expect(await historyOf("part", gone)).toEqual([]);
  });

  it("a payment for units the stock no longer holds is refused and records nothing", async () => {
    const { partId, numbers } = await partWithDeals(2, [1, 1]);
    for (const [i, n] of numbers.entries()) expect((await w.accept(n, i)).ok).toBe(true);
    // The owner counts again and finds one unit only.
    await w.db.updateTable("parts").set({ quantity: 1 }).where("id", "=", partId).execute();
    const [first, second] = await ordersOf(partId);
    expect((await w.pay(first!.number, 40_000)).ok).toBe(true);
    const refused = await w.pay(second!.number, 40_000);
    expect(refused.ok ? null : [refused.refusal, english(refused.message)]).toEqual([
      "conflict",
      "Only 0 of this part are in stock and this order needs 1: add stock on the part's page, or cancel the order with a refund note. Nothing was recorded.",
    ]);
    const after = await ordersOf(partId);
    expect(after.find((o) => o.number === second!.number)).toMatchObject({ status: "awaiting_payment", paid: 0 });
    expect(await quantityOf(partId)).toBe(0);
  });
});

describe("two acceptances at the same moment", () => {
  /** On PostgreSQL two connections, as two instances of the shop; SQLite writes one transaction at a time. */
  async function atOnce<T>(run: (other: DB) => Promise<T>): Promise<T> {
    const other: DB = w.t.dialect === "postgres" ? w.t.open() : w.db;
    try {
      return await run(other);
    } finally {
      if (other !== w.db) await other.destroy();
    }
  }

  it("for the last unit of a part: exactly one wins, round after round", async () => {
    // Several rounds, three buyers each: a check made without the part's lock lets two through within a few.
    for (let round = 0; round < 6; round++) {
      const { partId, numbers } = await partWithDeals(1, [1, 1, 1]);
      const results = await atOnce((other) =>
        Promise.all([w.accept(numbers[0]!, 0), w.accept(numbers[1]!, 1, other), w.accept(numbers[2]!, 2)]),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => (r.ok ? 0 : r.refusal))).toEqual(["conflict", "conflict"]);
      expect(await ordersOf(partId)).toHaveLength(1);
      expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 1, orderable: 0 });
    }
  });

  it("for the last vehicle: exactly one holds it", async () => {
    const vehicleId = await w.vehicle();
    const numbers = [await w.quote("vehicle", vehicleId, 0), await w.quote("vehicle", vehicleId, 1)];
    for (const n of numbers) expect((await w.offer(n, "1000000")).ok).toBe(true);
    const results = await atOnce((other) => Promise.all([w.accept(numbers[0]!, 0), w.accept(numbers[1]!, 1, other)]));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const orders = await w.db.selectFrom("orders").select("id").where("vehicle_id", "=", vehicleId).execute();
    expect(orders).toHaveLength(1);
    const holds = await w.db.selectFrom("holds").select("id").where("vehicle_id", "=", vehicleId).execute();
    expect(holds).toHaveLength(1);
  });
});

describe("a part deal's promise runs out with its invoice", () => {
  it("unpaid past its due day: the deal lapses, the invoice and order are cancelled, the units can be ordered again", async () => {
    const { partId, numbers } = await partWithDeals(2, [2]);
    expect((await w.accept(numbers[0]!, 0)).ok).toBe(true);
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 2, orderable: 0 });
    // The day before the due day nothing moves; weeks later the deal has lapsed.
    const invoice = await w.db
      .selectFrom("invoices")
      .innerJoin("quotes", "quotes.id", "invoices.quote_id")
      .select(["invoices.number", "invoices.due_date"])
      .where("quotes.number", "=", numbers[0]!)
      .executeTakeFirstOrThrow();
    const dueDay = new Date(`${invoice.due_date}T12:00:00+09:00`);
    const daysAfter = (n: number) => new Date(dueDay.getTime() + n * 86_400_000);
    // On the due day, and while a transfer sent then may still be on its way, nothing moves.
    for (const day of [dueDay, daysAfter(PART_LAPSE_GRACE_DAYS)])
      expect((await runDealClock(w.db, DEAL, day)).parts).toBe(0);
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 2, orderable: 0 });
    const later = daysAfter(PART_LAPSE_GRACE_DAYS + 1);
    expect((await runDealClock(w.db, DEAL, later)).parts).toBeGreaterThanOrEqual(1);
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 2, orderable: 2 });
    const quote = await w.db
      .selectFrom("quotes")
      .select("status")
      .where("number", "=", numbers[0]!)
      .executeTakeFirstOrThrow();
    expect(quote.status).toBe("expired");
    expect(await ordersOf(partId)).toMatchObject([{ number: invoice.number, status: "cancelled" }]);
    const voided = await w.db
      .selectFrom("invoices")
      .select("voided_at")
      .where("number", "=", invoice.number)
      .executeTakeFirstOrThrow();
    expect(voided.voided_at).not.toBeNull();
    const buyerMail = await w.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("to_address", "=", "buyer0@example.lk")
      .where("subject", "like", `%${invoice.number}%lapsed%`)
      .execute();
    expect(buyerMail).toHaveLength(1);
    expect(await ownerMails(`Invoice ${invoice.number} lapsed unpaid`)).toHaveLength(1);
    // Another buyer may now have both.
    const next = await w.quote("part", partId, 1, 2);
    expect((await w.offer(next)).ok).toBe(true);
    expect((await w.accept(next, 1)).ok).toBe(true);
  });
});

describe("a part deal whose buyer sent a receipt", () => {
  it("does not lapse: the owner checks the bank and decides", async () => {
    const { partId, numbers } = await partWithDeals(1, [1]);
    expect((await w.accept(numbers[0]!, 0)).ok).toBe(true);
    const [order] = await ordersOf(partId);
    const receipt = Buffer.from("%PDF-1.4\n% a bank transfer slip\n%%EOF\n", "latin1");
    const sent = await addDocument(
      w.db,
      new DocumentStore(localDriver(documentsDir)),
      DEAL,
      { number: order!.number },
      { data: receipt, filename: "receipt.pdf" },
      { by: "buyer", actor: { kind: "customer", id: String(w.buyerIds[0]) } },
    );
    expect(sent.ok).toBe(true);
    const due = await w.db
      .selectFrom("invoices")
      .select("due_date")
      .where("number", "=", order!.number)
      .executeTakeFirstOrThrow();
    const weeksLater = new Date(new Date(`${due.due_date}T12:00:00+09:00`).getTime() + 30 * 86_400_000);
    await runDealClock(w.db, DEAL, weeksLater);
    expect(await ordersOf(partId)).toMatchObject([{ status: "awaiting_payment" }]);
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 1, orderable: 0 });
  });
});

describe("part deals accepted before they could lapse", () => {
  it("are given a week from the release, printed due date with them, so none lapses at once", async () => {
    const { partId, numbers } = await partWithDeals(1, [1]);
    expect((await w.accept(numbers[0]!, 0)).ok).toBe(true);
    const [order] = await ordersOf(partId);
    await w.db.updateTable("invoices").set({ due_date: "2026-01-05" }).where("number", "=", order!.number).execute();
    await partDealsDue.up(w.db);
    const invoice = await w.db
      .selectFrom("invoices")
      .select(["due_date", "document"])
      .where("number", "=", order!.number)
      .executeTakeFirstOrThrow();
    const week = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(
      new Date(Date.now() + 7 * 86_400_000),
    );
    expect(invoice.due_date).toBe(week);
    expect((JSON.parse(invoice.document) as { dueDate: string }).dueDate).toBe(week);
    expect((await runDealClock(w.db, DEAL)).parts).toBe(0);
    expect(await ordersOf(partId)).toMatchObject([{ status: "awaiting_payment" }]);
  });
});

describe("a vehicle's stock follows its deal", () => {
  it("accepting holds it Reserved; the hold released, it is Available again, as its history says", async () => {
    const vehicleId = await w.vehicle();
    const number = await w.quote("vehicle", vehicleId, 0);
    expect((await w.offer(number, "1000000")).ok).toBe(true);
    expect((await w.accept(number, 0)).ok).toBe(true);
    expect(await w.vehicleStatus(vehicleId)).toBe("reserved");
    expect((await releaseHold(w.db, DEAL, number, STAFF)).ok).toBe(true);
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    expect(await historyOf("vehicle", vehicleId)).toEqual([
      { action: "vehicle.reserved", summary: expect.stringContaining(`reserved for quote ${number}`) as string },
      { action: "vehicle.hold_ended", summary: `Vehicle ${vehicleId} is available again: its hold ended (released)` },
    ]);
    // Its unpaid order was cancelled with the hold: a vehicle's order frees no part.
    expect(await movesOnNothing()).toEqual([]);
  });

  it("a hold ending on a vehicle no longer Reserved leaves it as it is, and nothing says it is back on sale", async () => {
    const { quoteNumber, vehicleId } = await w.accepted();
    // Put back on sale before the shop kept Reserved for the deal alone.
    await w.db.updateTable("vehicles").set({ stock_status: "available" }).where("id", "=", vehicleId).execute();
    expect((await releaseHold(w.db, DEAL, quoteNumber, STAFF)).ok).toBe(true);
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    expect((await historyOf("vehicle", vehicleId)).map((e) => e.action)).toEqual(["vehicle.reserved"]);
    expect(await freeVehicle(w.db, vehicleId, SYSTEM, new Date().toISOString(), "expired")).toBe(false);
  });

  it("paid in full it is Sold; cancelling the order that sold it puts it on sale again", async () => {
    const { number, vehicleId } = await w.accepted();
    expect((await w.pay(number, 1_000_000)).ok).toBe(true);
    expect(await w.vehicleStatus(vehicleId)).toBe("sold");
    expect((await cancelOrder(w.db, DEAL, number, refunded, STAFF)).ok).toBe(true);
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    const { item_name, ref_id } = await w.order(number);
    expect((await historyOf("vehicle", vehicleId)).slice(1)).toEqual([
      { action: "vehicle.sold", summary: `${item_name} (${ref_id}) sold: order ${number} is paid` },
      {
        action: "vehicle.unsold",
        summary: `${item_name} (${ref_id}) is available again: order ${number} was cancelled`,
      },
    ]);
    expect(await movesOnNothing()).toEqual([]);
  });

  it("shipped before it is paid it is Sold then, and the payment that completes it sells it no second time", async () => {
    const { number, vehicleId } = await w.accepted();
    expect((await w.pay(number, 400_000)).ok).toBe(true);
    await ship(number);
    expect(await w.vehicleStatus(vehicleId)).toBe("sold");
    expect((await w.pay(number, 600_000)).ok).toBe(true);
    expect(await w.vehicleStatus(vehicleId)).toBe("sold");
    expect((await historyOf("vehicle", vehicleId)).map((e) => e.action)).toEqual(["vehicle.reserved", "vehicle.sold"]);
  });
});
