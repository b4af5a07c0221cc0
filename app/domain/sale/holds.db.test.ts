import { describe, expect, it } from "vitest";
import { DEAL, dealWorldForFile, shopDayIn, STAFF } from "../../../tests/support/deal-world";
import type { DB } from "~/db/db.server";
import { english } from "../../../tests/support/english";
import { deleteQuotes } from "~/domain/quotes/admin-quotes.server";
import { answerOffer } from "./answer.server";
import type { InvoiceDocument } from "./deal-types";
import { extendHold, releaseHold, runDealClock } from "./holds.server";
import { invoiceAttachments } from "./invoice-file.server";
import { takeInvoiceNumber } from "./invoices.server";
import { createOffer } from "./offers.server";
import { moveQuoteByStaff } from "./quote-moves.server";
/*
 * What follows an acceptance (issue 20), on SQLite and PostgreSQL: invoice
 * numbers, the hold and the deal clock, and what the review found.
 */

// The buyer asks in Sinhala: the mails to them are not the English ones.
const w = dealWorldForFile({ language: "si" });

describe("invoice numbers", () => {
  it("run without gaps under concurrency, and a number taken in a failed issue is given back", async () => {
    const year = 2090;
    const other: DB = w.t.dialect === "postgres" ? w.t.open() : w.db;
    try {
      const taken = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? other : w.db).transaction().execute((trx) => takeInvoiceNumber(trx, year)),
        ),
      );
      expect(taken.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `2090-${String(i + 1).padStart(5, "0")}`));
    } finally {
      if (other !== w.db) await other.destroy();
    }
    await expect(
      w.db.transaction().execute(async (trx) => {
        await takeInvoiceNumber(trx, year);
        throw new Error("the issue failed");
      }),
    ).rejects.toThrow("the issue failed");
    expect(await w.db.transaction().execute((trx) => takeInvoiceNumber(trx, year))).toBe("2090-00013");
  });
});

describe("holds and the deal clock", () => {
  it("an expired hold puts the vehicle on sale again and tells the buyer and the owner", async () => {
    const { vehicleId, number } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    const before = await runDealClock(w.db, DEAL);
    expect(before.holds).toBe(0);
    expect(await w.vehicleStatus(vehicleId)).toBe("reserved");
    const later = new Date(Date.now() + 8 * 86_400_000);
    const after = await runDealClock(w.db, DEAL, later);
    expect(after.holds).toBeGreaterThanOrEqual(1);
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    const hold = await w.holdOf(number);
    expect(hold.end_reason).toBe("expired");
    // The deal lapsed: the quote may be offered again, and its invoice must not be paid.
    expect((await w.quoteRow(number)).status).toBe("expired");
    const invoice = await w.invoiceOf(number);
    expect(invoice).toMatchObject({ void_reason: "The reservation ended before payment." });
    expect(invoice.voided_at).not.toBeNull();
    // Each is told by a mail of its own, found by its subject among all the deal's mails.
    const { item_name: item, ref_id: ref } = await w.quoteRow(number);
    const mails = await w.quoteMails(number);
    const toBuyer = mails.filter((m) => m.subject === `ඉන්වොයිසිය ${invoice.number}: ${item} සඳහා ඔබේ වෙන් කිරීම අවසන් වී ඇත`);
    expect(toBuyer.map((m) => m.to_address)).toEqual(["amal@example.lk"]);
    expect(toBuyer[0]!.text_body).toContain(ref);
    const toOwner = mails.filter((m) => m.subject === `Hold expired: ${item} (${ref}) is on sale again`);
    expect(toOwner.map((m) => m.to_address)).toEqual(["owner@shop.example"]);
  });

  it("an open offer past its validity is expired by the clock", async () => {
    const { number } = await w.offered(0, w.cifForm({ validUntil: shopDayIn() }));
    await runDealClock(w.db, DEAL, new Date(Date.now() + 2 * 86_400_000));
    expect((await w.quoteRow(number)).status).toBe("expired");
    const offer = await w.offerOf(number);
    expect(offer.status).toBe("expired");
  });

  it("the owner extends a hold by working days and releases it; bad input changes nothing", async () => {
    const { vehicleId, number } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    const id = (await w.quoteRow(number)).id;
    const expires = async () =>
      (await w.db.selectFrom("holds").select("expires_at").where("quote_id", "=", id).executeTakeFirstOrThrow())
        .expires_at;
    const first = await expires();
    // "1e1" reads as ten to a number parser: only one or two digits are days.
    for (const bad of ["0", "21", "two", "-1", "1e1", "1e", "e1"]) {
      const refused = await extendHold(w.db, DEAL, number, bad, STAFF);
      expect(refused.ok ? null : english(refused.message)).toBe("Extend by 1 to 20 working days.");
    }
    expect(await expires()).toBe(first);
    expect((await extendHold(w.db, DEAL, number, "2", STAFF)).ok).toBe(true);
    const days = (Date.parse(await expires()) - Date.parse(first)) / 86_400_000;
    // The invoice is due when the hold now ends, printed so too, and the buyer is told.
    const newDue = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date(await expires()));
    const invoice = await w.db
      .selectFrom("invoices")
      .select(["number", "due_date", "document"])
      .where("quote_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(invoice.due_date).toBe(newDue);
    expect((JSON.parse(invoice.document) as InvoiceDocument).dueDate).toBe(newDue);
    const told = (await w.quoteMails(number)).filter((m) => m.to_address === "amal@example.lk").at(-1)!;
    expect(told.text_body).toContain(invoice.number);
    expect(days).toBeGreaterThanOrEqual(2);
    expect(days).toBeLessThanOrEqual(4);
    expect((await releaseHold(w.db, DEAL, number, STAFF)).ok).toBe(true);
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    const again = await releaseHold(w.db, DEAL, number, STAFF);
    expect(again.ok ? null : english(again.message)).toBe("This quote holds no vehicle now.");
  });

  it("extending a hold that is not there is refused as holding no vehicle, and changes nothing", async () => {
    // A quote never accepted holds nothing; an accepted one whose hold the owner released holds nothing any more.
    const { number: neverHeld } = await w.offered();
    const { vehicleId, number: released } = await w.offered();
    expect((await w.accept(released)).ok).toBe(true);
    expect((await releaseHold(w.db, DEAL, released, STAFF)).ok).toBe(true);
    const endedHold = await w.holdOf(released);
    const mailsBefore = (await w.quoteMails(released)).length;
    for (const number of [neverHeld, released]) {
      const outcome = await extendHold(w.db, DEAL, number, "2", STAFF);
      expect(outcome.ok ? null : english(outcome.message), number).toBe("This quote holds no vehicle now.");
    }
    expect(await w.ofQuote("holds", neverHeld)).toEqual([]);
    expect(await w.holdOf(released)).toEqual(endedHold);
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    expect((await w.quoteMails(released)).length).toBe(mailsBefore);
  });

  it("closing an accepted deal ends the hold and voids the invoice", async () => {
    const { vehicleId, number } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    expect(await moveQuoteByStaff(w.db, number, "close", STAFF)).toEqual({ ok: true, to: "closed" });
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    const invoice = await w.invoiceOf(number);
    expect(invoice.voided_at).not.toBeNull();
    // Its acceptance mail, if still waiting, goes without the cancelled invoice as a document to pay.
    expect(await invoiceAttachments(w.files)(`invoice:${invoice.number}`)).toBeNull();
  });
});

describe("what the review found", () => {
  it("a signed-in buyer answers the offer they were shown: a newer one is not accepted unseen", async () => {
    const { vehicleId, number, offer } = await w.offered();
    expect((await createOffer(w.db, DEAL, number, w.cifForm({ fob: "1,200,000" }), STAFF)).ok).toBe(true);
    const stale = await answerOffer(w.db, DEAL, number, "accept", {
      customerId: w.buyerIds[0]!,
      seenOfferId: offer.id,
    });
    expect(stale.ok ? null : [stale.refusal, english(stale.message)]).toEqual([
      "conflict",
      "Our offer has changed since you opened this page. Please read the new offer below before you answer.",
    ]);
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    const latest = await w.db
      .selectFrom("offers")
      .select("id")
      .where("quote_id", "=", (await w.quoteRow(number)).id)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    expect(
      (await answerOffer(w.db, DEAL, number, "accept", { customerId: w.buyerIds[0]!, seenOfferId: latest.id })).ok,
    ).toBe(true);
  });

  it("a vehicle the owner reserved by hand cannot be held, and so is never released by a hold", async () => {
    const { vehicleId, number } = await w.offered();
    await w.db.updateTable("vehicles").set({ stock_status: "reserved" }).where("id", "=", vehicleId).execute();
    const outcome = await w.accept(number);
    expect(outcome.ok ? null : outcome.refusal).toBe("conflict");
    await runDealClock(w.db, DEAL, new Date(Date.now() + 30 * 86_400_000));
    expect(await w.vehicleStatus(vehicleId)).toBe("reserved");
  });

  it("a vehicle sold during its hold stays sold when the hold runs out, and nobody is told it is on sale", async () => {
    const { vehicleId, number } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    await w.db.updateTable("vehicles").set({ stock_status: "sold" }).where("id", "=", vehicleId).execute();
    const before = (await w.quoteMails(number)).length;
    await runDealClock(w.db, DEAL, new Date(Date.now() + 30 * 86_400_000));
    expect(await w.vehicleStatus(vehicleId)).toBe("sold");
    const hold = await w.holdOf(number);
    expect(hold.end_reason).toBe("sold");
    expect((await w.quoteMails(number)).length).toBe(before);
    expect((await w.quoteRow(number)).status).toBe("accepted");
  });

  it("a quote with an invoice is kept when the owner deletes it", async () => {
    const { vehicleId, number } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    expect(await deleteQuotes(w.db, [number], STAFF)).toBe(0);
    expect((await w.quoteRow(number)).status).toBe("accepted");
    expect(await w.vehicleStatus(vehicleId)).toBe("reserved");
  });

  it("closing an accepted deal tells the buyer the invoice is cancelled", async () => {
    const { number } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    expect((await moveQuoteByStaff(w.db, number, "close", STAFF, DEAL)).ok).toBe(true);
    const last = (await w.quoteMails(number)).filter((m) => m.to_address === "amal@example.lk").at(-1)!;
    const invoice = await w.invoiceOf(number);
    expect(last.text_body).toContain(invoice.number);
    expect(last.attachments).toBeNull();
  });
});
