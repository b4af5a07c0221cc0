import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "~/domain/accounts/customers.server";
import { readVehicleQuery } from "~/domain/search/filters";
import { searchVehicles } from "~/domain/search/search.server";
import {
  baseUrl,
  launchBrowser,
  makeVehicle,
  openPage,
  uniqueEmail,
  withShopDb,
  writeShopDb,
} from "../support/browser";
import { choosePlace, mombasa } from "../support/place";

/*
 * Issue 44.1 and 44.2 on a 390 px phone: where the buyer imports to is asked
 * once, in one form, then shown as a chip; every control of a list works
 * before the page's scripts arrive (held back here, as on a slow line, or
 * switched off), and the page is never wider than the screen.
 */

const PHONE = { width: 390, height: 844 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mombasa();
});
afterAll(() => browser?.close());

type Scripts = "on" | "held back" | "switched off";

async function phone(scripts: Scripts): Promise<Page> {
  if (scripts === "on") return openPage(browser, { viewport: PHONE });
  // Not openPage's: its waits for a load also wait for the scripts to take the page over, which they never do here.
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: PHONE,
    javaScriptEnabled: scripts !== "switched off",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  // The page's own inline scripts still run; its modules never come.
  if (scripts === "held back") await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  return page;
}

/** Opens a page as a buyer would with those scripts: waiting until it is alive only when it can be. */
const visit = (page: Page, path: string, scripts: Scripts) =>
  page.goto(path, { waitUntil: scripts === "on" ? "networkidle" : "load" });

const wide = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const chip = (page: Page) => page.getByTestId("place-chip").textContent();
const isOpen = (page: Page) => page.getByTestId("place-choice").evaluate((d) => (d as HTMLDetailsElement).open);
const kenyaPorts = () =>
  withShopDb((db) => db.selectFrom("freight_ports").select("port").where("country", "=", "Kenya").execute()).then(
    (rows) => rows.map((r) => r.port),
  );

describe("where I import to, asked once", () => {
  for (const scripts of ["on", "held back", "switched off"] as const) {
    it(`is asked on a first visit and shown as a chip on lists and car pages (scripts ${scripts})`, async () => {
      const vehicle = await makeVehicle({ year: new Date().getFullYear() - 2, steering: "Right" });
      const page = await phone(scripts);
      await visit(page, "/vehicles", scripts);
      expect(await isOpen(page)).toBe(true);
      expect(await page.getByTestId("place-choice").locator("summary").textContent()).toContain(
        "Where do you import to?",
      );
      // One country control on the page, the first car still on the first screen, nothing wider than it.
      expect(await page.getByLabel("Importing into").count()).toBe(1);
      expect((await page.getByTestId("list-card").first().boundingBox())!.y).toBeLessThan(PHONE.height);
      expect(await wide(page)).toBeLessThanOrEqual(390);
      expect(await page.getByTestId("import-badge").count()).toBe(0);

      await choosePlace(page, { country: "Kenya" });
      // The country brought one of its ports and its currency; the cards answer for Kenya with totals.
      const [country, port, currency] = (await chip(page))!.split(" · ");
      expect([country, currency]).toEqual(["Kenya", "KES"]);
      expect(await kenyaPorts()).toContain(port);
      expect(await isOpen(page)).toBe(false);
      expect(await page.getByTestId("import-badge").count()).toBeGreaterThan(0);
      expect(await page.getByTestId("delivered-price").count()).toBeGreaterThan(0);
      expect(await wide(page)).toBeLessThanOrEqual(390);

      await visit(page, `/vehicles/${vehicle.id}`, scripts);
      expect(await chip(page)).toBe(`Kenya · ${port} · KES`);
      expect(await page.getByLabel("Importing into").count()).toBe(1);
      expect(await page.getByTestId("import-answer").textContent()).toContain("Kenya");
      // Uganda ships through Kenya's port: the port stays, the answers and the currency follow the country.
      await choosePlace(page, { country: "Uganda" });
      expect(await chip(page)).toBe(`Uganda · ${port} · UGX`);
      expect(await page.getByTestId("import-answer").textContent()).toContain("Uganda");
      expect(await wide(page)).toBeLessThanOrEqual(390);
      await page.context().close();
    });
  }

  it("a currency chosen stays when the country changes, until the buyer asks for their country's again", async () => {
    const page = await phone("on");
    await visit(page, "/parts", "on");
    await choosePlace(page, { country: "Kenya", port: String(await mombasa()), currency: "USD" });
    expect(await chip(page)).toBe("Kenya · Mombasa · USD");
    await choosePlace(page, { country: "Uganda" });
    expect(await chip(page)).toBe("Uganda · Mombasa · USD");
    await choosePlace(page, { currency: "" });
    expect(await chip(page)).toBe("Uganda · Mombasa · UGX");
    await page.context().close();
  });

  it("names the countries in the page's language", async () => {
    const page = await phone("on");
    await visit(page, "/vehicles?lng=vi", "on");
    const form = page.getByTestId("place-form");
    // An option's value is the shop's name (the rules are matched by it), its text the page's language's.
    const label = (value: string) =>
      form
        .locator("select[name=importCountry]")
        .evaluate((select, v) => [...(select as HTMLSelectElement).options].find((o) => o.value === v)?.text, value);
    expect(await label("Vietnam")).toBe("Việt Nam");
    expect(await label("Sri Lanka")).toBe("Sri Lanka");
    const groups = await form
      .locator("select[name=port] optgroup")
      .evaluateAll((g) => g.map((o) => o.getAttribute("label")));
    expect(groups).toContain("Kenya");
    await form.locator("select[name=importCountry]").selectOption("Vietnam");
    await form.getByRole("button").click();
    await expect.poll(() => chip(page)).toMatch(/^Việt Nam/);
    const toggle = await page.getByTestId("import-only").textContent();
    expect(toggle).toContain("Việt Nam");
    expect(toggle).not.toContain("Vietnam");
    await page.context().close();
  });
});

describe("the list's controls before the page's scripts", () => {
  for (const scripts of ["held back", "switched off"] as const) {
    it(`sort, "Only what I can import", the layout and the favourite heart work (scripts ${scripts})`, async () => {
      const page = await phone(scripts);
      await page.context().addCookies([{ name: "import_country", value: "Kenya", url: baseUrl() }]);
      await visit(page, "/vehicles", scripts);
      // Held back, choosing sends the form; switched off, the Apply button beside the control does.
      const apply = async (form: string) => {
        if (scripts === "switched off") await page.getByTestId(form).getByRole("button", { name: "Apply" }).click();
      };
      await page.getByTestId("list-toolbar").getByLabel("Sort").selectOption("price_asc");
      await apply("list-toolbar");
      await page.waitForURL(/Sort=price_asc/);
      const cheapest = (
        await withShopDb((db) => searchVehicles(db, readVehicleQuery(new URLSearchParams("Sort=price_asc"))))
      ).items[0]!;
      expect(await page.getByTestId("stock-card-link").first().getAttribute("href")).toBe(`/vehicles/${cheapest.id}`);

      await page.getByTestId("import-only").getByRole("checkbox").check();
      await apply("import-only");
      await page.waitForURL(
        (u) => u.searchParams.get("ImportTo") === "Kenya" && u.searchParams.get("Sort") === "price_asc",
      );
      expect(await page.getByTestId("import-only").getByRole("checkbox").isChecked()).toBe(true);

      await page.getByRole("button", { name: "List", exact: true }).first().click();
      await page.waitForLoadState("load");
      await expect
        .poll(() => page.getByRole("button", { name: "List", exact: true }).first().getAttribute("aria-pressed"))
        .toBe("true");
      expect(await wide(page)).toBeLessThanOrEqual(390);

      // Signed out, the heart leads to signing in with the reason, and back to the car.
      const email = uniqueEmail("heart");
      await writeShopDb((db) =>
        createCustomer(db, {
          fullName: "Heart Buyer",
          country: "Kenya",
          phone: "+254 712 000 222",
          email,
          password: "a long enough password",
        }),
      );
      const vehicle = await makeVehicle();
      await visit(page, `/vehicles/${vehicle.id}`, scripts);
      await page.getByTestId("favourite-button").click();
      await page.waitForURL((u) => u.pathname === "/login");
      await page.getByText("Please log in to use favorites.").waitFor();
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("a long enough password");
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL((u) => u.pathname === `/vehicles/${vehicle.id}`);
      await page.context().close();
    });
  }
});
