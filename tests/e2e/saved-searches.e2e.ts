import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { readMail } from "../support/mime";
import { freePort, ROOT, runShop } from "../support/shop-process";
import { startSmtp } from "../support/smtp";
import { launchBrowser, openPage, seriousAccessibilityProblems } from "../support/browser";

/*
 * Saved searches end to end, against the built shop run as a process with a
 * real SMTP server: a buyer filters the list and saves the search, the owner
 * lists a matching vehicle, an alert run mails it, the mail's unsubscribe
 * link opens a page that changes nothing until its button is pressed (in a
 * browser that is not signed in), the one-click POST of mail programs turns
 * alerts off, and the search is deleted.
 */

const SECRET = "saved-searches-e2e-secret-saved-searches-e2e";
const BUYER = { email: "kamal@example.lk", password: "a long enough password", fullName: "Kamal Silva" };
const SHOTS = path.join(ROOT, "test-results/saved-searches");

let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let shop: ReturnType<typeof runShop>;
let dataDir: string;
const dbFile = () => path.join(dataDir, "shop.sqlite");

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  smtp = await startSmtp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-saved-searches-"));
  const db = openDatabase({ dialect: "sqlite", file: dbFile() });
  await migrateToLatest(db);
  const rng = createRng(5);
  // Some stock already listed: it is not news for a search saved later.
  for (let i = 0; i < 6; i++) {
    await createVehicle(db, vehicleFactory(rng, i, { stockStatus: "available" }), [], { kind: "system", id: null });
  }
  await createCustomer(db, { ...BUYER, country: "Sri Lanka", phone: "+94 77 123 4567" });
  await db.destroy();
  const port = String(await freePort());
  shop = runShop({
    PORT: port,
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    // The run is started by hand below (npm run alerts:run), so the test decides when.
    ALERTS_EVERY_MINUTES: "0",
  });
  await shop.ready;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await smtp?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(width = 1366, height = 900): Promise<Page> {
  return openPage(browser, { baseURL: shop.url, viewport: { width, height } });
}

async function signIn(page: Page) {
  await page.goto("/login", { waitUntil: "networkidle" });
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password", { exact: true }).fill(BUYER.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((u) => u.pathname === "/account");
}

/** The mails the SMTP server has for the buyer, read. */
const buyerMails = () => smtp.received.filter((m) => m.to.includes(BUYER.email)).map((m) => readMail(m.raw));

describe("saved searches", () => {
  it("a visitor is asked to log in, and comes back to the same list", async () => {
    const page = await newPage();
    await page.goto("/vehicles?Make=Toyota", { waitUntil: "networkidle" });
    const link = page.getByRole("link", { name: "Sign in to save this search" });
    expect(await link.getAttribute("href")).toBe(`/login?redirectTo=${encodeURIComponent("/vehicles?Make=Toyota")}`);
    await page.context().close();
  });

  it(
    "save, alert by mail, unsubscribe without signing in, see it on /account, delete",
    { timeout: 90_000 },
    async () => {
      const page = await newPage();
      await signIn(page);

      // Filter the list with the filter panel, as a buyer does.
      await page.goto("/vehicles", { waitUntil: "networkidle" });
      await page.getByLabel("Make", { exact: true }).selectOption("Toyota");
      await page.waitForURL((u) => u.searchParams.get("Make") === "Toyota");
      await page.getByLabel("Model", { exact: true }).selectOption("Land Cruiser");
      await page.waitForURL((u) => u.searchParams.get("Model") === "Land Cruiser");
      await page.waitForLoadState("networkidle");

      const box = page.getByTestId("save-search");
      await box.getByText("Save this search").click();
      const name = box.getByLabel("Name of this search");
      expect(await name.inputValue()).toBe("Toyota Land Cruiser");
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await box.screenshot({ path: path.join(SHOTS, `save-form-${width}.png`) });
        await page.screenshot({ path: path.join(SHOTS, `vehicles-page-${width}.png`) });
      }

      await name.fill("Land Cruisers for Colombo");
      await box.getByRole("button", { name: "Save search" }).click();
      await page.waitForURL((u) => u.searchParams.get("saved") === "1");
      await page
        .getByRole("status")
        .filter({ hasText: "Search saved. We will e-mail you when new vehicles match it." })
        .waitFor();
      expect(new URL(page.url()).searchParams.get("Model")).toBe("Land Cruiser");
      expect(await box.getByText("Save this search").count()).toBe(0);
      await box.screenshot({ path: path.join(SHOTS, "saved-1366.png") });

      // The same filters again (sorted another way): refused in place, the typed name kept.
      await page.goto("/vehicles?Model=Land+Cruiser&Make=Toyota&Sort=price_asc", { waitUntil: "networkidle" });
      await box.getByText("Save this search").click();
      await box.getByLabel("Name of this search").fill("Twice");
      await box.getByRole("button", { name: "Save search" }).click();
      await box
        .getByRole("alert")
        .getByText("These filters are already saved as “Land Cruisers for Colombo”.")
        .waitFor();
      expect(await box.getByLabel("Name of this search").inputValue()).toBe("Twice");
      await box.screenshot({ path: path.join(SHOTS, "save-form-refused-1366.png") });
      // Without JavaScript the form posts as a page: the refusal comes back as a page with the form, name kept.
      const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      const noScript = await fetch(`${shop.url}/saved-searches`, {
        method: "POST",
        body: new URLSearchParams({ intent: "save", name: "No script", query: "Make=Toyota&Model=Land+Cruiser" }),
        headers: { Cookie: cookie, Accept: "text/html" },
        redirect: "manual",
      });
      expect(noScript.status, noScript.headers.get("location") ?? "").toBe(400);
      const html = await noScript.text();
      expect(html).toContain("These filters are already saved as “Land Cruisers for Colombo”.");
      expect(html).toContain('value="No script"');

      await page.goto("/account", { waitUntil: "networkidle" });
      const section = page.getByTestId("saved-searches");
      const item = section.getByTestId("saved-search");
      expect(await item.count()).toBe(1);
      expect(await item.textContent()).toContain("Land Cruisers for Colombo");
      expect(await item.textContent()).toContain("Toyota Land Cruiser");
      expect(await item.getByTestId("alert-state").textContent()).toBe("E-mail alerts on");
      expect(await item.textContent()).toContain("No alert sent yet");
      expect(await item.getByRole("link", { name: "Toyota Land Cruiser" }).getAttribute("href")).toBe(
        "/vehicles?Make=Toyota&Model=Land+Cruiser",
      );
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await section.screenshot({ path: path.join(SHOTS, `account-section-${width}.png`) });
      }
      await page.setViewportSize({ width: 1366, height: 900 });

      // The owner lists a matching vehicle, and one that does not match.
      const db = openDatabase({ dialect: "sqlite", file: dbFile() });
      const rng = createRng(9);
      const cruiser = vehicleFactory(rng, 0, {
        stockStatus: "available",
        name: "2021 Toyota Land Cruiser ZX for the alert",
        year: 2021,
        price: 7_250_000,
      });
      const listed = await createVehicle(db, cruiser, [], { kind: "staff", id: "owner" });
      await createVehicle(
        db,
        vehicleFactory(rng, 1, { stockStatus: "available", name: "2019 Corolla not wanted" }),
        [],
        {
          kind: "staff",
          id: "owner",
        },
      );
      await db.destroy();

      // One alert run (npm run alerts:run); the shop's outbox sends the mail.
      const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/alerts-run.ts"], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, SESSION_SECRET: SECRET, PUBLIC_URL: shop.url },
        encoding: "utf8",
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain("alert mails queued: 1.");
      await expect.poll(() => buyerMails().length, { timeout: 15_000 }).toBe(1);
      const [mail] = buyerMails();
      expect(mail!.subject).toBe("New for your saved search “Land Cruisers for Colombo”");
      expect(mail!.text).toContain(
        `- 2021 Toyota Land Cruiser ZX for the alert: ¥7,250,000\n  ${shop.url}/vehicles/${listed.id}`,
      );
      expect(mail!.text).not.toContain("Corolla not wanted");
      const unsubscribe = new RegExp(
        `${shop.url.replace(/[.]/g, "\\.")}/alerts/unsubscribe\\?token=[A-Za-z0-9_-]{43}`,
      ).exec(mail!.text)![0];
      expect(mail!.headers.get("list-unsubscribe")).toBe(`<${unsubscribe}>`);
      expect(mail!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

      // The link, opened where nobody is signed in: it changes nothing, names the search and asks.
      const stranger = await newPage();
      const response = await stranger.goto(unsubscribe, { waitUntil: "networkidle" });
      expect(response!.status()).toBe(200);
      expect(response!.headers()["cache-control"]).toBe("no-store");
      expect(response!.headers()["x-page-cache"]).toBeUndefined();
      const unsubscribePage = stranger.getByTestId("unsubscribe");
      await stranger.getByRole("heading", { name: "Stop alert e-mails?" }).waitFor();
      expect(await unsubscribePage.getByRole("status").textContent()).toBe(
        "You get an e-mail when new vehicles match your saved search “Land Cruisers for Colombo”. Stop these e-mails? The search stays saved on your account.",
      );
      // One button, and the way to the account.
      expect(await unsubscribePage.getByRole("button").allTextContents()).toEqual(["Stop alert e-mails"]);
      expect(await unsubscribePage.getByRole("link", { name: "Manage your saved searches" }).getAttribute("href")).toBe(
        "/account#saved-searches",
      );
      expect(await stranger.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      expect(await seriousAccessibilityProblems(stranger)).toEqual([]);
      for (const width of [390, 1366]) {
        await stranger.setViewportSize({ width, height: 700 });
        await stranger.screenshot({ path: path.join(SHOTS, `unsubscribe-ask-${width}.png`) });
      }
      // Mail scanners open every link (GET, sometimes HEAD): alerts stay on.
      for (const method of ["GET", "HEAD"]) {
        const scanned = await fetch(unsubscribe, { method, redirect: "manual" });
        expect(scanned.status, method).toBe(200);
        expect(scanned.headers.get("cache-control"), method).toBe("no-store");
      }
      await page.goto("/account", { waitUntil: "networkidle" });
      expect(await item.getByTestId("alert-state").textContent()).toBe("E-mail alerts on");

      // The page's button stops them, says so, and /account shows it.
      await unsubscribePage.getByRole("button", { name: "Stop alert e-mails" }).click();
      await stranger.getByRole("heading", { name: "Alerts turned off" }).waitFor();
      await stranger.waitForURL((u) => u.searchParams.get("alerts") === "off");
      expect(await unsubscribePage.getByRole("status").textContent()).toContain("“Land Cruisers for Colombo”");
      expect(await seriousAccessibilityProblems(stranger)).toEqual([]);
      for (const width of [390, 1366]) {
        await stranger.setViewportSize({ width, height: 700 });
        await stranger.screenshot({ path: path.join(SHOTS, `unsubscribe-${width}.png`) });
      }

      await page.reload({ waitUntil: "networkidle" });
      expect(await item.getByTestId("alert-state").textContent()).toBe("E-mail alerts off");
      expect(await item.textContent()).toMatch(/Last alert: \d{1,2} \w{3} \d{4}/);

      // "Turn alerts back on" on the same page, then the mail provider's one-click POST turns them off again.
      await stranger.getByRole("button", { name: "Turn alerts back on" }).click();
      await stranger.getByRole("heading", { name: "Alerts are on again" }).waitFor();
      await stranger.waitForURL((u) => u.searchParams.get("alerts") === "on");
      // Reloading the page the button led to changes nothing.
      await stranger.reload({ waitUntil: "networkidle" });
      await stranger.getByRole("heading", { name: "Alerts are on again" }).waitFor();
      await page.reload({ waitUntil: "networkidle" });
      expect(await item.getByTestId("alert-state").textContent()).toBe("E-mail alerts on");
      const foreign = await fetch(unsubscribe, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      });
      expect(foreign.status).toBe(403);
      const oneClick = await fetch(unsubscribe, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(oneClick.status).toBe(200);
      await page.reload({ waitUntil: "networkidle" });
      expect(await item.getByTestId("alert-state").textContent()).toBe("E-mail alerts off");

      // A link that is not one: 404, no detail.
      const bad = await stranger.goto("/alerts/unsubscribe?token=not-a-real-token", { waitUntil: "networkidle" });
      expect(bad!.status()).toBe(404);
      await stranger.getByRole("heading", { name: "This link is not valid" }).waitFor();
      await stranger.context().close();

      // Delete.
      await item.getByRole("button", { name: "Delete saved search Land Cruisers for Colombo" }).click();
      await section.getByText("The saved search was deleted.").waitFor();
      expect(await section.getByTestId("saved-search").count()).toBe(0);
      await section.getByText("No saved searches yet.", { exact: false }).waitFor();
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await page.context().close();
    },
  );
});
