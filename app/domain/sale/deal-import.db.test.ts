import { DEAL } from "../../../tests/support/deal-world";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { english } from "../../../tests/support/english";
import { readPdf } from "../../../tests/support/pdf";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { addFreightPort } from "~/domain/freight/freight.server";
import { formInput } from "~/utils/forms";
import { monthNumber, yearOf } from "~/domain/inventory/months";
import {
  deleteImportRule,
  getImportSettings,
  importRuleSchema,
  listImportRules,
  saveImportRule,
  shippingMonths,
} from "~/domain/imports/import-rules.server";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { QuoteRequestSchema } from "~/domain/quotes/quotes.schema";
import { createQuote } from "~/domain/quotes/quotes.server";
import { writeSetting } from "~/domain/settings/settings-store.server";
import { answerOffer, type OfferAccess } from "./answer.server";
import { dealImportCheck, importCheckText } from "./deal-import-verdict.server";
import { BANK_KEY } from "./deal-settings.server";
import type { InvoiceDocument } from "./deal-types";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { offerLinkPath } from "./offer-links.server";
import { createOffer, type DealContext } from "./offers.server";

/*
 * Issue 40, item 3: the import rule at the deal. A 2011 car the site calls too
 * old for Kenya is offered C&F Mombasa only with the owner's override and its
 * reason, accepted only with it and the buyer's tick, the rule read again at
 * acceptance; the invoice keeps the verdict.
 */

let t: TestDb;
const staff = { id: 1, adminId: "owner" };
const SYSTEM = { kind: "system", id: null } as const;
const deal: DealContext = DEAL;
const PORT = "Mombasa, Kenya";
let buyerId: number;
let portId: number;
let made = 0;
let keys = 0;

/** The Kenya rule: by calendar year from first registration to shipping, `limit` years (null: no limit), or none at all. */
async function kenya(limit: number | null | "none") {
  const existing = (await listImportRules(t.db)).find((r) => r.country === "Kenya");
  if (limit === "none") {
    if (existing) await deleteImportRule(t.db, staff, existing.id);
    return;
  }
  const input = importRuleSchema().parse(
    formInput(
      Object.entries({
        country: "Kenya",
        usedVehicles: "on",
        maxAgeYears: limit === null ? "" : String(limit),
        ageFrom: "registration",
        ageUntil: "shipping",
        ageCount: "years",
        steering: "Right",
        usedParts: "on",
        note: "",
        sourceUrl: "https://www.kebs.org/",
        checkedOn: "2026-11-24",
        confirmed: "on",
      }).reduce((form, [k, v]) => (form.set(k, v), form), new FormData()),
    ),
  );
  const saved = await saveImportRule(t.db, staff, input, existing?.id);
  if (!saved.ok) throw new Error("rule");
}

/** The limit that admits vehicles first registered in 2019 or later, today. */
async function from2019() {
  const when = shippingMonths(await getImportSettings(t.db), new Date());
  return yearOf(when.ship) - 2019 + 1;
}

async function vehicle(year: number) {
  const v = vehicleFactory(createRng(300 + ++made), 500 + made, {
    year,
    manufactured: monthNumber(year, 3),
    registered: monthNumber(year, 5),
    steering: "Right",
    type: "Sedan",
    subType: null,
    engineCc: 1500,
    price: 800_000,
    stockStatus: "available",
  });
  return createVehicle(t.db, v, [], SYSTEM);
}

async function quote(vehicleId: number, customerId: number | null) {
  const form = new FormData();
  const values: Record<string, string> = {
    kind: "vehicle",
    itemId: String(vehicleId),
    submissionKey: `import-key-${String(++keys).padStart(12, "0")}`,
    name: "Wanjiru Kamau",
    country: "Kenya",
    // One address each: the quote form limits how often one address asks.
    email: `wanjiru.${keys}@example.ke`,
    phone: "+254 700 000 001",
    message: "Price to Mombasa please.",
  };
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  const parsed = QuoteRequestSchema.parse(formInput(form));
  const out = await createQuote(t.db, { ...parsed, portId }, customerId, {
    ownerEmail: deal.ownerEmail,
    shopName: deal.shopName,
    publicUrl: deal.publicUrl,
    language: "en",
  });
  if (!out.ok) throw new Error("quote");
  return out.number;
}

const inDays = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date(Date.now() + days * 86_400_000));

function offerForm(overrides: Record<string, string> = {}) {
  return {
    fob: "800,000",
    freight: "120000",
    terms: "C&F",
    port: PORT,
    validUntil: inDays(7),
    message: "Dear {buyer_name}, {vehicle} to {port} for {total}.",
    ...overrides,
  };
}

const OVERRIDE = { importOverride: "on", importReason: "The buyer imports it under Uganda's rule through Mombasa." };

const quoteRow = (number: string) =>
  t.db.selectFrom("quotes").selectAll().where("number", "=", number).executeTakeFirstOrThrow();

async function offered(year: number, form: Record<string, string>, customerId: number | null = buyerId) {
  const v = await vehicle(year);
  const number = await quote(v.id, customerId);
  const outcome = await createOffer(t.db, deal, number, offerForm(form), staff);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  const offer = await t.db.selectFrom("offers").selectAll().where("id", "=", outcome.offerId).executeTakeFirstOrThrow();
  return { vehicleId: v.id, number, offer };
}

/** Nothing moved: the quote still Offered, the vehicle on sale, no hold and no invoice. */
async function unchanged(number: string, vehicleId: number) {
  const row = await quoteRow(number);
  expect(row.status).toBe("offered");
  const v = await t.db.selectFrom("vehicles").select("stock_status").where("id", "=", vehicleId).executeTakeFirst();
  expect(v?.stock_status).toBe("available");
  expect(await t.db.selectFrom("holds").select("id").where("quote_id", "=", row.id).execute()).toEqual([]);
  expect(await t.db.selectFrom("invoices").select("id").where("quote_id", "=", row.id).execute()).toEqual([]);
}

const linkAccess = (number: string, offer: { id: number; valid_until: string }): OfferAccess => {
  const url = new URL(offerLinkPath(deal.sessionSecret, number, offer), "https://x");
  return { offerId: Number(url.searchParams.get("offer")), sig: url.searchParams.get("sig")! };
};

beforeAll(async () => {
  t = await createTestDb();
  await writeSetting(
    t.db,
    BANK_KEY,
    {
      bankName: "Mitsubishi UFJ Bank",
      branch: "Yokohama Branch",
      bankAddress: "1-1 Minatomirai, Yokohama",
      swift: "BOTKJPJT",
      accountName: "Test Shop Co., Ltd.",
      accountNumber: "1234567",
      note: "",
    },
    new Date().toISOString(),
  );
  buyerId = (await createCustomer(t.db, {
    email: "wanjiru@example.ke",
    password: "correct horse battery",
    fullName: "Wanjiru Kamau",
    country: "Kenya",
    phone: "+254 700 000 001",
  }))!.id;
  const port = await addFreightPort(t.db, staff, {
    country: "Kenya",
    port: "Mombasa",
    small: 90_000,
    medium: 120_000,
    large: 180_000,
    insurance: 150,
  });
  if (!port.ok) throw new Error("port");
  portId = (await t.db.selectFrom("freight_ports").select("id").where("port", "=", "Mombasa").executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.cleanup());
beforeEach(async () => kenya(await from2019()));

describe("the verdict at the deal", () => {
  it("is the destination's rule for the quote's vehicle: the offer's port, else the quote's", async () => {
    const old = await vehicle(2011);
    const row = await quoteRow(await quote(old.id, buyerId));
    const check = (await dealImportCheck(t.db, row.id, PORT))!;
    expect(check).toMatchObject({ country: "Kenya", refused: true, verdict: { kind: "too_old" } });
    expect(importCheckText(check)).toBe(
      "Too old for Kenya: first registered 2011, Kenya admits 2019 or later (rule checked 2026-11-24).",
    );
    // No port (FOB): the quote's port, Mombasa.
    expect((await dealImportCheck(t.db, row.id, "Japan"))?.country).toBe("Kenya");
    // A port typed by hand names its country after the comma.
    expect((await dealImportCheck(t.db, row.id, "Dar es Salaam, Tanzania"))?.country).toBe("Tanzania");
    const young = await vehicle(2022);
    const youngRow = await quoteRow(await quote(young.id, buyerId));
    expect(await dealImportCheck(t.db, youngRow.id, PORT)).toMatchObject({
      refused: false,
      verdict: { kind: "importable" },
    });
  });
});

describe("sending an offer the destination refuses", () => {
  it("is refused without the override, with a field message, keeping what was typed; nothing is written", async () => {
    const v = await vehicle(2011);
    const number = await quote(v.id, buyerId);
    const outcome = await createOffer(t.db, deal, number, offerForm({ importReason: "typed" }), staff);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.status).toBe(400);
    expect(english(outcome.errors.importOverride!)).toBe(
      "Kenya’s import rule refuses this vehicle. To send the offer anyway, tick “Send despite the import rule” and give the reason.",
    );
    expect(outcome.values).toMatchObject({ fob: "800,000", port: PORT, importReason: "typed" });
    expect(outcome.importCheck).toMatchObject({ refused: true, country: "Kenya" });
    const row = await quoteRow(number);
    expect(row.status).not.toBe("offered");
    expect(await t.db.selectFrom("offers").select("id").where("quote_id", "=", row.id).execute()).toEqual([]);

    const noReason = await createOffer(t.db, deal, number, offerForm({ importOverride: "on" }), staff);
    expect(noReason.ok).toBe(false);
    if (noReason.ok) return;
    expect(english(noReason.errors.importReason!)).toBe(
      "Give the reason for sending this offer despite the import rule.",
    );
  });

  it("is sent with the override and its reason, both kept on the offer and logged", async () => {
    const { number, offer } = await offered(2011, OVERRIDE);
    expect(offer.import_override).toBe(1);
    expect(offer.import_override_reason).toBe(OVERRIDE.importReason);
    const row = await quoteRow(number);
    const logged = await t.db
      .selectFrom("activity_log")
      .select(["action", "summary"])
      .where("action", "=", "offer.import_override")
      .where("subject_id", "=", String(row.id))
      .executeTakeFirstOrThrow();
    expect(logged.summary).toContain("Too old for Kenya: first registered 2011");
    expect(logged.summary).toContain(OVERRIDE.importReason);
  });

  it("needs no override where the rule admits the vehicle", async () => {
    const { offer } = await offered(2022, {});
    expect(offer.import_override).toBe(0);
    expect(offer.import_override_reason).toBeNull();
  });
});

describe("accepting an offer the destination refuses", () => {
  it("is refused when the rule tightened after the offer: it is read again at acceptance", async () => {
    await kenya(null);
    const { number, vehicleId, offer } = await offered(2011, {});
    expect(offer.import_override).toBe(0);
    await kenya(await from2019());
    const outcome = await answerOffer(t.db, deal, number, "accept", { customerId: buyerId });
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    if (outcome.ok) return;
    expect(english(outcome.message)).toBe(
      "Kenya’s import rule does not admit this vehicle, so this offer cannot be accepted. Ask us for an offer to another destination.",
    );
    await unchanged(number, vehicleId);
  });

  it("is refused when the offer was made before the rule existed, through the mail's link too", async () => {
    await kenya("none");
    const { number, vehicleId, offer } = await offered(2011, {}, null);
    await kenya(await from2019());
    const outcome = await answerOffer(t.db, deal, number, "accept", linkAccess(number, offer), new Date(), {
      importWarningRead: true,
    });
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    await unchanged(number, vehicleId);
  });

  it("with the owner's override, is refused without the buyer's tick and accepted with it", async () => {
    const { number, vehicleId } = await offered(2011, OVERRIDE);
    const unticked = await answerOffer(t.db, deal, number, "accept", { customerId: buyerId });
    expect(unticked).toMatchObject({ ok: false, status: 400 });
    if (!unticked.ok)
      expect(english(unticked.message)).toBe(
        "Tick the box to confirm you have read the import warning, then accept again.",
      );
    await unchanged(number, vehicleId);

    const ticked = await answerOffer(t.db, deal, number, "accept", { customerId: buyerId }, new Date(), {
      importWarningRead: true,
    });
    expect(ticked).toMatchObject({ ok: true, answer: "accept" });
    expect((await quoteRow(number)).status).toBe("accepted");
  });

  it("through the mail's link behaves the same", async () => {
    const { number, vehicleId, offer } = await offered(2011, OVERRIDE, null);
    const access = linkAccess(number, offer);
    expect(await answerOffer(t.db, deal, number, "accept", access)).toMatchObject({ ok: false, status: 400 });
    await unchanged(number, vehicleId);
    expect(
      await answerOffer(t.db, deal, number, "accept", access, new Date(), { importWarningRead: true }),
    ).toMatchObject({ ok: true });
  });

  it("issues an invoice whose document and PDF carry the verdict and the override", async () => {
    const { number } = await offered(2011, OVERRIDE);
    await answerOffer(t.db, deal, number, "accept", { customerId: buyerId }, new Date(), { importWarningRead: true });
    const row = await quoteRow(number);
    const invoice = await t.db
      .selectFrom("invoices")
      .select("document")
      .where("quote_id", "=", row.id)
      .executeTakeFirstOrThrow();
    const document = JSON.parse(invoice.document) as InvoiceDocument;
    expect(document.importCheck).toEqual({
      country: "Kenya",
      verdict: "too_old",
      refused: true,
      text: "Too old for Kenya: first registered 2011, Kenya admits 2019 or later (rule checked 2026-11-24).",
      override:
        "Offered by the seller despite the rule: The buyer imports it under Uganda's rule through Mombasa. The buyer confirmed having read this warning.",
    });
    const pdf = (await readPdf(await renderInvoicePdf(document))).text.replace(/\s+/g, " ");
    expect(pdf).toContain("IMPORT RULE: KENYA");
    expect(pdf).toContain("Too old for Kenya: first registered 2011, Kenya admits 2019 or later");
    expect(pdf).toContain("The buyer confirmed having read this warning.");
  });

  it("an importable vehicle's invoice says so, and needs no tick", async () => {
    const { number } = await offered(2022, {});
    expect(await answerOffer(t.db, deal, number, "accept", { customerId: buyerId })).toMatchObject({ ok: true });
    const row = await quoteRow(number);
    const invoice = await t.db
      .selectFrom("invoices")
      .select("document")
      .where("quote_id", "=", row.id)
      .executeTakeFirstOrThrow();
    const document = JSON.parse(invoice.document) as InvoiceDocument;
    expect(document.importCheck).toMatchObject({ country: "Kenya", refused: false, override: null });
    expect(document.importCheck?.text).toMatch(/^Can be imported into Kenya if it ships by \d{4}-\d{2}/);
    // A line of the shipment: the ordinary deal's invoice stays on one page.
    const pdf = await readPdf(await renderInvoicePdf(document));
    expect(pdf.pages).toBe(1);
    expect(pdf.text.replace(/\s+/g, " ")).toContain("Import rule Can be imported into Kenya if it ships by");
  });
});
