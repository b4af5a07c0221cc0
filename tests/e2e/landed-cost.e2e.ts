import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  launchBrowser,
  openPage,
  seriousAccessibilityProblems,
  staffCookie,
  staffPage,
  withShopDb,
} from "../support/browser";
import { choosePlace, mombasa } from "../support/place";

/*
 * What a car costs once cleared at home, in the browser: the owner loads a
 * table (refused with its problems, then previewed and confirmed as the next
 * version), and a buyer sees the estimate on the car's page, made again when
 * they choose another country on the page.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An available petrol or diesel car of the seeded stock: the demo's sample tables hold a row for it. */
const seededCar = () =>
  withShopDb((db) =>
    db
      .selectFrom("vehicles")
      .select(["id", "make", "model", "engine_cc"])
      .where("stock_status", "=", "available")
      .where("fuel", "in", ["petrol", "diesel"])
      .where("engine_cc", "is not", null)
      .orderBy("id")
      .executeTakeFirstOrThrow(),
  );

describe("landed cost", () => {
  it("a buyer sees the cost once cleared in Kenya, line by line, and another country's when they choose it", async () => {
    const port = await mombasa();
    const car = await seededCar();
    const page = await openPage(browser, { viewport: { width: 390, height: 900 } });
    await page.context().addCookies([
      { name: "port", value: String(port), url: baseUrl() },
      { name: "currency", value: "USD", url: baseUrl() },
    ]);
    await page.goto(`/vehicles/${car.id}`, { waitUntil: "networkidle" });
    const box = page.getByTestId("landed-estimate");
    await expect.poll(() => box.getByText("Cost once cleared in Kenya").count()).toBe(1);
    expect(await box.getByTestId("landed-total").textContent()).toMatch(/^KES\s[\d,]+$/);
    // The buyer reads prices in US dollars: the total in dollars too.
    expect(await box.getByTestId("landed-about").textContent()).toMatch(/^≈ ¥[\d,]+ · ≈ (US)?\$[\d,]+$/);
    expect(await box.getByTestId("landed-sample").textContent()).toMatch(/sample tables for the demo/);
    // The lines open under the total, without a script.
    await box.getByText("See how it adds up").click();
    expect(await box.getByTestId("landed-import_duty").textContent()).toMatch(/35 % of KES/);
    expect(await box.getByTestId("landed-inspection").isVisible()).toBe(true);
    expect(await box.textContent()).toMatch(/not a price we charge/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // Importing into Uganda through Mombasa: the estimate is made again, the page stays.
    await choosePlace(page, { country: "Uganda" });
    await expect.poll(() => box.getByText("Cost once cleared in Uganda").count()).toBe(1);
    expect(await box.getByTestId("landed-total").textContent()).toMatch(/^UGX\s[\d,]+$/);
    await page.context().close();
  });

  it("the owner's table is refused with every problem and the fields kept, then previewed and used as v2", async () => {
    const page = await staffPage(browser, 390);
    await page.goto("/admin/landed-cost", { waitUntil: "networkidle" });
    const kenya = page.locator('[data-testid=landed-table][data-table="customs_rates"]');
    expect(await kenya.getByTestId("landed-current").textContent()).toMatch(/^v1 .*Sample for the demo/);

    await page.getByLabel("Table", { exact: true }).selectOption("customs_rates");
    await page.getByLabel("Date of the source").fill("2026-11-30");
    await page.getByLabel("Where the figures come from").fill("CBK and BoT rates of 30 Nov 2026");
    await page.getByLabel("CSV file (UTF-8)").setInputFiles({
      name: "rates.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("country,local_per_yen\nKenia,0.86\nUganda,abc\n"),
    });
    await page.getByRole("button", { name: "Read and preview" }).click();
    const problems = page.getByTestId("landed-problems");
    await expect.poll(() => problems.count()).toBe(1);
    expect(await problems.textContent()).toMatch(/Line 2, column A \(country\): not a country/);
    expect(await problems.textContent()).toMatch(/Line 3, column B \(local_per_yen\): not a number/);
    // What was typed is kept; the file must be chosen again.
    expect(await page.getByLabel("Where the figures come from").inputValue()).toBe("CBK and BoT rates of 30 Nov 2026");
    expect(await page.getByLabel("Table", { exact: true }).inputValue()).toBe("customs_rates");

    await page.getByLabel("CSV file (UTF-8)").setInputFiles({
      name: "rates.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "country,local_per_yen\nKenya,0.8700\nTanzania,17.12\nUganda,24.10\nSri Lanka,2.045\nPakistan,1.85\n",
      ),
    });
    await page.getByRole("button", { name: "Read and preview" }).click();
    await page.waitForURL(/\/admin\/landed-cost\?preview=\d+$/);
    // Kenya's rate changed, Pakistan is new, the rest are as before.
    expect(await page.getByTestId("landed-changes").textContent()).toBe("Against v1 in use: 1 new, 1 changed, 0 gone.");
    await page.getByRole("button", { name: "Use this table" }).click();
    await page.waitForURL(/\/admin\/landed-cost\?loaded=customs_rates$/);
    expect(await kenya.getByTestId("landed-current").textContent()).toMatch(
      /^v2 of 30 Nov 2026 · 5 rows · CBK and BoT rates of 30 Nov 2026$/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it("answers a form it cannot read, or a preview that is not there, with a 4xx and the page", async () => {
    const post = async (body: BodyInit, type: string) =>
      fetch(`${baseUrl()}/admin/landed-cost`, {
        method: "POST",
        body,
        headers: { Cookie: await staffCookie(), "Content-Type": type, Origin: baseUrl() },
        redirect: "manual",
      });
    expect((await post(JSON.stringify({ intent: "confirm" }), "application/json")).status).toBe(415);
    expect((await post("intent=confirm&id=99999999999", "application/x-www-form-urlencoded")).status).toBe(404);
    expect((await post("intent=confirm&id=abc", "application/x-www-form-urlencoded")).status).toBe(404);
    const page = await fetch(`${baseUrl()}/admin/landed-cost?preview=99999999999`, {
      headers: { Cookie: await staffCookie() },
    });
    expect(page.status).toBe(404);
    // Not staff: the sign-in page, nothing read.
    const visitor = await fetch(`${baseUrl()}/admin/landed-cost`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
  });
});
