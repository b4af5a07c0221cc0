import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertYen } from "~/domain/rates/currencies";
import { formatMoney } from "../support/money";
import { E2E_RATES } from "./global-setup";
import {
  baseUrl,
  launchBrowser,
  openPage,
  seriousAccessibilityProblems,
  staffPage,
  withShopDb,
  writeShopDb,
} from "../support/browser";

/*
 * Exchange rates the owner keeps by hand, and the dashboard's word when the
 * rates buyers see are old. Only GBP is set here (no other test reads pounds),
 * and it is put back as the provider gave it, as are the dates.
 */

let browser: Browser;
let providersPound: { currency: string; rate: number; as_of: string; source: string };
beforeAll(async () => {
  browser = await launchBrowser();
  providersPound = await withShopDb((db) =>
    db.selectFrom("exchange_rates").selectAll().where("currency", "=", "GBP").executeTakeFirstOrThrow(),
  );
});
afterAll(async () => {
  const { rate, as_of, source } = providersPound;
  await writeShopDb((db) =>
    db.updateTable("exchange_rates").set({ rate, as_of, source }).where("currency", "=", "GBP").execute(),
  );
  await browser?.close();
});

describe("a first visit's currency", () => {
  it("a Sinhala first visit shows rupees; a choice made later wins", async () => {
    const vehicle = await withShopDb((db) =>
      db.selectFrom("vehicles").select(["id", "price"]).orderBy("id").executeTakeFirstOrThrow(),
    );
    const page = await openPage(browser);
    await page.context().addCookies([{ name: "lang", value: "si", url: baseUrl() }]);
    await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("converted-price").first().textContent()).toContain(
      formatMoney(convertYen(vehicle.price, E2E_RATES.LKR), "LKR", "en-GB"),
    );
    await page.context().addCookies([{ name: "currency", value: "JPY", url: baseUrl() }]);
    await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("converted-price").count()).toBe(0);
    await page.context().close();
  });
});

describe("exchange rates in the staff panel", () => {
  it("the owner sets a rate by hand (bad figures refused with the form kept) and buyers see prices at it", async () => {
    const page = await staffPage(browser, 390);
    await page.goto("/admin/rates", { waitUntil: "networkidle" });
    expect(await page.locator("h1").textContent()).toBe("Exchange rates");
    await page.getByLabel("New rate for GBP, in yen for one unit").fill("-200");
    await page.getByLabel("New rate for EUR, in yen for one unit").fill("170");
    await page.getByRole("button", { name: "Save rates" }).click();
    await page.getByText("Please correct the rates marked below").waitFor();
    expect(await page.getByText("Enter the yen for one unit, such as 155.2").count()).toBe(1);
    expect(await page.getByLabel("New rate for EUR, in yen for one unit").inputValue()).toBe("170");
    // Nothing was stored: EUR keeps the provider's rate.
    const eur = await withShopDb((db) =>
      db.selectFrom("exchange_rates").select("source").where("currency", "=", "EUR").executeTakeFirst(),
    );
    expect(eur?.source).toBe("provider");
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    await page.getByLabel("New rate for EUR, in yen for one unit").fill("");
    await page.getByLabel("New rate for GBP, in yen for one unit").fill("200");
    await page.getByRole("button", { name: "Save rates" }).click();
    await page.getByText("1 rate saved.").waitFor();
    expect(await page.locator('[data-currency="GBP"]').innerText()).toContain("¥200 for 1 GBP");
    expect(await page.locator('[data-currency="GBP"]').innerText()).toContain("set by hand");
    await page.context().close();

    // A buyer choosing pounds sees the yen price at 200 yen to the pound.
    const price = await withShopDb(
      async (db) => await db.selectFrom("vehicles").select(["id", "price"]).orderBy("id").executeTakeFirstOrThrow(),
    );
    const buyer = await openPage(browser);
    await buyer.context().addCookies([{ name: "currency", value: "GBP", url: baseUrl() }]);
    await buyer.goto(`/vehicles/${price.id}`, { waitUntil: "networkidle" });
    expect(await buyer.getByTestId("converted-price").first().textContent()).toBe(
      `≈ ${formatMoney(Math.round(price.price / 200), "GBP")}`,
    );
    await buyer.context().close();
  });

  it("the dashboard warns when the rates buyers see are more than a week old, and leads to the rates", async () => {
    const saved = await withShopDb((db) => db.selectFrom("exchange_rates").select(["currency", "as_of"]).execute());
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await writeShopDb((db) => db.updateTable("exchange_rates").set({ as_of: old }).execute());
    try {
      const page = await staffPage(browser, 1366);
      const warning = page.getByTestId("rates-stale");
      expect(await warning.innerText()).toContain("The exchange rates buyers see are 10 days old");
      await warning.getByRole("link", { name: "Update the rates" }).click();
      await page.waitForURL(/\/admin\/rates$/);
      await page.context().close();
    } finally {
      await writeShopDb(async (db) => {
        for (const row of saved)
          await db
            .updateTable("exchange_rates")
            .set({ as_of: row.as_of })
            .where("currency", "=", row.currency)
            .execute();
      });
    }
    // Fresh again: no warning.
    const page = await staffPage(browser, 1366);
    await page.getByTestId("dashboard-cards").waitFor();
    expect(await page.getByTestId("rates-stale").count()).toBe(0);
    await page.context().close();
  });
});
