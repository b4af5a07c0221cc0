import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { landedPrice } from "~/domain/freight/freight";
import { sizeClassOf, type SizeClass } from "~/domain/inventory/size-class";
import { formatYenIn } from "~/i18n/format";
import {
  baseUrl,
  launchBrowser,
  openPage,
  seriousAccessibilityProblems,
  staffCookie,
  staffPage as staffPageOf,
  withShopDb,
} from "../support/browser";
import { E2E_RATES } from "./global-setup";
import { choosePlace } from "../support/place";

/*
 * The total price to the buyer's port, in the browser: the owner fills the
 * freight table, a buyer picks a port once and sees C&F / CIF totals on cards
 * and the sum on the detail page, and the quote names the port.
 */

let browser: Browser;
const shots = path.resolve("test-results/freight");
const yen = (n: number) => formatYenIn(n, "en");
const PORT = { country: "Sri Lanka", port: "Colombo", small: 95_000, medium: 120_000, insuranceBp: 150 };
const destination = {
  freight: { small: PORT.small, medium: PORT.medium, large: null },
  insuranceBp: PORT.insuranceBp,
  inspectionYen: null,
};

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

type StockRow = { id: number; price: number; size: SizeClass };
async function vehicles(): Promise<StockRow[]> {
  const rows = await withShopDb((db) =>
    db.selectFrom("vehicles").select(["id", "price", "type", "sub_type", "engine_cc", "stock_status"]).execute(),
  );
  return rows
    .filter((r) => r.stock_status !== "sold")
    .map((r) => ({
      id: r.id,
      price: Number(r.price),
      size: sizeClassOf({ type: r.type, subType: r.sub_type, engineCc: r.engine_cc }),
    }));
}

const staffPage = (width: number) => staffPageOf(browser, width);

/*
 * Each test has the Colombo port it needs, whatever ran before it: this file's
 * tests in any order, and the other files (which add ports of their own names).
 * Changes go through the shop, as the owner's would, so its page cache is emptied.
 */
const colomboRow = () =>
  withShopDb((db) =>
    db
      .selectFrom("freight_ports")
      .select("id")
      .where("country", "=", PORT.country)
      .where("port", "=", PORT.port)
      .executeTakeFirst(),
  );

async function freightForm(fields: Record<string, string>) {
  const res = await fetch(`${baseUrl()}/admin/freight`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: await staffCookie() },
    redirect: "manual",
  });
  expect(res.status, `freight form ${fields.intent}`).toBe(302);
}

/** The id of the Colombo port with the figures above, added through the freight form when it is not there. */
async function colombo(): Promise<number> {
  const found = await colomboRow();
  if (found) return found.id;
  await freightForm({
    intent: "add",
    country: PORT.country,
    port: PORT.port,
    small: String(PORT.small),
    medium: String(PORT.medium),
    large: "",
    insurance: String(PORT.insuranceBp / 100),
  });
  return (await colomboRow())!.id;
}

/** No Colombo port: the owner's test adds it itself. */
async function noColombo() {
  const found = await colomboRow();
  if (found) await freightForm({ intent: "delete", id: String(found.id) });
}

describe("total price to the buyer's port", () => {
  it("the owner adds a port in the freight table; bad figures are refused with the form kept", async () => {
    await noColombo();
    const page = await staffPage(1366);
    await page.getByRole("link", { name: "Freight & ports" }).click();
    await page.waitForURL(/\/admin\/freight$/);
    const form = page.getByTestId("freight-form");
    await form.getByLabel("Country").fill("");
    await form.getByLabel("Port").fill("Colombo");
    await form.getByLabel("Freight, small vehicle (¥)").fill("95,000");
    await form.getByLabel("Freight, medium vehicle (¥)").fill("12x");
    await form.getByLabel("Insurance rate (%)").fill("1.5");
    await page.getByRole("button", { name: "Add port" }).click();
    await expect.poll(() => page.getByText("Country is required").count()).toBe(1);
    expect(await page.getByText("Freight (medium) must be a whole number").count()).toBe(1);
    // What was typed is still there.
    expect(await form.getByLabel("Port").inputValue()).toBe("Colombo");
    expect(await form.getByLabel("Freight, medium vehicle (¥)").inputValue()).toBe("12x");
    expect(await colomboRow()).toBeUndefined();

    await form.getByLabel("Country").fill(PORT.country);
    await form.getByLabel("Freight, medium vehicle (¥)").fill("120000");
    await page.getByRole("button", { name: "Add port" }).click();
    await page.waitForURL(/saved=added/);
    expect(await page.getByRole("status").textContent()).toBe("Port added.");
    // Other files' ports may be listed too; Colombo is there once.
    const row = page.getByTestId("freight-row").filter({ hasText: PORT.port });
    expect(await row.count()).toBe(1);
    // Saved: the form is empty again for the next port.
    expect(await form.getByLabel("Port").inputValue()).toBe("");
    expect((await row.textContent())!.replace(/\s+/g, " ")).toContain("Colombo¥95,000¥120,000Ask for a quote1.5 %");
    await page.screenshot({ path: path.join(shots, "admin-freight-1366.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(shots, "admin-freight-390.png"), fullPage: true });
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    expect(await colomboRow()).toBeDefined();
    await page.context().close();
  });

  it("a buyer picks the port once: cards show the CIF total, the detail page the sum, in yen and in their currency", async () => {
    const colomboId = await colombo();
    const stock = await vehicles();
    const medium = stock.find((v) => v.size === "medium")!;
    const large = stock.find((v) => v.size === "large");
    expect(medium).toBeDefined();
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    // A buyer who has chosen yen (a first visit would follow the port's country: rates.e2e.ts).
    await page.context().addCookies([{ name: "currency", value: "JPY", url: baseUrl() }]);
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    expect(await page.getByTestId("delivered-price").count()).toBe(0);
    await choosePlace(page, { port: String(colomboId) });
    await expect.poll(() => page.getByTestId("delivered-price").count()).toBeGreaterThan(0);

    // Every card's total is FOB + freight for its size + insurance, or "ask for a quote".
    const cards = page.getByTestId("list-card");
    const n = await cards.count();
    expect(n).toBeGreaterThan(5);
    for (let i = 0; i < n; i++) {
      const card = cards.nth(i);
      const href = (await card.getByTestId("stock-card-link").getAttribute("href"))!;
      const v = stock.find((s) => href.endsWith(`/vehicles/${s.id}`));
      if (!v) continue; // sold
      const landed = landedPrice(v.price, v.size, destination);
      const line = (await card.getByTestId("delivered-price").textContent())!;
      if (landed) expect(line).toBe(`CIF Colombo ${yen(landed.total)}`);
      else expect(line).toBe("Colombo: ask for a quote");
    }
    await page.screenshot({ path: path.join(shots, "list-390.png"), fullPage: true });

    // The port is remembered: the detail page shows the sum.
    await page.goto(`/vehicles/${medium.id}`, { waitUntil: "networkidle" });
    const landed = landedPrice(medium.price, "medium", destination)!;
    const box = page.getByTestId("price-breakdown");
    expect(await box.getByTestId("breakdown-fob").textContent()).toBe(`FOB price${yen(medium.price)}`);
    expect(await box.getByTestId("breakdown-freight").textContent()).toBe(`Freight (medium vehicle)${yen(120_000)}`);
    expect(await box.getByTestId("breakdown-insurance").textContent()).toBe(
      `Insurance (1.5 %)${yen(landed.insurance)}`,
    );
    expect(await box.getByTestId("breakdown-total").textContent()).toBe(`Total (CIF)${yen(landed.total)}`);
    expect(landed.fob + landed.freight + landed.insurance).toBe(landed.total);
    await page.screenshot({ path: path.join(shots, "detail-390.png"), fullPage: true });
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // In the buyer's currency: the yen total converted once.
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    await choosePlace(page, { currency: "USD" });
    await expect.poll(() => page.getByTestId("converted-price").count()).toBeGreaterThan(0);
    await page.goto(`/vehicles/${medium.id}`, { waitUntil: "networkidle" });
    const usd = Math.round(landed.total * E2E_RATES.USD).toLocaleString("en-US");
    expect(await box.getByTestId("breakdown-total").textContent()).toBe(`Total (CIF)${yen(landed.total)}≈ $${usd}`);

    // The table has no freight for large vehicles to Colombo: no figure is invented.
    expect(large).toBeDefined();
    await page.goto(`/vehicles/${large!.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("price-breakdown").textContent()).toBe(
      "We have no freight rate for this vehicle to Colombo, Sri Lanka yet. Ask for a quote and we will work it out.",
    );
    await page.context().close();
  });

  it("a port whose country requires an inspection adds its fee to the total, on cards and in the sum", async () => {
    const kenya = { country: "Kenya", port: "Kilindini", small: 110_000, medium: 140_000, inspection: 20_000 };
    const find = () =>
      withShopDb((db) => db.selectFrom("freight_ports").select("id").where("port", "=", kenya.port).executeTakeFirst());
    if (!(await find()))
      await freightForm({
        intent: "add",
        country: kenya.country,
        port: kenya.port,
        small: String(kenya.small),
        medium: String(kenya.medium),
        large: "",
        insurance: "",
        inspection: "¥20,000",
      });
    const portId = (await find())!.id;
    const medium = (await vehicles()).find((v) => v.size === "medium")!;
    const landed = landedPrice(medium.price, "medium", {
      freight: { small: kenya.small, medium: kenya.medium, large: null },
      insuranceBp: 0,
      inspectionYen: kenya.inspection,
    })!;
    expect(landed.total).toBe(medium.price + kenya.medium + kenya.inspection);
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.context().addCookies([
      { name: "currency", value: "JPY", url: baseUrl() },
      { name: "port", value: String(portId), url: baseUrl() },
    ]);
    await page.goto(`/vehicles/${medium.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("breakdown-inspection").textContent()).toBe(
      `Pre-shipment inspection (required)${yen(20_000)}`,
    );
    expect(await page.getByTestId("breakdown-total").textContent()).toContain(
      `Total (C&F + inspection)${yen(landed.total)}`,
    );
    await page.screenshot({ path: path.join(shots, "inspection-390.png"), fullPage: true });
    await page.context().close();
  });

  it("the quote form carries the chosen port; the owner sees it on the quote and in the mail", async () => {
    const colomboId = await colombo();
    const medium = (await vehicles()).find((v) => v.size === "medium")!;
    const page = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    await page.context().addCookies([
      { name: "port", value: String(colomboId), url: baseUrl() },
      { name: "currency", value: "JPY", url: baseUrl() },
    ]);
    await page.goto(`/vehicles/${medium.id}`, { waitUntil: "networkidle" });
    await page.screenshot({ path: path.join(shots, "detail-1366.png"), fullPage: true });

    // The comparison has a row for the total to the chosen port.
    const small = (await vehicles()).find((v) => v.size === "small");
    expect(small).toBeDefined();
    await page.goto(`/compare?ids=${medium.id},${small!.id}`, { waitUntil: "networkidle" });
    const row = page.locator('[data-row="to-port"]');
    const cells = (await row.locator("td").allTextContents()).map((c) => c.trim());
    expect(cells).toEqual([
      `CIF Colombo ${yen(landedPrice(medium.price, "medium", destination)!.total)}`,
      `CIF Colombo ${yen(landedPrice(small!.price, "small", destination)!.total)}`,
    ]);
    await page.goto(`/vehicles/${medium.id}`, { waitUntil: "networkidle" });
    const form = page.getByTestId("quote-form");
    expect(await form.getByLabel("Destination port").inputValue()).toBe(String(colomboId));
    // Changing the port above keeps what was typed in the quote form; its port follows.
    await form.getByLabel("Message").fill("Typed before changing the port");
    await choosePlace(page, { port: "" });
    await expect.poll(() => page.getByTestId("price-breakdown").count()).toBe(0);
    expect(await form.getByLabel("Message").inputValue()).toBe("Typed before changing the port");
    expect(await form.getByLabel("Destination port").inputValue()).toBe("");
    await choosePlace(page, { port: String(colomboId) });
    await expect.poll(() => page.getByTestId("price-breakdown").count()).toBe(1);
    expect(await form.getByLabel("Message").inputValue()).toBe("Typed before changing the port");
    expect(await form.getByLabel("Destination port").inputValue()).toBe(String(colomboId));
    await form.getByLabel("Name").fill("Port Buyer");
    await form.getByLabel("Country").fill("Sri Lanka");
    await form.getByLabel("Email").fill("port.buyer@example.lk");
    await form.getByLabel("Phone").fill("+94 77 123 4567");
    await form.getByLabel("Message").fill("CIF Colombo please");
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    // The panel that replaces the form after sending names the quote number (issue 18.4).
    await page.getByTestId("quote-sent").waitFor();
    const number = (await page.getByTestId("quote-number").textContent())!;
    expect(number).toMatch(/^\d{10}$/);
    const stored = await withShopDb((db) =>
      db.selectFrom("quotes").select(["id", "destination"]).where("number", "=", number).executeTakeFirstOrThrow(),
    );
    expect(stored.destination).toBe("Colombo, Sri Lanka");
    const ownerMail = await withShopDb((db) =>
      db
        .selectFrom("mail_outbox")
        .select("text_body")
        .where("quote_id", "=", stored.id)
        .where("to_address", "not like", "%port.buyer%")
        .executeTakeFirstOrThrow(),
    );
    expect(ownerMail.text_body).toContain("destination_port: Colombo, Sri Lanka");
    expect(ownerMail.text_body).toContain(
      `price_to_port: CIF ${yen(landedPrice(medium.price, "medium", destination)!.total)}`,
    );
    await page.context().close();

    const staff = await staffPage(1366);
    await staff.goto(`/admin/quotes/${number}`, { waitUntil: "networkidle" });
    expect(await staff.getByTestId("quote-destination").textContent()).toBe("Colombo, Sri Lanka");
    await staff.context().close();
  });
});
