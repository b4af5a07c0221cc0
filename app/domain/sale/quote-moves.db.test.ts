import { describe, expect, it } from "vitest";
import { DEAL, dealWorldForFile, STAFF } from "../../../tests/support/deal-world";
import { english } from "../../../tests/support/english";
import { answerOffer } from "./answer.server";
import { releaseHold } from "./holds.server";
import { moveQuoteByStaff } from "./quote-moves.server";
/*
 * The quote's moves and what each does beside the status (issue 20), on
 * SQLite and PostgreSQL: the offer's outcome and when it was answered, the
 * invoice and order of a deal that ends, and the buyer's mail when the owner
 * closes an accepted deal.
 */

const w = dealWorldForFile({ language: "si" });

/** The quote's order, as stored. */
const orderOf = async (number: string) =>
  w.db
    .selectFrom("orders")
    .select(["status", "cancel_reason"])
    .where("quote_id", "=", (await w.quoteRow(number)).id)
    .executeTakeFirstOrThrow();

describe("the offer's outcome", () => {
  it("an offer the buyer answers is marked with its answer and when; one the owner withdraws is not answered", async () => {
    const { number: declined } = await w.offered();
    const at = new Date(Date.now() - 60_000);
    expect((await answerOffer(w.db, DEAL, declined, "decline", { customerId: w.buyerIds[0]! }, at)).ok).toBe(true);
    expect(await w.offerOf(declined)).toMatchObject({ status: "declined", answered_at: at.toISOString() });

    const { number: withdrawn } = await w.offered();
    const before = (await w.quoteMails(withdrawn)).length;
    expect(await moveQuoteByStaff(w.db, withdrawn, "close", STAFF, DEAL)).toEqual({ ok: true, to: "closed" });
    expect(await w.offerOf(withdrawn)).toMatchObject({ status: "withdrawn", answered_at: null });
    // Nothing was accepted: the buyer is sent no "deal closed" mail.
    expect(await w.quoteMails(withdrawn)).toHaveLength(before);
  });

  it("a move the quote's state does not allow changes nothing and says which move from which state", async () => {
    const { number } = await w.offered();
    expect((await answerOffer(w.db, DEAL, number, "decline", { customerId: w.buyerIds[0]! })).ok).toBe(true);
    const closed = await moveQuoteByStaff(w.db, number, "close", STAFF);
    expect(closed.ok).toBe(true);
    const again = await moveQuoteByStaff(w.db, number, "close", STAFF);
    expect(again.ok ? null : english(again.message)).toBe("A closed quote cannot be closed.");
    expect(await w.offerOf(number)).toMatchObject({ status: "declined" });
  });
});

describe("a deal that ends before payment", () => {
  it("closed by the owner: the hold ends as closed, the invoice and order are cancelled as closed, the buyer is told", async () => {
    const { vehicleId, number } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    expect(await moveQuoteByStaff(w.db, number, "close", STAFF, DEAL)).toEqual({ ok: true, to: "closed" });
    expect((await w.holdOf(number)).end_reason).toBe("closed");
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    const invoice = await w.invoiceOf(number);
    expect(invoice.void_reason).toBe("The deal was closed before payment.");
    expect(await orderOf(number)).toEqual({
      status: "cancelled",
      cancel_reason: "The deal was closed before payment.",
    });
    // The accepted offer stays accepted: closing the deal does not rewrite the buyer's answer.
    expect((await w.offerOf(number)).status).toBe("accepted");
    const { item_name: item } = await w.quoteRow(number);
    const told = (await w.quoteMails(number)).filter((m) => m.to_address === "amal@example.lk").at(-1)!;
    expect(told.subject).toContain(invoice.number);
    expect(told.subject).toContain(item);
    // In the buyer's language (Sinhala), not English.
    expect(told.subject).toMatch(/[\u0D80-\u0DFF]/);
  });

  it("a hold released by the owner: the invoice and order are cancelled as released", async () => {
    const { number } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    expect((await releaseHold(w.db, DEAL, number, STAFF)).ok).toBe(true);
    expect((await w.holdOf(number)).end_reason).toBe("released");
    expect((await w.invoiceOf(number)).void_reason).toBe("The reservation was released before payment.");
    expect(await orderOf(number)).toEqual({
      status: "cancelled",
      cancel_reason: "The reservation was released before payment.",
    });
    expect((await w.quoteRow(number)).status).toBe("expired");
  });

  it("a part deal closed by the owner: its invoice and order are cancelled, and its units can be ordered again", async () => {
    const partId = await w.part(2);
    const number = await w.quote("part", partId, 0, 2);
    const next = await w.quote("part", partId, 1, 2);
    for (const n of [number, next]) expect((await w.offer(n)).ok).toBe(true);
    expect((await w.accept(number)).ok).toBe(true);
    expect(await moveQuoteByStaff(w.db, number, "close", STAFF, DEAL)).toEqual({ ok: true, to: "closed" });
    expect((await w.invoiceOf(number)).void_reason).toBe("The deal was closed before payment.");
    expect(await orderOf(number)).toEqual({
      status: "cancelled",
      cancel_reason: "The deal was closed before payment.",
    });
    expect((await w.accept(next, 1)).ok).toBe(true);
  });

  it("a lapsed deal closed later sends the buyer no mail of a cancelled invoice, and the close is the owner's", async () => {
    const { number } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    expect((await releaseHold(w.db, DEAL, number, STAFF)).ok).toBe(true);
    const before = (await w.quoteMails(number)).length;
    expect(await moveQuoteByStaff(w.db, number, "close", STAFF, DEAL)).toEqual({ ok: true, to: "closed" });
    expect(await w.quoteMails(number)).toHaveLength(before);
    const logged = await w.db
      .selectFrom("activity_log")
      .select(["actor_kind", "actor_id", "summary"])
      .where("action", "=", "quote.status_changed")
      .where("subject_id", "=", String((await w.quoteRow(number)).id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({
      actor_kind: "staff",
      actor_id: "owner",
      summary: `Quote ${number}: expired → closed (close)`,
    });
  });

  it("a deal with money in cannot be closed: the owner cancels its order instead", async () => {
    const { number, vehicleId } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    expect((await w.pay((await w.invoiceOf(number)).number, 100_000)).ok).toBe(true);
    const closed = await moveQuoteByStaff(w.db, number, "close", STAFF, DEAL);
    expect(closed.ok ? null : english(closed.message)).toBe(
      "Money has been received for this deal: cancel its order (with a refund note) instead.",
    );
    expect((await w.quoteRow(number)).status).toBe("accepted");
    expect(await w.vehicleStatus(vehicleId)).toBe("reserved");
    expect((await w.invoiceOf(number)).voided_at).toBeNull();
  });

  it("a deal closed after an earlier one lapsed cancels only the new invoice; the old one keeps its reason", async () => {
    const { number } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    expect((await releaseHold(w.db, DEAL, number, STAFF)).ok).toBe(true);
    const first = await w.invoiceOf(number);
    expect((await w.offer(number, "1,000,000")).ok).toBe(true);
    expect((await w.accept(number)).ok).toBe(true);
    expect(await moveQuoteByStaff(w.db, number, "close", STAFF)).toEqual({ ok: true, to: "closed" });
    const invoices = await w.db
      .selectFrom("invoices")
      .select(["number", "voided_at", "void_reason"])
      .where("quote_id", "=", (await w.quoteRow(number)).id)
      .orderBy("id")
      .execute();
    expect(invoices.map((i) => i.void_reason)).toEqual([
      "The reservation was released before payment.",
      "The deal was closed before payment.",
    ]);
    expect(invoices[0]!.voided_at).toBe(first.voided_at);
  });
});
