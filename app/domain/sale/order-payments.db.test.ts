import { describe, expect, it } from "vitest";
import {
  asVisitor,
  BANK,
  DEAL,
  dealWorldForFile,
  paymentFields,
  shopDayIn,
  STAFF,
} from "../../../tests/support/deal-world";
import { english, englishAll } from "../../../tests/support/english";
import { releaseHold, runDealClock } from "./holds.server";
import { moveQuoteByStaff } from "./quote-moves.server";
import { orderFor } from "./order-view.server";
import { recordPayment } from "./orders.server";

/*
 * Orders from the accepted offer to Completed (issue 21), on SQLite and
 * PostgreSQL: the order an acceptance opens and the payment arithmetic:
 * what is refused, what is paid, and a payment racing the owner's close.
 */

const w = dealWorldForFile();

const payments = async (number: string) =>
  w.db
    .selectFrom("payments")
    .innerJoin("orders", "orders.id", "payments.order_id")
    .select(["payments.amount", "payments.overpayment"])
    .where("orders.number", "=", number)
    .execute();

describe("an accepted offer", () => {
  it("opens an order with the invoice's number, awaiting payment, on the buyer's timeline", async () => {
    const { number } = await w.accepted();
    const row = await w.order(number);
    expect(row).toMatchObject({
      status: "awaiting_payment",
      total: 1_000_000,
      paid: 0,
      buyer_email: "amal@example.lk",
    });
    const view = await orderFor(w.db, number, asVisitor({ customerId: w.buyerIds[0]! }));
    expect(view?.steps.map((s) => s.kind)).toEqual(["opened"]);
    expect(view?.invoice.bank.accountNumber).toBe(BANK.accountNumber);
    expect(view?.balance).toBe(1_000_000);
  });
});

describe("payments", () => {
  it("refuse 0, negative, decimals, words and an empty amount, recording nothing", async () => {
    const { number } = await w.accepted();
    const cases: [string, string][] = [
      ["0", "The amount must be more than ¥0."],
      ["-500", "Enter whole yen, without decimals or a minus sign (for example 1,250,000)."],
      ["1.5", "Enter whole yen, without decimals or a minus sign (for example 1,250,000)."],
      ["1000.50", "Enter whole yen, without decimals or a minus sign (for example 1,250,000)."],
      ["abc", "Enter whole yen, without decimals or a minus sign (for example 1,250,000)."],
      ["", "Enter the amount received."],
    ];
    for (const [amount, message] of cases) {
      const outcome = await recordPayment(w.db, DEAL, number, paymentFields(amount), STAFF);
      expect(outcome.ok, amount).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.refusal).toBe("invalid");
      expect(englishAll(outcome.errors ?? {}).amount, amount).toBe(message);
      expect(outcome.values?.reference).toBe("TT-1");
    }
    const future = await recordPayment(w.db, DEAL, number, paymentFields("1000", { receivedOn: shopDayIn(3) }), STAFF);
    expect(future.ok).toBe(false);
    const badDay = await recordPayment(w.db, DEAL, number, paymentFields("1000", { receivedOn: "2026-02-30" }), STAFF);
    expect(badDay.ok).toBe(false);
    expect(await payments(number)).toEqual([]);
    expect((await w.order(number)).paid).toBe(0);
    expect(await w.buyerMails(number)).toEqual([]);
  });

  it("part, then the rest: Partly paid, then Paid; the vehicle is Sold and its hold ends; one mail each", async () => {
    const { number, vehicleId } = await w.accepted();
    const first = await recordPayment(w.db, DEAL, number, paymentFields("400,000"), STAFF);
    expect(first.ok).toBe(true);
    expect(await w.order(number)).toMatchObject({ status: "partly_paid", paid: 400_000 });
    expect(await w.vehicleStatus(vehicleId)).toBe("reserved");
    const rest = await recordPayment(w.db, DEAL, number, paymentFields("600000"), STAFF);
    expect(rest.ok).toBe(true);
    expect(english(rest.message)).toContain("Paid in full");
    expect(await w.order(number)).toMatchObject({ status: "paid", paid: 1_000_000 });
    expect(await w.vehicleStatus(vehicleId)).toBe("sold");
    const hold = await w.db
      .selectFrom("holds")
      .innerJoin("quotes", "quotes.id", "holds.quote_id")
      .innerJoin("orders", "orders.quote_id", "quotes.id")
      .select(["holds.ended_at", "holds.end_reason"])
      .where("orders.number", "=", number)
      .executeTakeFirstOrThrow();
    expect(hold.end_reason).toBe("sold");
    const mails = await w.buyerMails(number);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text_body).toContain("600,000");
    const view = await orderFor(w.db, number, asVisitor({ customerId: w.buyerIds[0]! }));
    expect(view?.steps.map((s) => s.kind)).toEqual(["opened", "payment", "paid"]);
    expect(view?.balance).toBe(0);
  });

  it("more than the balance is refused unless marked as an over-payment to refund", async () => {
    const { number } = await w.accepted();
    const over = await recordPayment(w.db, DEAL, number, paymentFields("1,200,000"), STAFF);
    expect(over.ok).toBe(false);
    if (!over.ok) expect(englishAll(over.errors ?? {}).amount).toContain("is more than the balance of ¥1,000,000");
    expect(await payments(number)).toEqual([]);
    const marked = await recordPayment(w.db, DEAL, number, paymentFields("1,200,000", { overpayment: "on" }), STAFF);
    expect(marked.ok).toBe(true);
    expect(await payments(number)).toEqual([{ amount: 1_200_000, overpayment: 1 }]);
    const view = await orderFor(w.db, number, { staff: true });
    expect(view).toMatchObject({ status: "paid", balance: 0, overpaid: 200_000 });
  });

  it("the same form sent twice records the payment once and mails once", async () => {
    const { number } = await w.accepted();
    const key = "same-form-key-000000000001";
    expect((await recordPayment(w.db, DEAL, number, paymentFields("100000", { key }), STAFF)).ok).toBe(true);
    expect((await recordPayment(w.db, DEAL, number, paymentFields("100000", { key }), STAFF)).ok).toBe(true);
    expect(await payments(number)).toHaveLength(1);
    expect((await w.order(number)).paid).toBe(100_000);
    expect(await w.buyerMails(number)).toHaveLength(1);
  });

  it("what was received stays within one payment's most past the total, so the sum always fits the database", async () => {
    const { number } = await w.accepted();
    expect((await recordPayment(w.db, DEAL, number, paymentFields("1000000"), STAFF)).ok).toBe(true);
    expect(
      (await recordPayment(w.db, DEAL, number, paymentFields("999,000,000", { overpayment: "on" }), STAFF)).ok,
    ).toBe(true);
    const more = await recordPayment(w.db, DEAL, number, paymentFields("1000000000", { overpayment: "on" }), STAFF);
    expect(more.ok).toBe(false);
    if (!more.ok) expect(english(more.message)).toBe("One payment is at most ¥1,000,000,000.");
    expect((await w.order(number)).paid).toBe(1_000_000_000);
    // The buyer is told of the money past the total, never of a balance below nothing.
    const last = (await w.buyerMails(number)).at(-1)!;
    expect(last.text_body).toContain("999,000,000");
    expect(last.text_body).not.toMatch(/-\s*¥/);
  });

  it("control characters typed or pasted into a reference are dropped, not a failure", async () => {
    const { number } = await w.accepted();
    const outcome = await recordPayment(
      w.db,
      DEAL,
      number,
      paymentFields("1000", { reference: "TT\u0000-55\u0007" }),
      STAFF,
    );
    expect(outcome.ok).toBe(true);
    const row = await w.db
      .selectFrom("payments")
      .innerJoin("orders", "orders.id", "payments.order_id")
      .select("payments.reference")
      .where("orders.number", "=", number)
      .executeTakeFirstOrThrow();
    expect(row.reference).toBe("TT-55");
  });

  it("a payment and the owner closing the deal at the same moment: never a cancelled order with money in", async () => {
    for (let round = 0; round < 4; round++) {
      const { number, quoteNumber } = await w.accepted();
      const [paid, closed] = await Promise.all([
        recordPayment(w.db, DEAL, number, paymentFields("400000"), STAFF),
        moveQuoteByStaff(w.db, quoteNumber, "close", STAFF),
      ]);
      const row = await w.order(number);
      // One of the two won, and the other was refused: whichever came second saw what the first did.
      expect(paid.ok !== closed.ok, `round ${round}: ${JSON.stringify({ paid, closed })}`).toBe(true);
      if (paid.ok) expect(row).toMatchObject({ status: "partly_paid", paid: 400_000 });
      else expect(row).toMatchObject({ status: "cancelled", paid: 0 });
    }
  });

  it("a hold with money in is not ended by the clock nor released by hand; an unpaid one is, and its order is cancelled", async () => {
    const partly = await w.accepted();
    expect((await recordPayment(w.db, DEAL, partly.number, paymentFields("100000"), STAFF)).ok).toBe(true);
    const unpaid = await w.accepted();
    await runDealClock(w.db, DEAL, new Date(Date.now() + 10 * 86_400_000));
    expect(await w.vehicleStatus(partly.vehicleId)).toBe("reserved");
    expect((await w.order(partly.number)).status).toBe("partly_paid");
    expect(await w.vehicleStatus(unpaid.vehicleId)).toBe("available");
    expect(await w.order(unpaid.number)).toMatchObject({
      status: "cancelled",
      cancel_reason: "The reservation ended before payment.",
    });
    const release = await releaseHold(w.db, DEAL, partly.quoteNumber, STAFF);
    expect(release.ok).toBe(false);
    const close = await moveQuoteByStaff(w.db, partly.quoteNumber, "close", STAFF);
    expect(close.ok).toBe(false);
    expect(await w.vehicleStatus(partly.vehicleId)).toBe("reserved");
  });
});
