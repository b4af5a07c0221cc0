import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, makePart, openPage, writeShopDb } from "../support/browser";

/*
 * Issue 44.7: a parts buyer with a part number types it in a box on top of
 * /parts, or in the header's menu on a phone, without opening the filters;
 * and finds parts by the words of their language. Both forms are plain GET
 * forms: they work before the page's scripts arrive.
 */

let browser: Browser;
const made: number[] = [];
let numbered: number;
let headlight: number;

beforeAll(async () => {
  browser = await launchBrowser();
  // A number no other part has, and a headlight whose text does not say "headlight".
  numbered = (await makePart({ partNumber: "90919-0E244", name: "Spark plug set", description: "Four plugs." })).id;
  headlight = (
    await makePart({
      type: "Electrical",
      subType: "Headlight",
      name: "Front lamp assembly",
      description: "Left side, clear lens.",
    })
  ).id;
  made.push(numbered, headlight);
});
afterAll(async () => {
  await writeShopDb((db) => db.deleteFrom("parts").where("id", "in", made).execute());
  await browser?.close();
});

/** The ids of the parts a list page shows. */
async function shownIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByTestId("list-results")
    .getByTestId("stock-card-link")
    .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
  return hrefs.map((href) => Number(href.split("/").pop()));
}

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe("the part-number box", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`on /parts finds the part by its number typed any way, at 390 px, scripts ${javaScriptEnabled ? "on" : "blocked"}`, async () => {
      const page = await openPage(browser, { ...phone, javaScriptEnabled });
      await page.goto("/parts?Make=Honda", { waitUntil: "load" });
      const box = page.getByTestId("part-number-search");
      // On top of the list, across the phone's width and no wider.
      const area = (await box.boundingBox())!;
      const list = (await page.getByTestId("list-results").boundingBox())!;
      expect(area.y).toBeLessThan(list.y);
      expect(area.x).toBeGreaterThanOrEqual(0);
      expect(area.x + area.width).toBeLessThanOrEqual(390);
      expect(area.width).toBeGreaterThan(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await box.getByLabel("Part number").fill("90919 0e244");
      await box.getByRole("button", { name: "Find" }).click();
      // A new search: the number alone, not the make the list had.
      await page.waitForURL((u) => u.pathname === "/parts" && u.search === "?Keyword=90919+0e244");
      await expect.poll(() => shownIds(page)).toEqual([numbered]);
      // The box shows the number searched for.
      expect(await page.getByTestId("part-number-search").getByLabel("Part number").inputValue()).toBe("90919 0e244");
      await page.context().close();
    });
  }

  it("in the header's menu on a phone, from any page", async () => {
    const page = await openPage(browser, phone);
    await page.goto("/about", { waitUntil: "load" });
    const header = page.locator("header");
    const height = (await header.boundingBox())!.height;
    await page.locator("summary", { hasText: "Menu" }).click();
    const box = page.getByTestId("header-part-number");
    const area = (await box.boundingBox())!;
    expect(area.x + area.width).toBeLessThanOrEqual(390);
    await box.getByLabel("Part number").fill("909190E244");
    await box.getByLabel("Part number").press("Enter");
    await page.waitForURL((u) => u.pathname === "/parts" && u.search === "?Keyword=909190E244");
    await expect.poll(() => shownIds(page)).toEqual([numbered]);
    // The header is as tall as before: the box is in the menu.
    expect((await header.boundingBox())!.height).toBe(height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it("is not in the header on a desktop, whose menu is the bar", async () => {
    const page = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    await page.goto("/about", { waitUntil: "load" });
    expect(await page.getByTestId("header-part-number").isVisible()).toBe(false);
    await page.context().close();
  });
});

describe("the parts search in the buyer's words", () => {
  it("finds the headlight by the Vietnamese word its page's category shows", async () => {
    const page = await openPage(browser, { ...phone, javaScriptEnabled: false });
    await page.goto(`/parts?lng=vi&Keyword=${encodeURIComponent("đèn pha")}&PerPage=100`);
    expect(await shownIds(page)).toContain(headlight);
    await page.goto(`/parts?lng=vi&Keyword=${encodeURIComponent("den pha")}&PerPage=100`);
    expect(await shownIds(page)).toContain(headlight);
    // The English word finds what the parts' text says, as before.
    await page.goto("/parts?Keyword=headlight&PerPage=100");
    expect(await shownIds(page)).not.toContain(headlight);
    await page.context().close();
  });
});
