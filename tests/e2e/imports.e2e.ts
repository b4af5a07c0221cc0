import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importVerdict } from "~/domain/imports/import-rules";
import { maskedChassis } from "~/domain/inventory/chassis";
import { monthNumber, monthOfDate, monthText } from "~/domain/inventory/months";
import { getImportSettings, ruleForCountry, shippingMonths } from "~/domain/imports/import-rules.server";
import {
  baseUrl,
  launchBrowser,
  makePart,
  makeVehicle,
  openPage,
  seriousAccessibilityProblems,
  withShopDb,
  writeShopDb,
} from "../support/browser";
import { choosePlace } from "../support/place";

/*
 * Can this car go to my country? A buyer in Kenya, one in India and one in
 * Nepal choose their country and read the answer on every card, on the
 * vehicle's page and above the quote form; "Only what I can import" lists
 * exactly the vehicles the cards call importable. Expected answers come from
 * the rule function with the shop's own rules and months.
 */

let browser: Browser;
const shots = path.resolve("test-results/imports");

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(shots, { recursive: true });
  // Whatever day the tests run on: Kenya's rule is within its day to be checked again, Pakistan's is past it.
  await writeShopDb(async (db) => {
    await db.updateTable("import_rules").set({ check_by: "2099-12-31" }).where("country", "=", "Kenya").execute();
    await db.updateTable("import_rules").set({ check_by: "2026-01-01" }).where("country", "=", "Pakistan").execute();
  });
});
afterAll(async () => {
  await browser?.close();
});

const thisMonth = () => monthOfDate(new Date());
const yearsAgo = (years: number, month = 1) => monthNumber(Math.floor(thisMonth() / 12) - years, month);

/**
 * A vehicle of this file's own, listed long ago: the home page's newest (which
 * home.e2e.ts checks for photos) stay the other files' whatever order they run in.
 */
async function vehicle(overrides: Parameters<typeof makeVehicle>[0]) {
  const made = await makeVehicle(overrides);
  await writeShopDb((db) =>
    db.updateTable("vehicles").set({ created_at: LONG_AGO, updated_at: LONG_AGO }).where("id", "=", made.id).execute(),
  );
  return made;
}
const LONG_AGO = "2024-01-01T00:00:00.000Z";

/** What the rule function says of every vehicle in the shop for a country, by id. */
async function expected(country: string) {
  return withShopDb(async (db) => {
    const [rule, settings, rows] = await Promise.all([
      ruleForCountry(db, country),
      getImportSettings(db),
      db.selectFrom("vehicles").select(["id", "year", "steering", "manufactured_month", "registered_month"]).execute(),
    ]);
    const when = shippingMonths(settings, new Date());
    return new Map(
      rows.map((r) => [
        r.id,
        importVerdict(
          { year: r.year, steering: r.steering, manufactured: r.manufactured_month, registered: r.registered_month },
          country,
          rule,
          when,
        ),
      ]),
    );
  });
}

/** The vehicles of a status, as the shop holds them. */
async function idsOf(status: "available" | "reserved" | "sold"): Promise<Set<number>> {
  return withShopDb(async (db) => {
    const rows = await db.selectFrom("vehicles").select("id").where("stock_status", "=", status).execute();
    return new Set(rows.map((r) => r.id));
  });
}

/** A phone page whose buyer has chosen `country` in the vehicle list's place form. */
async function buyerIn(country: string): Promise<Page> {
  const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto("/vehicles", { waitUntil: "networkidle" });
  expect(await page.getByTestId("import-badge").count()).toBe(0);
  await choosePlace(page, { country });
  await expect.poll(() => page.getByTestId("import-badge").count()).toBeGreaterThan(0);
  return page;
}

/** The id of each card on the page with its verdict. */
async function cardVerdicts(page: Page): Promise<Map<number, string>> {
  const cards = page.getByTestId("list-card");
  const found = new Map<number, string>();
  for (let i = 0; i < (await cards.count()); i++) {
    const href = (await cards.nth(i).getByTestId("stock-card-link").getAttribute("href"))!;
    found.set(
      Number(href.split("/").pop()),
      (await cards.nth(i).getByTestId("import-badge").getAttribute("data-verdict"))!,
    );
  }
  return found;
}

describe("import rules by destination country", () => {
  it("a buyer in Kenya: each card's answer, only what can be imported, and the vehicle's page with its rule", async () => {
    // First registered two years ago, right-hand drive: importable; first registered twelve years ago: too old.
    // One model at one price: the young one is the old one's nearest alternative.
    const corolla = { make: "Toyota", model: "Corolla", type: "Sedan", subType: "Compact Sedan", price: 1_234_567 };
    const young = await vehicle({
      ...corolla,
      steering: "Right",
      year: Math.floor(yearsAgo(2) / 12),
      manufactured: yearsAgo(2, 1),
      registered: yearsAgo(2, 3),
      chassisNumber: "NZE161-3012345",
    });
    const old = await vehicle({
      ...corolla,
      steering: "Right",
      year: Math.floor(yearsAgo(12) / 12),
      manufactured: yearsAgo(12, 1),
      registered: yearsAgo(12, 2),
    });
    const page = await buyerIn("Kenya");
    const want = await expected("Kenya");
    const shown = await cardVerdicts(page);
    expect(shown.size).toBeGreaterThan(5);
    for (const [id, verdict] of shown) expect(verdict, `vehicle ${id}`).toBe(want.get(id)!.kind);
    await page.screenshot({ path: path.join(shots, "kenya-list-390.png"), fullPage: true });
    expect(await page.getByTestId("import-list-note").textContent()).toMatch(
      /^Answers for Kenya from its rule checked \d+ \w+ \d{4}\. Rules change: confirm with your importer before you pay\. Source$/,
    );

    // Only what can be imported: the list is exactly the vehicles the rule admits, each card saying so.
    await page.getByLabel("Only what I can import into Kenya").check();
    await page.waitForURL(/ImportTo=Kenya/);
    // What the rule admits, less what is sold: the buyer can no longer buy it.
    const sold = await idsOf("sold");
    const admitted = [...want].filter(([, v]) => v.kind === "importable").map(([id]) => id);
    expect(admitted.filter((id) => sold.has(id)).length).toBeGreaterThan(0);
    const importable = admitted.filter((id) => !sold.has(id));
    expect(importable).toContain(young.id);
    expect(importable).not.toContain(old.id);
    await expect
      .poll(async () => page.getByTestId("list-status").textContent())
      .toContain(`${importable.length} vehicle`);
    const listed = await cardVerdicts(page);
    expect([...listed.values()].every((v) => v === "importable")).toBe(true);
    expect([...listed.keys()].every((id) => importable.includes(id))).toBe(true);
    expect(await page.getByLabel("Only what I can import into Kenya").isChecked()).toBe(true);

    // The vehicle's page: the answer with the month to ship by, the rule, its source and the advice.
    await page.goto(`/vehicles/${young.id}`, { waitUntil: "networkidle" });
    const verdict = want.get(young.id)!;
    expect(verdict.kind).toBe("importable");
    const shipBy = verdict.kind === "importable" ? verdict.shipBy! : 0;
    const [year, month] = monthText(shipBy).split("-").map(Number) as [number, number];
    const monthWords = new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString("en", {
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(await page.getByTestId("import-verdict").textContent()).toBe(
      `This vehicle can be imported into Kenya if it ships by ${monthWords}.`,
    );
    const answer = (await page.getByTestId("import-answer").textContent())!;
    expect(answer).toContain("Under 8 years by calendar year, counted from first registration to arrival.");
    expect(answer).toContain("Right-hand drive only.");
    expect(await page.getByTestId("import-source").textContent()).toContain(
      "Rules change: confirm with your importer before you pay.",
    );
    expect(await page.getByTestId("import-source").getByRole("link", { name: "Source" }).getAttribute("href")).toMatch(
      /^https?:\/\//,
    );
    // The chassis number is partly hidden on the public page, and nowhere whole in it.
    expect(await page.getByText(maskedChassis("NZE161-3012345")).count()).toBe(1);
    expect(await page.content()).not.toContain("NZE161-3012345");
    await page.screenshot({ path: path.join(shots, "kenya-vehicle-390.png"), fullPage: true });
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // The old one says so on its page, and the quote form warns before the buyer asks.
    await page.goto(`/vehicles/${old.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("import-verdict").getAttribute("data-verdict")).toBe("too_old");
    // Its alternatives are available cars Kenya does not refuse, the young one of its model among them.
    const alternatives = page.getByTestId("similar-vehicles").getByTestId("stock-card-link");
    const offered = (await alternatives.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).map((h) =>
      Number(h!.split("/").pop()),
    );
    expect(offered).toContain(young.id);
    // None Kenya refuses (a steering not on file is a question for the owner, not a no).
    for (const id of offered)
      expect(["too_old", "wrong_steering", "not_admitted"], `similar vehicle ${id}`).not.toContain(want.get(id)?.kind);
    expect(await page.getByTestId("quote-import-warning").textContent()).toContain("Too old for Kenya");
    await page.context().close();
  });

  it("a buyer in India: left-hand drive and old cars refused on their cards; the owner's quote mail says why", async () => {
    const left = await vehicle({
      steering: "Left",
      year: Math.floor(yearsAgo(1) / 12),
      manufactured: yearsAgo(1, 1),
      registered: yearsAgo(1, 2),
    });
    const old = await vehicle({
      steering: "Right",
      year: Math.floor(yearsAgo(6) / 12),
      manufactured: yearsAgo(6, 1),
      registered: yearsAgo(6, 2),
    });
    const page = await buyerIn("India");
    const want = await expected("India");
    for (const [id, verdict] of await cardVerdicts(page)) expect(verdict, `vehicle ${id}`).toBe(want.get(id)!.kind);
    expect(want.get(left.id)!.kind).toBe("wrong_steering");
    // A list filtered for another country (a link from a friend in Kenya) answers for that country on every card.
    await page.goto("/vehicles?ImportTo=Kenya", { waitUntil: "networkidle" });
    const forKenya = await cardVerdicts(page);
    expect(forKenya.size).toBeGreaterThan(0);
    expect(new Set(forKenya.values())).toEqual(new Set(["importable"]));
    expect(await page.getByTestId("import-badge").first().textContent()).toContain("Can go to Kenya");

    await page.goto(`/vehicles/${left.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("import-verdict").textContent()).toBe(
      "India admits only right-hand drive vehicles; this one is left-hand drive.",
    );
    await page.goto(`/vehicles/${old.id}`, { waitUntil: "networkidle" });
    const form = page.getByTestId("quote-form");
    expect(await page.getByTestId("quote-import-warning").textContent()).toContain("Too old for India");
    await form.getByLabel("Name").fill("Chennai Buyer");
    await form.getByLabel("Country").fill("India");
    await form.getByLabel("Email").fill("chennai.buyer@example.in");
    await form.getByLabel("Phone").fill("+91 98765 43210");
    await form.getByLabel("Message").fill("Price to Chennai please");
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    await page.getByTestId("quote-sent").waitFor();
    const number = (await page.getByTestId("quote-number").textContent())!;
    const ownerMail = await withShopDb(async (db) => {
      const quote = await db.selectFrom("quotes").select("id").where("number", "=", number).executeTakeFirstOrThrow();
      return db
        .selectFrom("mail_outbox")
        .select("text_body")
        .where("quote_id", "=", quote.id)
        .where("to_address", "not like", "%chennai.buyer%")
        .executeTakeFirstOrThrow();
    });
    expect(ownerMail.text_body).toMatch(/import_check: WARNING India: too old, it had to ship by \d{4}-\d{2}/);
    await page.context().close();
  });

  it("a buyer in Nepal: no used vehicle can go, the filter finds none and says how to get out; used parts are fine", async () => {
    const part = await makePart({ condition: "Used" });
    await writeShopDb((db) =>
      db.updateTable("parts").set({ created_at: LONG_AGO, updated_at: LONG_AGO }).where("id", "=", part.id).execute(),
    );
    const page = await buyerIn("Nepal");
    const verdicts = [...(await cardVerdicts(page)).values()];
    expect(new Set(verdicts)).toEqual(new Set(["not_admitted"]));
    expect(await page.getByTestId("import-badge").first().textContent()).toBe("Nepal admits no used cars");
    await page.getByLabel("Only what I can import into Nepal").check();
    await page.waitForURL(/ImportTo=Nepal/);
    await expect.poll(() => page.getByTestId("list-card").count()).toBe(0);
    expect(await page.getByTestId("way-out").count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(shots, "nepal-empty-390.png"), fullPage: true });

    // Nepal's rule does not refuse used parts: the part page says nothing against it; Vietnam's does.
    await page.goto(`/parts/${part.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("part-import-note").count()).toBe(0);
    await page.context().addCookies([{ name: "import_country", value: "Vietnam", url: baseUrl() }]);
    await page.goto(`/parts/${part.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("part-import-note").textContent()).toContain("Vietnam does not admit used parts.");
    await page.context().close();
  });

  it("a buyer in Kenya: a used clutch kit is refused on its card and page, a used radiator is not", async () => {
    const word = `Kilindini${Date.now().toString(36)}`;
    const clutch = await makePart({
      condition: "Used",
      type: "Transmission",
      subType: "Clutch Kit",
      name: `${word} clutch`,
    });
    const radiator = await makePart({
      condition: "Used",
      type: "Engine",
      subType: "Radiator",
      name: `${word} radiator`,
    });
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.context().addCookies([{ name: "import_country", value: "Kenya", url: baseUrl() }]);
    await page.goto(`/parts?Keyword=${word}`, { waitUntil: "networkidle" });
    const card = (id: number) => page.getByTestId("list-card").filter({ has: page.locator(`a[href$="/parts/${id}"]`) });
    expect(await card(clutch.id).getByTestId("part-import-badge").textContent()).toBe("Kenya refuses this used part");
    expect(await card(radiator.id).getByTestId("part-import-badge").count()).toBe(0);
    await page.screenshot({ path: path.join(shots, "kenya-parts-390.png"), fullPage: true });

    await page.goto(`/parts/${clutch.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("part-import-note").textContent()).toContain(
      "Kenya does not admit used parts of this kind (Clutch Kit).",
    );
    await page.goto(`/parts/${radiator.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("part-import-note").count()).toBe(0);
    await page.context().close();
  });

  it("a buyer in Pakistan is told the rule is past its day to be checked again, not only when it was checked", async () => {
    const car = await vehicle({ year: 2025, manufactured: yearsAgo(1, 3), steering: "Right" });
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.context().addCookies([{ name: "import_country", value: "Pakistan", url: baseUrl() }]);
    await page.goto(`/vehicles/${car.id}`, { waitUntil: "networkidle" });
    const source = page.getByTestId("import-answer").getByTestId("import-source");
    expect(await source.getAttribute("data-due")).toBe("true");
    expect(await source.textContent()).toContain("this rule is due to be checked again and may have changed");
    // Pakistan limits pickups, goods vehicles and buses apart from cars: the rule says each.
    const answer = (await page.getByTestId("import-answer").textContent())!;
    expect(answer).toContain("Pickups: under 5 years.");
    expect(answer).toContain("Goods vehicles (trucks, cargo vans): under 5 years.");
    expect(answer).toContain("Buses (10 seats or more): under 5 years.");
    // Kenya's rule is within its day: the usual small print.
    await page.context().addCookies([{ name: "import_country", value: "Kenya", url: baseUrl() }]);
    await page.goto(`/vehicles/${car.id}`, { waitUntil: "networkidle" });
    expect(await source.getAttribute("data-due")).toBeNull();
    expect(await source.textContent()).toContain("Rule checked 1 Dec 2026.");
    await page.context().close();
  });

  it("a buyer in Pakistan sees the answer for individuals and, apart, for businesses importing for sale", async () => {
    // Made four years ago: past an individual's 3 years, within the 5 of a commercial import (SRO 1895(I)/2025).
    const car = await vehicle({ year: 2022, manufactured: yearsAgo(4, 6), steering: "Right" });
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.context().addCookies([{ name: "import_country", value: "Pakistan", url: baseUrl() }]);
    await page.goto(`/vehicles/${car.id}`, { waitUntil: "networkidle" });
    const answer = page.getByTestId("import-answer");
    const business = answer.getByTestId("import-commercial");
    expect(await answer.getByTestId("import-verdict").first().getAttribute("data-verdict")).toBe("too_old");
    expect(await business.getByTestId("import-verdict").getAttribute("data-verdict")).toBe("importable");
    const text = (await business.textContent())!;
    expect(text).toContain("Imported by a business for sale (commercial import):");
    expect(text).toContain("Under 5 years old, counted from 1 January after the year of manufacture");
    expect(text).toContain("SRO 1895(I)/2025");
    // The individuals' note no longer speaks of the commercial regime; each says its own.
    expect((await answer.textContent())!.split("SRO 1895").length).toBe(2);
    await page.screenshot({ path: path.join(shots, "pakistan-commercial-390.png"), fullPage: true });
    await page.context().close();
  });

  it("a buyer in Sri Lanka: a tow truck gets the 10 years of special-purpose vehicles, and the inspection is named", async () => {
    // Six years old: too old for a car's 3 years or a goods vehicle's 5, within a special-purpose vehicle's 10.
    const truck = await vehicle({
      year: 2020,
      manufactured: yearsAgo(6, 6),
      steering: "Right",
      type: "Special Purpose",
      subType: "Tow Truck",
    });
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.context().addCookies([{ name: "import_country", value: "Sri Lanka", url: baseUrl() }]);
    await page.goto(`/vehicles/${truck.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("import-verdict").getAttribute("data-verdict")).toBe("importable");
    const answer = (await page.getByTestId("import-answer").textContent())!;
    expect(answer).toContain(
      "Special-purpose vehicles (ambulances, fire engines, tow and crane trucks): under 10 years.",
    );
    expect(answer).toContain("Pre-shipment inspection in Japan: JEVIC, JAAI or Bureau Veritas.");
    expect(await page.getByTestId("import-commercial").count()).toBe(0);
    // In Sinhala the rule's words are the page's too, written by the server.
    await page.context().addCookies([{ name: "lang", value: "si", url: baseUrl() }]);
    await page.goto(`/vehicles/${truck.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("import-answer").textContent()).toContain("විශේෂ කාර්ය වාහන");
    await page.context().close();
  });
});
