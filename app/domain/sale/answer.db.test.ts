import { describe, expect, it } from "vitest";
import { BANK, DEAL, dealWorldForFile, linkAccess, shopDayIn, STAFF } from "../../../tests/support/deal-world";
import type { DB } from "~/db/db.server";
import { deleteStock } from "~/domain/inventory/admin-stock.server";
import type { MediaStore } from "~/domain/media/media-store.server";
import { writeSetting } from "~/domain/settings/settings-store.server";
import { english } from "../../../tests/support/english";
import { formatDate, shopDay } from "~/i18n/format";
import { readMail } from "../../../tests/support/mime";
import { readPdf } from "../../../tests/support/pdf";
import { startSmtp } from "../../../tests/support/smtp";
import { createSender } from "~/domain/mail/outbox.server";
import { answerOffer, type AnswerOutcome, type OfferAccess } from "./answer.server";
import { BANK_KEY } from "./deal-settings.server";
import type { InvoiceDocument } from "./deal-types";
import { invoiceAttachments } from "./invoice-file.server";
import { createOffer } from "./offers.server";
/*
 * The buyer's answer to an offer (issue 20), on SQLite and PostgreSQL: who
 * may answer, the hold and the invoice an acceptance makes, two buyers at
 * once, and the deal's mails as a real mail server receives them.
 */

// The buyer asks in Sinhala: the mails to them are not the English ones.
const w = dealWorldForFile({ language: "si" });

describe("answering an offer", () => {
  it("accepting holds the vehicle, issues a numbered invoice with the bank account, and mails it with the PDF", async () => {
    const { vehicleId, number } = await w.offered();
    const outcome = await w.accept(number);
    expect(outcome).toMatchObject({ ok: true, answer: "accept" });
    if (!outcome.ok) return;
    expect(outcome.invoiceNumber).toMatch(new RegExp(`^${shopDayIn().slice(0, 4)}-\\d{5}$`));
    expect(await w.vehicleStatus(vehicleId)).toBe("reserved");
    const row = await w.quoteRow(number);
    expect(row.status).toBe("accepted");
    const hold = await w.db.selectFrom("holds").selectAll().where("quote_id", "=", row.id).executeTakeFirstOrThrow();
    expect(hold.ended_at).toBeNull();
    // Three working days: at least three days, at most five with a weekend.
    const days = (Date.parse(hold.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(5.1);
    const invoice = await w.db
      .selectFrom("invoices")
      .selectAll()
      .where("quote_id", "=", row.id)
      .executeTakeFirstOrThrow();
    const document = JSON.parse(invoice.document) as InvoiceDocument;
    expect(document.total).toBe(1_136_800);
    expect(document.bank).toEqual(BANK);
    expect(document.buyer.name).toBe("Amal Perera");
    expect(document.verifyUrl).toBe(`https://shop.example/verify/${invoice.code}`);
    const sent = await w.quoteMails(number);
    const withPdf = sent.filter((m) => m.attachments);
    expect(withPdf.map((m) => m.to_address).sort()).toEqual(["amal@example.lk", "owner@shop.example"]);
    // The PDF is named, not rendered, inside the acceptance: it is made once the mail is sent, and kept.
    const attached = JSON.parse(withPdf[0]!.attachments!) as { filename: string; ref: string }[];
    expect(attached).toEqual([
      { filename: `invoice-${invoice.number}.pdf`, contentType: "application/pdf", ref: `invoice:${invoice.number}` },
    ]);
    const files = () => w.db.selectFrom("invoice_files").selectAll().where("invoice_id", "=", invoice.id).execute();
    expect(await files()).toEqual([]);
    const pdf = await invoiceAttachments(w.files)(attached[0]!.ref);
    expect(pdf!.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await files()).map((f) => [f.version, f.size])).toEqual([[1, pdf!.length]]);
  });

  it("is refused to another buyer, to a tampered link and to nobody, and changes nothing", async () => {
    const { vehicleId, number, offer } = await w.offered();
    const good = linkAccess(number, offer);
    for (const access of [
      { customerId: w.buyerIds[1]! },
      { offerId: offer.id, sig: good && "sig" in good ? good.sig.replace(/^./, (c) => (c === "A" ? "B" : "A")) : "" },
      { offerId: offer.id + 1, sig: good && "sig" in good ? good.sig : "" },
      null,
    ] as OfferAccess[]) {
      const outcome = await answerOffer(w.db, DEAL, number, "accept", access);
      expect(outcome.ok ? null : outcome.refusal).toBe("not-found");
    }
    expect((await w.quoteRow(number)).status).toBe("offered");
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
  });

  it("a visitor answers through the signed link once; the same link then only says it was answered", async () => {
    const { number, offer } = await w.offered(null);
    const access = linkAccess(number, offer);
    expect(await answerOffer(w.db, DEAL, number, "decline", access)).toEqual({
      ok: true,
      answer: "decline",
      invoiceNumber: null,
    });
    const again = await answerOffer(w.db, DEAL, number, "accept", access);
    expect(again.ok ? null : [again.refusal, english(again.message)]).toEqual([
      "conflict",
      "You have already declined this offer.",
    ]);
    expect((await w.quoteRow(number)).status).toBe("declined");
    expect(await w.ofQuote("holds", number)).toEqual([]);
  });

  it("an offer past its validity is refused and marked expired", async () => {
    const { number } = await w.offered();
    const later = new Date(Date.now() + 10 * 86_400_000);
    const outcome = await answerOffer(w.db, DEAL, number, "accept", { customerId: w.buyerIds[0]! }, later);
    expect(outcome.ok ? null : outcome.refusal).toBe("gone");
    expect((await w.quoteRow(number)).status).toBe("expired");
  });

  it("a sold vehicle cannot be accepted", async () => {
    const { vehicleId, number } = await w.offered();
    await w.db.updateTable("vehicles").set({ stock_status: "sold" }).where("id", "=", vehicleId).execute();
    const outcome = await w.accept(number);
    expect(outcome.ok ? null : [outcome.refusal, english(outcome.message)]).toEqual([
      "conflict",
      "Sorry: this item has been sold.",
    ]);
    expect((await w.quoteRow(number)).status).toBe("offered");
  });

  it("two buyers accepting the same vehicle at the same moment: one holds it, the other is told plainly", async () => {
    const v = await w.vehicle();
    const first = await w.quote("vehicle", v);
    const second = await w.quote("vehicle", v, 1);
    for (const n of [first, second]) expect((await createOffer(w.db, DEAL, n, w.cifForm(), STAFF)).ok).toBe(true);
    // On PostgreSQL two connections, as two app instances would have; SQLite runs one write transaction at a time.
    const other: DB = w.t.dialect === "postgres" ? w.t.open() : w.db;
    try {
      const results = await Promise.all([
        w.accept(first),
        answerOffer(other, DEAL, second, "accept", { customerId: w.buyerIds[1]! }),
      ]);
      const won = results.filter((r) => r.ok);
      const lost = results.filter((r) => !r.ok);
      expect(won).toHaveLength(1);
      expect(lost.map((r) => (r.ok ? null : [r.refusal, english(r.message)]))).toEqual([
        [
          "conflict",
          "Sorry: this vehicle has just been reserved for another buyer. We will tell you if it becomes available again.",
        ],
      ]);
    } finally {
      if (other !== w.db) await other.destroy();
    }
    const holds = await w.db.selectFrom("holds").select("quote_id").where("vehicle_id", "=", v).execute();
    expect(holds).toHaveLength(1);
    const statuses = [(await w.quoteRow(first)).status, (await w.quoteRow(second)).status].sort();
    expect(statuses).toEqual(["accepted", "offered"]);
    expect(
      await w.db
        .selectFrom("invoices")
        .select("id")
        .where("quote_id", "in", [(await w.quoteRow(first)).id, (await w.quoteRow(second)).id])
        .execute(),
    ).toHaveLength(1);
  });

  it("declining tells the owner by mail who declined which offer, and holds nothing", async () => {
    const { vehicleId, number, offer } = await w.offered();
    expect((await answerOffer(w.db, DEAL, number, "decline", { customerId: w.buyerIds[0]! })).ok).toBe(true);
    const { item_name: item, ref_id: ref } = await w.quoteRow(number);
    const toOwner = (await w.quoteMails(number)).filter((m) => m.subject.startsWith("Offer declined"));
    expect(toOwner.map((m) => [m.to_address, m.subject])).toEqual([
      ["owner@shop.example", `Offer declined: quote ${number}, ${item} (${ref})`],
    ]);
    expect(toOwner[0]!.text_body).toContain(
      `Amal Perera (Sri Lanka) declined your offer of ¥1,136,800 CIF ${offer.port} for ${item}.`,
    );
    expect((await w.offerOf(number)).status).toBe("declined");
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
  });

  it("the acceptance mails name the invoice, its due day and the hold: the buyer's in their language, the owner's in English", async () => {
    const { number, offer } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    const { item_name: item, ref_id: ref } = await w.quoteRow(number);
    const invoice = await w.invoiceOf(number);
    const hold = await w.holdOf(number);
    // The invoice is due the day the hold ends, in the shop's time zone.
    expect(invoice.due_date).toBe(shopDay(new Date(hold.expires_at)));
    const mails = await w.quoteMails(number);
    const toOwner = mails.find((m) => m.subject.startsWith("Offer accepted"))!;
    expect([toOwner.to_address, toOwner.subject]).toEqual([
      "owner@shop.example",
      `Offer accepted: quote ${number}, ${item} (${ref}), invoice ${invoice.number}`,
    ]);
    expect(toOwner.text_body).toContain(
      `Amal Perera (Sri Lanka) accepted your offer of ¥1,136,800 CIF ${offer.port} for ${item}.\n` +
        `The vehicle is reserved until ${hold.expires_at} (UTC).\nInvoice ${invoice.number}, due ${invoice.due_date}.\n` +
        `https://shop.example/admin/quotes/${number}`,
    );
    const toBuyer = mails.filter((m) => m.to_address === "amal@example.lk" && m.attachments);
    expect(toBuyer).toHaveLength(1);
    const { subject, text_body: text } = toBuyer[0]!;
    // Written in Sinhala, not English.
    expect(subject).toMatch(/[\u0D80-\u0DFF]/);
    expect(subject).not.toContain("Invoice");
    for (const said of [invoice.number, item, `https://shop.example/verify/${invoice.code}`, `/quotes/${number}`])
      expect(text, said).toContain(said);
    expect(text).toContain(invoice.code.match(/.{4}/g)!.join("-"));
  });

  it("the activity log says what was reserved until when, and which invoice was issued for how much", async () => {
    const { vehicleId, number } = await w.offered();
    expect((await w.accept(number)).ok).toBe(true);
    const { item_name: item, ref_id: ref, id } = await w.quoteRow(number);
    const invoice = await w.invoiceOf(number);
    const hold = await w.holdOf(number);
    const summaries = await w.db
      .selectFrom("activity_log")
      .select(["action", "summary", "subject_kind", "subject_id"])
      .where("action", "in", ["vehicle.reserved", "invoice.issued"])
      .where((eb) =>
        eb.or([
          eb.and([eb("subject_kind", "=", "vehicle"), eb("subject_id", "=", String(vehicleId))]),
          eb.and([eb("subject_kind", "=", "quote"), eb("subject_id", "=", String(id))]),
        ]),
      )
      .orderBy("id")
      .execute();
    expect(summaries.map((r) => [r.action, r.summary])).toEqual([
      ["vehicle.reserved", `${item} (${ref}) reserved for quote ${number} until ${hold.expires_at}`],
      ["invoice.issued", `Invoice ${invoice.number} issued for quote ${number}: ¥1,136,800, due ${invoice.due_date}`],
    ]);
  });

  it("an offer is still taken at the last moment of its validity, and refused with its date just after", async () => {
    const { number, offer } = await w.offered();
    const last = new Date(offer.valid_until);
    const access = { customerId: w.buyerIds[0]! };
    const late = await answerOffer(w.db, DEAL, number, "accept", access, new Date(last.getTime() + 1));
    expect(late.ok ? null : [late.refusal, english(late.message)]).toEqual([
      "gone",
      `This offer expired on ${formatDate(offer.valid_until, "en")}. Ask us for a new one.`,
    ]);
    // The expired offer is the system's doing, not the buyer's.
    const { id } = await w.quoteRow(number);
    const logged = await w.db
      .selectFrom("activity_log")
      .select(["actor_kind", "actor_id"])
      .where("action", "=", "quote.status_changed")
      .where("subject_id", "=", String(id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({ actor_kind: "system", actor_id: null });
    const { number: other, offer: otherOffer } = await w.offered();
    const inTime = await answerOffer(w.db, DEAL, other, "accept", access, new Date(otherOffer.valid_until));
    expect(inTime.ok).toBe(true);
  });

  it("a quote number that does not exist is not found", async () => {
    const outcome = await answerOffer(w.db, DEAL, "0000000000", "accept", { customerId: w.buyerIds[0]! });
    expect(outcome.ok ? null : outcome.refusal).toBe("not-found");
  });

  it("an acceptance that fails midway is an error, not an answer, and keeps neither the hold nor the move", async () => {
    const { vehicleId, number, offer } = await w.offered();
    // The offer's lines cannot be read once the hold is written.
    await w.db.updateTable("offers").set({ lines: "not json" }).where("id", "=", offer.id).execute();
    await expect(w.accept(number)).rejects.toThrow();
    expect(await w.ofQuote("holds", number)).toEqual([]);
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    expect((await w.quoteRow(number)).status).toBe("offered");
  });

  it("a quote the owner has not offered on yet cannot be answered", async () => {
    const number = await w.quote("vehicle", await w.vehicle());
    for (const answer of ["accept", "decline"] as const) {
      const outcome = await answerOffer(w.db, DEAL, number, answer, { customerId: w.buyerIds[0]! });
      expect(outcome.ok ? null : [outcome.refusal, english(outcome.message)]).toEqual([
        "conflict",
        "There is no offer to answer on this quote yet.",
      ]);
    }
    expect((await w.quoteRow(number)).status).toBe("pending");
  });

  it("declining releases nothing it did not hold", async () => {
    const v = await w.vehicle();
    const first = await w.quote("vehicle", v);
    const second = await w.quote("vehicle", v, 1);
    for (const n of [first, second]) expect((await createOffer(w.db, DEAL, n, w.cifForm(), STAFF)).ok).toBe(true);
    expect((await w.accept(first)).ok).toBe(true);
    expect((await answerOffer(w.db, DEAL, second, "decline", { customerId: w.buyerIds[1]! })).ok).toBe(true);
    expect(await w.vehicleStatus(v)).toBe("reserved");
  });
});

describe("an acceptance the shop cannot keep is refused, and nothing is held", () => {
  /** What the buyer is told: the refusal and its sentence in English, or null when told "accepted". */
  const told = (outcome: AnswerOutcome) => (outcome.ok ? null : [outcome.refusal, english(outcome.message)]);

  /** The quote made no hold, no invoice and no order, and its offer is still open to answer. */
  async function expectNothingKept(number: string) {
    const quote = await w.quoteRow(number);
    expect(await w.ofQuote("holds", number)).toEqual([]);
    expect(await w.ofQuote("invoices", number)).toEqual([]);
    expect(await w.db.selectFrom("orders").select("id").where("quote_id", "=", quote.id).execute()).toEqual([]);
    expect((await w.offerOf(number)).status).toBe("open");
  }

  it("while no bank account is set: the buyer is asked to contact the shop, and the vehicle stays on sale", async () => {
    const { vehicleId, number } = await w.offered();
    await writeSetting(w.db, BANK_KEY, null, new Date().toISOString());
    let outcome: AnswerOutcome;
    try {
      outcome = await w.accept(number);
    } finally {
      await writeSetting(w.db, BANK_KEY, BANK, new Date().toISOString());
    }
    expect(told(outcome)).toEqual([
      "conflict",
      "We cannot take your acceptance online right now. Please contact us and we will send your invoice.",
    ]);
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
    expect((await w.quoteRow(number)).status).toBe("offered");
    await expectNothingKept(number);
  });

  it("once the owner has deleted the vehicle: the buyer is told it is no longer in stock", async () => {
    const { vehicleId, number } = await w.offered();
    // The vehicle has no photos: the photo store is never reached.
    const media = {} as MediaStore;
    expect(await deleteStock(w.db, media, "vehicles", [vehicleId], STAFF)).toEqual({ deleted: 1, missing: 0 });
    const outcome = await w.accept(number);
    expect(told(outcome)).toEqual(["conflict", "Sorry: this item is no longer in stock."]);
    expect((await w.quoteRow(number)).status).toBe("offered");
    await expectNothingKept(number);
  });

  it("while another buyer's hold of the vehicle is still open: the buyer is told it is reserved for another", async () => {
    const v = await w.vehicle();
    const first = await w.quote("vehicle", v, 1);
    const second = await w.quote("vehicle", v);
    for (const n of [first, second]) expect((await createOffer(w.db, DEAL, n, w.cifForm(), STAFF)).ok).toBe(true);
    expect((await w.accept(first, 1)).ok).toBe(true);
    // The vehicle reads as on sale again, but the first buyer's hold has not ended.
    await w.db.updateTable("vehicles").set({ stock_status: "available" }).where("id", "=", v).execute();
    const outcome = await w.accept(second);
    expect(told(outcome)).toEqual([
      "conflict",
      "Sorry: this vehicle has just been reserved for another buyer. We will tell you if it becomes available again.",
    ]);
    expect((await w.quoteRow(second)).status).toBe("offered");
    await expectNothingKept(second);
    // The first buyer's hold is still the vehicle's one open hold.
    const open = await w.db
      .selectFrom("holds")
      .select("quote_id")
      .where("vehicle_id", "=", v)
      .where("ended_at", "is", null)
      .execute();
    expect(open).toEqual([{ quote_id: (await w.quoteRow(first)).id }]);
  });

  it("when the quote can no longer be accepted (its status moved on while the offer stayed open): no invoice, no order", async () => {
    const { number } = await w.offered();
    await w.db.updateTable("quotes").set({ status: "closed" }).where("number", "=", number).execute();
    const outcome = await w.accept(number);
    expect(told(outcome)).toEqual(["conflict", "There is no offer to answer on this quote yet."]);
    expect((await w.quoteRow(number)).status).toBe("closed");
    const quote = await w.quoteRow(number);
    expect(await w.ofQuote("invoices", number)).toEqual([]);
    expect(await w.db.selectFrom("orders").select("id").where("quote_id", "=", quote.id).execute()).toEqual([]);
  });

  it("a decline when the quote can no longer move is refused, and the owner is not told of a decline", async () => {
    const { number } = await w.offered();
    await w.db.updateTable("quotes").set({ status: "closed" }).where("number", "=", number).execute();
    const outcome = await answerOffer(w.db, DEAL, number, "decline", { customerId: w.buyerIds[0]! });
    expect(told(outcome)).toEqual(["conflict", "There is no offer to answer on this quote yet."]);
    expect((await w.quoteMails(number)).filter((m) => m.subject.startsWith("Offer declined"))).toEqual([]);
    expect((await w.offerOf(number)).status).toBe("open");
  });

  // The hold is written before the quote's move is tried: a refused move must take it back.
  it("when the quote can no longer be accepted, the vehicle is not held either", async () => {
    const { vehicleId, number } = await w.offered();
    await w.db.updateTable("quotes").set({ status: "closed" }).where("number", "=", number).execute();
    expect((await w.accept(number)).ok).toBe(false);
    expect(await w.ofQuote("holds", number)).toEqual([]);
    expect(await w.vehicleStatus(vehicleId)).toBe("available");
  });
});

describe("the activity log names who accepted", () => {
  /** The activity rows written after row `after`, as who did what. */
  const loggedAfter = async (after: number) =>
    (
      await w.db
        .selectFrom("activity_log")
        .select(["actor_kind", "actor_id", "action"])
        .where("id", ">", after)
        .orderBy("id")
        .execute()
    ).map((r) => ({ kind: r.actor_kind, id: r.actor_id, action: r.action }));
  /** What an acceptance logs: the vehicle reserved, the quote accepted, the order opened, the invoice issued. */
  const ACCEPTANCE_ACTIONS = ["vehicle.reserved", "quote.status_changed", "order.opened", "invoice.issued"];
  const lastId = async () =>
    (await w.db.selectFrom("activity_log").select("id").orderBy("id", "desc").executeTakeFirst())?.id ?? 0;

  it("the signed-in buyer, by their account, on the acceptance, the reservation and the invoice", async () => {
    const { number } = await w.offered();
    const before = await lastId();
    expect((await w.accept(number)).ok).toBe(true);
    const logged = await loggedAfter(before);
    expect(logged.map((r) => r.action)).toEqual(expect.arrayContaining(ACCEPTANCE_ACTIONS));
    for (const row of logged) expect(row, row.action).toMatchObject({ kind: "customer", id: String(w.buyerIds[0]) });
  });

  it("a buyer without an account, through the mailed link, as a visitor with no account id", async () => {
    const { number } = await w.offered(null);
    const before = await lastId();
    expect((await w.accept(number, null)).ok).toBe(true);
    const logged = await loggedAfter(before);
    expect(logged.map((r) => r.action)).toEqual(expect.arrayContaining(ACCEPTANCE_ACTIONS));
    for (const row of logged) expect(row, row.action).toMatchObject({ kind: "visitor", id: null });
  });
});

describe("the deal's mails at a real mail server", () => {
  it("the offer reaches the buyer, and the invoice mail carries the PDF with its number, total, bank account and code", async () => {
    const smtp = await startSmtp();
    const sender = createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
    // The outbox sends 20 at a time: send until nothing is left.
    const sendAll = () => w.sendAll(sender);
    try {
      const { number } = await w.offered();
      // Everything queued so far goes out; the offer mail is among it.
      await sendAll();
      const offerMail = smtp.received
        .filter((m) => m.to.includes("amal@example.lk"))
        .map((m) => readMail(m.raw))
        .find((m) => m.text.includes(`/quotes/${number}`) && m.text.includes("1,136,800"));
      expect(offerMail).toBeDefined();
      expect((await w.accept(number)).ok).toBe(true);
      await sendAll();
      const invoice = await w.invoiceOf(number);
      const received = smtp.received
        .map((m) => ({ to: m.to, mail: readMail(m.raw) }))
        .filter(({ mail }) => mail.attachments.some((a) => a.filename === `invoice-${invoice.number}.pdf`));
      expect(
        received
          .map((r) => r.to)
          .flat()
          .sort(),
      ).toEqual(["amal@example.lk", "owner@shop.example"]);
      const pdf = received[0]!.mail.attachments.find((a) => a.filename === `invoice-${invoice.number}.pdf`)!;
      expect(pdf.contentType).toBe("application/pdf");
      const { text } = await readPdf(pdf.content);
      for (const printed of [invoice.number, "¥1,136,800", BANK.accountNumber, BANK.swift])
        expect(text.replace(/\s+/g, " ")).toContain(printed);
      expect(text).toContain(invoice.code.match(/.{4}/g)!.join("-"));
    } finally {
      await smtp.stop();
    }
  });
});

describe("a part's acceptance promises the units asked", () => {
  it("is invoiced without a hold, due after the hold's working days, and the units are promised to the buyer", async () => {
    const partId = await w.part(5);
    const number = await w.quote("part", partId, 0, 3);
    const second = await w.quote("part", partId, 1, 3);
    for (const n of [number, second]) expect((await w.offer(n)).ok).toBe(true);
    const accepted = await w.accept(number);
    expect(accepted).toMatchObject({ ok: true, answer: "accept" });
    expect(await w.ofQuote("holds", number)).toEqual([]);
    const invoice = await w.invoiceOf(number);
    // Three working days from now, as a hold would have run.
    const days = (Date.parse(`${invoice.due_date}T12:00:00+09:00`) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2);
    expect(days).toBeLessThan(6);
    const toOwner = (await w.quoteMails(number)).find((m) => m.subject.startsWith("Offer accepted"))!;
    expect(toOwner.text_body).not.toContain("reserved until");
    const { item_name: item, ref_id: ref } = await w.quoteRow(number);
    const promised = await w.db
      .selectFrom("activity_log")
      .select("summary")
      .where("action", "=", "part.promised")
      .where("subject_id", "=", String(partId))
      .execute();
    expect(promised).toEqual([{ summary: `3 × ${item} (${ref}) promised to quote ${number}` }]);
    // Three of five are promised: another buyer asking three is told two are left.
    const refused = await w.accept(second, 1);
    expect(refused.ok ? null : [refused.refusal, english(refused.message)]).toEqual([
      "conflict",
      "Sorry: only 2 of this part can still be ordered; the rest is promised to other buyers. The shop has been told and will write to you.",
    ]);
  });

  it("asking more than is left: refused, the owner is mailed once an hour however often the buyer presses Accept", async () => {
    const partId = await w.part(3);
    const number = await w.quote("part", partId, 0, 3);
    expect((await w.offer(number)).ok).toBe(true);
    // One was sold over the counter after the offer.
    await w.db.updateTable("parts").set({ quantity: 2 }).where("id", "=", partId).execute();
    const access = { customerId: w.buyerIds[0]! };
    const now = Date.now();
    const shortOf = async () => (await w.quoteMails(number)).filter((m) => m.subject.startsWith("Not enough stock:"));
    for (const minutes of [0, 30, 59]) {
      const outcome = await answerOffer(w.db, DEAL, number, "accept", access, new Date(now + minutes * 60_000));
      expect(outcome.ok ? null : outcome.refusal).toBe("conflict");
    }
    const { item_name: item, ref_id: ref } = await w.quoteRow(number);
    const once = await shortOf();
    expect(once.map((m) => [m.to_address, m.subject])).toEqual([
      ["owner@shop.example", `Not enough stock: quote ${number}, ${item} (${ref})`],
    ]);
    expect(once[0]!.text_body).toContain(
      `Amal Perera (Sri Lanka) tried to accept your offer for 3 × ${item}, but only 2 can`,
    );
    expect((await answerOffer(w.db, DEAL, number, "accept", access, new Date(now + 61 * 60_000))).ok).toBe(false);
    expect(await shortOf()).toHaveLength(2);
    expect((await w.quoteRow(number)).status).toBe("offered");
    expect(await w.ofQuote("invoices", number)).toEqual([]);
  });
});
