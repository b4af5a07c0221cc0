import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getVehicle } from "~/domain/inventory/inventory.server";
import { convertYen } from "~/domain/rates/currencies";
import { formatMoney } from "../support/money";
import { readVehicleQuery } from "~/domain/search/filters";
import { resolveVehicleFilters } from "~/domain/search/list-where.server";
import { searchVehicles } from "~/domain/search/search.server";
import { ROOT } from "../support/shop-process";
import { baseUrl, launchBrowser, openPage, withShopDb } from "../support/browser";
import { e2eShop } from "../support/e2e-shop";
import { E2E_RATES, E2E_RATES_KEY } from "./global-setup";
import { choosePlace } from "../support/place";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const list = (qs: string) => withShopDb((db) => searchVehicles(db, readVehicleQuery(new URLSearchParams(qs))));

async function cardNames(page: Page) {
  return page.getByTestId("list-results").getByTestId("stock-card-link").allTextContents();
}

describe("vehicle list", () => {
  it("filters from the panel into the URL and the cards, Make clears Model, and back restores the list", async () => {
    const page = await openPage(browser);
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    const panel = page.getByTestId("filter-panel");
    await panel.getByLabel("Make").selectOption("Toyota");
    await page.waitForURL((u) => u.search === "?Make=Toyota");
    const toyota = await list("Make=Toyota");
    await expect.poll(() => cardNames(page)).toEqual(toyota.items.map((i) => i.name));
    expect(await page.getByTestId("list-status").textContent()).toContain(`${toyota.total} vehicles found`);

    await panel.getByLabel("Model").selectOption("Corolla");
    await page.waitForURL((u) => u.search === "?Make=Toyota&Model=Corolla");
    const corolla = await list("Make=Toyota&Model=Corolla");
    await expect.poll(() => cardNames(page)).toEqual(corolla.items.map((i) => i.name));

    // Changing Make clears Model (SPEC 4).
    await panel.getByLabel("Make").selectOption("Honda");
    await page.waitForURL((u) => u.search === "?Make=Honda");

    await page.goBack();
    await page.waitForURL((u) => u.search === "?Make=Toyota&Model=Corolla");
    await expect.poll(() => cardNames(page)).toEqual(corolla.items.map((i) => i.name));
    expect(await panel.getByLabel("Model").inputValue()).toBe("Corolla");
    await page.context().close();
  });

  it("applies a typed price range and keyword, and a new sort goes back to page 1", async () => {
    const page = await openPage(browser);
    await page.goto("/vehicles?Page=2", { waitUntil: "networkidle" });
    const panel = page.getByTestId("filter-panel");
    await panel.getByLabel("Price from (¥)").fill("300,000");
    await panel.getByLabel("Price to (¥)").fill("2000000");
    await panel.getByLabel("Keyword").fill("  Petrol ");
    await panel.getByLabel("Keyword").press("Enter");
    await page.waitForURL((u) => u.search === "?PriceFrom=300000&PriceTo=2000000&Keyword=Petrol");
    const expected = await list("PriceFrom=300000&PriceTo=2000000&Keyword=Petrol");
    expect(expected.total).toBeGreaterThan(0);
    await expect.poll(() => cardNames(page)).toEqual(expected.items.map((i) => i.name));

    await page.goto("/vehicles?Page=2", { waitUntil: "networkidle" });
    await page.getByLabel("Sort").selectOption("price_asc");
    await page.waitForURL((u) => u.search === "?Sort=price_asc");
    const cheapest = await list("Sort=price_asc");
    await expect.poll(() => cardNames(page)).toEqual(cheapest.items.map((i) => i.name));
    await page.context().close();
  });

  it("pages through the list with links that keep the filters", async () => {
    const all = await list("");
    expect(all.pageCount).toBeGreaterThan(1);
    const page = await openPage(browser);
    await page.goto("/vehicles?Sort=oldest", { waitUntil: "networkidle" });
    await page.getByRole("navigation", { name: "Pages, bottom" }).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL((u) => u.search === "?Sort=oldest&Page=2");
    const second = await list("Sort=oldest&Page=2");
    await expect.poll(() => cardNames(page)).toEqual(second.items.map((i) => i.name));
    expect(await page.getByText(`Page 2 of ${all.pageCount}`).count()).toBe(1);
    await page.context().close();
  });

  it("says 'Loading vehicles...' while the next list is on its way", async () => {
    const page = await openPage(browser);
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    // The list's data is held back until the words have been seen, so they cannot come and go unseen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/vehicles.data*", async (route) => {
      await released;
      await route.continue();
    });
    await page.getByTestId("filter-panel").getByLabel("Fuel").selectOption("diesel");
    await page.getByText("Loading vehicles...").waitFor({ state: "visible" });
    release();
    await page.waitForURL((u) => u.search === "?Fuel=diesel");
    await page.getByText("Loading vehicles...").waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("shows 'No vehicles found' when nothing matches", async () => {
    const page = await openPage(browser, { javaScriptEnabled: false });
    const response = await page.goto("/vehicles?Keyword=no-such-vehicle-anywhere");
    expect(response?.status()).toBe(200);
    expect(await page.getByText("No vehicles found").count()).toBe(1);
    expect(await page.getByText("Try adjusting your search criteria or filters").count()).toBe(1);
    await page.context().close();
  });

  it("converts a known price into the chosen currency and remembers the choice", async () => {
    const page = await openPage(browser);
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    const first = (await list("")).items[0]!;
    await choosePlace(page, { currency: "USD" });
    const expected = `≈ ${formatMoney(convertYen(first.price, E2E_RATES.USD), "USD")}`;
    const firstCard = page.getByTestId("list-results").getByTestId("list-card").first();
    await expect.poll(() => firstCard.getByTestId("converted-price").textContent()).toBe(expected);
    expect(await page.getByTestId("rate-note").textContent()).toContain(
      "Prices in USD are approximate, at the exchange rate of",
    );
    // Remembered: the detail page shows it too.
    await page.goto(`/vehicles/${first.id}`);
    expect(await page.getByTestId("converted-price").first().textContent()).toBe(expected);
    await page.context().close();
  });

  it("filters prices in the currency the buyer sees, with or without the page's script", async () => {
    const cheapest = (await list("Sort=price_asc&PerPage=100")).items;
    const from = convertYen(cheapest[2]!.price, E2E_RATES.USD);
    const to = convertYen(cheapest[12]!.price, E2E_RATES.USD);
    const qs = `PriceFrom=${from}&PriceTo=${to}&Currency=USD`;
    const expected = await withShopDb(async (db) => {
      const query = readVehicleQuery(new URLSearchParams(`${qs}&Sort=price_asc`));
      return searchVehicles(db, { ...query, filters: await resolveVehicleFilters(db, query.filters) });
    });
    expect(expected.total).toBeGreaterThanOrEqual(11);
    for (const javaScriptEnabled of [true, false]) {
      const page = await openPage(browser, { javaScriptEnabled });
      await page.context().addCookies([{ name: "currency", value: "USD", url: baseUrl() }]);
      await page.goto("/vehicles?Sort=price_asc", { waitUntil: "networkidle" });
      const panel = page.getByTestId("filter-panel");
      await panel.getByLabel("Price from (USD)").fill(`US$${from.toLocaleString("en-US")}`);
      await panel.getByLabel("Price to (USD)").fill(String(to));
      if (javaScriptEnabled) await panel.getByLabel("Price to (USD)").press("Enter");
      else await panel.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL((u) => new URLSearchParams(u.search).get("Currency") === "USD");
      // Without the script the address keeps what was typed ("US$975"); the shop reads the amount.
      expect(readVehicleQuery(new URL(page.url()).searchParams).filters.PriceFrom).toBe(from);
      await expect.poll(() => cardNames(page)).toEqual(expected.items.map((i) => i.name));
      // Every price the buyer sees is inside what they typed.
      const shown = await page.getByTestId("list-results").getByTestId("converted-price").allTextContents();
      expect(shown.length).toBe(expected.items.length);
      for (const text of shown) {
        const dollars = Number(text.replace(/\D/g, ""));
        expect(dollars).toBeGreaterThanOrEqual(from);
        expect(dollars).toBeLessThanOrEqual(to);
      }
      await page.context().close();
    }

    // Choosing the currency on the list, then typing a budget: the budget is in the new currency.
    const switcher = await openPage(browser);
    await switcher.goto("/vehicles", { waitUntil: "networkidle" });
    await choosePlace(switcher, { currency: "USD" });
    const switched = switcher.getByTestId("filter-panel");
    await switched.getByLabel("Price to (USD)").waitFor();
    await switched.getByLabel("Price to (USD)").fill(String(to));
    await switched.getByLabel("Price to (USD)").press("Enter");
    await switcher.waitForURL((u) => u.search === `?PriceTo=${to}&Currency=USD`);
    await switcher.context().close();

    // A link with prices in yen is shown in the buyer's currency, and sent on in it.
    const page = await openPage(browser);
    await page.context().addCookies([{ name: "currency", value: "USD", url: baseUrl() }]);
    await page.goto("/vehicles?PriceTo=2000000", { waitUntil: "networkidle" });
    const panel = page.getByTestId("filter-panel");
    expect(await panel.getByLabel("Price to (USD)").inputValue()).toBe(String(convertYen(2_000_000, E2E_RATES.USD)));
    await panel.getByLabel("Price to (USD)").press("Enter");
    await page.waitForURL((u) => u.search === `?PriceTo=${convertYen(2_000_000, E2E_RATES.USD)}&Currency=USD`);
    await page.context().close();
  });

  it("the Compare button never covers a card's Reserved or Sold badge, in grid or list", async () => {
    for (const view of ["grid", "list"]) {
      const page = await openPage(browser, { viewport: { width: 1366, height: 900 } });
      await page.context().addCookies([{ name: "view", value: view, url: baseUrl() }]);
      await page.goto("/vehicles?PerPage=100", { waitUntil: "networkidle" });
      const card = page
        .getByTestId("list-card")
        .filter({ has: page.getByTestId("stock-status-badge") })
        .first();
      const badge = (await card.getByTestId("stock-status-badge").boundingBox())!;
      const toggle = (await card.getByTestId("compare-toggle").boundingBox())!;
      const overlap =
        badge.x < toggle.x + toggle.width &&
        toggle.x < badge.x + badge.width &&
        badge.y < toggle.y + toggle.height &&
        toggle.y < badge.y + badge.height;
      expect(overlap, view).toBe(false);
      await page.context().close();
    }
  });

  it("switches between grid and list, and keeps the choice on the next visit", async () => {
    const page = await openPage(browser);
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    const list = page.getByRole("group", { name: "Layout" }).getByRole("button", { name: "List" });
    expect(await list.getAttribute("aria-pressed")).toBe("false");
    const cardBox = () => page.getByTestId("list-card").first().boundingBox();
    const gridWidth = (await cardBox())!.width;
    await list.click();
    await expect.poll(() => list.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(async () => (await cardBox())!.width).toBeGreaterThan(gridWidth * 1.5);
    await page.reload({ waitUntil: "networkidle" });
    expect(await list.getAttribute("aria-pressed")).toBe("true");
    await page.context().close();
  });

  it("shows 4 extra thumbnails on a card only when the vehicle has at least 5 photos", async () => {
    const page = await openPage(browser, { javaScriptEnabled: false });
    await page.goto("/vehicles?PerPage=100");
    const cards = page.getByTestId("list-card");
    const all = await list("PerPage=100");
    expect(await cards.count()).toBe(all.items.length);
    for (const [i, item] of all.items.entries()) {
      const thumbs = cards.nth(i).getByTestId("card-thumbnails").locator("img");
      expect(await thumbs.count(), item.name).toBe(item.imageCount >= 5 ? 4 : 0);
    }
    await page.context().close();
  });
});

describe("detail pages", () => {
  it("a thumbnail click changes the main photo, by mouse or keyboard", async () => {
    const id = await withShopDb(async (db) => {
      const row = await db
        .selectFrom("vehicle_images")
        .select("vehicle_id")
        .groupBy("vehicle_id")
        .having((eb) => eb.fn.countAll(), ">=", 3)
        .executeTakeFirstOrThrow();
      return row.vehicle_id;
    });
    const vehicle = (await withShopDb((db) => getVehicle(db, id)))!;
    const page = await openPage(browser);
    await page.goto(`/vehicles/${id}`, { waitUntil: "networkidle" });
    const main = page.getByTestId("main-photo");
    const before = await main.getAttribute("src");
    await page.getByRole("button", { name: `Show photo 2 of ${vehicle.images.length}` }).click();
    await expect.poll(() => main.getAttribute("alt")).toBe(`${vehicle.name}, photo 2 of ${vehicle.images.length}`);
    expect(await main.getAttribute("src")).not.toBe(before);
    expect(await main.getAttribute("src")).toContain(vehicle.images[1]!.key);
    await page.getByRole("button", { name: `Show photo 3 of ${vehicle.images.length}` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => main.getAttribute("src")).toContain(vehicle.images[2]!.key);
    await page.context().close();
  });

  it("shows the specification table, breadcrumb, payment note, WhatsApp text and JSON-LD", async () => {
    const vehicle = (await withShopDb((db) => getVehicle(db, 1)))!;
    const page = await openPage(browser, { javaScriptEnabled: false });
    await page.goto("/vehicles/1");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(vehicle.name);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link", { name: vehicle.make }).getAttribute("href")).toBe(
      `/vehicles?Make=${encodeURIComponent(vehicle.make)}`,
    );
    expect(await page.getByText("Debit / Credit / Bank Transfer Payments").count()).toBe(1);
    const table = page.getByTestId("spec-table");
    expect(await table.textContent()).toContain(vehicle.refId);
    const wa = new URL((await page.getByTestId("whatsapp-link").getAttribute("href"))!);
    expect(wa.hostname).toBe("wa.me");
    const text = wa.searchParams.get("text")!;
    for (const part of [
      vehicle.name,
      vehicle.refId,
      `¥${vehicle.price.toLocaleString("en-US")}`,
      `/vehicles/${vehicle.id}`,
    ]) {
      expect(text).toContain(part);
    }
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({
      "@type": "Car",
      sku: vehicle.refId,
      offers: { price: vehicle.price, priceCurrency: "JPY" },
    });
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/vehicles\/1$/);
    await page.context().close();
  });

  it("a detail page's data carries its structured data and language addresses no second time", async () => {
    for (const page of ["/vehicles/1", "/parts/1"]) {
      const html = await (await fetch(`${baseUrl()}${page}`)).text();
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
      expect(ld, `${page} has its structured data`).toContain('"@context":"https://schema.org"');
      expect(html, `${page} has its language addresses`).toContain('<link rel="alternate" hrefLang="si"');
      // What the browser gets to take the page over: made from the item there, not sent again.
      const data = html.slice(html.indexOf("streamController.enqueue"));
      expect(data.length, `${page} has its data`).toBeGreaterThan(1000);
      for (const sentOnce of ["schema.org", "hrefLang", "lng=si"])
        expect(data, `${page}: ${sentOnce}`).not.toContain(sentOnce);
    }
  });

  it("a list's data carries its fixed choices no second time, and a year chosen from them filters the list", async () => {
    for (const list of ["/vehicles", "/parts"]) {
      const html = await (await fetch(`${baseUrl()}${list}`)).text();
      // The years are in the page's selects, each written once (its text is its value)...
      expect(html, list).toContain("<option>1981</option>");
      const data = html.slice(html.indexOf("streamController.enqueue"));
      expect(data.length, `${list} has its data`).toBeGreaterThan(1000);
      // ...and not in its data, nor the fixed lists the page adds itself.
      for (const fixed of ["yearsFrom", "yearsTo", "transmissions", '\\"colors\\"'])
        expect(data, `${list}: ${fixed}`).not.toContain(fixed);
      // A year as a value of the data (an image key may hold the digits "1981" by chance).
      expect(data, `${list}: 1981`).not.toMatch(/[[,]1981[,\]]/);
    }
    const page = await openPage(browser);
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    await page.getByTestId("filter-panel").getByLabel("Year from").selectOption("2020");
    await page.waitForURL(/YearFrom=2020/);
    // The address may change a moment before the list does on a busy machine: the cards are read until they have.
    const years = async () =>
      (await page.getByTestId("stock-card-facts").allTextContents()).map((facts) => Number(facts.slice(0, 4)));
    await expect.poll(async () => Math.min(...(await years()))).toBeGreaterThanOrEqual(2020);
    expect((await years()).length).toBeGreaterThan(0);
    await page.context().close();
  });

  it("signed out, the favourite button says to log in", async () => {
    const page = await openPage(browser);
    await page.goto("/vehicles/1", { waitUntil: "networkidle" });
    await page.getByTestId("favourite-button").click();
    await page.getByText("Please log in to use favorites.").waitFor();
    await page.context().close();
  });

  it("a missing vehicle or part is a 404 page with SPEC's words and a way back", async () => {
    const page = await openPage(browser);
    for (const [path, title, noData, link] of [
      ["/vehicles/999999", "Vehicle not found", "No vehicle data found", "Back to Vehicle Stock"],
      ["/vehicles/abc", "Vehicle not found", "No vehicle data found", "Back to Vehicle Stock"],
      ["/parts/999999", "Part not found", "No part data", "Back to Parts Stock"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole("heading", { name: title }).count()).toBe(1);
      expect(await page.getByText(noData, { exact: true }).count(), path).toBe(1);
      expect(await page.getByRole("link", { name: link }).count()).toBe(1);
    }
    await page.context().close();
  });
});

describe("bad input in the address", () => {
  it("answers 200 with the value ignored or clamped, never more than 100 items, nothing echoed unescaped", async () => {
    const evil = "<script>alert(1)</script>";
    for (const qs of [
      "YearFrom=abc",
      "PerPage=100000",
      "Page=-3",
      "Page=999999",
      "Sort=unknown",
      `Make=${encodeURIComponent(evil)}`,
      `Keyword=${"a".repeat(5000)}`,
      `Keyword=${encodeURIComponent(evil)}`,
      "PriceFrom=-5&PriceTo=abc&MileageTo=1e99",
    ]) {
      for (const kind of ["vehicles", "parts"]) {
        const res = await fetch(`${baseUrl()}/${kind}?${qs}`, { headers: { Cookie: "currency=XYZ; view=<b>" } });
        const html = await res.text();
        expect(res.status, `${kind}?${qs}`).toBe(200);
        expect(html).not.toContain(evil);
        expect((html.match(/data-testid="list-card"/g) ?? []).length).toBeLessThanOrEqual(100);
      }
    }
    const clamped = await (await fetch(`${baseUrl()}/vehicles?PerPage=100000`)).text();
    expect((clamped.match(/data-testid="list-card"/g) ?? []).length).toBe(Math.min(100, (await list("")).total));
  });
});

describe("search engines", () => {
  it("serves robots.txt and a sitemap with every vehicle", async () => {
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
    const index = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    expect(index).toContain("/sitemaps/vehicles-1.xml");
    const vehicles = await (await fetch(`${baseUrl()}/sitemaps/vehicles-1.xml`)).text();
    const total = (await list("")).total;
    expect((vehicles.match(/<url>/g) ?? []).length).toBe(total);
  });
});

describe("the exchange-rate key", () => {
  it("was used by the server and never reaches a page or a script", async () => {
    expect(e2eShop().ratesRequests).toBeGreaterThan(0);
    for (const p of ["/", "/vehicles", "/vehicles/1", "/parts"]) {
      expect(await (await fetch(`${baseUrl()}${p}`)).text()).not.toContain(E2E_RATES_KEY);
    }
    const assets = path.join(ROOT, "build/client/assets");
    for (const file of fs.readdirSync(assets)) {
      const text = fs.readFileSync(path.join(assets, file), "utf8");
      expect(text.includes("RATES_API_KEY") || text.includes(E2E_RATES_KEY), file).toBe(false);
    }
  });
});
