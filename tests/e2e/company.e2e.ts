import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  launchBrowser,
  openPage,
  seriousAccessibilityProblems,
  staffPage as staffPageOf,
  withShopDb,
  writeShopDb,
} from "../support/browser";

/*
 * A shop that earns trust (issue 18.8): the owner keeps the company's details
 * on the Company screen; the footer, About, How to buy and the FAQ show them
 * at once (the page cache is emptied), in the buyer's language, with the
 * payment safety notice.
 */

let browser: Browser;
const shots = path.resolve("test-results/company");
const COMPANY = {
  legalName: "Sakura Auto Export Co., Ltd.",
  licence: "987654321012",
  issuer: "Kanagawa Prefectural Public Safety Commission",
  founded: "2011",
};
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

const started = new Date().toISOString();
/** The company as saved: no row at the start, and none left behind (office photo files included). */
const clearCompany = () =>
  writeShopDb((db) => db.deleteFrom("settings").where("key", "in", ["company", "company.photos"]).execute());

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(shots, { recursive: true });
  await clearCompany();
});
afterAll(async () => {
  // Through the owner's own Remove, so the photo files go too; then the details.
  const page = await staffPage(1366);
  await page.goto("/admin/company", { waitUntil: "networkidle" });
  const removeButtons = page.getByRole("button", { name: /^Remove photo/ });
  for (let left = await removeButtons.count(); left > 0; left--) {
    await removeButtons.first().click();
    await expect.poll(() => removeButtons.count()).toBe(left - 1);
  }
  await page.context().close();
  await clearCompany();
  await browser?.close();
});

const staffPage = (width: number) => staffPageOf(browser, width);

/** A page as a visitor without a session gets it (the page cache may answer). */
async function visitor(pathname: string, language = "en") {
  const response = await fetch(`${baseUrl()}${pathname}`, { headers: { Cookie: `lang=${language}` } });
  return { html: await response.text(), cache: response.headers.get("x-page-cache") };
}

/** The JSON-LD blocks of a page, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

describe("who we are", () => {
  it("the owner edits the company on the Company screen; a bad licence number is refused with the form kept", async () => {
    // A visitor's About is in the page cache before the change.
    await visitor("/about");
    const before = await visitor("/about");
    expect(before.cache).toBe("hit");
    expect(before.html).not.toContain(COMPANY.licence);

    const page = await staffPage(1366);
    await page.getByRole("link", { name: "Company" }).click();
    await page.waitForURL(/\/admin\/company$/);
    const form = page.getByTestId("company-form");
    await form.getByLabel("Company name").fill(COMPANY.legalName);
    await form.getByLabel("Second-hand dealer licence number").fill("4512 3000 123");
    await form.getByLabel("Issuing Public Safety Commission").fill(COMPANY.issuer);
    await form.getByLabel("Year founded").fill(COMPANY.founded);
    await form.getByLabel("Association memberships").fill("Japan Used Motor Vehicle Exporters Association");
    await page.getByRole("button", { name: "Save company details" }).click();
    await page.getByText("Licence number must be the 12 digits as issued, such as 451230001234").waitFor();
    // What was typed is kept, and nothing was saved.
    expect(await form.getByLabel("Second-hand dealer licence number").inputValue()).toBe("4512 3000 123");
    expect(await form.getByLabel("Company name").inputValue()).toBe(COMPANY.legalName);
    expect(await form.getByLabel("Year founded").inputValue()).toBe(COMPANY.founded);
    const saved = () =>
      withShopDb((db) => db.selectFrom("settings").select("value").where("key", "=", "company").executeTakeFirst());
    expect(await saved()).toBeUndefined();

    await form.getByLabel("Second-hand dealer licence number").fill(`第${COMPANY.licence}号`);
    await page.getByRole("button", { name: "Save company details" }).click();
    await page.waitForURL(/saved=details/);
    expect(await page.getByRole("status").textContent()).toBe("Company details saved. The shop shows them now.");
    expect(JSON.parse((await saved())!.value)).toMatchObject({ licenceNumber: COMPANY.licence, foundedYear: 2011 });
    const log = await withShopDb((db) =>
      db
        .selectFrom("activity_log")
        .select("summary")
        .where("action", "=", "company.updated")
        .where("created_at", ">=", started)
        .execute(),
    );
    expect(log.map((l) => l.summary)).toEqual([expect.stringContaining("licence number")]);

    for (const { width } of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(shots, `admin-company-${width}.png`), fullPage: true });
    }
    await page.context().close();
  });

  it("the footer and About show them at once (the page cache was emptied), with Organization data", async () => {
    const after = await visitor("/about");
    expect(after.cache).not.toBe("hit");
    expect(after.html).toContain(COMPANY.licence);

    const page = await openPage(browser, { viewport: WIDTHS[0] });
    await page.goto("/about", { waitUntil: "networkidle" });
    const footer = page.getByTestId("site-footer");
    expect(await footer.getByTestId("footer-company").textContent()).toContain(
      `Second-hand dealer licence No. ${COMPANY.licence} (${COMPANY.issuer})`,
    );
    // Phone, WhatsApp and e-mail, each a link.
    expect(await footer.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await footer.locator('a[href^="https://wa.me/"]').count()).toBe(1);
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await footer.getByTestId("payment-safety").textContent()).toContain(
      `We accept payment only to bank accounts in the name of ${COMPANY.legalName} in Japan.`,
    );
    expect(await page.getByTestId("about-licence").textContent()).toContain(`No. ${COMPANY.licence}`);
    expect(await page.getByTestId("about-founded").textContent()).toMatch(/^Founded2011 \(\d+ years in business\)$/);
    const organization = (await jsonLd(page)).find((b) => b["@type"] === "Organization");
    expect(organization).toMatchObject({
      name: COMPANY.legalName,
      foundingDate: COMPANY.founded,
      hasCredential: { identifier: COMPANY.licence },
    });
    await page.screenshot({ path: path.join(shots, "about-390.png"), fullPage: true });
    await footer.screenshot({ path: path.join(shots, "footer-390.png") });
    await page.setViewportSize(WIDTHS[1]);
    await page.screenshot({ path: path.join(shots, "about-1366.png"), fullPage: true });
    await footer.screenshot({ path: path.join(shots, "footer-1366.png") });
    await page.context().close();
  });

  it("office photos go through the photo checks and show on About", async () => {
    const page = await staffPage(1366);
    await page.goto("/admin/company", { waitUntil: "networkidle" });
    const upload = page.getByTestId("office-photo-form");
    await upload.getByLabel("Add photos").setInputFiles({
      name: "notes.txt",
      mimeType: "image/png",
      buffer: Buffer.from("not a picture"),
    });
    await page.getByRole("button", { name: "Upload photos" }).click();
    await page.getByText("Image upload failed: notes.txt: Only JPG, PNG or WebP images are accepted.").waitFor();
    // The screen shown after the refusal still saves the details (they post to the Company screen).
    await page.getByRole("button", { name: "Save company details" }).click();
    await page.waitForURL(/\/admin\/company\?saved=details$/);

    const office = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#456" } })
      .jpeg()
      .toBuffer();
    await page.getByTestId("office-photo-form").getByLabel("Add photos").setInputFiles({
      name: "office.jpg",
      mimeType: "image/jpeg",
      buffer: office,
    });
    await page.getByRole("button", { name: "Upload photos" }).click();
    await page.waitForURL(/saved=photos/);
    await expect.poll(() => page.getByTestId("office-photos").locator("img").count()).toBe(1);
    await page.context().close();

    const visitorPage = await openPage(browser, { viewport: WIDTHS[1] });
    await visitorPage.goto("/about", { waitUntil: "networkidle" });
    const photo = visitorPage.getByTestId("about-photos").locator("img");
    expect(await photo.count()).toBe(1);
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await visitorPage.context().close();
  });

  it("How to buy shows the six steps with their usual days and the payment safety notice, in two languages", async () => {
    for (const [language, first, days, notice] of [
      ["en", "Ask for a quote", "Usually 1–2 days", "Pay only to our company's account in Japan"],
      ["ja", "お見積もりのご依頼", "通常 1〜2 日", "お支払いは日本国内の当社名義口座のみ"],
    ] as const) {
      const page = await openPage(browser, { viewport: WIDTHS[0] });
      await page.goto(`/how-to-buy?lng=${language}`, { waitUntil: "networkidle" });
      expect(await page.locator("html").getAttribute("lang")).toBe(language);
      const steps = page.getByTestId("buying-steps").locator("li");
      expect(await steps.count()).toBe(6);
      expect(await steps.first().locator("h2").textContent()).toBe(first);
      expect(await steps.first().textContent()).toContain(days);
      expect(await steps.nth(5).textContent()).toMatch(language === "en" ? /Usually 7–45 days/ : /通常 7〜45 日/);
      const safety = page.locator("main").getByTestId("payment-safety");
      expect(await safety.textContent()).toContain(notice);
      expect(await safety.textContent()).toContain(COMPANY.legalName);
      expect(await page.title()).toBe(
        language === "en" ? "How to buy · Sakura Auto Export" : "ご購入の流れ · Sakura Auto Export",
      );
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/.{40,}/);
      await page.screenshot({ path: path.join(shots, `how-to-buy-${language}-390.png`), fullPage: true });
      await page.context().close();
    }
    const desktop = await openPage(browser, { viewport: WIDTHS[1] });
    await desktop.goto("/how-to-buy", { waitUntil: "networkidle" });
    await desktop.screenshot({ path: path.join(shots, "how-to-buy-1366.png"), fullPage: true });
    await desktop.context().close();
  });

  it("the FAQ answers with the owner's licence as entered, in two languages, with FAQPage data", async () => {
    for (const [language, question] of [
      ["en", `Is ${COMPANY.legalName} a licensed company?`],
      ["si", `${COMPANY.legalName} බලපත්‍රලාභී සමාගමක්ද?`],
    ] as const) {
      const page = await openPage(browser, { viewport: WIDTHS[0] });
      await page.goto(`/faq?lng=${language}`, { waitUntil: "networkidle" });
      const licence = page.getByRole("heading", { name: question });
      expect(await licence.count()).toBe(1);
      expect(await page.getByTestId("faq").textContent()).toContain(COMPANY.licence);
      const faq = (await jsonLd(page)).find((b) => b["@type"] === "FAQPage") as { mainEntity: { name: string }[] };
      expect(faq.mainEntity).toHaveLength(await page.getByTestId("faq").locator("h2").count());
      expect(faq.mainEntity.map((q) => q.name)).toContain(question);
      await page.screenshot({ path: path.join(shots, `faq-${language}-390.png`), fullPage: true });
      await page.context().close();
    }
    const desktop = await openPage(browser, { viewport: WIDTHS[1] });
    await desktop.goto("/faq", { waitUntil: "networkidle" });
    await desktop.screenshot({ path: path.join(shots, "faq-1366.png"), fullPage: true });
    // The footer and the navigation lead to both pages.
    await desktop.getByTestId("site-footer").getByRole("link", { name: "How to buy" }).click();
    await desktop.waitForURL(/\/how-to-buy$/);
    await desktop.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "How to Buy" }).waitFor();
    await desktop.getByTestId("site-footer").getByRole("link", { name: "FAQ" }).click();
    await desktop.waitForURL(/\/faq$/);
    await desktop.context().close();
  });

  it.each(["/about", "/how-to-buy", "/faq", "/admin/company"])(
    "%s has no serious accessibility problems at phone and desktop widths",
    async (pathname) => {
      for (const viewport of WIDTHS) {
        const page = pathname.startsWith("/admin")
          ? await staffPage(viewport.width)
          : await openPage(browser, { viewport });
        await page.setViewportSize(viewport);
        await page.goto(pathname, { waitUntil: "networkidle" });
        expect(await seriousAccessibilityProblems(page), `${pathname} at ${viewport.width}px`).toEqual([]);
        await page.context().close();
      }
    },
  );
});
