import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQuote } from "~/domain/quotes/quotes.server";
import {
  baseUrl,
  launchBrowser,
  openPage,
  seriousAccessibilityProblems,
  staffCookie,
  withShopDb,
  writeShopDb,
} from "../support/browser";

/*
 * The owner's quote lists page like the stock tables (SPEC 9): 20 a page by
 * default, 20 to 200 to choose from, page buttons with first, previous, next
 * and last. This file asks for its own quotes (25 for a vehicle, 21 for a
 * part, all named with its tag) and deletes them again at the end.
 */

const tag = `pg${Date.now().toString(36)}`;
const who = (i: number) => `Pager ${tag} ${String(i).padStart(2, "0")}`;
const made = { vehicle: [] as string[], part: [] as string[] };

let browser: Browser;
let staff = "";

async function ask(kind: "vehicle" | "part", itemId: number, i: number) {
  const outcome = await writeShopDb((db) =>
    createQuote(
      db,
      {
        kind,
        itemId,
        submissionKey: `${tag}-${kind}-${i}-key`,
        name: who(i),
        country: "Kenya",
        email: `${tag}@example.com`,
        phone: "+254 700 000000",
        message: `Price to Mombasa, please (${kind} ${i})`,
        portId: null,
        quantity: null,
        contactMethods: [],
      },
      null,
      { ownerEmail: "owner@example.com", shopName: "Pager", publicUrl: new URL(baseUrl()) },
    ),
  );
  if (!outcome.ok) throw new Error(`quote refused: ${outcome.reason}`);
  made[kind].push(outcome.number);
}

beforeAll(async () => {
  browser = await launchBrowser();
  // The first item of each kind for sale; quotes are asked for it, not bought.
  const [vehicleId, partId] = await withShopDb((db) =>
    Promise.all(
      (["vehicles", "parts"] as const).map(
        async (table) =>
          (
            await db
              .selectFrom(table as "vehicles")
              .select("id")
              .where("stock_status", "=", "available")
              .orderBy("id")
              .executeTakeFirstOrThrow()
          ).id,
      ),
    ),
  );
  for (let i = 0; i < 25; i++) await ask("vehicle", vehicleId!, i);
  for (let i = 0; i < 21; i++) await ask("part", partId!, i);
  staff = await staffCookie();
}, 60_000);

afterAll(async () => {
  // The quotes leave through the list's own Delete selected.
  const numbers = [...made.vehicle, ...made.part];
  if (staff && numbers.length > 0) {
    const body = new URLSearchParams({ intent: "delete" });
    for (const n of numbers) body.append("numbers", n);
    const res = await fetch(`${baseUrl()}/admin/vehicle-quotes`, {
      method: "POST",
      body,
      headers: { Cookie: staff, Origin: baseUrl() },
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    const left = await withShopDb((db) =>
      db.selectFrom("quotes").select("number").where("number", "in", numbers).execute(),
    );
    expect(left).toEqual([]);
  }
  await browser?.close();
});

async function staffPage(viewport = { width: 1366, height: 900 }): Promise<Page> {
  const page = await openPage(browser, { viewport });
  const [name, value] = staff.split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: baseUrl() }]);
  return page;
}

const rows = (page: Page) => page.getByTestId("admin-quote-list").locator("li");
const names = async (page: Page) =>
  (await rows(page).getByRole("link").allTextContents()).map((t) => t.replace(/ · Kenya$/, ""));
const pager = (page: Page) => page.getByRole("navigation", { name: "Pages" });
/** What the pager offers: a button's number or name, the current page in brackets, a disabled arrow as it is. */
async function pagerButtons(page: Page) {
  return pager(page)
    .locator("a, span")
    .evaluateAll((els) =>
      els.map((e) =>
        e.getAttribute("aria-current") === "page"
          ? `[${e.textContent}]`
          : e.tagName === "A"
            ? (e.getAttribute("aria-label") ?? "")
            : (e.textContent ?? ""),
      ),
    );
}

describe("the owner's quote lists page like the stock tables (SPEC 9)", () => {
  it("shows 20 quotes by default, 20 to 200 a page to choose from, and page buttons to the rest", async () => {
    const page = await staffPage();
    // With no choice made: 20 of all the vehicle quotes.
    await page.goto("/admin/vehicle-quotes", { waitUntil: "networkidle" });
    expect(await rows(page).count()).toBe(20);
    expect(await page.getByLabel("Per page").inputValue()).toBe("20");
    expect(await page.getByLabel("Per page").locator("option").allTextContents()).toEqual([
      "20",
      "40",
      "60",
      "80",
      "100",
      "200",
    ]);

    await page.getByLabel("Search").fill(`Pager ${tag}`);
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/q=Pager/);
    await expect.poll(() => names(page)).toEqual(Array.from({ length: 20 }, (_, i) => who(24 - i)));
    expect(await page.getByText("Page 1 of 2").count()).toBe(1);
    expect(await pagerButtons(page)).toEqual(["«", "‹", "[1]", "Page 2", "Next page", "Last page"]);

    await pager(page).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => names(page)).toEqual([4, 3, 2, 1, 0].map(who));
    expect(await page.getByText("Page 2 of 2").count()).toBe(1);
    expect(await pagerButtons(page)).toEqual(["First page", "Previous page", "Page 1", "[2]", "›", "»"]);
    // The search stays with the page.
    expect(new URL(page.url()).searchParams.get("q")).toBe(`Pager ${tag}`);
    await page.context().close();
  });

  it("keeps the page size with the search and the status, and exports every page whatever is shown", async () => {
    const page = await staffPage();
    await page.goto(`/admin/vehicle-quotes?q=${encodeURIComponent(`Pager ${tag}`)}`, { waitUntil: "networkidle" });
    await page.getByLabel("Per page").selectOption("40");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/perPage=40/);
    await expect.poll(() => rows(page).count()).toBe(25);
    expect(await page.getByText("Page 1 of 1").count()).toBe(1);
    expect(await pagerButtons(page)).toEqual(["«", "‹", "[1]", "›", "»"]);

    await page.getByLabel("Status").selectOption({ label: "Pending" });
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/status=pending/);
    expect(new URL(page.url()).searchParams.get("perPage")).toBe("40");
    expect(await page.getByLabel("Per page").inputValue()).toBe("40");
    await expect.poll(() => rows(page).count()).toBe(25);

    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    const csv = await page.evaluate(async (to) => (await fetch(to)).text(), href!);
    expect(csv.split(`"Pager ${tag} `).length - 1).toBe(25);
    // The same export from page 2 of 20 a page: still all 25.
    await page.goto(`/admin/vehicle-quotes?q=${encodeURIComponent(`Pager ${tag}`)}&page=2`, {
      waitUntil: "networkidle",
    });
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `/admin/quotes-export/vehicle?q=${encodeURIComponent(`Pager ${tag}`).replace(/%20/g, "+")}`,
    );
    await page.context().close();
  });

  it("brings a page or page size that does not exist back to one that does", async () => {
    const page = await staffPage();
    const q = encodeURIComponent(`Pager ${tag}`);
    const past = await page.goto(`/admin/vehicle-quotes?q=${q}&page=99&perPage=7`, { waitUntil: "networkidle" });
    expect(past?.status()).toBe(200);
    expect(await page.getByText("Page 2 of 2").count()).toBe(1);
    expect(await names(page)).toEqual([4, 3, 2, 1, 0].map(who));
    expect(await page.getByLabel("Per page").inputValue()).toBe("20");
    for (const junk of ["page=-1&perPage=abc", "page=1e400&perPage=", "page=x&perPage=20.5"]) {
      const answer = await page.goto(`/admin/vehicle-quotes?q=${q}&${junk}`, { waitUntil: "networkidle" });
      expect([junk, answer?.status(), await rows(page).count()]).toEqual([junk, 200, 20]);
      expect(await page.getByText("Page 1 of 2").count()).toBe(1);
    }
    await page.context().close();
  });

  it("pages the parts quotes too, and a ticked quote stays ticked from page to page, as on the stock tables", async () => {
    const page = await staffPage();
    await page.goto(`/admin/parts-quotes?q=${encodeURIComponent(`Pager ${tag}`)}`, { waitUntil: "networkidle" });
    expect(await rows(page).count()).toBe(20);
    const first = made.part[20]!;
    await page.getByRole("checkbox", { name: `Select quote ${first}` }).check();
    await expect.poll(() => page.getByText("21 quotes · 1 selected").count()).toBe(1);
    await pager(page).getByRole("link", { name: "Last page" }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => names(page)).toEqual([who(0)]);
    expect(await page.getByText("21 quotes · 1 selected").count()).toBe(1);
    await pager(page).getByRole("link", { name: "Previous page" }).click();
    await page.waitForURL((url) => !url.searchParams.has("page"));
    expect(await page.getByRole("checkbox", { name: `Select quote ${first}` }).isChecked()).toBe(true);
    await page.context().close();
  });

  it("fits a phone and a desktop screen, with nothing an accessibility check finds serious", async () => {
    const shots = path.resolve("test-results/quote-pagination");
    fs.mkdirSync(shots, { recursive: true });
    for (const width of [390, 1366]) {
      const page = await staffPage({ width, height: 900 });
      await page.goto(`/admin/vehicle-quotes?q=${encodeURIComponent(`Pager ${tag}`)}&page=2`, {
        waitUntil: "networkidle",
      });
      await page.screenshot({ path: path.join(shots, `vehicle-quotes-${width}.png`), fullPage: true });
      const pagerBox = (await pager(page).boundingBox())!;
      expect(pagerBox.x + pagerBox.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await page.context().close();
    }
  });
});
