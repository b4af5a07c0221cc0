import { DEAL, BANK } from "../../../tests/support/deal-world";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { english, englishAll } from "../../../tests/support/english";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { readMail } from "../../../tests/support/mime";
import { readPdf } from "../../../tests/support/pdf";
import { startSmtp } from "../../../tests/support/smtp";
import { createSender, sendDueMail } from "~/domain/mail/outbox.server";
import { invoiceAttachments } from "./invoice-file.server";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { monthOfDate, yearOf } from "~/domain/inventory/months";
import type { DB } from "~/db/db.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { addFreightPort } from "~/domain/freight/freight.server";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { formInput } from "~/utils/forms";
import { QuoteRequestSchema } from "~/domain/quotes/quotes.schema";
import { createQuote } from "~/domain/quotes/quotes.server";
import { writeSetting } from "~/domain/settings/settings-store.server";
import { answerOffer, type OfferAccess } from "./answer.server";
import { BANK_KEY } from "./deal-settings.server";
import type { BankAccount, InvoiceDocument } from "./deal-types";
import { extendHold, releaseHold, runDealClock } from "./holds.server";
import { takeInvoiceNumber } from "./invoices.server";
import { offerLinkPath } from "./offer-links.server";
import { createOffer, type DealContext, offerDefaults } from "./offers.server";
import { moveQuoteByStaff } from "./quote-moves.server";
import { deleteQuotes } from "~/domain/quotes/admin-quotes.server";

let t: TestDb;
const staff = { id: 1, adminId: "owner" };
const SYSTEM = { kind: "system", id: null } as const;
const deal: DealContext = DEAL;
const bank: BankAccount = BANK;
let rng = createRng(20);
let made = 0;
let buyerId: number;
let otherBuyerId: number;
let portLabelText: string;

beforeAll(async () => {
  t = await createTestDb();
  await writeSetting(t.db, BANK_KEY, bank, new Date().toISOString());
  buyerId = (await createCustomer(t.db, {
    email: "amal@example.lk",
    password: "correct horse battery",
    fullName: "Amal Perera",
    country: "Sri Lanka",
    phone: "+94 77 555 0101",
  }))!.id;
  otherBuyerId = (await createCustomer(t.db, {
    email: "other@example.ke",
    password: "correct horse battery",
    fullName: "Other Buyer",
    country: "Kenya",
    phone: "+254 700 000 000",
  }))!.id;
  const port = await addFreightPort(t.db, staff, {
    country: "Sri Lanka",
    port: "Colombo",
    small: 90_000,
    medium: 120_000,
    large: 180_000,
    insurance: 150,
  });
  if (!port.ok) throw new Error("port");
  portLabelText = "Colombo, Sri Lanka";
});
afterAll(() => t.cleanup());

async function vehicle(price = 1_000_000, status: "available" | "sold" = "available") {
  rng = createRng(100 + ++made);
  return createVehicle(
    t.db,
    vehicleFactory(rng, made, {
      stockStatus: status,
      price,
      type: "Sedan",
      subType: null,
      engineCc: 1500,
      // Made and registered a few months ago, right-hand drive: every seeded import rule admits it (issue 40).
      year: yearOf(monthOfDate(new Date()) - 4),
      manufactured: monthOfDate(new Date()) - 4,
      registered: monthOfDate(new Date()) - 3,
      steering: "Right",
    }),
    [],
    SYSTEM,
  );
}

let keys = 0;
async function quote(itemId: number, customerId: number | null, overrides: Record<string, string> = {}) {
  const form = new FormData();
  const values: Record<string, string> = {
    kind: "vehicle",
    itemId: String(itemId),
    submissionKey: `deal-key-${String(++keys).padStart(12, "0")}`,
    name: "Amal Perera",
    country: "Sri Lanka",
    email: "amal@example.lk",
    phone: "+94 77 555 0101",
    message: "Price to Colombo please.",
    ...overrides,
  };
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  const parsed = QuoteRequestSchema.parse(formInput(form));
  const ports = await t.db.selectFrom("freight_ports").select("id").execute();
  const made = await createQuote(t.db, { ...parsed, portId: ports[0]!.id }, customerId, {
    ownerEmail: deal.ownerEmail,
    shopName: deal.shopName,
    publicUrl: deal.publicUrl,
    language: "si",
  });
  if (!made.ok) throw new Error("quote");
  return made.number;
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date());
const inDays = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date(Date.now() + days * 86_400_000));

function offerForm(overrides: Record<string, string> = {}) {
  return {
    fob: "1,000,000",
    freight: "120000",
    insurance: "16800",
    inspection: "",
    otherName1: "",
    otherAmount1: "",
    terms: "CIF",
    port: portLabelText,
    validUntil: inDays(7),
    message: "Dear {buyer_name}, {vehicle} to {port} for {total} until {valid_until}.",
    ...overrides,
  };
}

const quoteRow = (number: string) =>
  t.db.selectFrom("quotes").selectAll().where("number", "=", number).executeTakeFirstOrThrow();
const vehicleStatus = async (id: number) =>
  (await t.db.selectFrom("vehicles").select("stock_status").where("id", "=", id).executeTakeFirstOrThrow())
    .stock_status;
const mails = (quoteNumber: string) =>
  t.db
    .selectFrom("mail_outbox")
    .innerJoin("quotes", "quotes.id", "mail_outbox.quote_id")
    .select(["mail_outbox.to_address", "mail_outbox.subject", "mail_outbox.text_body", "mail_outbox.attachments"])
    .where("quotes.number", "=", quoteNumber)
    .orderBy("mail_outbox.id")
    .execute();

describe("offers", () => {
  it("start from the item's price and the freight table's freight and insurance to the buyer's port", async () => {
    const v = await vehicle(1_000_000);
    const number = await quote(v.id, buyerId);
    const row = await quoteRow(number);
    const values = await offerDefaults(t.db, row.id);
    // A 1,500 cc sedan is a medium vehicle: 120,000 freight, 1.5 % of 1,120,000 insurance.
    expect(values).toMatchObject({ fob: "1000000", freight: "120000", insurance: "16800", terms: "CIF" });
    expect(values.port).toBe(portLabelText);
    expect(values.validUntil).toBe(inDays(7));
  });

  it("refuse bad input with a message per field and change nothing", async () => {
    const v = await vehicle();
    const number = await quote(v.id, buyerId);
    const cases: [Record<string, string>, string, string][] = [
      [{ fob: "-5000" }, "fob", "Enter whole yen, without decimals or a minus sign (for example 1,250,000)."],
      [{ fob: "1000000.50" }, "fob", "Enter whole yen, without decimals or a minus sign (for example 1,250,000)."],
      [{ fob: "" }, "fob", "Enter the FOB price."],
      [{ freight: "" }, "freight", "C&F and CIF offers include the ocean freight: enter it."],
      [{ otherAmount1: "5000" }, "otherName1", "Name this fee."],
      [{ terms: "DDP" }, "terms", "Choose FOB, C&F or CIF."],
      [{ validUntil: "2020-01-01" }, "validUntil", "The offer cannot end before today."],
      [{ validUntil: "tomorrow" }, "validUntil", "Enter the last day the offer stands."],
      [{ validUntil: "2027-02-30" }, "validUntil", "Enter the last day the offer stands."],
      [{ validUntil: "2027-13-01" }, "validUntil", "Enter the last day the offer stands."],
    ];
    for (const [change, field, message] of cases) {
      const outcome = await createOffer(t.db, deal, number, offerForm(change), staff);
      expect(outcome.ok, JSON.stringify(change)).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.status).toBe(400);
      expect(englishAll(outcome.errors)[field], JSON.stringify(change)).toBe(message);
      expect(outcome.values.message).toBe(offerForm().message);
    }
    const huge = await createOffer(
      t.db,
      deal,
      number,
      offerForm({ fob: "900,000,000", freight: "900,000,000" }),
      staff,
    );
    expect(huge.ok ? null : [huge.status, english(huge.message)]).toEqual([
      400,
      "An offer adds up to at most ¥1,000,000,000.",
    ]);
    const zero = await createOffer(
      t.db,
      deal,
      number,
      offerForm({ fob: "0", freight: "", insurance: "", terms: "FOB" }),
      staff,
    );
    expect(zero.ok).toBe(false);
    if (!zero.ok) expect(english(zero.message)).toBe("An offer needs at least one line with an amount.");
    expect((await quoteRow(number)).status).toBe("pending");
    expect(
      await t.db
        .selectFrom("offers")
        .select("id")
        .where("quote_id", "=", (await quoteRow(number)).id)
        .execute(),
    ).toEqual([]);
  });

  it("are saved with the quote moved to Offered, the buyer mailed in their language, and logged", async () => {
    const v = await vehicle();
    const number = await quote(v.id, buyerId);
    const outcome = await createOffer(t.db, deal, number, offerForm(), staff);
    expect(outcome).toMatchObject({ ok: true, total: 1_136_800 });
    const row = await quoteRow(number);
    expect(row.status).toBe("offered");
    const offer = await t.db.selectFrom("offers").selectAll().where("quote_id", "=", row.id).executeTakeFirstOrThrow();
    expect(JSON.parse(offer.lines)).toEqual([
      { kind: "fob", label: "FOB price", amount: 1_000_000 },
      { kind: "freight", label: "Ocean freight", amount: 120_000 },
      { kind: "insurance", label: "Marine insurance", amount: 16_800 },
    ]);
    expect(offer.message).toContain(`Dear Amal Perera, ${row.item_name} to Colombo, Sri Lanka for ¥1,136,800 until`);
    const buyerMail = (await mails(number)).filter((m) => m.to_address === "amal@example.lk").at(-1);
    expect(buyerMail?.text_body).toContain("1,136,800");
    // The buyer asked in Sinhala: the offer mail is not the English one.
    expect(buyerMail?.subject).not.toContain("Our offer for");
    expect(buyerMail?.text_body).toContain(`https://shop.example/quotes/${number}`);
    const log = await t.db
      .selectFrom("activity_log")
      .select("action")
      .where("subject_id", "=", String(row.id))
      .execute();
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(["quote.status_changed", "offer.created"]));
  });

  it("a chosen template is the message when none was typed (a browser without scripts)", async () => {
    const v = await vehicle();
    const number = await quote(v.id, buyerId);
    const now = new Date().toISOString();
    const template = await t.db
      .insertInto("reply_templates")
      .values({ name: "No script", body: "Hello {buyer_name}: {total} to {port}.", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const outcome = await createOffer(
      t.db,
      deal,
      number,
      offerForm({ message: "", template: String(template.id) }),
      staff,
    );
    expect(outcome.ok).toBe(true);
    const offer = await t.db
      .selectFrom("offers")
      .select("message")
      .where("quote_id", "=", (await quoteRow(number)).id)
      .executeTakeFirstOrThrow();
    expect(offer.message).toBe("Hello Amal Perera: ¥1,136,800 to Colombo, Sri Lanka.");
  });

  it("a new offer replaces the open one", async () => {
    const v = await vehicle();
    const number = await quote(v.id, buyerId);
    expect((await createOffer(t.db, deal, number, offerForm(), staff)).ok).toBe(true);
    expect((await createOffer(t.db, deal, number, offerForm({ fob: "950,000" }), staff)).ok).toBe(true);
    const row = await quoteRow(number);
    const offers = await t.db
      .selectFrom("offers")
      .select(["status", "total"])
      .where("quote_id", "=", row.id)
      .orderBy("id")
      .execute();
    expect(offers).toEqual([
      { status: "replaced", total: 1_136_800 },
      { status: "open", total: 1_086_800 },
    ]);
  });

  it("are refused on a sold vehicle and on a closed quote", async () => {
    const v = await vehicle();
    const number = await quote(v.id, buyerId);
    await t.db.updateTable("vehicles").set({ stock_status: "sold" }).where("id", "=", v.id).execute();
    const sold = await createOffer(t.db, deal, number, offerForm(), staff);
    expect(sold.ok ? null : [sold.status, english(sold.message)]).toEqual([
      409,
      "This item is sold: no offer can be made on it.",
    ]);
    const other = await quote((await vehicle()).id, buyerId);
    expect((await moveQuoteByStaff(t.db, other, "close", staff)).ok).toBe(true);
    const closed = await createOffer(t.db, deal, other, offerForm(), staff);
    expect(closed.ok ? null : [closed.status, english(closed.message)]).toEqual([
      409,
      "An offer cannot be made on a quote that is closed.",
    ]);
  });
});

async function offered(customerId: number | null = buyerId, overrides: Record<string, string> = {}) {
  const v = await vehicle();
  const number = await quote(v.id, customerId, customerId === otherBuyerId ? { email: "other@example.ke" } : {});
  const outcome = await createOffer(t.db, deal, number, offerForm(overrides), staff);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  const offer = await t.db.selectFrom("offers").selectAll().where("id", "=", outcome.offerId).executeTakeFirstOrThrow();
  return { vehicleId: v.id, number, offer };
}

const linkAccess = (number: string, offer: { id: number; valid_until: string }): OfferAccess => {
  const url = new URL(offerLinkPath(deal.sessionSecret, number, offer), "https://x");
  return { offerId: Number(url.searchParams.get("offer")), sig: url.searchParams.get("sig")! };
};

describe("answering an offer", () => {
  it("accepting holds the vehicle, issues a numbered invoice with the bank account, and mails it with the PDF", async () => {
    const { vehicleId, number } = await offered();
    const outcome = await answerOffer(t.db, deal, number, "accept", { customerId: buyerId });
    expect(outcome).toMatchObject({ ok: true, answer: "accept" });
    if (!outcome.ok) return;
    expect(outcome.invoiceNumber).toMatch(new RegExp(`^${today().slice(0, 4)}-\\d{5}$`));
    expect(await vehicleStatus(vehicleId)).toBe("reserved");
    const row = await quoteRow(number);
    expect(row.status).toBe("accepted");
    const hold = await t.db.selectFrom("holds").selectAll().where("quote_id", "=", row.id).executeTakeFirstOrThrow();
    expect(hold.ended_at).toBeNull();
    // Three working days: at least three days, at most five with a weekend.
    const days = (Date.parse(hold.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(5.1);
    const invoice = await t.db
      .selectFrom("invoices")
      .selectAll()
      .where("quote_id", "=", row.id)
      .executeTakeFirstOrThrow();
    const document = JSON.parse(invoice.document) as InvoiceDocument;
    expect(document.total).toBe(1_136_800);
    expect(document.bank).toEqual(bank);
    expect(document.buyer.name).toBe("Amal Perera");
    expect(document.verifyUrl).toBe(`https://shop.example/verify/${invoice.code}`);
    const sent = await mails(number);
    const withPdf = sent.filter((m) => m.attachments);
    expect(withPdf.map((m) => m.to_address).sort()).toEqual(["amal@example.lk", "owner@shop.example"]);
    // The PDF is named, not rendered, inside the acceptance: it is made once the mail is sent, and kept.
    const attached = JSON.parse(withPdf[0]!.attachments!) as { filename: string; ref: string }[];
    expect(attached).toEqual([
      { filename: `invoice-${invoice.number}.pdf`, contentType: "application/pdf", ref: `invoice:${invoice.number}` },
    ]);
    expect(invoice.pdf).toBeNull();
    const pdf = await invoiceAttachments(t.db)(attached[0]!.ref);
    expect(pdf!.subarray(0, 5).toString()).toBe("%PDF-");
    const kept = await t.db.selectFrom("invoices").select("pdf").where("id", "=", invoice.id).executeTakeFirstOrThrow();
    expect(kept.pdf).toBe(pdf!.toString("base64"));
  });

  it("is refused to another buyer, to a tampered link and to nobody, and changes nothing", async () => {
    const { vehicleId, number, offer } = await offered();
    const good = linkAccess(number, offer);
    for (const access of [
      { customerId: otherBuyerId },
      { offerId: offer.id, sig: good && "sig" in good ? good.sig.replace(/^./, (c) => (c === "A" ? "B" : "A")) : "" },
      { offerId: offer.id + 1, sig: good && "sig" in good ? good.sig : "" },
      null,
    ] as OfferAccess[]) {
      const outcome = await answerOffer(t.db, deal, number, "accept", access);
      expect(outcome.ok ? null : outcome.status).toBe(404);
    }
    expect((await quoteRow(number)).status).toBe("offered");
    expect(await vehicleStatus(vehicleId)).toBe("available");
  });

  it("a visitor answers through the signed link once; the same link then only says it was answered", async () => {
    const { number, offer } = await offered(null);
    const access = linkAccess(number, offer);
    expect(await answerOffer(t.db, deal, number, "decline", access)).toEqual({
      ok: true,
      answer: "decline",
      invoiceNumber: null,
    });
    const again = await answerOffer(t.db, deal, number, "accept", access);
    expect(again.ok ? null : [again.status, english(again.message)]).toEqual([
      409,
      "You have already declined this offer.",
    ]);
    expect((await quoteRow(number)).status).toBe("declined");
    expect(
      await t.db
        .selectFrom("holds")
        .select("id")
        .where("quote_id", "=", (await quoteRow(number)).id)
        .execute(),
    ).toEqual([]);
  });

  it("an offer past its validity is refused and marked expired", async () => {
    const { number } = await offered();
    const later = new Date(Date.now() + 10 * 86_400_000);
    const outcome = await answerOffer(t.db, deal, number, "accept", { customerId: buyerId }, later);
    expect(outcome.ok ? null : outcome.status).toBe(410);
    expect((await quoteRow(number)).status).toBe("expired");
  });

  it("a sold vehicle cannot be accepted", async () => {
    const { vehicleId, number } = await offered();
    await t.db.updateTable("vehicles").set({ stock_status: "sold" }).where("id", "=", vehicleId).execute();
    const outcome = await answerOffer(t.db, deal, number, "accept", { customerId: buyerId });
    expect(outcome.ok ? null : [outcome.status, english(outcome.message)]).toEqual([
      409,
      "Sorry: this item has been sold.",
    ]);
    expect((await quoteRow(number)).status).toBe("offered");
  });

  it("two buyers accepting the same vehicle at the same moment: one holds it, the other is told plainly", async () => {
    const v = await vehicle();
    const first = await quote(v.id, buyerId);
    const second = await quote(v.id, otherBuyerId, { email: "other@example.ke" });
    for (const n of [first, second]) expect((await createOffer(t.db, deal, n, offerForm(), staff)).ok).toBe(true);
    // On PostgreSQL two connections, as two app instances would have; SQLite runs one write transaction at a time.
    const other: DB = t.dialect === "postgres" ? t.open() : t.db;
    try {
      const results = await Promise.all([
        answerOffer(t.db, deal, first, "accept", { customerId: buyerId }),
        answerOffer(other, deal, second, "accept", { customerId: otherBuyerId }),
      ]);
      const won = results.filter((r) => r.ok);
      const lost = results.filter((r) => !r.ok);
      expect(won).toHaveLength(1);
      expect(lost.map((r) => (r.ok ? null : [r.status, english(r.message)]))).toEqual([
        [
          409,
          "Sorry: this vehicle has just been reserved for another buyer. We will tell you if it becomes available again.",
        ],
      ]);
    } finally {
      if (other !== t.db) await other.destroy();
    }
    const holds = await t.db.selectFrom("holds").select("quote_id").where("vehicle_id", "=", v.id).execute();
    expect(holds).toHaveLength(1);
    const statuses = [(await quoteRow(first)).status, (await quoteRow(second)).status].sort();
    expect(statuses).toEqual(["accepted", "offered"]);
    expect(
      await t.db
        .selectFrom("invoices")
        .select("id")
        .where("quote_id", "in", [(await quoteRow(first)).id, (await quoteRow(second)).id])
        .execute(),
    ).toHaveLength(1);
  });

  it("declining releases nothing it did not hold", async () => {
    const v = await vehicle();
    const first = await quote(v.id, buyerId);
    const second = await quote(v.id, otherBuyerId, { email: "other@example.ke" });
    for (const n of [first, second]) expect((await createOffer(t.db, deal, n, offerForm(), staff)).ok).toBe(true);
    expect((await answerOffer(t.db, deal, first, "accept", { customerId: buyerId })).ok).toBe(true);
    expect((await answerOffer(t.db, deal, second, "decline", { customerId: otherBuyerId })).ok).toBe(true);
    expect(await vehicleStatus(v.id)).toBe("reserved");
  });
});

describe("the deal's mails at a real mail server", () => {
  it("the offer reaches the buyer, and the invoice mail carries the PDF with its number, total, bank account and code", async () => {
    const smtp = await startSmtp();
    const sender = createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
    // The outbox sends 20 at a time: send until nothing is left.
    const sendAll = async () => {
      while ((await sendDueMail(t.db, sender, "shop@shop.example", undefined, invoiceAttachments(t.db))) > 0);
    };
    try {
      const { number } = await offered();
      // Everything queued so far goes out; the offer mail is among it.
      await sendAll();
      const offerMail = smtp.received
        .filter((m) => m.to.includes("amal@example.lk"))
        .map((m) => readMail(m.raw))
        .find((m) => m.text.includes(`/quotes/${number}`) && m.text.includes("1,136,800"));
      expect(offerMail).toBeDefined();
      expect((await answerOffer(t.db, deal, number, "accept", { customerId: buyerId })).ok).toBe(true);
      await sendAll();
      const invoice = await t.db
        .selectFrom("invoices")
        .select(["number", "code"])
        .where("quote_id", "=", (await quoteRow(number)).id)
        .executeTakeFirstOrThrow();
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
      for (const printed of [invoice.number, "¥1,136,800", bank.accountNumber, bank.swift])
        expect(text.replace(/\s+/g, " ")).toContain(printed);
      expect(text).toContain(invoice.code.match(/.{4}/g)!.join("-"));
    } finally {
      await smtp.stop();
    }
  });
});

describe("invoice numbers", () => {
  it("run without gaps under concurrency, and a number taken in a failed issue is given back", async () => {
    const year = 2090;
    const other: DB = t.dialect === "postgres" ? t.open() : t.db;
    try {
      const taken = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? other : t.db).transaction().execute((trx) => takeInvoiceNumber(trx, year)),
        ),
      );
      expect(taken.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `2090-${String(i + 1).padStart(5, "0")}`));
    } finally {
      if (other !== t.db) await other.destroy();
    }
    await expect(
      t.db.transaction().execute(async (trx) => {
        await takeInvoiceNumber(trx, year);
        throw new Error("the issue failed");
      }),
    ).rejects.toThrow("the issue failed");
    expect(await t.db.transaction().execute((trx) => takeInvoiceNumber(trx, year))).toBe("2090-00013");
  });
});

describe("holds and the deal clock", () => {
  it("an expired hold puts the vehicle on sale again and tells the buyer and the owner", async () => {
    const { vehicleId, number } = await offered();
    expect((await answerOffer(t.db, deal, number, "accept", { customerId: buyerId })).ok).toBe(true);
    const before = await runDealClock(t.db, deal);
    expect(before.holds).toBe(0);
    expect(await vehicleStatus(vehicleId)).toBe("reserved");
    const later = new Date(Date.now() + 8 * 86_400_000);
    const after = await runDealClock(t.db, deal, later);
    expect(after.holds).toBeGreaterThanOrEqual(1);
    expect(await vehicleStatus(vehicleId)).toBe("available");
    const hold = await t.db
      .selectFrom("holds")
      .select(["ended_at", "end_reason"])
      .where("quote_id", "=", (await quoteRow(number)).id)
      .executeTakeFirstOrThrow();
    expect(hold.end_reason).toBe("expired");
    // The deal lapsed: the quote may be offered again, and its invoice must not be paid.
    expect((await quoteRow(number)).status).toBe("expired");
    const invoice = await t.db
      .selectFrom("invoices")
      .select(["voided_at", "void_reason"])
      .where("quote_id", "=", (await quoteRow(number)).id)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ void_reason: "The reservation ended before payment." });
    expect(invoice.voided_at).not.toBeNull();
    const told = (await mails(number))
      .slice(-2)
      .map((m) => m.to_address)
      .sort();
    expect(told).toEqual(["amal@example.lk", "owner@shop.example"]);
  });

  it("an open offer past its validity is expired by the clock", async () => {
    const { number } = await offered(buyerId, { validUntil: today() });
    await runDealClock(t.db, deal, new Date(Date.now() + 2 * 86_400_000));
    expect((await quoteRow(number)).status).toBe("expired");
    const offer = await t.db
      .selectFrom("offers")
      .select("status")
      .where("quote_id", "=", (await quoteRow(number)).id)
      .executeTakeFirstOrThrow();
    expect(offer.status).toBe("expired");
  });

  it("the owner extends a hold by working days and releases it; bad input changes nothing", async () => {
    const { vehicleId, number } = await offered();
    expect((await answerOffer(t.db, deal, number, "accept", { customerId: buyerId })).ok).toBe(true);
    const id = (await quoteRow(number)).id;
    const expires = async () =>
      (await t.db.selectFrom("holds").select("expires_at").where("quote_id", "=", id).executeTakeFirstOrThrow())
        .expires_at;
    const first = await expires();
    for (const bad of ["0", "21", "two", "-1"]) {
      const refused = await extendHold(t.db, deal, number, bad, staff);
      expect(refused.ok ? null : english(refused.message)).toBe("Extend by 1 to 20 working days.");
    }
    expect(await expires()).toBe(first);
    expect((await extendHold(t.db, deal, number, "2", staff)).ok).toBe(true);
    const days = (Date.parse(await expires()) - Date.parse(first)) / 86_400_000;
    // The invoice is due when the hold now ends, printed so too, and the buyer is told.
    const newDue = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date(await expires()));
    const invoice = await t.db
      .selectFrom("invoices")
      .select(["number", "due_date", "document"])
      .where("quote_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(invoice.due_date).toBe(newDue);
    expect((JSON.parse(invoice.document) as InvoiceDocument).dueDate).toBe(newDue);
    const told = (await mails(number)).filter((m) => m.to_address === "amal@example.lk").at(-1)!;
    expect(told.text_body).toContain(invoice.number);
    expect(days).toBeGreaterThanOrEqual(2);
    expect(days).toBeLessThanOrEqual(4);
    expect((await releaseHold(t.db, deal, number, staff)).ok).toBe(true);
    expect(await vehicleStatus(vehicleId)).toBe("available");
    const again = await releaseHold(t.db, deal, number, staff);
    expect(again.ok ? null : english(again.message)).toBe("This quote holds no vehicle now.");
  });

  it("closing an accepted deal ends the hold and voids the invoice", async () => {
    const { vehicleId, number } = await offered();
    expect((await answerOffer(t.db, deal, number, "accept", { customerId: buyerId })).ok).toBe(true);
    expect(await moveQuoteByStaff(t.db, number, "close", staff)).toEqual({ ok: true, to: "closed" });
    expect(await vehicleStatus(vehicleId)).toBe("available");
    const invoice = await t.db
      .selectFrom("invoices")
      .select(["voided_at", "number"])
      .where("quote_id", "=", (await quoteRow(number)).id)
      .executeTakeFirstOrThrow();
    expect(invoice.voided_at).not.toBeNull();
    // Its acceptance mail, if still waiting, goes without the cancelled invoice as a document to pay.
    expect(await invoiceAttachments(t.db)(`invoice:${invoice.number}`)).toBeNull();
  });
});

describe("what the review found", () => {
  it("a signed-in buyer answers the offer they were shown: a newer one is not accepted unseen", async () => {
    const { vehicleId, number, offer } = await offered();
    expect((await createOffer(t.db, deal, number, offerForm({ fob: "1,200,000" }), staff)).ok).toBe(true);
    const stale = await answerOffer(t.db, deal, number, "accept", { customerId: buyerId, seenOfferId: offer.id });
    expect(stale.ok ? null : [stale.status, english(stale.message)]).toEqual([
      409,
      "Our offer has changed since you opened this page. Please read the new offer below before you answer.",
    ]);
    expect(await vehicleStatus(vehicleId)).toBe("available");
    const latest = await t.db
      .selectFrom("offers")
      .select("id")
      .where("quote_id", "=", (await quoteRow(number)).id)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    expect((await answerOffer(t.db, deal, number, "accept", { customerId: buyerId, seenOfferId: latest.id })).ok).toBe(
      true,
    );
  });

  it("a vehicle the owner reserved by hand cannot be held, and so is never released by a hold", async () => {
    const { vehicleId, number } = await offered();
    await t.db.updateTable("vehicles").set({ stock_status: "reserved" }).where("id", "=", vehicleId).execute();
    const outcome = await answerOffer(t.db, deal, number, "accept", { customerId: buyerId });
    expect(outcome.ok ? null : outcome.status).toBe(409);
    await runDealClock(t.db, deal, new Date(Date.now() + 30 * 86_400_000));
    expect(await vehicleStatus(vehicleId)).toBe("reserved");
  });

  it("a vehicle sold during its hold stays sold when the hold runs out, and nobody is told it is on sale", async () => {
    const { vehicleId, number } = await offered();
    expect((await answerOffer(t.db, deal, number, "accept", { customerId: buyerId })).ok).toBe(true);
    await t.db.updateTable("vehicles").set({ stock_status: "sold" }).where("id", "=", vehicleId).execute();
    const before = (await mails(number)).length;
    await runDealClock(t.db, deal, new Date(Date.now() + 30 * 86_400_000));
    expect(await vehicleStatus(vehicleId)).toBe("sold");
    const hold = await t.db
      .selectFrom("holds")
      .select("end_reason")
      .where("quote_id", "=", (await quoteRow(number)).id)
      .executeTakeFirstOrThrow();
    expect(hold.end_reason).toBe("sold");
    expect((await mails(number)).length).toBe(before);
    expect((await quoteRow(number)).status).toBe("accepted");
  });

  it("a quote with an invoice is kept when the owner deletes it", async () => {
    const { vehicleId, number } = await offered();
    expect((await answerOffer(t.db, deal, number, "accept", { customerId: buyerId })).ok).toBe(true);
    expect(await deleteQuotes(t.db, [number], staff)).toBe(0);
    expect((await quoteRow(number)).status).toBe("accepted");
    expect(await vehicleStatus(vehicleId)).toBe("reserved");
  });

  it("closing an accepted deal tells the buyer the invoice is cancelled", async () => {
    const { number } = await offered();
    expect((await answerOffer(t.db, deal, number, "accept", { customerId: buyerId })).ok).toBe(true);
    expect((await moveQuoteByStaff(t.db, number, "close", staff, deal)).ok).toBe(true);
    const last = (await mails(number)).filter((m) => m.to_address === "amal@example.lk").at(-1)!;
    const invoice = await t.db
      .selectFrom("invoices")
      .select("number")
      .where("quote_id", "=", (await quoteRow(number)).id)
      .executeTakeFirstOrThrow();
    expect(last.text_body).toContain(invoice.number);
    expect(last.attachments).toBeNull();
  });
});

describe("parts", () => {
  it("an accepted part offer issues an invoice without holding anything", async () => {
    const part = await createPart(
      t.db,
      partFactory(createRng(77), 1, { stockStatus: "available", price: 20_000, quantity: 5 }),
      [],
      SYSTEM,
    );
    const number = await quote(part.id, buyerId, { kind: "part", quantity: "2" });
    const defaults = await offerDefaults(t.db, (await quoteRow(number)).id);
    expect(defaults.fob).toBe("40000");
    expect(
      (
        await createOffer(
          t.db,
          deal,
          number,
          offerForm({ fob: "40000", freight: "", insurance: "", terms: "FOB" }),
          staff,
        )
      ).ok,
    ).toBe(true);
    const outcome = await answerOffer(t.db, deal, number, "accept", { customerId: buyerId });
    expect(outcome.ok).toBe(true);
    expect(
      await t.db
        .selectFrom("holds")
        .select("id")
        .where("quote_id", "=", (await quoteRow(number)).id)
        .execute(),
    ).toEqual([]);
  });
});
