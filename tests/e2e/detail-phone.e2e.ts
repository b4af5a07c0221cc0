import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, mailTo, openPage, staffPage, withShopDb, writeShopDb } from "../support/browser";

/**
 * Vehicle and part pages on a 390 px phone and a 1366 px desktop (issue 18.3,
 * 18.4): the quote bar, where the quote form is, the part's quantity, and the
 * panel after sending.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // What this file made goes again: its parts (the quotes on them with them) and its quotes.
  await writeShopDb(async (db) => {
    await db.deleteFrom("quotes").where("email", "like", `%${unique}%`).execute();
    await db.deleteFrom("parts").where("ref_id", "like", `DP-${unique}-%`).execute();
  });
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const unique = Date.now().toString(36);
/** SHOTS=<folder> keeps screenshots of what the tests saw, for a person to look at. */
const shots = process.env.SHOTS;
async function shot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png` });
}

const availableVehicle = () =>
  withShopDb((db) =>
    db
      .selectFrom("vehicles")
      .select(["id", "name", "ref_id"])
      .where("stock_status", "=", "available")
      .orderBy("id")
      .executeTakeFirstOrThrow(),
  );

/** A part with a few in stock, made for this file. */
async function partWithStock(quantity: number) {
  return writeShopDb(async (db) => {
    const source = await db
      .selectFrom("parts")
      .selectAll()
      .where("stock_status", "=", "available")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const { id: _id, ...rest } = source;
    const row = await db
      .insertInto("parts")
      .values({ ...rest, ref_id: `DP-${unique}-${quantity}`, name: `Door mirror ${unique}`, quantity })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, name: `Door mirror ${unique}` };
  });
}

/** Fills the quote form of a signed-out buyer. */
async function fillQuote(page: Page, email: string, message: string) {
  const form = page.getByTestId("quote-form");
  await form.getByLabel("Name").fill("Kasun Silva");
  await form.getByLabel("Country").fill("Sri Lanka");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("+94 77 123 4567");
  await form.getByLabel("Message").fill(message);
  return form;
}

describe("a vehicle page", () => {
  it("has the quote bar at the bottom of a phone's screen, and none on a desktop", async () => {
    const v = await availableVehicle();
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(`/vehicles/${v.id}`, { waitUntil: "networkidle" });
    const bar = page.getByTestId("quote-bar");
    expect(await bar.isVisible()).toBe(true);
    const box = (await bar.boundingBox())!;
    // Stuck to the bottom of the screen while the page is read from the top.
    expect(Math.round(box.y + box.height)).toBe(PHONE.height);
    expect(await bar.getByRole("link", { name: "Get free quote" }).getAttribute("href")).toBe("#quote");
    expect(await bar.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toMatch(/^https:\/\/wa\.me\//);
    await shot(page, "vehicle-390");
    // At the end of the page it covers nothing: the Back button is above it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const back = (await page.getByRole("link", { name: "Back" }).boundingBox())!;
    const barAtEnd = (await bar.boundingBox())!;
    expect(back.y + back.height).toBeLessThanOrEqual(barAtEnd.y);
    // Get free quote brings the form onto the screen.
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.getByRole("link", { name: "Get free quote" }).click();
    await expect
      .poll(async () => {
        const form = (await page.locator("#quote").boundingBox())!;
        return form.y >= 0 && form.y < PHONE.height;
      })
      .toBe(true);
    await page.context().close();

    const desktop = await openPage(browser, { viewport: DESKTOP });
    await desktop.goto(`/vehicles/${v.id}`, { waitUntil: "networkidle" });
    expect(await desktop.getByTestId("quote-bar").isVisible()).toBe(false);
    await desktop.context().close();
  });

  it("on a desktop, shows Get free quote beside the price on the first screen", async () => {
    const v = await availableVehicle();
    const page = await openPage(browser, { viewport: DESKTOP });
    await page.goto(`/vehicles/${v.id}`, { waitUntil: "networkidle" });
    const jump = page.getByTestId("quote-jump");
    expect(await jump.isVisible()).toBe(true);
    const box = (await jump.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    await shot(page, "vehicle-1366");
    await jump.click();
    await expect
      .poll(async () => {
        const form = (await page.getByTestId("quote-form").boundingBox())!;
        return form.y >= 0 && form.y < DESKTOP.height;
      })
      .toBe(true);
    await page.context().close();
  });

  it("on a phone, puts the description before the quote form", async () => {
    const v = await availableVehicle();
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(`/vehicles/${v.id}`, { waitUntil: "networkidle" });
    const description = (await page.getByRole("heading", { name: "Description" }).boundingBox())!;
    const quote = (await page.getByRole("heading", { name: "Get Free Quote" }).boundingBox())!;
    expect(description.y).toBeLessThan(quote.y);
    await page.context().close();
  });
});

describe("similar vehicles", () => {
  it("end a vehicle page with cards of the same model or type, linking to their pages", async () => {
    const v = await withShopDb((db) =>
      db
        .selectFrom("vehicles")
        .select(["id", "make", "model", "type"])
        .where("stock_status", "=", "available")
        .where("type", "is not", null)
        .orderBy("id")
        .executeTakeFirstOrThrow(),
    );
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(`/vehicles/${v.id}`, { waitUntil: "networkidle" });
    const section = page.getByTestId("similar-vehicles");
    expect(await section.getByRole("heading", { name: "Similar vehicles" }).count()).toBe(1);
    const links = section.getByTestId("stock-card-link");
    expect(await links.count()).toBe(4);
    const ids = (await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).map((h) =>
      Number(h!.replace("/vehicles/", "")),
    );
    expect(ids).not.toContain(v.id);
    const shown = await withShopDb((db) =>
      db.selectFrom("vehicles").select(["make", "model", "type"]).where("id", "in", ids).execute(),
    );
    for (const s of shown) expect(s.type === v.type || (s.make === v.make && s.model === v.model)).toBe(true);
    // After the quote form, at the end of the page.
    const quote = (await page.locator("#quote").boundingBox())!;
    expect((await section.boundingBox())!.y).toBeGreaterThan(quote.y);
    await page.context().close();
  });
});

describe("sending a quote", () => {
  it("replaces the form with a focused panel in view, with the quote number", async () => {
    const v = await availableVehicle();
    const email = `panel-${unique}@example.lk`;
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(`/vehicles/${v.id}`, { waitUntil: "networkidle" });
    const form = await fillQuote(page, email, "Price to Colombo please.");
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    const panel = page.getByTestId("quote-sent");
    await panel.waitFor();
    const saved = await withShopDb((db) =>
      db.selectFrom("quotes").select("number").where("email", "=", email).executeTakeFirstOrThrow(),
    );
    expect(await panel.getByTestId("quote-number").textContent()).toBe(saved.number);
    expect(await panel.getByRole("heading", { name: "Quote request sent successfully!" }).count()).toBe(1);
    expect(await panel.textContent()).toContain(email);
    expect(await page.getByTestId("quote-form").count()).toBe(0);
    // Focused, so a screen reader reads it, and on the screen.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("quote-sent");
    const box = (await panel.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(PHONE.height / 2);
    expect(await panel.getAttribute("role")).toBe("status");
    expect(await panel.getByRole("link", { name: "Browse more vehicles" }).getAttribute("href")).toBe("/vehicles");
    expect(await panel.getByRole("link", { name: "Chat with us on WhatsApp" }).count()).toBe(1);
    await shot(page, "quote-sent-390");
    await page.context().close();
  });

  it("without JavaScript, answers with the same panel", async () => {
    const v = await availableVehicle();
    const email = `nojs-${unique}@example.lk`;
    const page = await openPage(browser, { viewport: DESKTOP, javaScriptEnabled: false });
    await page.goto(`/vehicles/${v.id}`);
    const form = await fillQuote(page, email, "Is it still available?");
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    const panel = page.getByTestId("quote-sent");
    await panel.waitFor();
    const saved = await withShopDb((db) =>
      db.selectFrom("quotes").select("number").where("email", "=", email).executeTakeFirstOrThrow(),
    );
    expect(await panel.getByTestId("quote-number").textContent()).toBe(saved.number);
    expect(await page.getByTestId("quote-form").count()).toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, "quote-sent-1366-nojs");
    await page.context().close();
  });

  it("with a field left out, says to correct the fields marked below and keeps what was typed", async () => {
    const v = await availableVehicle();
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(`/vehicles/${v.id}`, { waitUntil: "networkidle" });
    const form = await fillQuote(page, `typo-${unique}@example`, "Can you ship to Mombasa?");
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    await form.getByText("Please correct the fields marked below").waitFor();
    expect(await form.getByText("Please enter a valid email address").count()).toBe(1);
    expect(await page.getByText("Error sending quote. Please try again.").count()).toBe(0);
    expect(await form.getByLabel("Message").inputValue()).toBe("Can you ship to Mombasa?");
    expect(await form.getByLabel("Name").inputValue()).toBe("Kasun Silva");
    await page.context().close();
  });
});

describe("a part page", () => {
  it("asks how many, refuses more than in stock, and sends the quantity to the owner", async () => {
    const part = await partWithStock(3);
    const email = `parts-${unique}@example.lk`;
    const page = await openPage(browser, { viewport: PHONE });
    await page.goto(`/parts/${part.id}`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("quote-bar").isVisible()).toBe(true);
    expect(await page.getByTestId("whatsapp-link").count()).toBe(1);
    await shot(page, "part-390");
    const form = await fillQuote(page, email, "Two of these, please.");
    const quantity = form.getByLabel("Quantity");
    expect(await quantity.inputValue()).toBe("1");
    await quantity.fill("5");
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    await form.getByText("Quantity must be a whole number from 1 to 3").waitFor();
    expect(await form.getByText("Please correct the fields marked below").count()).toBe(1);
    expect(await quantity.inputValue()).toBe("5");
    await quantity.fill("2");
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    await page.getByTestId("quote-sent").waitFor();
    const saved = await withShopDb((db) =>
      db.selectFrom("quotes").select(["number", "quantity"]).where("email", "=", email).executeTakeFirstOrThrow(),
    );
    expect(saved.quantity).toBe(2);
    const mail = await mailTo("sales@sakura-auto.example", saved.number);
    expect(mail).toContain("quantity: 2");
    await page.context().close();

    // The owner's export of parts quotes has the quantity.
    const owner = await staffPage(browser, DESKTOP.width);
    const csv = await owner.evaluate(
      async (q) => (await fetch(`/admin/quotes-export/part?q=${encodeURIComponent(q)}`)).text(),
      `DP-${unique}-3`,
    );
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    const columns = header!.split(",").map((c) => c.replace(/"/g, ""));
    expect(columns).toContain("quantity");
    expect(row!.split(",")[columns.indexOf("quantity")]!.replace(/"/g, "")).toBe("2");
    await owner.context().close();

    const desktop = await openPage(browser, { viewport: DESKTOP });
    await desktop.goto(`/parts/${part.id}`, { waitUntil: "networkidle" });
    expect(await desktop.getByTestId("quote-bar").isVisible()).toBe(false);
    const jump = (await desktop.getByTestId("quote-jump").boundingBox())!;
    expect(jump.y + jump.height).toBeLessThanOrEqual(DESKTOP.height);
    await shot(desktop, "part-1366");
    await desktop.context().close();
  });
});
