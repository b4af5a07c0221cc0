import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  launchBrowser,
  makeVehicle,
  openPage,
  uniqueEmail,
  withShopDb,
} from "../support/browser";
import { freightPort, mombasa } from "../support/place";
import { startShopWithData } from "../support/shop-process";
import { seedCompany } from "~/domain/settings/company.server";

/*
 * Issue 44.6 on a 390 px phone: ports in the buyer's language wherever a
 * buyer sees one (an owner's port the shop cannot name is marked English),
 * the About page's owner-written words marked, the place form handing focus
 * back to its chip, and the favourite heart's reason kept into registering.
 */

const PHONE = { width: 390, height: 844 };
let browser: Browser;
let mombasaId: number;
let portLouisId: number;

/** A port the shop has no names for: shown as the owner wrote it. */
const portLouis = () =>
  freightPort({ country: "Mauritius", port: "Port Louis", small: "120000", medium: "140000", large: "190000" });

beforeAll(async () => {
  browser = await launchBrowser();
  mombasaId = await mombasa();
  portLouisId = await portLouis();
});
afterAll(() => browser?.close());

/** A phone whose buyer reads `lang` and ships to `port` in Kenya. */
async function phoneIn(lang: string, port: number): Promise<Page> {
  const page = await openPage(browser, { viewport: PHONE });
  const cookie = (name: string, value: string) => ({ name, value, url: baseUrl() });
  await page
    .context()
    .addCookies([
      cookie("lang", lang),
      cookie("import_country", "Kenya"),
      cookie("port", String(port)),
      cookie("currency", "KES"),
    ]);
  return page;
}

const chipText = (page: Page) => page.getByTestId("place-chip").textContent();

describe("ports in the page's language", () => {
  it("names the port in Japanese on the chip, the form and the price breakdown", async () => {
    const vehicle = await makeVehicle({ year: new Date().getFullYear() - 2 });
    const page = await phoneIn("ja", mombasaId);
    await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: "networkidle" });
    expect(await chipText(page)).toBe("ケニア · モンバサ · KES");
    // "Mombasa, Kenya" with both names in Japanese.
    const breakdown = await page.getByTestId("price-breakdown").textContent();
    expect(breakdown).toContain("モンバサ（ケニア）");
    expect(breakdown).not.toMatch(/Mombasa|Kenya/);
    // The form's ports, grouped by the country's name in Japanese; a port the shop cannot name marked English.
    const ports = page.getByTestId("place-form").locator("select[name=port]");
    const option = (id: number) => ports.locator(`option[value="${id}"]`);
    expect(await option(mombasaId).textContent()).toBe("モンバサ");
    expect(await option(mombasaId).getAttribute("lang")).toBeNull();
    expect(await option(mombasaId).evaluate((o) => o.parentElement!.getAttribute("label"))).toBe("ケニア");
    expect(await option(portLouisId).textContent()).toBe("Port Louis");
    expect(await option(portLouisId).getAttribute("lang")).toBe("en");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it("marks an owner's English port inside Sinhala text, and hands focus back to the chip after saving", async () => {
    const vehicle = await makeVehicle({ year: new Date().getFullYear() - 2 });
    const page = await phoneIn("si", mombasaId);
    await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: "networkidle" });
    expect(await chipText(page)).toContain("මොම්බාසා");
    const place = page.getByTestId("place-choice");
    await place.locator("summary").click();
    await place.locator("select[name=port]").selectOption(String(portLouisId));
    const before = await place.elementHandle();
    await place.locator("button[type=submit]").click();
    await expect.poll(() => before!.evaluate((d) => d.isConnected).catch(() => false), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => chipText(page)).toContain("Port Louis");
    expect(await page.getByTestId("place-chip").locator("span[lang=en]").textContent()).toBe("Port Louis");
    expect(await page.getByTestId("price-breakdown").locator("span[lang=en]").first().textContent()).toBe("Port Louis");
    // The buyer's place in the page: on the chip's button, not back at the top.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("[data-testid=place-choice]") !== null))
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
    await page.context().close();
  });
});

describe("the place chip's focus", () => {
  it("is not taken back by an answer changed another way after a save that changed nothing", async () => {
    const vehicle = await makeVehicle({ year: new Date().getFullYear() - 2 });
    const page = await phoneIn("ja", mombasaId);
    await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: "networkidle" });
    const place = page.getByTestId("place-choice");
    await place.locator("summary").click();
    // Saved as it was: the chip is not drawn afresh; the save is over once the page's data is back.
    const answered = page.waitForResponse((r) => r.request().method() === "GET" && r.url().includes(".data"));
    await place.locator("button[type=submit]").click();
    await answered;
    await page.waitForLoadState("networkidle");
    expect(await chipText(page)).toBe("ケニア · モンバサ · KES");
    // The buyer reads on, further down the page.
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, document.body.scrollHeight);
    });
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    // Then the currency changes another way: another of the page's forms posts to /preferences (sent in place,
    // as the router sends any of them).
    await page.evaluate(() => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string, o: object): void } })
        .__reactRouterDataRouter;
      const formData = new FormData();
      formData.set("currency", "USD");
      formData.set("redirectTo", location.pathname);
      router.navigate("/preferences", { formMethod: "post", formData, preventScrollReset: true });
    });
    await expect.poll(() => chipText(page), { timeout: 15_000 }).toBe("ケニア · モンバサ · USD");
    // Neither focus nor the scroll goes back up to the chip (the prices in dollars may move the page a little).
    expect(await page.evaluate(() => document.activeElement?.closest("[data-testid=place-choice]") == null)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 400);
    await page.context().close();
  });
});

describe("the About page on a Japanese phone", () => {
  // A shop of its own with the demo's company (licence and issuer), which the shared shop's company test edits.
  let own: Awaited<ReturnType<typeof startShopWithData>> | undefined;
  beforeAll(async () => {
    own = await startShopWithData("shop-about-", async (db) => void (await seedCompany(db)), {
      SESSION_SECRET: "about-page-secret-about-page-secret-about",
    });
  }, 60_000);
  afterAll(() => own?.stop());

  it("writes the licence line in Japanese, the owner's issuer marked as English", async () => {
    const page = await openPage(browser, { baseURL: own!.shop.url, viewport: PHONE });
    await page.context().addCookies([{ name: "lang", value: "ja", url: own!.shop.url }]);
    await page.goto("/about", { waitUntil: "networkidle" });
    const licence = page.getByTestId("about-licence");
    const issuer = licence.getByTestId("licence-issuer");
    expect(await issuer.getAttribute("lang")).toBe("en");
    expect(await issuer.textContent()).toBe("Kanagawa Prefectural Public Safety Commission");
    const text = (await licence.textContent())!;
    // The note's brackets are Japanese ones, like the issuer's.
    expect(text).toBe("古物商許可第123456789012号（Kanagawa Prefectural Public Safety Commission）（英語）");
    await page.context().close();
  });
});

describe("the favourite heart, signed out", () => {
  it("keeps its reason and the way back to the car through registering", async () => {
    const vehicle = await makeVehicle();
    const page = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`/vehicles/${vehicle.id}`);
    await page.getByTestId("favourite-button").click();
    await page.waitForURL((u) => u.pathname === "/login");
    await page.getByText("Please log in to use favorites.").waitFor();
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL((u) => u.pathname === "/register");
    await page.getByText("Please create an account to use favorites.").waitFor();
    // And back to signing in, still with the reason, should they have an account after all.
    expect(await page.locator("main").getByRole("link", { name: "Login" }).getAttribute("href")).toBe(
      `/login?redirectTo=%2Fvehicles%2F${vehicle.id}&why=favourite`,
    );
    const email = uniqueEmail("heart-register");
    await page.getByLabel("Full name").fill("Amani Otieno");
    await page.getByLabel("Country").fill("Kenya");
    await page.getByLabel("Mobile number").fill("+254 712 000 333");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a long enough password");
    await page.getByLabel("Confirm password").fill("a long enough password");
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL((u) => u.pathname === `/vehicles/${vehicle.id}` && u.searchParams.get("welcome") === "1");
    const made = await withShopDb((db) =>
      db.selectFrom("customers").select("id").where("email", "=", email).executeTakeFirst(),
    );
    expect(made).toBeDefined();
    await page.context().close();
  });
});
