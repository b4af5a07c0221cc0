import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { DEMO_CUSTOMER, DEMO_STAFF } from "~/db/seed/seed.server";
import { flattenMessages, type Messages } from "~/i18n/core";
import { LANGUAGES } from "~/i18n/languages";
import { baseUrl, launchBrowser, openPage, withShopDb } from "../support/browser";

/*
 * The shop in the buyer's language: the menu switches it on the same page with
 * the same filters, the server renders it (html lang, hreflang), first visits
 * follow the browser, and Sinhala, Devanagari and Chinese draw with real fonts.
 * Expected words are read from the catalogues, so the test checks the page uses them.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const localeDir = path.join(import.meta.dirname, "../../app/i18n/locales");

const catalogue = (language: string, ns: string) =>
  flattenMessages(JSON.parse(readFileSync(path.join(localeDir, language, `${ns}.json`), "utf8")) as Messages);

/** The translation of an English text of a namespace (the first key with that English text). */
function translationOf(language: string, ns: string, english: string): string {
  const key = [...catalogue("en", ns)].find(([, text]) => text === english)?.[0];
  if (!key) throw new Error(`no key in en/${ns}.json has the text "${english}"`);
  const text = catalogue(language, ns).get(key);
  if (!text) throw new Error(`${language}/${ns}.json lacks ${key}`);
  expect(text, `${language} ${key} is translated`).not.toBe(english);
  return text;
}

/**
 * Texts among `selector` drawn (even in part) by a font other than `family`:
 * the browser's own report of the fonts used for each element's text.
 */
async function fontsDrawing(page: Page, selector: string, family: string, atLeast = 6): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  // The device's Latin font draws the Latin letters, digits and spaces in the script's text ("Shop Latin"
  // in app.css): whichever font draws a text written only in Latin on this page.
  // Both weights, and everything read only once the faces they ask for have loaded: a text read while
  // "Shop Latin" still loads reports the fallback instead, and the shop's Latin then looks like a stranger.
  await page.evaluate(async () => {
    for (const weight of ["400", "700"]) {
      const probe = document.createElement("span");
      probe.className = "latin-probe";
      probe.style.fontWeight = weight;
      probe.textContent = "Toyota Corolla 1500, 4WD";
      document.body.append(probe);
    }
    await Promise.all(["400", "700"].map((w) => document.fonts.load(`${w} 16px "Shop Latin"`, "Toyota 1500")));
    await document.fonts.ready;
  });
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector });
  const wrong: string[] = [];
  let checked = 0;
  const drawn = [];
  for (const nodeId of nodeIds) {
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    const text = (await cdp.send("DOM.getOuterHTML", { nodeId })).outerHTML.replace(/<[^>]+>/g, "");
    drawn.push({ fonts, text });
  }
  const { nodeIds: probes } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: ".latin-probe" });
  const latin = new Set<string>();
  for (const nodeId of probes)
    for (const f of (await cdp.send("CSS.getPlatformFontsForNode", { nodeId })).fonts) latin.add(f.familyName);
  for (const { fonts, text } of drawn) {
    // Only texts written in the script: brand names and numbers may come from any font.
    if (!/[\u0900-\u097F\u0D80-\u0DFF\u3000-\u9FFF\uFF00-\uFFEF]/.test(text)) continue;
    checked++;
    const others = fonts.filter(
      (f) => f.glyphCount > 0 && !f.familyName.startsWith(family) && !latin.has(f.familyName),
    );
    if (others.length > 0) wrong.push(`${text.trim().slice(0, 40)}: ${others.map((f) => f.familyName).join(", ")}`);
  }
  await cdp.detach();
  expect(checked, "texts in the script were checked").toBeGreaterThanOrEqual(atLeast);
  return wrong;
}

async function chooseLanguage(page: Page, name: string) {
  await page.getByTestId("top-bar").locator("summary").first().click();
  // A plain form: the click loads a new page (at the same address). Wait for it to replace this one, and to come alive.
  await page.evaluate(() => Object.assign(window, { replaced: false }));
  await page.getByRole("button", { name }).click();
  await page.waitForFunction(() => !("replaced" in window));
  await page.waitForLoadState();
}

async function checkSwitch(language: string, name: string) {
  const page = await openPage(browser);
  await page.goto("/vehicles?Make=Toyota&Sort=price_asc&PerPage=40", { waitUntil: "networkidle" });
  expect(await page.locator("html").getAttribute("lang")).toBe("en");
  await chooseLanguage(page, name);
  await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(language);

  // Same page, same filters.
  const url = new URL(page.url());
  expect(url.pathname).toBe("/vehicles");
  expect(url.searchParams.get("Make")).toBe("Toyota");
  expect(url.searchParams.get("Sort")).toBe("price_asc");
  expect(url.searchParams.get("PerPage")).toBe("40");
  expect(await page.locator("select[name=Make]").inputValue()).toBe("Toyota");

  // Navigation and a filter label in the language.
  const nav = page.getByRole("navigation").first();
  await expect
    .poll(() => nav.locator('a[href="/vehicles"]').first().textContent())
    .toBe(translationOf(language, "common", "Vehicle Stock"));
  const makeSelectId = await page.locator("select[name=Make]").getAttribute("id");
  expect((await page.locator(`label[for="${makeSelectId}"]`).textContent())?.trim()).toBe(
    translationOf(language, "stock", "Make"),
  );

  // A validation message from the server, in the language.
  await page.goto("/login");
  await page.locator("input[name=email]").fill(DEMO_CUSTOMER.email);
  await page.locator("input[name=password]").fill("not-the-password");
  await page.locator("form:has(input[name=password]) button[type=submit]").click();
  await expect
    .poll(() => page.locator("body").textContent())
    .toContain(translationOf(language, "messages", "Invalid email or password"));
  expect(await page.locator("html").getAttribute("lang")).toBe(language);
  await page.context().close();
}

/** A vehicle the seed made (other files add and delete their own). */
const firstVehicleId = () =>
  withShopDb(async (db) => (await db.selectFrom("vehicles").select("id").orderBy("id").executeTakeFirstOrThrow()).id);

describe("languages", () => {
  it("switching to Sinhala keeps the page and its filters and translates it", () => checkSwitch("si", "සිංහල"));

  it("switching to Japanese keeps the page and its filters and translates it", () => checkSwitch("ja", "日本語"));

  it("a first visit follows the browser's languages", async () => {
    const page = await openPage(browser, { locale: "hi-IN" });
    await page.goto("/");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi");
    expect(await page.getByRole("navigation").first().locator('a[href="/parts"]').first().textContent()).toBe(
      translationOf("hi", "common", "Parts Stock"),
    );
    await page.context().close();
  });

  it("each language has its own address for search engines, and a language link is remembered", async () => {
    const res = await fetch(`${baseUrl()}/vehicles?Make=Honda&lng=vi`, { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("lang=vi");
    expect(res.headers.get("vary")).toContain("Accept-Language");
    const html = await res.text();
    expect(html).toContain('<html lang="vi"');
    const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => [
      m[1],
      m[2]!.replace(/&amp;/g, "&"),
    ]);
    expect(alternates.map(([l]) => l)).toEqual(["en", "si", "vi", "ne", "hi", "zh-CN", "ja", "x-default"]);
    const si = new URL(alternates.find(([l]) => l === "si")![1]!);
    expect([si.pathname, si.searchParams.get("Make"), si.searchParams.get("lng")]).toEqual([
      "/vehicles",
      "Honda",
      "si",
    ]);
    expect(new URL(alternates.find(([l]) => l === "x-default")![1]!).searchParams.has("lng")).toBe(false);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(new URL(canonical!).searchParams.get("lng")).toBe("vi");
  });

  it("changing a filter does not fetch the page's text again", async () => {
    const page = await openPage(browser, { extraHTTPHeaders: { "Accept-Language": "ne" } });
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    const dataBodies: string[] = [];
    page.on("response", async (r) => {
      if (r.url().includes(".data")) dataBodies.push(await r.text().catch(() => ""));
    });
    await page.locator("select[name=Make]").selectOption("Toyota");
    await page.waitForURL(/Make=Toyota/);
    await expect.poll(() => dataBodies.length).toBeGreaterThan(0);
    expect(dataBodies.join("")).not.toContain("catalogue");
    expect(await page.locator("html").getAttribute("lang")).toBe("ne");
    await page.context().close();
  });

  it("a page carries none of the text catalogue; the browser fetches it once and renders the next page in the language", async () => {
    const html = await (await fetch(`${baseUrl()}/vehicles`, { headers: { Cookie: "lang=hi" } })).text();
    // A sentence of the page's catalogue that this page does not show.
    expect(html).not.toContain(translationOf("hi", "messages", "Invalid email or password"));
    const href = /<link rel="preload" as="fetch" href="(\/i18n\/hi\/public-[a-z0-9]+\.json)"/.exec(html)?.[1];
    expect(href, "the page names its catalogue").toBeTruthy();

    const page = await openPage(browser);
    await page.context().addCookies([{ name: "lang", value: "hi", url: baseUrl() }]);
    const fetched: string[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/i18n/")) fetched.push(new URL(response.url()).pathname);
    });
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    // Marked, to tell a page shown by the browser itself from a page loaded afresh.
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    await page.locator('a[href^="/vehicles/"]').first().click();
    await page.waitForURL(/\/vehicles\/\d+$/);
    await expect
      .poll(() => page.getByRole("heading", { name: translationOf("hi", "stock", "Specifications") }).count())
      .toBe(1);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(fetched).toEqual([href]);
    // The language addresses in the head follow the page the browser moved to.
    const moved = new URL(page.url()).pathname;
    await expect
      .poll(() => page.locator('link[rel="alternate"][hreflang="si"]').getAttribute("href"))
      .toMatch(new RegExp(`${moved}\\?lng=si$`));
    await page.context().close();
  });

  it("the staff panel is in Japanese for a Japanese choice and English otherwise", async () => {
    for (const [lang, expected] of [
      ["ja", "ja"],
      ["si", "en"],
    ] as const) {
      const page = await openPage(browser);
      await page.context().addCookies([{ name: "lang", value: lang, url: baseUrl() }]);
      await page.goto("/admin/login");
      expect(await page.locator("html").getAttribute("lang")).toBe(expected);
      const heading = await page.getByRole("heading", { level: 1 }).textContent();
      expect(heading).toBe(expected === "ja" ? translationOf("ja", "admin", "Admin Login") : "Admin Login");
      if (expected === "ja") {
        // Signing in moves to the dashboard without a page load: it is in Japanese too, with no raw keys.
        await page.locator("input[name=adminId]").fill(DEMO_STAFF.adminId);
        await page.locator("input[name=password]").fill(DEMO_STAFF.password);
        await page.locator("form:has(input[name=password]) button[type=submit]").click();
        await page.waitForURL(/\/admin$/);
        await expect
          .poll(() => page.getByTestId("dashboard-cards").textContent())
          .toContain(translationOf("ja", "admin", "Total Vehicles"));
        expect(await page.locator("main").textContent()).not.toMatch(/\b(dashboard|shell|titles)\.[a-z]/);
      }
      await page.context().close();
    }
  });

  it("home, a list and a vehicle page log no error in any of the seven languages, at phone and desktop widths", async () => {
    const id = await firstVehicleId();
    for (const language of LANGUAGES.map((l) => l.code)) {
      for (const width of [390, 1366]) {
        const page = await openPage(browser, { viewport: { width, height: 900 } });
        await page.context().addCookies([{ name: "lang", value: language, url: baseUrl() }]);
        const errors: string[] = [];
        page.on("console", (message) => {
          if (message.type() === "error") errors.push(message.text().slice(0, 160));
        });
        page.on("pageerror", (error) => errors.push(String(error).slice(0, 160)));
        for (const path of ["/", "/vehicles?Make=Toyota", `/vehicles/${id}`]) {
          await page.goto(path, { waitUntil: "networkidle" });
          expect(await page.locator("html").getAttribute("lang")).toBe(language);
        }
        expect(errors, `${language} at ${width} px`).toEqual([]);
        await page.context().close();
      }
    }
  }, 180_000);

  it("an English page names Sinhala, Nepali and Hindi in their own script even where the device has no such font", async () => {
    const page = await openPage(browser);
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByTestId("top-bar").locator("summary").first().click();
    const names = page.getByTestId("top-bar").getByRole("button", { name: /සිංහල|नेपाली|हिन्दी/ });
    expect(await names.count()).toBe(3);
    await page.evaluate(() => document.fonts.ready);
    // This machine has no Sinhala or Devanagari font: only the shop's glyphs can draw them.
    expect(
      await fontsDrawing(
        page,
        "[data-testid=top-bar] button[lang=si], [data-testid=top-bar] button[lang=ne], [data-testid=top-bar] button[lang=hi]",
        "Noto Sans",
        3,
      ),
    ).toEqual([]);
    await page.context().close();
  });

  it("Sinhala, Hindi and Chinese home pages draw with the shop's fonts (screenshots kept for a person to look at)", async () => {
    const out = path.join(process.cwd(), "test-results", "languages");
    mkdirSync(out, { recursive: true });
    for (const [lang, family] of [
      ["si", "Noto Sans Sinhala"],
      ["hi", "Noto Sans Devanagari"],
      ["zh-CN", "Noto Sans SC"],
    ] as const) {
      for (const width of [390, 1366]) {
        const page = await openPage(browser, { viewport: { width, height: 900 } });
        await page.context().addCookies([{ name: "lang", value: lang, url: baseUrl() }]);
        await page.goto("/", { waitUntil: "networkidle" });
        expect(await page.locator("html").getAttribute("lang")).toBe(lang);
        const loaded = await page.evaluate(async (name) => {
          await document.fonts.ready;
          return [...document.fonts].filter((f) => f.family.replace(/"/g, "") === name && f.status === "loaded").length;
        }, family);
        expect(loaded, `${family} faces loaded on the ${lang} home page`).toBeGreaterThan(0);
        // The fonts that really drew the words: the shop's own for every text in the script, no empty boxes.
        expect(await fontsDrawing(page, "header nav a, h1, h2, label, button", family)).toEqual([]);
        await page.screenshot({ path: path.join(out, `home-${lang}-${width}.png`), fullPage: width === 390 });
        await page.context().close();
      }
    }
  }, 90_000);

  it("Latin words in Sinhala, Hindi and Chinese pages are spaced as on an English page", async () => {
    // A make and model inside the script's text: drawn by the device's Latin font, not the script's.
    // Measured in the full browser: the headless shell draws a local() font on whole pixels.
    const full = await launchBrowser({ full: true });
    onTestFinished(() => full.close());
    const widthOf = async (lang: string) => {
      const page = await openPage(full, { viewport: { width: 390, height: 844 } });
      await page.context().addCookies([{ name: "lang", value: lang, url: baseUrl() }]);
      await page.goto("/vehicles", { waitUntil: "networkidle" });
      const width = await page.evaluate(async () => {
        const span = document.createElement("span");
        span.textContent = "Toyota Corolla Axio 1500 cc, 4WD";
        document.querySelector("main")!.append(span);
        await document.fonts.ready;
        return span.getBoundingClientRect().width;
      });
      await page.context().close();
      return width;
    };
    const english = await widthOf("en");
    for (const lang of ["si", "hi", "ne", "zh-CN"])
      expect(Math.abs((await widthOf(lang)) - english), lang).toBeLessThan(1);
  });
});
