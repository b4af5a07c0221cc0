import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { startSmtp } from "../../../tests/support/smtp";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { createSender, sendDueMail } from "~/domain/mail/outbox.server";
import { QuoteRequestSchema } from "./quotes.schema";
import { formInput } from "~/utils/forms";
import { createQuote, listCustomerQuotes, storedSubmissionKey } from "./quotes.server";

let t: TestDb;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let vehicle: { id: number; refId: string };
let sold: { id: number };
let part: { id: number; refId: string };
const mailSettings = {
  ownerEmail: "owner@shop.example",
  shopName: "Test Shop",
  publicUrl: new URL("https://shop.example"),
};

beforeAll(async () => {
  t = await createTestDb();
  smtp = await startSmtp();
  const rng = createRng(8);
  vehicle = await createVehicle(
    t.db,
    vehicleFactory(rng, 1, { stockStatus: "available", name: "2016 Toyota Corolla Axio X" }),
    [],
    { kind: "system", id: null },
  );
  sold = await createVehicle(t.db, vehicleFactory(rng, 2, { stockStatus: "sold" }), [], { kind: "system", id: null });
  part = await createPart(t.db, partFactory(rng, 3, { stockStatus: "available" }), [], { kind: "system", id: null });
});
afterAll(async () => {
  await smtp.stop().catch(() => {});
  await t.cleanup();
});

let keys = 0;
function request(overrides: Record<string, string | string[]> = {}) {
  const form = new FormData();
  const values: Record<string, string | string[]> = {
    kind: "vehicle",
    itemId: String(vehicle.id),
    submissionKey: `key-${String(++keys).padStart(16, "0")}`,
    name: "Kamal Silva",
    country: "Sri Lanka",
    email: "kamal@example.lk",
    phone: "+94 77 555 0101",
    message: "Price to Colombo please, with shipping.",
    contactMethods: ["WhatsApp", "Viber"],
    ...overrides,
  };
  for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) form.append(k, one);
  const parsed = QuoteRequestSchema.safeParse(formInput(form));
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

describe("quote requests", () => {
  it("saves the quote with a unique 10-digit number and queues the owner's mail and the buyer's in the same write", async () => {
    const outcome = await createQuote(t.db, request(), null, mailSettings);
    expect(outcome).toMatchObject({ ok: true, repeated: false });
    const number = (outcome as { number: string }).number;
    expect(number).toMatch(/^[1-9]\d{9}$/);
    const quote = await t.db.selectFrom("quotes").selectAll().where("number", "=", number).executeTakeFirstOrThrow();
    expect(quote).toMatchObject({
      kind: "vehicle",
      status: "pending",
      is_read: 0,
      ref_id: vehicle.refId,
      country: "Sri Lanka",
    });
    const mails = await t.db.selectFrom("mail_outbox").selectAll().where("quote_id", "=", quote.id).execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual(["kamal@example.lk", "owner@shop.example"]);
  });

  it("the owner's mail says what the buyer's country's import rule answers, and the site's country's when another", async () => {
    const year = new Date().getUTCFullYear();
    const old = await createVehicle(
      t.db,
      vehicleFactory(createRng(9), 4, {
        stockStatus: "available",
        steering: "Right",
        year: year - 12,
        manufactured: (year - 12) * 12,
        registered: (year - 12) * 12 + 2,
      }),
      [],
      { kind: "system", id: null },
    );
    const ownerMail = async (fields: Record<string, string>, importCountry: string | null) => {
      const outcome = await createQuote(t.db, request({ itemId: String(old.id), ...fields }), null, {
        ...mailSettings,
        importCountry,
      });
      const number = (outcome as { number: string }).number;
      return t.db
        .selectFrom("mail_outbox")
        .innerJoin("quotes", "quotes.id", "mail_outbox.quote_id")
        .select("mail_outbox.text_body")
        .where("quotes.number", "=", number)
        .where("mail_outbox.to_address", "=", "owner@shop.example")
        .executeTakeFirstOrThrow()
        .then((m) => m.text_body);
    };
    const kenya = await ownerMail({ country: "kenya" }, null);
    expect(kenya).toMatch(
      /import_check: WARNING Kenya: too old, it had to ship by \d{4}-\d{2} \(rule checked 2026-12-01\)/,
    );
    expect(kenya).not.toContain("import_check_on_site");
    // Typed Zambia (no rule), chose Tanzania on the site: both are said, neither stands for the other.
    const zambia = await ownerMail({ country: "Zambia" }, "Tanzania");
    expect(zambia).toContain("import_check: Zambia: no import rule on file, check before quoting");
    expect(zambia).toContain("import_check_on_site: Tanzania: can be imported (rule checked 2026-12-01)");
  });

  it("the owner's mail, sent over SMTP, carries every field of SPEC 7's payload", async () => {
    const outcome = await createQuote(t.db, request({ message: "Need CIF Mombasa" }), null, mailSettings);
    const number = (outcome as { number: string }).number;
    await sendDueMail(
      t.db,
      createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" }),
      "Test Shop <shop@shop.example>",
    );
    const owner = smtp.received.find((m) => m.to.includes("owner@shop.example") && m.raw.includes(number))!;
    expect(owner).toBeDefined();
    for (const field of [
      `quoteID: ${number}`,
      `ref_id: ${vehicle.refId}`,
      "vehicle_name: 2016 Toyota Corolla Axio X",
      "name: Kamal Silva",
      "country: Sri Lanka",
      "email: kamal@example.lk",
      "phone: +94 77 555 0101",
      "contact_methods: Viber, WhatsApp",
      "message: Need CIF Mombasa",
    ]) {
      expect(owner.raw).toContain(field);
    }
    expect(smtp.received.some((m) => m.to.includes("kamal@example.lk") && m.raw.includes(number))).toBe(true);
  });

  it("a double click or a re-sent form makes one quote", async () => {
    const same = request();
    const [a, b] = await Promise.all([
      createQuote(t.db, same, null, mailSettings),
      createQuote(t.db, same, null, mailSettings),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect((a as { number: string }).number).toBe((b as { number: string }).number);
    const again = await createQuote(t.db, same, null, mailSettings);
    expect(again).toMatchObject({ ok: true, repeated: true });
    const rows = await t.db
      .selectFrom("quotes")
      .select("id")
      .where("submission_key", "=", storedSubmissionKey(same))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("the same key sent by two people (a page from the public page cache) makes two quotes", async () => {
    const shared = request({ message: "Shared key" });
    const first = await createQuote(t.db, { ...shared, email: "one@example.com" }, null, mailSettings);
    const second = await createQuote(t.db, { ...shared, email: "two@example.com" }, null, mailSettings);
    const again = await createQuote(t.db, { ...shared, email: " ONE@example.com" }, null, mailSettings);
    expect(first).toMatchObject({ ok: true, repeated: false });
    expect(second).toMatchObject({ ok: true, repeated: false });
    expect((second as { number: string }).number).not.toBe((first as { number: string }).number);
    expect(again).toMatchObject({ ok: true, repeated: true, number: (first as { number: string }).number });
  });

  it("refuses sold stock and stock that does not exist, and saves nothing", async () => {
    const before = (await t.db.selectFrom("quotes").select("id").execute()).length;
    expect(await createQuote(t.db, request({ itemId: String(sold.id) }), null, mailSettings)).toEqual({
      ok: false,
      reason: "sold",
    });
    expect(await createQuote(t.db, request({ itemId: "999999" }), null, mailSettings)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect((await t.db.selectFrom("quotes").select("id").execute()).length).toBe(before);
  });

  it("a part quote names the part, and the buyer sees their own quotes only, newest first", async () => {
    const me = (await createCustomer(t.db, {
      email: "me@example.com",
      password: "long-password",
      fullName: "Me",
      country: "Nepal",
      phone: "+977 1 234",
    }))!;
    const other = (await createCustomer(t.db, {
      email: "other@example.com",
      password: "long-password",
      fullName: "Other",
      country: "India",
      phone: "+91 1 234",
    }))!;
    const first = await createQuote(t.db, request(), me.id, mailSettings);
    const second = await createQuote(t.db, request({ kind: "part", itemId: String(part.id) }), me.id, mailSettings);
    await createQuote(t.db, request(), other.id, mailSettings);
    const mine = await listCustomerQuotes(t.db, me.id, 1, 10);
    expect(mine.total).toBe(2);
    expect(mine.items.map((q) => q.number)).toEqual([
      (second as { number: string }).number,
      (first as { number: string }).number,
    ]);
    expect(mine.items[0]).toMatchObject({ kind: "part", refId: part.refId });
    const partNumber = (second as { number: string }).number;
    const mail = await t.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", "owner@shop.example")
      .where("subject", "like", `%${partNumber}%`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("part_name: ");
    expect(mail.text_body).not.toContain("vehicle_name: ");
  });

  it("rejects a form with missing fields or a wrong e-mail, naming each field", () => {
    const form = new FormData();
    form.set("kind", "vehicle");
    form.set("itemId", "1");
    form.set("submissionKey", "k".repeat(20));
    form.set("email", "not-an-email");
    const parsed = QuoteRequestSchema.safeParse(formInput(form));
    expect(parsed.success).toBe(false);
    const fields = parsed.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["name", "country", "email", "phone", "message"]));
  });
});

describe("mail outage", () => {
  it("with SMTP down, three quotes are saved; when it is back, each mail goes out exactly once", async () => {
    await sendDueMail(t.db, createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" }), "shop@shop.example");
    await smtp.stop();
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const outcome = await createQuote(t.db, request({ message: `Outage quote ${i}` }), null, mailSettings);
      numbers.push((outcome as { number: string }).number);
    }
    const sender = createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
    expect(await sendDueMail(t.db, sender, "shop@shop.example")).toBe(0);
    const waiting = await t.db
      .selectFrom("mail_outbox")
      .select(["status", "attempts", "last_error"])
      .where("status", "=", "pending")
      .execute();
    expect(waiting.length).toBe(6);
    expect(waiting.every((m) => m.attempts === 1 && m.last_error)).toBe(true);

    await smtp.start();
    const received = smtp.received.length;
    // Later, past the back-off, two workers run at once: each mail still goes once.
    const later = new Date(Date.now() + 10 * 60_000);
    await Promise.all([
      sendDueMail(t.db, sender, "shop@shop.example", later),
      sendDueMail(t.db, sender, "shop@shop.example", later),
    ]);
    await sendDueMail(t.db, sender, "shop@shop.example", later);
    const fresh = smtp.received.slice(received);
    for (const number of numbers) {
      expect(fresh.filter((m) => m.to.includes("owner@shop.example") && m.raw.includes(number))).toHaveLength(1);
      expect(fresh.filter((m) => m.to.includes("kamal@example.lk") && m.raw.includes(number))).toHaveLength(1);
    }
    expect(fresh).toHaveLength(6);
  });
});
