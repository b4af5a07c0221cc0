import { afterEach, describe, expect, it, vi } from "vitest";
import { DEAL, dealWorldForFile, STAFF } from "../../../tests/support/deal-world";
import { english } from "../../../tests/support/english";
import { shopDay } from "~/i18n/format";
import { invoiceAttachments } from "./invoice-file.server";
import { holdEndedMail, holdExtendedMail } from "./buyer-mails.server";
import { extendHold, releaseHold, runDealClock, startDealWorker } from "./holds.server";
import { moveQuoteByStaff } from "./quote-moves.server";
/*
 * The deal clock to the millisecond and the owner's hand on a hold (issue
 * 20.2), on SQLite and PostgreSQL: what runs out when, what the clock
 * reports, what money in keeps, and what the buyer and the owner are told.
 * Each test closes its deals after it, so the clock's counts are its own.
 */

const w = dealWorldForFile({ language: "si" });

/** Every quote a test made is closed after it: no offer, hold or unpaid deal is left for the next clock. */
const made: string[] = [];
afterEach(async () => {
  for (const number of made.splice(0)) await moveQuoteByStaff(w.db, number, "close", STAFF);
});

const DAY = 86_400_000;
/** Midnight in Tokyo, `days` days from now: a shop day's first moment. */
const shopMidnight = (days: number) =>
  new Date(Date.parse(`${shopDay(new Date(Date.now() + days * DAY))}T00:00:00+09:00`));

/**
 * An open offer, a vehicle's hold and a part deal, all running out at `moment`: the hold and the offer end
 * just before it, the part deal's invoice was due four shop days before (three days of grace for a transfer
 * on its way). Closed after the test.
 */
async function dealsRunningOutAt(moment: Date) {
  const { number: offered } = await w.offered();
  const { number: held, vehicleId } = await w.offered();
  const partId = await w.part(3);
  const partDeal = await w.quote("part", partId, 0, 2);
  made.push(offered, held, partDeal);
  expect((await w.offer(partDeal)).ok).toBe(true);
  for (const n of [held, partDeal]) expect((await w.accept(n)).ok).toBe(true);
  const lastValid = new Date(moment.getTime() - 1).toISOString();
  await w.db
    .updateTable("offers")
    .set({ valid_until: lastValid })
    .where("quote_id", "=", (await w.quoteRow(offered)).id)
    .execute();
  await w.db
    .updateTable("holds")
    .set({ expires_at: lastValid })
    .where("quote_id", "=", (await w.quoteRow(held)).id)
    .execute();
  const due = shopDay(new Date(moment.getTime() - 4 * DAY));
  await w.db
    .updateTable("invoices")
    .set({ due_date: due })
    .where("quote_id", "=", (await w.quoteRow(partDeal)).id)
    .execute();
  return { offered, held, vehicleId, partDeal };
}

describe("the deal clock", () => {
  it("ends each deal once when two of the shop's instances run it at the same moment", async () => {
    const moment = shopMidnight(40);
    const { offered, held, partDeal } = await dealsRunningOutAt(moment);
    const toBuyer = async () => (await w.quoteMails(held)).filter((m) => m.to_address === w.buyers[0]!.email).length;
    const mailsBefore = await toBuyer();

    // Both find the same deals; whichever comes second finds each already ended and leaves it.
    const [a, b] = await Promise.all([runDealClock(w.db, DEAL, moment), runDealClock(w.db, DEAL, moment)]);
    expect({ offers: a.offers + b.offers, holds: a.holds + b.holds, parts: a.parts + b.parts }).toEqual({
      offers: 1,
      holds: 1,
      parts: 1,
    });
    for (const n of [offered, held, partDeal]) expect((await w.quoteRow(n)).status, n).toBe("expired");
    // The buyer is told once that the hold ended, and the log says it once.
    expect((await toBuyer()) - mailsBefore).toBe(1);
    const logged = await w.db
      .selectFrom("activity_log")
      .select("id")
      .where("action", "=", "hold.expired")
      .where("summary", "=", `Hold of quote ${held} expired`)
      .execute();
    expect(logged).toHaveLength(1);
  });

  it("ends what ran out before its moment and nothing at it: an offer, a hold, a part deal past its days of grace", async () => {
    const moment = shopMidnight(30);
    const { offered, held, vehicleId, partDeal } = await dealsRunningOutAt(moment);

    const none = { offers: 0, holds: 0, parts: 0, consigneeChanges: 0 };
    expect(await runDealClock(w.db, DEAL, new Date(moment.getTime() - 1))).toEqual(none);
    expect((await w.quoteRow(held)).status).toBe("accepted");
    expect(await w.vehicleStatus(vehicleId)).toBe("reserved");
    expect((await w.quoteRow(partDeal)).status).toBe("accepted");
    expect(await runDealClock(w.db, DEAL, moment)).toEqual({ offers: 1, holds: 1, parts: 1, consigneeChanges: 0 });
    expect(await runDealClock(w.db, DEAL, moment)).toEqual(none);
    for (const n of [offered, held, partDeal]) expect((await w.quoteRow(n)).status, n).toBe("expired");
    // The offer ran out unanswered: the clock's moment is written on it.
    expect(await w.offerOf(offered)).toMatchObject({ status: "expired", answered_at: moment.toISOString() });
    expect((await w.invoiceOf(partDeal)).void_reason).toBe("The reservation ended before payment.");
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    // The buyer is told in their language that the reservation ran out, on the clock's day.
    const { item_name: item, ref_id: ref } = await w.quoteRow(held);
    const ended = holdEndedMail("si", {
      name: "Amal Perera",
      item,
      ref,
      invoice: (await w.invoiceOf(held)).number,
      ended: moment.toISOString(),
      reason: "expired",
      shopName: DEAL.shopName,
      publicUrl: DEAL.publicUrl,
    });
    const toBuyer = (await w.quoteMails(held)).filter((m) => m.subject === ended.subject);
    expect(toBuyer.map((m) => [m.to_address, m.text_body])).toEqual([["amal@example.lk", ended.text]]);
    // The clock did it, and logged the hold it ended.
    const logged = await w.db
      .selectFrom("activity_log")
      .select(["actor_kind", "summary"])
      .where("action", "=", "hold.expired")
      .where("subject_kind", "=", "quote")
      .where("subject_id", "=", String((await w.quoteRow(held)).id))
      .execute();
    expect(logged).toEqual([{ actor_kind: "system", summary: `Hold of quote ${held} expired` }]);
  });

  it("the deal worker runs the clock at each tick: a hold past its expiry ends without anyone pressing a button", async () => {
    const { number, vehicleId } = await w.offered();
    made.push(number);
    expect((await w.accept(number)).ok).toBe(true);
    await w.db
      .updateTable("holds")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("quote_id", "=", (await w.quoteRow(number)).id)
      .execute();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let stop: (() => Promise<void>) | undefined;
    try {
      stop = startDealWorker(w.db, DEAL, 60_000);
      vi.advanceTimersByTime(60_000);
    } finally {
      vi.useRealTimers();
      await stop?.();
    }
    expect((await w.holdOf(number)).end_reason).toBe("expired");
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
  });

  it("a part deal that lapses: its invoice and order are cancelled, the buyer and the owner are told", async () => {
    const partId = await w.part(3);
    const number = await w.quote("part", partId, 0, 2);
    made.push(number);
    expect((await w.offer(number)).ok).toBe(true);
    const accepted = await w.accept(number);
    if (!accepted.ok) throw new Error("not accepted");
    const invoice = await w.invoiceOf(number);
    const { item_name: item, ref_id: ref } = await w.quoteRow(number);
    await runDealClock(w.db, DEAL, new Date(Date.parse(`${invoice.due_date}T00:00:00+09:00`) + 5 * DAY));
    expect((await w.quoteRow(number)).status).toBe("expired");
    expect((await w.invoiceOf(number)).voided_at).not.toBeNull();
    const order = await w.order(accepted.invoiceNumber!);
    expect(order.status).toBe("cancelled");
    // The clock lapsed it, not a person.
    const lapsed = await w.db
      .selectFrom("activity_log")
      .select(["actor_kind", "summary"])
      .where("action", "=", "quote.status_changed")
      .where("subject_kind", "=", "quote")
      .where("subject_id", "=", String((await w.quoteRow(number)).id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(lapsed).toEqual({ actor_kind: "system", summary: `Quote ${number}: accepted → expired (expire)` });
    const mails = (await w.quoteMails(number)).slice(-2);
    expect(mails.map((m) => m.to_address)).toEqual(["amal@example.lk", "owner@shop.example"]);
    const [toBuyer, toOwner] = mails;
    expect(toBuyer!.subject).toMatch(/[\u0D80-\u0DFF]/);
    for (const said of [invoice.number, item]) expect(toBuyer!.subject + toBuyer!.text_body).toContain(said);
    for (const said of [number, invoice.number, item, ref, invoice.due_date])
      expect(toOwner!.subject + toOwner!.text_body, said).toContain(said);
  });

  it("a part deal whose buyer sent a payment receipt is left for the owner; once the receipt is removed it lapses", async () => {
    const partId = await w.part(3);
    const number = await w.quote("part", partId, 0, 1);
    made.push(number);
    expect((await w.offer(number)).ok).toBe(true);
    const accepted = await w.accept(number);
    if (!accepted.ok) throw new Error("not accepted");
    const order = await w.order(accepted.invoiceNumber!);
    const receipt = await w.db
      .insertInto("order_documents")
      .values({
        order_id: order.id,
        kind: "receipt",
        file_key: `receipt-${order.number}.pdf`,
        content_type: "application/pdf",
        size: 1,
        sha256: "x",
        uploaded_by: "buyer",
        uploaded_at: new Date().toISOString(),
        removed_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const late = new Date(Date.parse(`${(await w.invoiceOf(number)).due_date}T00:00:00+09:00`) + 5 * DAY);
    expect((await runDealClock(w.db, DEAL, late)).parts).toBe(0);
    expect((await w.quoteRow(number)).status).toBe("accepted");
    await w.db
      .updateTable("order_documents")
      .set({ removed_at: new Date().toISOString() })
      .where("id", "=", receipt.id)
      .execute();
    expect((await runDealClock(w.db, DEAL, late)).parts).toBe(1);
    expect((await w.quoteRow(number)).status).toBe("expired");
  });

  it("a hold with money in is left for the owner: the clock does not end it and the owner cannot release it", async () => {
    const { number, vehicleId } = await w.offered();
    made.push(number);
    expect((await w.accept(number)).ok).toBe(true);
    const invoice = await w.invoiceOf(number);
    expect((await w.pay(invoice.number, 100_000)).ok).toBe(true);
    const { holds } = await runDealClock(w.db, DEAL, new Date(Date.now() + 30 * DAY));
    expect(holds).toBe(0);
    expect((await w.holdOf(number)).ended_at).toBeNull();
    const released = await releaseHold(w.db, DEAL, number, STAFF);
    expect(released.ok ? null : english(released.message)).toBe(
      "Money has been received for this deal: cancel its order (with a refund note) instead.",
    );
    expect(await w.vehicleStatus(vehicleId)).toBe("reserved");
    // Cancelled by the owner after this test: the order, with its refund note, ends the hold.
    await w.db
      .updateTable("holds")
      .set({ ended_at: new Date().toISOString() })
      .where("quote_id", "=", (await w.quoteRow(number)).id)
      .execute();
  });
});

describe("the owner's hand on a hold", () => {
  it("a release tells the buyer and the owner, and the deal lapses by the owner's hand", async () => {
    const { number } = await w.offered();
    made.push(number);
    expect((await w.accept(number)).ok).toBe(true);
    const invoice = await w.invoiceOf(number);
    const { item_name: item, ref_id: ref, id } = await w.quoteRow(number);
    const before = (await w.quoteMails(number)).length;
    const at = new Date(Date.now() - 60_000);
    expect(await releaseHold(w.db, DEAL, number, STAFF, at)).toEqual({ ok: true });
    expect((await w.quoteRow(number)).status).toBe("expired");
    const mails = (await w.quoteMails(number)).slice(before);
    expect(mails.map((m) => m.to_address)).toEqual(["amal@example.lk", "owner@shop.example"]);
    // The buyer's letter, in their language, says the reservation was released on the day it was.
    const letter = holdEndedMail("si", {
      name: "Amal Perera",
      item,
      ref,
      invoice: invoice.number,
      ended: at.toISOString(),
      reason: "released",
      shopName: DEAL.shopName,
      publicUrl: DEAL.publicUrl,
    });
    expect([mails[0]!.subject, mails[0]!.text_body]).toEqual([letter.subject, letter.text]);
    expect(mails[1]!.subject).toBe(`Hold released: ${item} (${ref}) is on sale again`);
    expect(mails[1]!.text_body).toContain(`The hold of quote ${number} on ${item} (${ref}) ended (released)`);
    const logged = await w.db
      .selectFrom("activity_log")
      .select(["action", "actor_kind", "actor_id", "summary"])
      .where("subject_kind", "=", "quote")
      .where("subject_id", "=", String(id))
      .where("action", "in", ["quote.status_changed", "hold.released"])
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(logged).toEqual([
      {
        action: "hold.released",
        actor_kind: "staff",
        actor_id: "owner",
        summary: `Hold of quote ${number} released by hand`,
      },
      {
        action: "quote.status_changed",
        actor_kind: "staff",
        actor_id: "owner",
        summary: `Quote ${number}: accepted → expired (expire)`,
      },
    ]);
  });

  it("extends by 1 to 20 working days as typed, from now when the hold has already run out, and logs it", async () => {
    const { number, vehicleId } = await w.offered();
    made.push(number);
    expect((await w.accept(number)).ok).toBe(true);
    const { id } = await w.quoteRow(number);
    // The hold ran out an hour ago, and the clock has not come by yet.
    const now = new Date();
    await w.db
      .updateTable("holds")
      .set({ expires_at: new Date(now.getTime() - 3_600_000).toISOString() })
      .where("quote_id", "=", id)
      .execute();
    // The invoice's PDF was made and kept when it was first mailed; it must be made again with the new due date.
    const invoice = await w.invoiceOf(number);
    expect(await invoiceAttachments(w.files)(`invoice:${invoice.number}`)).not.toBeNull();
    const before = (await w.quoteMails(number)).length;
    const one = await extendHold(w.db, DEAL, number, " 1 ", STAFF, now);
    if (!one.ok) throw new Error(english(one.message));
    const days = (Date.parse(one.expiresAt!) - now.getTime()) / DAY;
    expect(days).toBeGreaterThanOrEqual(1);
    expect(days).toBeLessThanOrEqual(3);
    expect((await w.holdOf(number)).expires_at).toBe(one.expiresAt);
    expect(await w.invoiceOf(number)).toMatchObject({ due_date: shopDay(new Date(one.expiresAt!)) });
    // The next file sent prints the new due date, as a version of its own.
    const files = () =>
      w.db
        .selectFrom("invoice_files")
        .select("version")
        .where("invoice_id", "=", invoice.id)
        .orderBy("version")
        .execute();
    expect(await files()).toEqual([{ version: 1 }]);
    expect(await invoiceAttachments(w.files)(`invoice:${invoice.number}`)).not.toBeNull();
    expect(await files()).toEqual([{ version: 1 }, { version: 2 }]);
    const told = (await w.quoteMails(number)).slice(before);
    expect(told.map((m) => m.to_address)).toEqual(["amal@example.lk"]);
    const { item_name: item, ref_id: ref } = await w.quoteRow(number);
    const letter = holdExtendedMail("si", {
      name: "Amal Perera",
      item,
      ref,
      until: one.expiresAt!,
      invoice: invoice.number,
      due: shopDay(new Date(one.expiresAt!)),
      shopName: DEAL.shopName,
      publicUrl: DEAL.publicUrl,
    });
    expect([told[0]!.subject, told[0]!.text_body]).toEqual([letter.subject, letter.text]);
    const twenty = await extendHold(w.db, DEAL, number, "20", STAFF, now);
    if (!twenty.ok) throw new Error(english(twenty.message));
    const more = (Date.parse(twenty.expiresAt!) - Date.parse(one.expiresAt!)) / DAY;
    expect(more).toBeGreaterThanOrEqual(26);
    expect(more).toBeLessThanOrEqual(30);
    const logged = await w.db
      .selectFrom("activity_log")
      .select(["actor_kind", "actor_id", "summary", "created_at"])
      .where("action", "=", "hold.extended")
      .where("subject_kind", "=", "quote")
      .where("subject_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(logged.map((r) => [r.actor_kind, r.actor_id, r.summary, r.created_at])).toEqual([
      [
        "staff",
        "owner",
        `Hold of quote ${number} on vehicle ${vehicleId} extended by 1 working days to ${one.expiresAt}`,
        now.toISOString(),
      ],
      [
        "staff",
        "owner",
        `Hold of quote ${number} on vehicle ${vehicleId} extended by 20 working days to ${twenty.expiresAt}`,
        now.toISOString(),
      ],
    ]);
  });

  it("a quote that does not exist cannot have its hold extended or released", async () => {
    for (const outcome of [
      await extendHold(w.db, DEAL, "0000000000", "2", STAFF),
      await releaseHold(w.db, DEAL, "0000000000", STAFF),
    ])
      expect(outcome.ok ? null : english(outcome.message)).toBe("Quote not found.");
  });
});
