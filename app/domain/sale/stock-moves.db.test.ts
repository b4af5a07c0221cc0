import * as partDealsDue from "~/db/migrations/2026-12-02-02-part-deals-due";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { localDriver } from "~/domain/media/media-store.server";
import { DocumentStore } from "./document-store.server";
import { addDocument } from "./order-documents.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { english } from "../../../tests/support/english";
import { dealWorld, STAFF, DEAL, type DealWorld } from "../../../tests/support/deal-world";
import type { DB } from "~/db/db.server";
import { cancelOrder } from "./orders.server";
import { PART_LAPSE_GRACE_DAYS, runDealClock } from "./holds.server";
import { orderableUnits } from "./stock-moves.server";

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
    expect((await w.offer(more)).ok).toBe(true);
  });

  it("an accepted deal's invoice is paid: its units leave the stock once and stay not promised", async () => {
    const { partId, numbers } = await partWithDeals(4, [3]);
    expect((await w.accept(numbers[0]!, 0)).ok).toBe(true);
    const [order] = await ordersOf(partId);
    expect((await w.pay(order!.number, 40_000)).ok).toBe(true);
    expect(await quantityOf(partId)).toBe(1);
    expect(await orderableUnits(w.db, partId)).toEqual({ inStock: 1, orderable: 1 });
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
