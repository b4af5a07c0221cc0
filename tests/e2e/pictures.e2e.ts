import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOME_MAKES } from "~/domain/inventory/catalogue";
import { CATALOGUES } from "~/i18n/catalogues.server";
import { flattenMessages, type Messages } from "~/i18n/core";
import { LANGUAGES } from "~/i18n/languages";
import { baseUrl, launchBrowser, openPage } from "../support/browser";

/*
 * The pictures SPEC names (SPEC 2): card logos in the order-steps banner and the
 * ten make logos on the home page. They are drawn in the page (inline SVG), so
 * nothing is fetched for them, from the shop or from anywhere else.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Every address the page asks for while it loads, apart from the shop's own scripts, styles and fonts. */
function watchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => seen.push(request.url()));
  return seen;
}

/** An inline drawing: an <svg> in the page that refers to no file. */
async function expectInlineDrawing(picture: Locator, what: string) {
  expect(await picture.evaluate((el) => el.tagName.toLowerCase()), what).toBe("svg");
  expect(await picture.locator("image, use, [href], [src]").count(), `${what} refers to no file`).toBe(0);
  const box = await picture.boundingBox();
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(box!.width, `${what} width`).toBeGreaterThanOrEqual(24);
  expect(box!.height, `${what} height`).toBeGreaterThanOrEqual(16);
}

const bankTransfer = (language: string) =>
  flattenMessages(CATALOGUES[language as keyof typeof CATALOGUES].stock as Messages).get(
    "orderSteps.payment.bankTransfer",
  );

describe("order-steps banner", () => {
  it.each([
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1366, height: 900 }],
  ] as const)("shows Visa, Mastercard and bank transfer as pictures in the Payment step (%s)", async (_, viewport) => {
    const page = await openPage(browser, { viewport });
    const requests = watchRequests(page);
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    const payment = page
      .getByRole("list", { name: "How buying works" })
      .getByRole("listitem")
      .filter({ hasText: "Payment" });
    for (const name of ["Visa", "Mastercard", "Bank transfer"]) {
      const picture = payment.getByRole("img", { name, exact: true });
      expect(await picture.count(), name).toBe(1);
      await expectInlineDrawing(picture, name);
    }
    // The step still says it in words.
    expect(await payment.textContent()).toContain("Visa · Mastercard · Bank transfer");
    // The marks sit side by side, in the step's own column.
    const boxes = await Promise.all(
      ["Visa", "Mastercard", "Bank transfer"].map((name) => payment.getByRole("img", { name }).boundingBox()),
    );
    const step = (await payment.boundingBox())!;
    for (const box of boxes) expect(box!.x + box!.width).toBeLessThanOrEqual(step.x + step.width + 0.5);
    expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1);
    // Nothing from another site.
    const origin = new URL(baseUrl()).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
    await page.context().close();
  });

  it("names the bank transfer mark in every language", async () => {
    for (const { code } of LANGUAGES) {
      const name = bankTransfer(code);
      expect(name, `${code} has orderSteps.payment.bankTransfer`).toBeTruthy();
      if (code !== "en") expect(name, `${code} is translated`).not.toBe(bankTransfer("en"));
      const res = await fetch(`${baseUrl()}/vehicles`, { headers: { cookie: `lang=${code}` } });
      const html = await res.text();
      expect(html, code).toMatch(new RegExp(`<svg[^>]*role="img"[^>]*aria-label="${name}"`));
      expect(html, code).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Visa"/);
      expect(html, code).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Mastercard"/);
    }
  });
});

describe("home page makes", () => {
  it.each([
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1366, height: 900 }],
  ] as const)("each of the ten makes shows a badge of the same size beside its name (%s)", async (_, viewport) => {
    const page = await openPage(browser, { viewport, javaScriptEnabled: false });
    const requests = watchRequests(page);
    await page.goto("/");
    const sizes = new Set<string>();
    for (const make of HOME_MAKES) {
      // The link is still named by the make alone: the badge is a picture for the eye. A make with no stock
      // has the same tile without a link.
      const linked = page.getByRole("link", { name: make, exact: true });
      const link = (await linked.count()) > 0 ? linked : page.getByTestId("make-empty").filter({ hasText: make });
      if (link === linked)
        expect(await link.getAttribute("href"), make).toBe(`/vehicles?Make=${encodeURIComponent(make)}`);
      else expect(await link.count(), make).toBe(1);
      const badge = link.getByTestId("make-badge");
      expect(await badge.count(), `${make} badge`).toBe(1);
      expect(await badge.getAttribute("aria-hidden"), make).toBe("true");
      await expectInlineDrawing(badge, `${make} badge`);
      // The badge carries the make's letters, not a copied logo.
      expect(make.toUpperCase().startsWith((await badge.textContent())!.trim()), make).toBe(true);
      const box = (await badge.boundingBox())!;
      sizes.add(`${box.width}x${box.height}`);
      // The name stays readable next to it.
      expect(await link.locator("span", { hasText: make }).isVisible(), make).toBe(true);
    }
    // A little smaller on a phone, so that "Mitsubishi" fits beside it on a 360 px screen.
    expect([...sizes]).toEqual([viewport.width < 640 ? "32x32" : "36x36"]);
    const origin = new URL(baseUrl()).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
    await page.context().close();
  });
});
