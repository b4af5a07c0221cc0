import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { loadConfig } from "~/config.server";
import { dealContext } from "~/domain/sale/offers.server";
import { recordPayment, saveShipment } from "~/domain/sale/orders.server";
import { shopDay } from "~/i18n/format";
import { launchBrowser, pageAt } from "../support/browser";
import { acceptedDeal, dealShopData } from "../support/orders";
import { freePort, runShop } from "../support/shop-process";

/*
 * The owner's panel on a 390 × 844 phone (issue 44.5): stock, quotes and
 * orders as cards no wider than the screen and none taller than it; the menu's
 * last link on the first screen once opened; the dashboard's activity in
 * words ("payment of ¥400,000 recorded"), never the log's codes.
 */

const PHONE = { width: 390, height: 844 };
const STAFF = { adminId: "phone-owner", password: "phone-owner password 1" };
const BUYER = { email: "nimal@example.lk", password: "nimal password 1234", fullName: "Nimal Perera" };
const SECRET = "admin-phone-secret-admin-phone-secret-000";

let shop: ReturnType<typeof runShop>;
let dataDir: string;
let db: DB;
let browser: Browser;
let orderNumber: string;

beforeAll(async () => {
  let customerIds: number[];
  ({ dataDir, db, customerIds } = await dealShopData("admin-phone", STAFF, [
    { ...BUYER, country: "Sri Lanka", phone: "+94 77 123 4567" },
  ]));
  const setup = { dataDir, secret: SECRET, ownerEmail: "owner@admin-phone.example" };
  const deal = await acceptedDeal(db, setup, {
    customerId: customerIds[0]!,
    name: BUYER.fullName,
    email: BUYER.email,
    key: "admin-phone-e2e-key-00001",
    vehicleName: "2019 Toyota Land Cruiser Prado TX L Package Black Leather Selection",
  });
  orderNumber = deal.number;
  // Stock with long names, as the owner writes them.
  for (let i = 0; i < 4; i++) {
    await createVehicle(
      db,
      vehicleFactory(createRng(300 + i), i, {
        stockStatus: "available",
        name: `2018 Mitsubishi Outlander PHEV G Premium Package Navigation ${i}`,
      }),
      [],
      { kind: "system", id: null },
    );
  }
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, OWNER_EMAIL: setup.ownerEmail });
  const context = dealContext({ ...config, publicUrl: new URL("http://127.0.0.1") });
  const staff = { id: 1, adminId: STAFF.adminId };
  const today = shopDay(new Date());
  const paid = await recordPayment(
    db,
    context,
    orderNumber,
    { amount: "400000", receivedOn: today, method: "bank_transfer", reference: "TT 2026-777" },
    staff,
  );
  const shipped = await saveShipment(
    db,
    context,
    orderNumber,
    { vessel: "Morning Lily", voyage: "V.221", portOfLoading: "Yokohama", etd: today, method: "roro" },
    staff,
  );
  if (!paid.ok || !shipped.ok) throw new Error("the order's payment or shipment was not recorded");
  shop = runShop({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    OWNER_EMAIL: setup.ownerEmail,
    PAGE_CACHE_SECONDS: "0",
  });
  await shop.ready;
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await db?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The page's width, and the tallest table row or card on it. */
function measure(page: Page) {
  return page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    rows: [
      ...document.querySelectorAll(
        "main tr, [data-testid=admin-quote-row], [data-testid=order-row], [data-testid=stock-row]",
      ),
    ].map((row) => Math.round(row.getBoundingClientRect().height)),
  }));
}

describe("the owner's panel on a 390 px phone", () => {
  it("shows stock, quotes and orders as cards no wider and no taller than the screen", async () => {
    const page = await pageAt(browser, shop.url, PHONE.width, STAFF);
    await page.setViewportSize(PHONE);
    for (const path of [
      "/admin/all-products",
      "/admin/all-parts-products",
      "/admin/vehicle-quotes",
      "/admin/orders",
      `/admin/orders/${orderNumber}`,
      "/admin",
    ]) {
      await page.goto(path, { waitUntil: "networkidle" });
      const { width, rows } = await measure(page);
      expect(width, path).toBeLessThanOrEqual(PHONE.width);
      for (const height of rows) expect(height, `${path}: a row ${height} px tall`).toBeLessThanOrEqual(PHONE.height);
    }
    // The stock cards: the item's name has the card's width (not a letter a line), its actions at hand.
    await page.goto("/admin/all-products", { waitUntil: "networkidle" });
    const rows = page.getByTestId("stock-row");
    expect(await rows.count()).toBe(5);
    const name = rows.first().locator("p.font-semibold").first();
    expect((await name.boundingBox())!.width).toBeGreaterThan(200);
    expect((await rows.first().boundingBox())!.height).toBeLessThan(320);
    await expect
      .poll(() =>
        rows
          .first()
          .getByRole("link", { name: /^Edit / })
          .isVisible(),
      )
      .toBe(true);
    // The payments of the order page, one card each.
    await page.goto(`/admin/orders/${orderNumber}`, { waitUntil: "networkidle" });
    const payment = page.getByTestId("order-payment").first();
    expect((await payment.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await payment.innerText()).toMatch(/Amount: ¥400,000/);
  });

  it("folds the stock filters under the search, so the first card is on the first screen, and filters from the fold", async () => {
    const page = await pageAt(browser, shop.url, PHONE.width, STAFF);
    await page.setViewportSize(PHONE);
    await page.goto("/admin/all-products", { waitUntil: "networkidle" });
    const firstCard = async () => (await page.getByTestId("stock-row").first().boundingBox())!;
    // Nine filter fields stood above the list: its first card began about 660 px down.
    expect((await firstCard()).y).toBeLessThan(PHONE.height / 2);
    const status = page.locator("select[name=status]");
    expect(await status.isVisible()).toBe(false);
    await page.locator("summary", { hasText: "Filters and sort" }).click();
    await status.selectOption("available");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/status=available/);
    // Folded again after the search, and the fold says a filter is on.
    await expect
      .poll(async () => await page.locator("summary", { hasText: "Filters and sort" }).textContent())
      .toBe("Filters and sort, 1\u00a0in\u00a0use");
    expect(await status.isVisible()).toBe(false);
    expect((await firstCard()).y).toBeLessThan(PHONE.height / 2);
    await page.context().close();
  });

  it("keeps the fold's title on one line in English and in Japanese, with its count below", async () => {
    const page = await pageAt(browser, shop.url, PHONE.width, STAFF);
    await page.setViewportSize(PHONE);
    for (const [lang, title] of [
      ["en", "Filters and sort"],
      ["ja", "条件と並び順"],
    ] as const) {
      await page.context().addCookies([{ name: "lang", value: lang, url: shop.url }]);
      await page.goto("/admin/all-products?status=available&make=Toyota", { waitUntil: "networkidle" });
      // Counted once the page's fonts have loaded, not in a fallback font shown meanwhile.
      await page.evaluate(() => document.fonts.ready);
      const lines = await page.locator("details.filter-more > summary span.block").evaluateAll((spans) =>
        spans.map((s) => ({
          text: s.textContent,
          lines: Math.round(s.getBoundingClientRect().height / parseFloat(getComputedStyle(s).lineHeight)),
        })),
      );
      // "絞り込みと並び順（2件指定中）" broke mid-word over three lines beside the buttons.
      expect(lines, lang).toEqual([
        { text: title, lines: 1 },
        { text: lang === "en" ? "2\u00a0in\u00a0use" : "2件指定中", lines: 1 },
      ]);
    }
    await page.context().close();
  });

  it("opens a menu whose last link is on the first screen", async () => {
    const page = await pageAt(browser, shop.url, PHONE.width, STAFF);
    await page.setViewportSize(PHONE);
    await page.goto("/admin/orders", { waitUntil: "networkidle" });
    await page.locator("summary", { hasText: "Menu" }).click();
    const security = page.getByRole("link", { name: "Security", exact: true });
    await security.waitFor();
    const box = (await security.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await security.click();
    await page.waitForURL(/\/admin\/security$/);
  });

  it("draws the dashboard charts' scales and dates as large as the page's small print", async () => {
    const page = await pageAt(browser, shop.url, PHONE.width, STAFF);
    await page.setViewportSize(PHONE);
    await page.goto("/admin", { waitUntil: "networkidle" });
    for (const chart of ["quotes-chart", "payments-chart"]) {
      // The height each word of the drawing takes on the screen (a drawing scaled to the phone shrinks its words).
      const heights = await page
        .getByTestId(chart)
        .getByRole("img")
        .evaluate((figure) => {
          const walker = document.createTreeWalker(figure, NodeFilter.SHOW_TEXT);
          const found: number[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const { height } = range.getBoundingClientRect();
            if (height > 0) found.push(Math.round(height));
          }
          return found;
        });
      expect(heights.length, `${chart}: its scale and dates`).toBeGreaterThanOrEqual(6);
      expect(Math.min(...heights), `${chart}: ${heights.join(", ")} px`).toBeGreaterThanOrEqual(11);
    }
    await page.context().close();
  });

  it("says the dashboard's activity in words, in English and in Japanese", async () => {
    const page = await pageAt(browser, shop.url, PHONE.width, STAFF);
    await page.setViewportSize(PHONE);
    await page.goto("/admin", { waitUntil: "networkidle" });
    const english = await page.getByTestId("recent-activity").innerText();
    expect(english).toContain(`Order ${orderNumber}: payment of ¥400,000 recorded: ¥600,000 still to pay`);
    expect(english).toContain(`Order ${orderNumber}: Vessel, Voyage, Port of loading, ETD, Shipping method changed`);
    expect(english).not.toMatch(/_|→ /);
    // The language switch is in the closed menu; its form is sent as a tap on it would.
    await page
      .locator("button[lang=ja]")
      .first()
      .evaluate((b: HTMLButtonElement) => b.form!.submit());
    await page.waitForURL(/\/admin$/);
    await page.getByRole("heading", { name: "最近の操作履歴" }).waitFor();
    const japanese = await page.getByTestId("recent-activity").innerText();
    expect(japanese).toMatch(/入金を記録しました（残り .600,000）/);
    expect(japanese).not.toMatch(/_|→ |Order|received/);
  });
});
