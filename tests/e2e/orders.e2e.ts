import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import type { DB } from "~/db/db.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BANK } from "~/db/seed/demo-bank.server";
import { shopDayAfter } from "~/domain/sale/deal-time";
import { orderLinkPath } from "~/domain/sale/order-links.server";
import { launchBrowser, pageAt, seriousAccessibilityProblems } from "../support/browser";
import { acceptedDeal, dealShopData } from "../support/orders";
import { mailsTo } from "../support/mime";
import { clockAhead, freePort, MOVABLE_CLOCK, runShop } from "../support/shop-process";

/*
 * An order from the accepted offer to Completed, as its buyer sees it on a
 * phone (390 px): the balance and the bank account, a receipt upload (a web
 * page posing as a receipt is refused), the owner's steps appearing on the
 * timeline, the documents to download, one mail per change; and nobody else
 * reaching the order or its documents.
 */

const STAFF = { adminId: "order-owner", password: "order-owner password 1" };
const BUYER = { email: "kamal@example.lk", password: "kamal password 12", fullName: "Kamal Silva" };
const OTHER = { email: "stranger@example.ke", password: "stranger password 1", fullName: "Stranger" };
const SECRET = "orders-secret-orders-secret-orders-secret";

let shop: ReturnType<typeof runShop>;
let dataDir: string;
let db: DB;
let browser: Browser;
let vehicleId: number;
let orderNumber: string;
let quoteNumber: string;
let guestOrder: string;

beforeAll(async () => {
  let customerIds: number[];
  ({ dataDir, db, customerIds } = await dealShopData("orders", STAFF, [
    { ...BUYER, country: "Sri Lanka", phone: "+94 77 123 4567" },
    { ...OTHER, country: "Kenya", phone: "+254 700 000 000" },
  ]));
  const buyer = { id: customerIds[0]! };
  const setup = { dataDir, secret: SECRET, ownerEmail: "owner@orders.example" };
  const mine = await acceptedDeal(db, setup, {
    customerId: buyer!.id,
    name: BUYER.fullName,
    email: BUYER.email,
    key: "orders-e2e-key-00000001",
    vehicleName: "2018 Toyota Premio",
  });
  vehicleId = mine.vehicleId;
  orderNumber = mine.number;
  quoteNumber = mine.quoteNumber;
  const guest = await acceptedDeal(db, setup, {
    customerId: null,
    name: "Guest Buyer",
    email: "guest@example.lk",
    key: "orders-e2e-key-00000002",
    vehicleName: "2017 Honda Fit",
  });
  guestOrder = guest.number;

  shop = runShop(
    {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      OWNER_EMAIL: "owner@orders.example",
      PAGE_CACHE_SECONDS: "0",
      MAIL_OUTBOX_EVERY_MS: "200",
      // One step closes the window an order's changes gather in (10 minutes).
      SHOP_CLOCK_STEP_MS: String(11 * 60_000),
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

function signedIn(width: number, login: "staff" | "buyer" | "other" | null): Promise<Page> {
  const who = { staff: STAFF, buyer: BUYER, other: OTHER };
  return pageAt(browser, shop.url, width, login ? who[login] : null);
}

/** The shop's mails to an address that link to an order (the shop writes .eml files without SMTP). */
function orderMails(address: string, number: string) {
  return mailsTo(dataDir, address).filter((mail) => mail.text.includes(`/orders/${number}`));
}

/** Writes a file for the browser's file input. */
function tempFile(name: string, data: Buffer): string {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, data);
  return file;
}

/** The owner does a step on the order's page in the staff panel; the page says it was done. */
async function ownerDoes(owner: Page, action: (page: Page) => Promise<void>) {
  await owner.goto(`/admin/orders/${orderNumber}`, { waitUntil: "networkidle" });
  await action(owner);
  // A step done comes back to the order's page with its notice.
  await owner.waitForURL(/[?&]done=/);
}

describe("an order from the accepted offer to Completed", () => {
  it("the buyer follows every step on a phone, told of the changes in one mail", async () => {
    const buyer = await signedIn(390, "buyer");
    await buyer.goto("/orders", { waitUntil: "networkidle" });
    await buyer.getByTestId("order-list").getByRole("link").filter({ hasText: "2018 Toyota Premio" }).click();
    await buyer.waitForURL(new RegExp(`/orders/${orderNumber}$`));
    // The list shows a status too: wait for the order's own page to be drawn.
    await buyer.getByTestId("order-balance").waitFor();
    expect(await buyer.getByTestId("order-status").textContent()).toBe("Awaiting payment");
    expect(await buyer.getByTestId("order-balance").textContent()).toBe("¥1,000,000");
    expect(await buyer.getByTestId("order-bank").innerText()).toContain(DEMO_BANK.accountNumber);
    expect(await buyer.getByTestId("order-next-text").textContent()).toContain("Pay ¥1,000,000 by");
    expect(await seriousAccessibilityProblems(buyer)).toEqual([]);
    // What to do is on the first screen of a phone.
    const next = await buyer.getByTestId("order-next").boundingBox();
    expect(next!.y).toBeLessThan(900);

    // A web page posing as a receipt is refused; a photo of the receipt is kept.
    await buyer
      .getByLabel("Receipt file")
      .setInputFiles(tempFile("receipt.pdf", Buffer.from("<html><script>alert(1)</script></html>")));
    await buyer.getByRole("button", { name: "Upload receipt" }).click();
    await buyer.getByTestId("order-refused").waitFor();
    expect(await buyer.getByTestId("order-refused").innerText()).toContain("PDF, JPG, PNG or WebP");
    // A phone photo of a receipt: a few hundred KB, far past the size of an ordinary form.
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: "#888",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(200_000);
    await buyer.getByLabel("Receipt file").setInputFiles(tempFile("receipt.jpg", photo));
    await buyer.getByRole("button", { name: "Upload receipt" }).click();
    await buyer.getByTestId("receipt-notice").waitFor();
    expect(await buyer.getByTestId("order-documents").innerText()).toContain("Your payment receipt");

    // The owner's steps, each seen by the buyer.
    const owner = await signedIn(1366, "staff");
    await ownerDoes(owner, async (page) => {
      const form = page.getByTestId("payment-form");
      await form.getByLabel(/Amount/).fill("400,000");
      await form.getByLabel(/Bank reference/).fill("TT-7781");
      await form.getByRole("button").click();
    });
    await buyer.reload({ waitUntil: "networkidle" });
    expect(await buyer.getByTestId("order-status").textContent()).toBe("Partly paid");
    expect(await buyer.getByTestId("order-balance").textContent()).toBe("¥600,000");

    await ownerDoes(owner, async (page) => {
      const form = page.getByTestId("payment-form");
      await form.getByLabel(/Amount/).fill("600000");
      await form.getByRole("button").click();
    });
    await buyer.reload({ waitUntil: "networkidle" });
    expect(await buyer.getByTestId("order-status").textContent()).toBe("Paid");
    const visitor = await signedIn(390, null);
    await visitor.goto(`/vehicles/${vehicleId}`, { waitUntil: "networkidle" });
    expect(await visitor.getByTestId("stock-status-badge").first().textContent()).toBe("Sold");
    // The quote leads to the order, and no longer asks for payment or speaks of a reservation ending.
    await buyer.goto(`/quotes/${quoteNumber}`, { waitUntil: "networkidle" });
    const invoiceBox = await buyer.getByTestId("deal-invoice").innerText();
    expect(invoiceBox).not.toContain("Pay by");
    expect(invoiceBox).not.toContain("reservation ended");
    await buyer.getByTestId("follow-order").click();
    await buyer.waitForURL(new RegExp(`/orders/${orderNumber}$`));

    const etd = shopDayAfter(new Date(), 5);
    const eta = shopDayAfter(new Date(), 25);
    await ownerDoes(owner, async (page) => {
      const form = page.getByTestId("shipment-form");
      await form.getByLabel(/Vessel/).fill("Morning Camellia");
      await form.getByLabel(/ETD/).fill(etd);
      await form.getByLabel(/ETA/).fill(eta);
      await form.getByLabel(/B\/L/).fill("YKCMB770011");
      await form.getByRole("button").click();
    });
    await buyer.reload({ waitUntil: "networkidle" });
    expect(await buyer.getByTestId("order-vessel").textContent()).toBe("Morning Camellia");
    expect(await buyer.getByTestId("order-bl").textContent()).toBe("YKCMB770011");

    // The ETA moves: the buyer sees the new date and the old one struck through.
    const later = shopDayAfter(new Date(), 28);
    await ownerDoes(owner, async (page) => {
      const form = page.getByTestId("shipment-form");
      await form.getByLabel(/ETA/).fill(later);
      await form.getByRole("button").click();
    });
    await buyer.reload({ waitUntil: "networkidle" });
    expect(await buyer.getByTestId("order-eta").locator("s").count()).toBe(1);

    const certificate = Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    await ownerDoes(owner, async (page) => {
      const form = page.getByTestId("upload-form");
      await form.getByLabel("File", { exact: true }).setInputFiles(tempFile("export-certificate.pdf", certificate));
      await form.getByRole("button", { name: "Upload document" }).click();
    });
    for (const step of ["Mark shipped", "courier", "Mark arrived", "Complete the order"]) {
      await ownerDoes(owner, async (page) => {
        if (step === "courier") {
          const form = page.getByTestId("courier-form");
          await form.locator("select[name=courier]").selectOption("dhl");
          await form.getByLabel("Tracking number").fill("4455667788");
          await form.getByRole("button").click();
        } else {
          const moves = page.getByTestId("moves-form");
          // The ship leaves in five days: "Shipped" now needs the owner's tick, which the page asks for.
          if (step === "Mark shipped") await moves.getByLabel("Shipped before the ETD").check();
          await moves.getByRole("button", { name: step }).click();
        }
      });
    }
    await buyer.reload({ waitUntil: "networkidle" });
    expect(await buyer.getByTestId("order-status").textContent()).toBe("Completed");
    expect(await buyer.getByTestId("order-courier").innerText()).toContain("4455667788");
    const progress = await buyer.getByTestId("order-progress").innerText();
    expect(progress).not.toContain("Not yet");
    expect(await seriousAccessibilityProblems(buyer)).toEqual([]);
    const wide = await buyer.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(wide).toBe(false);

    // The export certificate downloads for the buyer, as a file, never shown as a page.
    const [download] = await Promise.all([
      buyer.waitForEvent("download"),
      buyer.getByTestId("order-documents").locator("li", { hasText: "Export certificate" }).getByRole("link").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/Export certificate/);

    // The owner's clicks within 10 minutes reach the buyer as one mail listing every change: 2 payments,
    // shipment, new dates, document, shipped, courier, arrived, completed.
    expect(orderMails(BUYER.email, orderNumber)).toEqual([]);
    clockAhead(shop);
    await expect.poll(() => orderMails(BUYER.email, orderNumber).length, { timeout: 10_000 }).toBe(1);
    const [digest] = orderMails(BUYER.email, orderNumber);
    expect(digest!.subject).toContain(`9 updates on order ${orderNumber}`);
    expect(digest!.text).toMatch(/^9\. Order \S+ \(.+\) is completed/m);
  });
});

describe("nobody else reaches an order or its documents", () => {
  it("another buyer, a visitor and a tampered link get 404; the link's holder gets the order; documents are private downloads", async () => {
    const documents = await db
      .selectFrom("order_documents")
      .innerJoin("orders", "orders.id", "order_documents.order_id")
      .select(["order_documents.id", "orders.number"])
      .where("orders.number", "=", orderNumber)
      .execute();
    expect(documents.length).toBeGreaterThan(0);
    const docPath = `/orders/${orderNumber}/documents/${documents[0]!.id}`;
    const other = await signedIn(390, "other");
    const visitor = await signedIn(390, null);
    for (const page of [other, visitor]) {
      expect((await page.request.get(`/orders/${orderNumber}`)).status()).toBe(404);
      expect((await page.request.get(docPath)).status()).toBe(404);
      expect((await page.request.get(`/invoices/${orderNumber}.pdf`)).status()).toBe(404);
    }
    // An unknown document and a guessed one of another order answer the same.
    expect((await other.request.get(`/orders/${orderNumber}/documents/999999`)).status()).toBe(404);
    expect((await visitor.request.get(`/orders/${guestOrder}/documents/${documents[0]!.id}`)).status()).toBe(404);

    const link = orderLinkPath(SECRET, guestOrder);
    const guest = await visitor.request.get(link);
    expect(guest.status()).toBe(200);
    // The orders' texts come with order pages and signed-in buyers only: a visitor's public page stays light.
    expect(await guest.text()).toContain("Upload your bank transfer receipt");
    expect(await (await visitor.request.get("/vehicles")).text()).not.toContain("Upload your bank transfer receipt");
    expect(guest.headers()["cache-control"]).toContain("no-store");
    expect((await visitor.request.get(link.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).status()).toBe(404);
    // One order's link does not open another.
    const sig = new URL(link, "http://x").searchParams.get("sig")!;
    expect((await visitor.request.get(`/orders/${orderNumber}?sig=${sig}`)).status()).toBe(404);

    const buyer = await signedIn(390, "buyer");
    const file = await buyer.request.get(docPath);
    expect(file.status()).toBe(200);
    const headers = file.headers();
    expect(headers["content-disposition"]).toMatch(/^attachment;/);
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toContain("sandbox");
    expect(["application/pdf", "image/jpeg"]).toContain(headers["content-type"]);
    // Documents are not among the public photos.
    expect((await visitor.request.get(`/media/../documents`)).status()).toBeGreaterThanOrEqual(400);
    const stored = await db.selectFrom("order_documents").select("file_key").executeTakeFirstOrThrow();
    expect((await visitor.request.get(`/media/${stored.file_key}`)).status()).toBe(404);
  });
});
