import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dealWorld, DEAL, linkAccess, shopDayIn, STAFF, type DealWorld } from "../../../tests/support/deal-world";
import { english } from "../../../tests/support/english";
import { readPdf } from "../../../tests/support/pdf";
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
import { addFreightPort } from "~/domain/freight/freight.server";
import { answerOffer } from "./answer.server";
import {
  acceptConfirmations,
  acceptImportRefusal,
  dealImportCheck,
  importCheckText,
  invoiceImportCheck,
  offerImportGate,
} from "./deal-import-verdict.server";
import type { InvoiceDocument } from "./deal-types";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { createOffer } from "./offers.server";

/*
 * Issue 40, item 3: the import rule at the deal. A 2011 car the site calls too
 * old for Kenya is offered C&F Mombasa only with the owner's override and its
 * reason, accepted only with it and the buyer's tick, the rule read again at
 * acceptance; the invoice keeps the verdict.
 */

let w: DealWorld;
const PORT = "Mombasa, Kenya";
const WANJIRU = { email: "wanjiru@example.ke", fullName: "Wanjiru Kamau", country: "Kenya", phone: "+254 700 000 001" };
let buyerId: number;

beforeAll(async () => {
  w = await dealWorld({ buyers: [WANJIRU], port: { country: "Kenya", port: "Mombasa" } });
  buyerId = w.buyerIds[0]!;
  // A second port, to a country without a rule on file.
  const maputo = await addFreightPort(w.db, STAFF, {
    country: "Mozambique",
    port: "Maputo",
    small: 90_000,
    medium: 120_000,
    large: 180_000,
    insurance: 150,
  });
  if (!maputo.ok) throw new Error("port");
});
afterAll(() => w.cleanup());

/** The Kenya rule: by calendar year from first registration to shipping, `limit` years (null: no limit), or none at all. */
async function kenya(limit: number | null | "none") {
  const existing = (await listImportRules(w.db)).find((r) => r.country === "Kenya");
  if (limit === "none") {
    if (existing) await deleteImportRule(w.db, STAFF, existing.id);
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
  const saved = await saveImportRule(w.db, STAFF, input, existing?.id);
  if (!saved.ok) throw new Error("rule");
}

/** The limit that admits vehicles first registered in 2019 or later, today. */
async function from2019() {
  const when = shippingMonths(await getImportSettings(w.db), new Date());
  return yearOf(when.ship) - 2019 + 1;
}

const vehicle = (year: number) =>
  w.vehicle(800_000, { year, manufactured: monthNumber(year, 3), registered: monthNumber(year, 5) });

/** A quote of the buyer (null: without an account). */
const quote = (vehicleId: number, customerId: number | null) =>
  w.quote("vehicle", vehicleId, 0, 1, { guest: customerId === null });

function offerForm(overrides: Record<string, string> = {}) {
  return {
    fob: "800,000",
    freight: "120000",
    terms: "C&F",
    port: PORT,
    validUntil: shopDayIn(7),
    message: "Dear {buyer_name}, {vehicle} to {port} for {total}.",
    ...overrides,
  };
}

const OVERRIDE = { importOverride: "on", importReason: "The buyer imports it under Uganda's rule through Mombasa." };

async function offered(year: number, form: Record<string, string>, customerId: number | null = buyerId) {
  const vehicleId = await vehicle(year);
  return w.offered(customerId === null ? null : 0, offerForm(form), vehicleId);
}

/** Nothing moved: the quote still Offered, the vehicle on sale, no hold and no invoice. */
async function unchanged(number: string, vehicleId: number) {
  const row = await w.quoteRow(number);
  expect(row.status).toBe("offered");
  const v = await w.db.selectFrom("vehicles").select("stock_status").where("id", "=", vehicleId).executeTakeFirst();
  expect(v?.stock_status).toBe("available");
  expect(await w.db.selectFrom("holds").select("id").where("quote_id", "=", row.id).execute()).toEqual([]);
  expect(await w.db.selectFrom("invoices").select("id").where("quote_id", "=", row.id).execute()).toEqual([]);
}

beforeEach(async () => kenya(await from2019()));

describe("the verdict at the deal", () => {
  it("is the destination's rule for the quote's vehicle: the offer's port, else the quote's", async () => {
    const old = await vehicle(2011);
    const row = await w.quoteRow(await quote(old, buyerId));
    const check = (await dealImportCheck(w.db, row.id, PORT))!;
    expect(check).toMatchObject({ country: "Kenya", refused: true, verdict: { kind: "too_old" } });
    expect(importCheckText(check)).toBe(
      "Too old for Kenya: first registered 2011, Kenya admits 2019 or later (rule checked 2026-11-24).",
    );
    // No port (FOB): the quote's port, Mombasa.
    expect((await dealImportCheck(w.db, row.id, "Japan"))?.country).toBe("Kenya");
    // A port typed by hand names its country after the comma.
    expect((await dealImportCheck(w.db, row.id, "Dar es Salaam, Tanzania"))?.country).toBe("Tanzania");
    const young = await vehicle(2022);
    const youngRow = await w.quoteRow(await quote(young, buyerId));
    // Importable: no age to show the buyer.
    expect(await dealImportCheck(w.db, youngRow.id, PORT)).toMatchObject({
      refused: false,
      verdict: { kind: "importable" },
      age: null,
    });
  });

  it("finds the country of a port however it is typed, under the rule's own name, else the quote's", async () => {
    const row = await w.quoteRow(await quote(await vehicle(2011), buyerId));
    const countryFor = async (port: string | null) => (await dealImportCheck(w.db, row.id, port))?.country;
    // A port of the freight table, whatever its case and spacing, names its country as the table does.
    expect(await countryFor("  maputo,   MOZAMBIQUE ")).toBe("Mozambique");
    // A country with a rule is named as the rule names it.
    expect(await countryFor("Dar es Salaam, tanzania")).toBe("Tanzania");
    // Typed by hand: the country after the last comma, without the spaces; with no port before it too.
    expect(await countryFor("Beira,  Atlantis ")).toBe("Atlantis");
    expect(await countryFor(", Atlantis")).toBe("Atlantis");
    // No port on the offer: the quote's.
    expect(await countryFor(null)).toBe("Kenya");
    expect(await countryFor("")).toBe("Kenya");
    // A quote asked without a port: the buyer's country.
    const noPort = await w.quoteRow(await quote(await vehicle(2011), buyerId));
    await w.db.updateTable("quotes").set({ destination: null }).where("id", "=", noPort.id).execute();
    expect((await dealImportCheck(w.db, noPort.id, ""))?.country).toBe("Kenya");
    // No quote, or a part's: no verdict.
    expect(await dealImportCheck(w.db, 999_999, PORT)).toBeNull();
    expect(await dealImportCheck(w.db, (await w.quoteRow(await w.quote("part", await w.part(1)))).id, PORT)).toBeNull();
  });

  it("reads as the invoice prints it, for each kind of answer a country's rule gives", async () => {
    // The seeded rules, on a day of their own.
    const now = new Date("2026-12-02T03:00:00Z");
    const textFor = async (fields: Parameters<DealWorld["vehicle"]>[1], port: string) => {
      const row = await w.quoteRow(await quote(await w.vehicle(800_000, fields), buyerId));
      const check = (await dealImportCheck(w.db, row.id, port, now))!;
      return { refused: check.refused, kind: check.verdict.kind, text: importCheckText(check) };
    };
    const made = (year: number, month: number, more: Parameters<DealWorld["vehicle"]>[1] = {}) => ({
      year,
      manufactured: monthNumber(year, month),
      registered: monthNumber(year, month),
      steering: "Right",
      ...more,
    });
    expect(await textFor(made(2024, 3), "Haiphong, Vietnam")).toEqual({
      refused: true,
      kind: "wrong_steering",
      text: "Vietnam admits only left-hand drive vehicles; this one is not (rule checked 2026-11-24, unconfirmed).",
    });
    expect(await textFor(made(2024, 3, { steering: null }), "Haiphong, Vietnam")).toEqual({
      refused: false,
      kind: "steering_unknown",
      text: "Vietnam admits only left-hand drive vehicles; this one's steering is not on file (rule checked 2026-11-24, unconfirmed).",
    });
    expect(await textFor(made(2024, 3), "Birgunj, Nepal")).toEqual({
      refused: true,
      kind: "not_admitted",
      text: "Nepal admits no used vehicles (rule checked 2026-11-24, unconfirmed).",
    });
    expect(await textFor(made(1995, 3), "Dar es Salaam, Tanzania")).toEqual({
      refused: false,
      kind: "importable",
      text: "Can be imported into Tanzania (rule checked 2026-12-01).",
    });
    expect(await textFor(made(2024, 3), "Beira, Atlantis")).toEqual({
      refused: false,
      kind: "no_rule",
      text: "No import rule on file for Atlantis: the buyer confirms with their importer.",
    });
    // Counted by calendar year from manufacture to arrival (early 2027): the years are shown.
    expect(await textFor(made(2010, 3, { registered: monthNumber(2012, 7) }), "Mombasa, Uganda")).toEqual({
      refused: true,
      kind: "too_old",
      text: "Too old for Uganda: manufactured 2010, Uganda admits 2012 or later (rule checked 2026-12-01).",
    });
    // Counted by month from manufacture to shipping: the months are shown.
    expect(await textFor(made(2023, 3), "Colombo, Sri Lanka")).toEqual({
      refused: true,
      kind: "too_old",
      text: "Too old for Sri Lanka: manufactured 2023-03, Sri Lanka admits 2024-01 or later (rule checked 2026-12-01).",
    });
    // Counted from the year after manufacture: the years are shown.
    expect(await textFor(made(2015, 3), "Karachi, Pakistan")).toEqual({
      refused: true,
      kind: "too_old",
      text: "Too old for Pakistan: manufactured 2015, Pakistan admits 2023 or later (rule checked 2026-12-01).",
    });
  });

  it("counts a car's age from its first registration, else its year, for a rule that says so", async () => {
    // Kenya admits 2019 or later: a car made in 2018 and first registered in 2019 may go.
    const late = await w.vehicle(800_000, {
      year: 2018,
      manufactured: monthNumber(2018, 11),
      registered: monthNumber(2019, 2),
    });
    const lateRow = await w.quoteRow(await quote(late, buyerId));
    expect(await dealImportCheck(w.db, lateRow.id, PORT)).toMatchObject({ refused: false });
    // Neither month on file: its listed year.
    const bare = await w.vehicle(800_000, { year: 2022, manufactured: null, registered: null });
    const bareRow = await w.quoteRow(await quote(bare, buyerId));
    expect(await dealImportCheck(w.db, bareRow.id, PORT)).toMatchObject({ refused: false });
  });
});

describe("sending an offer the destination refuses", () => {
  it("is refused without the override, with a field message, keeping what was typed; nothing is written", async () => {
    const v = await vehicle(2011);
    const number = await quote(v, buyerId);
    const outcome = await createOffer(w.db, DEAL, number, offerForm({ importReason: "typed" }), STAFF);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.refusal).toBe("invalid");
    expect(english(outcome.errors.importOverride!)).toBe(
      "Kenya’s import rule refuses this vehicle. To send the offer anyway, tick “Send despite the import rule” and give the reason.",
    );
    expect(outcome.values).toMatchObject({ fob: "800,000", port: PORT, importReason: "typed" });
    expect(outcome.importCheck).toMatchObject({ refused: true, country: "Kenya" });
    const row = await w.quoteRow(number);
    expect(row.status).not.toBe("offered");
    expect(await w.db.selectFrom("offers").select("id").where("quote_id", "=", row.id).execute()).toEqual([]);

    const noReason = await createOffer(w.db, DEAL, number, offerForm({ importOverride: "on" }), STAFF);
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
    const row = await w.quoteRow(number);
    const logged = await w.db
      .selectFrom("activity_log")
      .select(["action", "summary"])
      .where("action", "=", "offer.import_override")
      .where("subject_kind", "=", "quote")
      .where("subject_id", "=", String(row.id))
      .executeTakeFirstOrThrow();
    expect(logged.summary).toContain("Too old for Kenya: first registered 2011");
    expect(logged.summary).toContain(OVERRIDE.importReason);
  });

  it("reads the override's tick however the form sends it, and needs a reason of at most 500 characters", async () => {
    const row = await w.quoteRow(await quote(await vehicle(2011), buyerId));
    const gate = (fields: Record<string, unknown>) => offerImportGate(w.db, row.id, PORT, fields);
    const reason = "Re-exported to Uganda.";
    for (const tick of ["on", "1", "true", true])
      expect(await gate({ importOverride: tick, importReason: `  ${reason} ` })).toMatchObject({ ok: true, reason });
    for (const tick of ["", "off", "0", false])
      expect(await gate({ importOverride: tick, importReason: reason })).toMatchObject({
        ok: false,
        errors: { importOverride: expect.anything() },
      });
    const blank = await gate({ importOverride: "on", importReason: "   " });
    expect(blank.ok ? null : english(blank.errors.importReason!)).toBe(
      "Give the reason for sending this offer despite the import rule.",
    );
    expect(await gate({ importOverride: "on", importReason: "x".repeat(500) })).toMatchObject({ ok: true });
    const long = await gate({ importOverride: "on", importReason: "x".repeat(501) });
    expect(long.ok ? null : english(long.errors.importReason!)).toBe("At most 500 characters.");
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
    const outcome = await answerOffer(w.db, DEAL, number, "accept", { customerId: buyerId });
    expect(outcome).toMatchObject({ ok: false, refusal: "conflict" });
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
    const outcome = await answerOffer(w.db, DEAL, number, "accept", linkAccess(number, offer), new Date(), {
      importWarningRead: true,
    });
    expect(outcome).toMatchObject({ ok: false, refusal: "conflict" });
    await unchanged(number, vehicleId);
  });

  it("with the owner's override, is refused without the buyer's tick and accepted with it", async () => {
    const { number, vehicleId } = await offered(2011, OVERRIDE);
    const unticked = await answerOffer(w.db, DEAL, number, "accept", { customerId: buyerId });
    expect(unticked).toMatchObject({ ok: false, refusal: "invalid" });
    if (!unticked.ok)
      expect(english(unticked.message)).toBe(
        "Tick the box to confirm you have read the import warning, then accept again.",
      );
    await unchanged(number, vehicleId);

    const ticked = await answerOffer(w.db, DEAL, number, "accept", { customerId: buyerId }, new Date(), {
      importWarningRead: true,
    });
    expect(ticked).toMatchObject({ ok: true, answer: "accept" });
    expect((await w.quoteRow(number)).status).toBe("accepted");
  });

  it("through the mail's link behaves the same", async () => {
    const { number, vehicleId, offer } = await offered(2011, OVERRIDE, null);
    const access = linkAccess(number, offer);
    expect(await answerOffer(w.db, DEAL, number, "accept", access)).toMatchObject({ ok: false, refusal: "invalid" });
    await unchanged(number, vehicleId);
    expect(
      await answerOffer(w.db, DEAL, number, "accept", access, new Date(), { importWarningRead: true }),
    ).toMatchObject({ ok: true });
  });

  it("issues an invoice whose document and PDF carry the verdict and the override", async () => {
    const { number } = await offered(2011, OVERRIDE);
    await answerOffer(w.db, DEAL, number, "accept", { customerId: buyerId }, new Date(), { importWarningRead: true });
    const invoice = await w.invoiceOf(number);
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

  it("the invoice keeps the owner's reason without its trailing stops, and no override the rule no longer needs", async () => {
    const { number, offer } = await offered(2011, { importOverride: "on", importReason: "Re-exported to Uganda..." });
    const quoteId = (await w.quoteRow(number)).id;
    expect((await invoiceImportCheck(w.db, quoteId, offer.id, new Date()))?.override).toBe(
      "Offered by the seller despite the rule: Re-exported to Uganda. The buyer confirmed having read this warning.",
    );
    // The rule relaxed before the buyer accepted: the vehicle is admitted and the invoice says no more.
    await kenya(null);
    expect(await invoiceImportCheck(w.db, quoteId, offer.id, new Date())).toMatchObject({
      refused: false,
      override: null,
    });
  });

  it("a part has no verdict: its offer needs no override, its acceptance no tick, its invoice no import line", async () => {
    const number = await w.quote("part", await w.part(1));
    const quoteId = (await w.quoteRow(number)).id;
    expect(await offerImportGate(w.db, quoteId, PORT, {})).toEqual({ ok: true, check: null, reason: null });
    const made = await w.offer(number, "20,000", { terms: "C&F", freight: "5000", port: PORT });
    if (!made.ok) throw new Error(JSON.stringify(made));
    expect(await acceptImportRefusal(w.db, quoteId, { port: PORT, import_override: 0 }, {}, new Date())).toBeNull();
    expect(await invoiceImportCheck(w.db, quoteId, made.offerId, new Date())).toBeUndefined();
    // No such offer: nothing to keep either.
    expect(await invoiceImportCheck(w.db, quoteId, 999_999, new Date())).toBeUndefined();
  });

  it("reads the buyer's tick from the accept form", () => {
    expect(acceptConfirmations({ importWarningRead: "on" })).toEqual({ importWarningRead: true });
    expect(acceptConfirmations({})).toEqual({ importWarningRead: false });
  });

  it("an importable vehicle's invoice says so, and needs no tick", async () => {
    const { number } = await offered(2022, {});
    expect(await answerOffer(w.db, DEAL, number, "accept", { customerId: buyerId })).toMatchObject({ ok: true });
    const invoice = await w.invoiceOf(number);
    const document = JSON.parse(invoice.document) as InvoiceDocument;
    expect(document.importCheck).toMatchObject({ country: "Kenya", refused: false, override: null });
    expect(document.importCheck?.text).toMatch(/^Can be imported into Kenya if it ships by \d{4}-\d{2}/);
    // A line of the shipment: the ordinary deal's invoice stays on one page.
    const pdf = await readPdf(await renderInvoicePdf(document));
    expect(pdf.pages).toBe(1);
    expect(pdf.text.replace(/\s+/g, " ")).toContain("Import rule, Kenya Can be imported into Kenya if it ships by");
  });
});
