import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import type { DB } from "~/db/db.server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { launchBrowser, pageAt, seriousAccessibilityProblems } from "../support/browser";
import { acceptedDeal, dealShopData } from "../support/orders";
import { mailsTo } from "../support/mime";
import { readPdf } from "../support/pdf";
import { clockAhead, freePort, MOVABLE_CLOCK, runShop } from "../support/shop-process";

/*
 * The consignee of an order and a change of it (issues 42.1 and 42.2), as the
 * buyer does it on a phone (390 px): given once and printed on the invoice;
 * a change asked for with the password and the e-mailed code, waiting its
 * day (the owner sees it), then applied, the timeline keeping both.
 */

const STAFF = { adminId: "consignee-owner", password: "consignee-owner password 1" };
const BUYER = { email: "nimal@example.lk", password: "nimal password 1234", fullName: "Nimal Perera" };
const SECRET = "consignee-secret-consignee-secret-consignee";

let shop: ReturnType<typeof runShop>;
let dataDir: string;
let db: DB;
let browser: Browser;
let orderNumber: string;

beforeAll(async () => {
  let customerIds: number[];
  ({ dataDir, db, customerIds } = await dealShopData("consignee", STAFF, [
    { ...BUYER, country: "Sri Lanka", phone: "+94 77 123 4567" },
  ]));
  const buyer = { id: customerIds[0]! };
  const setup = { dataDir, secret: SECRET, ownerEmail: "owner@consignee.example" };
  const deal = await acceptedDeal(db, setup, {
    customerId: buyer!.id,
    name: BUYER.fullName,
    email: BUYER.email,
    key: "consignee-e2e-key-000001",
    vehicleName: "2019 Toyota Axio",
  });
  orderNumber = deal.number;
  shop = runShop(
    {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      OWNER_EMAIL: "owner@consignee.example",
      PAGE_CACHE_SECONDS: "0",
      MAIL_OUTBOX_EVERY_MS: "200",
      DEALS_EVERY_MS: "200",
      // One step is past the day a change of the consignee waits.
      SHOP_CLOCK_STEP_MS: String(25 * 3_600_000),
    },
    { preload: [MOVABLE_CLOCK] },
  );
  await shop.ready;
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await db?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The consignee's fields (the notify party's have the same labels). */
const consignee = (page: Page) => page.getByRole("group", { name: "Consignee", exact: true });

/** Page 1 of the order's invoice as the signed-in buyer downloads it, as text. */
async function invoicePage1(page: Page): Promise<string> {
  const pdf = await page.request.get(`/invoices/${orderNumber}.pdf`);
  expect(pdf.status()).toBe(200);
  return (await readPdf(Buffer.from(await pdf.body()))).pageTexts[0]!.replace(/\s+/g, " ");
}

describe("the consignee on a phone", () => {
  it("is given, printed on the invoice, and changed only with the password and the mailed code, a day later", async () => {
    const buyer = await pageAt(browser, shop.url, 390, BUYER);
    await buyer.goto(`/orders/${orderNumber}`, { waitUntil: "networkidle" });
    await buyer.getByRole("link", { name: "Give the consignee" }).click();
    await buyer.waitForURL(/\/consignee$/);
    expect(await seriousAccessibilityProblems(buyer)).toEqual([]);
    // The buyer's own name and phone are there to start from.
    expect(await consignee(buyer).getByLabel("Full name or company name").inputValue()).toBe(BUYER.fullName);
    await consignee(buyer).getByLabel("Full name or company name").fill("Lanka Clearing Agents (Pvt) Ltd");
    await consignee(buyer).getByLabel("Postal address").fill("45 Front Street, Colombo 11");
    await buyer.getByLabel("ID or tax number").fill("199012345678");
    await buyer.getByLabel("E-mail address").fill("desk@lanka-clearing.example");
    await buyer.getByRole("button", { name: "Save the consignee" }).click();
    await buyer.waitForURL(/consignee=given/);
    expect(await buyer.getByTestId("order-consignee").innerText()).toContain("Lanka Clearing Agents (Pvt) Ltd");
    expect(await invoicePage1(buyer)).toContain("CONSIGNEE Lanka Clearing Agents (Pvt) Ltd");

    // A change: a wrong password is refused beside its field, with the focus there and the new details kept.
    await buyer.getByRole("link", { name: "Change the consignee" }).click();
    await buyer.waitForURL(/\/consignee$/);
    await buyer.locator("summary", { hasText: "Change the consignee" }).click();
    await consignee(buyer).getByLabel("Full name or company name").fill("Ceylon Motors Trading");
    await consignee(buyer).getByLabel("Postal address").fill("12 Galle Road, Colombo 3");
    await buyer.getByLabel("E-mail address").fill("imports@ceylon-motors.example");
    await buyer.getByLabel("Your password").fill("not my password");
    await buyer.getByRole("button", { name: "Send me the code" }).click();
    await expect.poll(() => buyer.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("password");
    expect(await consignee(buyer).getByLabel("Full name or company name").inputValue()).toBe("Ceylon Motors Trading");
    expect(await buyer.locator("main").innerText()).toContain("This is not your account's password");

    await buyer.getByLabel("Your password").fill(BUYER.password);
    await buyer.getByRole("button", { name: "Send me the code" }).click();
    await buyer.getByTestId("consignee-code").waitFor();
    // The code comes to the address on the account, and only there.
    const codeMail = await vi.waitUntil(
      () => mailsTo(dataDir, BUYER.email).find((m) => (m.headers.get("subject") ?? "").includes("your code")),
      { timeout: 15_000, interval: 100 },
    );
    const code = /page: (\d{6})/.exec(codeMail.text)![1]!;
    await buyer.getByLabel("Code").fill(code);
    await buyer.getByRole("button", { name: "Confirm the change" }).click();
    await buyer.getByTestId("consignee-waiting").waitFor();
    expect(await buyer.getByTestId("consignee-waiting").innerText()).toContain("Ceylon Motors Trading");
    expect(await seriousAccessibilityProblems(buyer)).toEqual([]);
    const wide = await buyer.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);

    // While it waits, the consignee is the first one, and the order page says a change is coming.
    await buyer.goto(`/orders/${orderNumber}`, { waitUntil: "networkidle" });
    expect(await buyer.getByTestId("order-consignee").innerText()).toContain("Lanka Clearing Agents (Pvt) Ltd");
    expect(await buyer.getByTestId("order-consignee-change").innerText()).toContain("is waiting");
    expect(await buyer.getByTestId("order-history").innerText()).toContain("Change of consignee asked for");
    expect(await invoicePage1(buyer)).toContain("CONSIGNEE Lanka Clearing Agents (Pvt) Ltd");
    // The owner sees it on a phone too, with the two buttons.
    const owner = await pageAt(browser, shop.url, 390, STAFF);
    await owner.goto(`/admin/orders/${orderNumber}`, { waitUntil: "networkidle" });
    expect(await owner.getByTestId("order-party-change").innerText()).toContain("Ceylon Motors Trading");
    expect(await owner.getByRole("button", { name: "Approve now (I called the buyer)" }).count()).toBe(1);
    // Both consignees and the account were told.
    await vi.waitUntil(() => mailsTo(dataDir, "desk@lanka-clearing.example").length > 0, { timeout: 15_000 });
    await vi.waitUntil(() => mailsTo(dataDir, "imports@ceylon-motors.example").length > 0, { timeout: 15_000 });

    // A day later the shop's clock applies it: the order, the invoice and the timeline show both.
    clockAhead(shop);
    await expect
      .poll(
        async () => {
          await buyer.reload({ waitUntil: "networkidle" });
          return buyer.getByTestId("order-consignee").innerText();
        },
        { timeout: 20_000 },
      )
      .toContain("Ceylon Motors Trading");
    const history = await buyer.getByTestId("order-history").innerText();
    expect(history).toContain("Change of consignee asked for");
    expect(history).toContain("Consignee changed");
    expect(history).toContain("Lanka Clearing Agents (Pvt) Ltd → Ceylon Motors Trading");
    expect(await invoicePage1(buyer)).toContain("CONSIGNEE Ceylon Motors Trading");
  });
});
