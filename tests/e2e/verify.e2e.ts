import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BANK_KEY } from "~/domain/sale/deal-settings.server";
import { formatVerificationCode } from "~/utils/verification-code.server";
import { insertInvoice, ISSUED_BANK, OTHER_BANK } from "../support/invoices";
import {
  baseUrl,
  launchBrowser,
  openPage,
  seriousAccessibilityProblems,
  staffPage,
  withShopDb,
  writeShopDb,
} from "../support/browser";
import { DEMO_STAFF } from "~/db/seed/seed.server";

/*
 * A buyer checks an invoice before paying (issue 20.4): the code from the
 * paper leads to the invoice as issued and the account to pay into; a wrong
 * code says so; a cancelled invoice shows no account. The owner keeps the
 * account on the Invoicing screen, behind the password.
 */

let browser: Browser;
const shots = path.resolve("test-results/verify");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const made: string[] = [];
let bankBefore: string | undefined;

/** An invoice of the test's own in the shop's database; its code as stored. */
async function issueInvoice(voidedAt: string | null = null): Promise<string> {
  const number = `2026-9${String(Date.now() % 10_000).padStart(4, "0")}${made.length}`;
  made.push(number);
  return writeShopDb((db) => insertInvoice(db, number, { voidedAt }));
}

let code = "";
let voidedCode = "";

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(shots, { recursive: true });
  code = await issueInvoice();
  voidedCode = await issueInvoice("2026-11-26T03:00:00.000Z");
  bankBefore = await withShopDb((db) =>
    db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", BANK_KEY)
      .executeTakeFirst()
      .then((r) => r?.value),
  );
});
afterAll(async () => {
  // The shop's invoices and bank account as they were.
  await writeShopDb(async (db) => {
    await db.deleteFrom("invoices").where("number", "in", made).execute();
    await db.deleteFrom("settings").where("key", "=", BANK_KEY).execute();
    if (bankBefore !== undefined)
      await db
        .insertInto("settings")
        .values({ key: BANK_KEY, value: bankBefore, updated_at: new Date().toISOString() })
        .execute();
  });
  await browser?.close();
});

/** Errors the page logs while the test looks at it. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text().slice(0, 200));
  });
  page.on("pageerror", (error) => errors.push(String(error).slice(0, 200)));
  return errors;
}

describe("checking an invoice", () => {
  it("a visitor types the code at 390 px and sees the total and the account to pay into", async () => {
    const page = await openPage(browser, { viewport: PHONE });
    const errors = watchErrors(page);
    await page.goto("/verify", { waitUntil: "networkidle" });
    await page.screenshot({ path: path.join(shots, "verify-390.png"), fullPage: true });
    // Typed as people copy it from paper: small letters, in groups.
    await page.getByLabel("Verification code").fill(code.toLowerCase().match(/.{4}/g)!.join(" "));
    await page.getByRole("button", { name: "Check the invoice" }).click();
    await page.waitForURL(new RegExp(`/verify/${formatVerificationCode(code)}$`));

    await page.getByText("We issued this invoice").waitFor();
    expect(await page.getByTestId("verify-total").textContent()).toBe("¥1,250,000");
    const bank = page.getByTestId("verify-bank");
    expect(await bank.getByTestId("verify-accountNumber").textContent()).toBe("1234567");
    expect(await bank.textContent()).toContain("Sakura Auto Export Co., Ltd.");
    expect(await page.getByTestId("verify-facts").textContent()).toContain("Am** Pe****");
    expect(await page.content()).not.toContain("Amal");
    expect(await page.getByTestId("verify-warning").textContent()).toContain(
      "We never change our bank details by e-mail or chat",
    );
    // Large enough to read and compare on a phone, and nothing wider than the screen.
    const size = await page
      .getByTestId("verify-accountNumber")
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(18);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: path.join(shots, "found-390.png"), fullPage: true });

    // Opened directly (the link printed on the invoice), with no errors either way.
    await page.goto(`/verify/${code}`, { waitUntil: "networkidle" });
    await page.getByText("We issued this invoice").waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(errors).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: path.join(shots, "found-1366.png"), fullPage: true });
    await page.context().close();
  });

  it("keeps the code to the shop: no referrer, no copy in any cache", async () => {
    for (const address of [`/verify/${code}`, "/verify"]) {
      const response = await fetch(`${baseUrl()}${address}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("referrer-policy"), address).toBe("no-referrer");
      expect(response.headers.get("cache-control"), address).toBe("no-store");
      // The shop's page cache does not keep these pages (it marks what it handles).
      expect(response.headers.get("x-page-cache"), address).toBeNull();
    }
  });

  it("a wrong code says so, with 404, and keeps what was typed", async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto("/verify", { waitUntil: "networkidle" });
    const wrong = code.slice(0, 15) + (code[15] === "A" ? "B" : "A");
    await page.getByLabel("Verification code").fill(wrong);
    await page.getByRole("button", { name: "Check the invoice" }).click();
    await page
      .getByText(
        "No invoice has this code. Check each character against your copy; if it still does not match, do not pay and contact us.",
      )
      .waitFor();
    expect(await page.getByTestId("verify-bank").count()).toBe(0);
    expect((await page.request.get(`/verify/${wrong}`)).status()).toBe(404);

    // Too short to be a code: answered on the form itself, the text kept to correct.
    const short = await page.goto("/verify?code=7KQ2-M9XD", { waitUntil: "networkidle" });
    expect(short?.status()).toBe(404);
    expect(await page.getByLabel("Verification code").inputValue()).toBe("7KQ2-M9XD");
    await page.getByText(/^No invoice has this code/).waitFor();
    await page.context().close();
  });

  it("a cancelled invoice says so and shows no account", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await openPage(browser, { viewport });
      await page.goto(`/verify/${voidedCode}`, { waitUntil: "networkidle" });
      expect(await page.getByTestId("verify-cancelled").textContent()).toContain(
        "This invoice was cancelled on 26 November 2026: do not pay it.",
      );
      expect(await page.getByTestId("verify-bank").count()).toBe(0);
      expect(await page.content()).not.toContain(ISSUED_BANK.accountNumber);
      await page.screenshot({ path: path.join(shots, `cancelled-${viewport.width}.png`), fullPage: true });
      await page.context().close();
    }
    const desktop = await openPage(browser, { viewport: DESKTOP });
    await desktop.goto("/verify", { waitUntil: "networkidle" });
    await desktop.screenshot({ path: path.join(shots, "verify-1366.png"), fullPage: true });
    await desktop.context().close();
  });

  it("reads in the buyer's language", async () => {
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(`/verify/${code}?lng=ja`, { waitUntil: "networkidle" });
    await page.getByText("この請求書は当社が発行したものです").waitFor();
    expect(await page.getByTestId("verify-total").textContent()).toBe("￥1,250,000");
    await page.context().close();
  });

  it("/verify, a found and a cancelled invoice have no serious accessibility problems at 390 and 1366 px", async () => {
    for (const address of ["/verify", `/verify/${code}`, `/verify/${voidedCode}`]) {
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await openPage(browser, { viewport });
        await page.goto(address, { waitUntil: "networkidle" });
        expect(await seriousAccessibilityProblems(page), `${address} at ${viewport.width}px`).toEqual([]);
        await page.context().close();
      }
    }
  });
});

describe("the owner's bank account", () => {
  const NEW_BANK = OTHER_BANK;

  it("is changed on the Invoicing screen only with the password; issued invoices keep theirs", async () => {
    await writeShopDb((db) => db.deleteFrom("settings").where("key", "=", BANK_KEY).execute());
    const page = await staffPage(browser, 390);
    await page.getByText("Menu").click();
    await page.getByRole("link", { name: "Invoicing" }).first().click();
    await page.waitForURL(/\/admin\/invoicing$/);
    await page.getByText("Offers cannot be accepted until a bank account is set.").waitFor();
    await page.screenshot({ path: path.join(shots, "admin-invoicing-empty-390.png"), fullPage: true });

    const form = page.getByTestId("bank-form");
    for (const [label, value] of [
      ["Bank name", NEW_BANK.bankName],
      ["Branch", NEW_BANK.branch],
      ["SWIFT/BIC", "botk jp jt"],
      ["Account name", NEW_BANK.accountName],
      ["Account number", NEW_BANK.accountNumber],
    ] as const)
      await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByLabel("Your password").fill("not the password");
    await page.getByRole("button", { name: "Save bank account" }).click();
    await form.getByText("That password is not right. Nothing was saved.").first().waitFor();
    expect(await form.getByLabel("Account number", { exact: true }).inputValue()).toBe(NEW_BANK.accountNumber);
    expect(await form.getByLabel("Your password").inputValue()).toBe("");
    expect(await page.getByTestId("current-bank").count()).toBe(0);

    await form.getByLabel("Your password").fill(DEMO_STAFF.password);
    await page.getByRole("button", { name: "Save bank account" }).click();
    await page.waitForURL(/saved=bank$/);
    expect(await page.getByTestId("current-bank").textContent()).toContain("BOTKJPJT");
    expect(await page.getByTestId("bank-last-change").textContent()).toContain(`by ${DEMO_STAFF.adminId}`);
    expect(await page.getByTestId("no-bank").count()).toBe(0);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: path.join(shots, `admin-invoicing-${viewport.width}.png`), fullPage: true });
    }
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.context().close();

    // The invoice issued before still shows the account it was issued with.
    const buyer = await openPage(browser, { viewport: PHONE });
    await buyer.goto(`/verify/${code}`, { waitUntil: "networkidle" });
    expect(await buyer.getByTestId("verify-accountNumber").textContent()).toBe(ISSUED_BANK.accountNumber);
    await buyer.context().close();
  });
});
