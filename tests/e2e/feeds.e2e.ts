import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIES } from "~/utils/cookies";
import {
  baseUrl,
  launchBrowser,
  seriousAccessibilityProblems,
  staffPage,
  withShopDb,
  writeShopDb,
} from "../support/browser";
import { cookieFrom } from "../support/set-cookie";
import { signInBuyer } from "../support/sign-in";

/*
 * The owner's product feeds through the built shop: the Feeds screen makes
 * the addresses, the copied address answers with the feed as CSV (fetched
 * over HTTP, as Merchant Center fetches it), and renewing shuts the old one.
 * The feed token is the shop's alone: none at the start, none left behind.
 */

let browser: Browser;
const shots = path.resolve("test-results/feeds");
const clearToken = () => writeShopDb((db) => db.deleteFrom("settings").where("key", "=", "stock_feeds").execute());

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(shots, { recursive: true });
  await clearToken();
});
afterAll(async () => {
  await clearToken();
  await browser?.close();
});

/** The address's path at the shop under test (the screen writes the shop's public address, localhost here). */
const fetchAt = (address: string) => fetch(`${baseUrl()}${new URL(address).pathname}`);

describe("product feeds", () => {
  let firstAddress = "";

  it("the owner finds Feeds in the menu on a phone, makes the addresses, copies one, and it answers with the stock as CSV", async () => {
    const page = await staffPage(browser, 390);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    await page.getByText("Menu", { exact: true }).click();
    await page.getByRole("link", { name: "Product feeds" }).click();
    await page.getByRole("heading", { level: 1, name: "Product feeds" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/feeds");
    expect(await page.getByText(/^No address yet/).count()).toBe(2);
    const listed = await withShopDb(async (db) =>
      Number(
        (
          await db
            .selectFrom("vehicles")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("stock_status", "in", ["available", "reserved"])
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    const vehicles = page.locator('[data-testid="feed"][data-kind="vehicles"]');
    expect(await vehicles.getByTestId("feed-count").textContent()).toMatch(new RegExp(`^${listed} items in the feed`));

    await page.getByRole("button", { name: "Make the addresses" }).click();
    await page.getByText("The feed addresses were made.").waitFor();
    const field = vehicles.getByLabel("Feed address");
    firstAddress = await field.inputValue();
    expect(firstAddress).toMatch(/^http:\/\/localhost:\d+\/feeds\/[A-Za-z0-9_-]{43}\/vehicles\.csv$/);
    await vehicles.getByRole("button", { name: "Copy" }).click();
    await vehicles.getByText("Copied.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstAddress);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, "feeds-390.png"), fullPage: true });

    const feed = await fetchAt(firstAddress);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(feed.headers.get("x-robots-tag")).toContain("noindex");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await feed.arrayBuffer());
    expect(text.startsWith('\uFEFF"id","title","description","link","image_link"')).toBe(true);
    const lines = text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(listed + 1);
    expect(lines[1]).toMatch(/"http:\/\/localhost:\d+\/vehicles\/\d+"/);
    expect(lines[1]).toMatch(/"\d+ JPY"/);
    await page.context().close();
  });

  it("renewing, after the owner confirms, shuts the old address at once and the new one answers", async () => {
    const page = await staffPage(browser, 1366);
    await page.goto("/admin/feeds", { waitUntil: "networkidle" });
    expect(await page.getByTestId("feed-made").textContent()).toMatch(/^The current addresses were made on /);
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Renew the addresses" }).click();
    await page.getByText("The feed addresses were renewed").waitFor();
    expect(asked).toContain("will stop working at once");
    await page.screenshot({ path: path.join(shots, "feeds-1366.png"), fullPage: true });
    const parts = page.locator('[data-testid="feed"][data-kind="parts"]');
    const renewed = await parts.getByLabel("Feed address").inputValue();
    expect(renewed).toMatch(/\/parts\.csv$/);
    expect((await fetchAt(firstAddress)).status).toBe(404);
    expect((await fetchAt(firstAddress.replace("vehicles.csv", "parts.csv"))).status).toBe(404);
    expect((await fetchAt(renewed)).status).toBe(200);
    await page.context().close();
  });

  it("a visitor or a buyer asking for the Feeds screen is sent to the staff sign-in", async () => {
    const buyer = cookieFrom(await signInBuyer(baseUrl()), COOKIES.buyerSession.name);
    for (const headers of [{}, { Cookie: buyer }] as Record<string, string>[]) {
      const answer = await fetch(`${baseUrl()}/admin/feeds`, { headers, redirect: "manual" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
    }
  });
});
