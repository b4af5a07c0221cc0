import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import type { DB } from "~/db/db.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, pageAt } from "../support/browser";
import { acceptedDeal, dealShopData, quotedVehicle } from "../support/orders";
import { freePort, runShop } from "../support/shop-process";

/*
 * A session that ends mid-form (issue 42.8): the owner half-way through an
 * offer, the buyer half-way through the consignee, on a phone. The form is
 * sent, the shop asks them to sign in again, and the page they come back to
 * holds what they had typed (never the password); sent once it is done, the
 * page forgets it, and signing out leaves nothing typed in the tab.
 */

const STAFF = { adminId: "kept-owner", password: "kept-owner password 1" };
const BUYER = { email: "wanjiru@example.ke", password: "wanjiru password 1234", fullName: "Wanjiru Kamau" };
const SECRET = "kept-typing-secret-kept-typing-secret-kept";

let shop: ReturnType<typeof runShop>;
let dataDir: string;
let db: DB;
let browser: Browser;
let quoteNumber: string;
let orderNumber: string;

beforeAll(async () => {
  let customerIds: number[];
  ({ dataDir, db, customerIds } = await dealShopData("kept", STAFF, [
    { ...BUYER, country: "Sri Lanka", phone: "+94 77 123 4567" },
  ]));
  const setup = { dataDir, secret: SECRET, ownerEmail: "owner@kept.example" };
  const who = { customerId: customerIds[0]!, name: BUYER.fullName, email: BUYER.email };
  quoteNumber = (
    await quotedVehicle(db, setup, { ...who, key: "kept-e2e-quote-00000001", vehicleName: "2019 Toyota Axio" })
  ).quote.number;
  orderNumber = (
    await acceptedDeal(db, setup, { ...who, key: "kept-e2e-order-00000001", vehicleName: "2020 Honda Fit" })
  ).number;
  shop = runShop({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    OWNER_EMAIL: "owner@kept.example",
    PAGE_CACHE_SECONDS: "0",
  });
  await shop.ready;
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await db?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What this tab keeps of forms being typed. */
const keptInTab = (page: Page) =>
  page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.startsWith("typed:")));

describe("a session that ends mid-form", () => {
  it("gives the owner back the offer being typed after signing in again, and forgets it once sent", async () => {
    let others: number;
    const owner = await pageAt(browser, shop.url, 390, STAFF);
    await owner.goto(`/admin/quotes/${quoteNumber}`, { waitUntil: "networkidle" });
    const offer = owner.getByTestId("offer-form");
    await offer.getByLabel("FOB price (¥)").fill("1,234,000");
    await offer.getByLabel("Message to the buyer").fill("Dear Wanjiru, the Axio is ready at Yokohama.");
    // The session ends on the server while the owner types (it ran out, or was ended elsewhere).
    await db.deleteFrom("staff_sessions").execute();
    await offer.getByRole("button", { name: "Send offer to the buyer" }).click();
    await owner.waitForURL(/\/admin\/login\?redirectTo=/);
    expect(await db.selectFrom("offers").select("id").execute()).toHaveLength(1); // acceptedDeal's only
    await owner.getByLabel("Admin ID").fill(STAFF.adminId);
    await owner.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await owner.getByRole("button", { name: "Sign in" }).click();

    // Back on the quote, with the offer as typed and its total counted; the mark is gone from the address.
    await owner.waitForURL((url) => url.pathname === `/admin/quotes/${quoteNumber}` && url.search === "");
    await expect.poll(() => offer.getByLabel("FOB price (¥)").inputValue()).toBe("1,234,000");
    expect(await offer.getByLabel("Message to the buyer").inputValue()).toBe(
      "Dear Wanjiru, the Axio is ready at Yokohama.",
    );
    expect(await offer.getByRole("status").innerText()).toContain("this was not sent");
    // The running total counts the typed FOB with the freight and insurance the shop filled in.
    others = 0;
    for (const label of ["Ocean freight (¥)", "Marine insurance (¥)", "Pre-export inspection (¥)"])
      others += Number((await offer.getByLabel(label).inputValue()).replace(/\D/g, ""));
    expect(await owner.getByTestId("offer-form-total").innerText()).toBe(
      `¥${(1_234_000 + others).toLocaleString("en")}`,
    );

    await offer.getByRole("button", { name: "Send offer to the buyer" }).click();
    await owner.getByText("Offer sent", { exact: false }).first().waitFor();
    const sent = await db
      .selectFrom("offers")
      .innerJoin("quotes", "quotes.id", "offers.quote_id")
      .select(["offers.total", "offers.message"])
      .where("quotes.number", "=", quoteNumber)
      .execute();
    expect(sent).toEqual([{ total: 1_234_000 + others, message: "Dear Wanjiru, the Axio is ready at Yokohama." }]);
    await expect.poll(() => keptInTab(owner)).toEqual([]);
    // A later visit starts from the shop's own figures, not from the offer already sent.
    await owner.reload({ waitUntil: "networkidle" });
    expect(await offer.getByLabel("Message to the buyer").inputValue()).not.toContain("Dear Wanjiru");
  });

  it("gives the buyer back the consignee and the change being typed, never the password", async () => {
    const buyer = await pageAt(browser, shop.url, 390, BUYER);
    await buyer.goto(`/orders/${orderNumber}/consignee`, { waitUntil: "networkidle" });
    const consignee = buyer.getByRole("group", { name: "Consignee", exact: true });
    await consignee.getByLabel("Full name or company name").fill("Mombasa Clearing Ltd");
    await consignee.getByLabel("Postal address").fill("PO Box 90100, Moi Avenue, Mombasa");
    await buyer.getByLabel("ID or tax number").fill("199012345678");
    await db.deleteFrom("customer_sessions").execute();
    await buyer.getByRole("button", { name: "Save the consignee" }).click();
    await signInAgain(buyer);
    await buyer.waitForURL((url) => url.pathname === `/orders/${orderNumber}/consignee` && url.search === "");
    await expect
      .poll(() => consignee.getByLabel("Postal address").inputValue())
      .toBe("PO Box 90100, Moi Avenue, Mombasa");
    expect(await consignee.getByLabel("Full name or company name").inputValue()).toBe("Mombasa Clearing Ltd");
    await buyer.getByRole("button", { name: "Save the consignee" }).click();
    await buyer.waitForURL(/consignee=given/);
    expect(await buyer.getByTestId("order-consignee").innerText()).toContain("Mombasa Clearing Ltd");

    // The change form is folded away: coming back, it is open with the new details, the password empty.
    await buyer.goto(`/orders/${orderNumber}/consignee`, { waitUntil: "networkidle" });
    await buyer.locator("summary", { hasText: "Change the consignee" }).click();
    await consignee.getByLabel("Full name or company name").fill("Kilindini Forwarders");
    // Shown as text with its Show button, the password is still never kept.
    await buyer.getByRole("button", { name: "Show password" }).click();
    await expect.poll(() => buyer.getByLabel("Your password").getAttribute("type")).toBe("text");
    await buyer.getByLabel("Your password").fill(BUYER.password);
    await db.deleteFrom("customer_sessions").execute();
    await buyer.getByRole("button", { name: "Send me the code" }).click();
    await signInAgain(buyer);
    await buyer.waitForURL((url) => url.pathname === `/orders/${orderNumber}/consignee` && url.search === "");
    await expect
      .poll(() => consignee.getByLabel("Full name or company name").inputValue())
      .toBe("Kilindini Forwarders");
    expect(
      await buyer
        .locator("details", { hasText: "Change the consignee" })
        .evaluate((d) => (d as HTMLDetailsElement).open),
    ).toBe(true);
    expect(await buyer.getByLabel("Your password").inputValue()).toBe("");
    expect(await buyer.getByRole("status").innerText()).toContain("What you typed is back");
    expect(JSON.stringify(await buyer.evaluate(() => ({ ...window.sessionStorage })))).not.toContain(BUYER.password);

    // Signing out leaves nothing typed behind in the tab for the next person.
    buyer.on("dialog", (dialog) => void dialog.accept());
    await buyer.locator("summary", { hasText: "Menu" }).click();
    await buyer.getByRole("button", { name: "Logout" }).click();
    await expect.poll(() => keptInTab(buyer)).toEqual([]);
  });
});

async function signInAgain(page: Page): Promise<void> {
  await page.waitForURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(BUYER.email);
  await page.getByLabel("Password", { exact: true }).fill(BUYER.password);
  await page.getByRole("button", { name: /^(Login|Sign in)$/ }).click();
}
