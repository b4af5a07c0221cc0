import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, openPage } from "../support/browser";

/*
 * `/verify` where buyers look (issue 42.4): the footer of every store page,
 * How to buy and the FAQ answer about new bank details lead to the invoice
 * check, and say its address in full so a look-alike address stands out.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
/** The shop's public address (PUBLIC_URL, here its default: localhost and the port) and /verify. */
const verifyAddress = () => `localhost:${new URL(baseUrl()).port}/verify`;

/** The links of a part of the page that lead to the invoice check. */
const verifyLinks = (page: Page, within: string) => page.locator(`${within} a[href="/verify"]`);

describe("the invoice check is linked where buyers look", () => {
  it.each(["/", "/vehicles", "/parts", "/about", "/login", "/favorites"])(
    "the footer of %s leads to /verify on a phone, before any script runs",
    async (pathname) => {
      const page = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
      await page.goto(pathname);
      const footer = page.getByTestId("site-footer");
      await footer.getByRole("link", { name: "Check an invoice" }).waitFor();
      expect(await footer.textContent()).toContain(verifyAddress());
      await page.context().close();
    },
  );

  it("How to buy says where to check an invoice, and the link opens the check, in two languages", async () => {
    for (const [language, title] of [
      ["en", "Check an invoice"],
      ["ja", "請求書の確認"],
    ] as const) {
      const page = await openPage(browser, { viewport: PHONE });
      await page.context().addCookies([{ name: "lang", value: language, url: baseUrl() }]);
      await page.goto("/how-to-buy", { waitUntil: "networkidle" });
      const safety = page.locator("main").getByTestId("payment-safety");
      expect(await safety.textContent()).toContain(verifyAddress());
      await verifyLinks(page, "main").first().click();
      await page.waitForURL(/\/verify$/);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      await page.context().close();
    }
  });

  it("the FAQ answer about new bank details leads to the check, in two languages", async () => {
    for (const [language, question] of [
      ["en", /I received new bank details/],
      ["vi", /thông tin ngân hàng mới/],
    ] as const) {
      const page = await openPage(browser, { viewport: PHONE });
      await page.context().addCookies([{ name: "lang", value: language, url: baseUrl() }]);
      await page.goto("/faq", { waitUntil: "networkidle" });
      const answer = page.locator("#faq-bankChange").locator("..");
      expect(await answer.getByRole("heading", { level: 2 }).textContent()).toMatch(question);
      expect(await answer.getByTestId("invoice-check-line").textContent()).toContain(verifyAddress());
      // Only that answer carries it: the others are about other things.
      expect(await page.getByTestId("faq").locator('a[href="/verify"]').count()).toBe(1);
      await answer.locator('a[href="/verify"]').click();
      await page.waitForURL(/\/verify$/);
      await page.context().close();
    }
  });
});
