import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { DEMO_BANK, seedDemoBank } from "~/db/seed/demo-bank.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { monthOfDate, yearOf } from "~/domain/inventory/months";
import { createCustomer } from "~/domain/accounts/customers.server";
import { addFreightPort } from "~/domain/freight/freight.server";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { formInput } from "~/utils/forms";
import { QuoteRequestSchema } from "~/domain/quotes/quotes.schema";
import { createQuote } from "~/domain/quotes/quotes.server";
import { seedCompany } from "~/domain/settings/company.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { launchBrowser, pageAt, seriousAccessibilityProblems } from "../support/browser";
import { mailsTo } from "../support/mime";
import { clockAhead, freePort, MOVABLE_CLOCK, runShop } from "../support/shop-process";

/*
 * The whole deal in a real shop and browser: the owner offers, the buyer sees
 * it on /quotes and accepts, the vehicle shows Reserved to everyone, the
 * invoice PDF downloads, /verify shows the same total and bank account, and
 * when the hold runs out the vehicle is Available again. The shop's clock is
 * moved past the hold instead of waiting for it.
 */

const STAFF = { adminId: "deal-owner", password: "deal-owner password 1" };
const BUYER = { email: "nimal@example.lk", password: "nimal password 12", fullName: "Nimal Fernando" };
const OTHER = { email: "someone@example.ke", password: "someone password 1", fullName: "Some One" };

let shop: ReturnType<typeof runShop>;
let dataDir: string;
let db: DB;
let browser: Browser;
let vehicleId: number;
let quoteNumber: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-deals-"));
  db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
  await migrateToLatest(db);
  const system = { kind: "system", id: null } as const;
  vehicleId = (
    await createVehicle(
      db,
      vehicleFactory(createRng(31), 0, {
        stockStatus: "available",
        price: 1_000_000,
        type: "Sedan",
        subType: null,
        engineCc: 1500,
        name: "2019 Toyota Corolla Axio",
        // Made and registered a few months ago, right-hand drive: Sri Lanka's rule admits it (issue 40).
        year: yearOf(monthOfDate(new Date()) - 4),
        manufactured: monthOfDate(new Date()) - 4,
        registered: monthOfDate(new Date()) - 3,
        steering: "Right",
      }),
      [],
      system,
    )
  ).id;
  await addFreightPort(
    db,
    { id: 1, adminId: "setup" },
    {
      country: "Sri Lanka",
      port: "Colombo",
      small: 90_000,
      medium: 120_000,
      large: 180_000,
      insurance: 150,
    },
  );
  await seedCompany(db);
  await seedDemoBank(db);
  const buyer = await createCustomer(db, { ...BUYER, country: "Sri Lanka", phone: "+94 77 123 4567" });
  await createCustomer(db, { ...OTHER, country: "Kenya", phone: "+254 700 000 000" });
  await ensureStaffAccount(db, STAFF.adminId, STAFF.password);
  await db
    .insertInto("reply_templates")
    .values({
      name: "First offer",
      body: "Dear {buyer_name}, thank you for asking about {vehicle}. Our price to {port} is {total}.",
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .execute();
  const form = new FormData();
  for (const [k, v] of Object.entries({
    kind: "vehicle",
    itemId: String(vehicleId),
    submissionKey: "deal-e2e-key-0000000001",
    name: BUYER.fullName,
    country: "Sri Lanka",
    email: BUYER.email,
    phone: "+94 77 123 4567",
    message: "Price to Colombo please.",
    portId: "1",
  }))
    form.append(k, v);
  const made = await createQuote(db, QuoteRequestSchema.parse(formInput(form)), buyer!.id, {
    ownerEmail: "owner@deals.example",
    shopName: "Deal Shop",
    publicUrl: new URL("http://127.0.0.1"),
    language: "en",
  });
  if (!made.ok) throw new Error("no quote");
  quoteNumber = made.number;

  shop = runShop(
    {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SESSION_SECRET: "deals-secret-deals-secret-deals-secret-1",
      OWNER_EMAIL: "owner@deals.example",
      PAGE_CACHE_SECONDS: "0",
      DEALS_EVERY_MS: "200",
      MAIL_OUTBOX_EVERY_MS: "200",
      // One step is past any hold of 3 working days.
      SHOP_CLOCK_STEP_MS: String(8 * 24 * 3600 * 1000),
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

/** The shop's mails to an address whose text or attachments' names contain a text (the shop writes .eml files without SMTP). */
function mailFiles(address: string, contains: string) {
  return mailsTo(dataDir, address).filter((mail) =>
    [mail.subject, mail.text, ...mail.attachments.map((a) => a.filename)].some((part) => part.includes(contains)),
  );
}

describe("a deal from offer to hold", () => {
  it("the owner offers, the buyer accepts, the vehicle is reserved, the invoice downloads and verifies, and the hold runs out", async () => {
    // The owner writes the offer from the prefilled form and a template.
    const owner = await signedIn(1366, "staff");
    await owner.goto(`/admin/quotes/${quoteNumber}`, { waitUntil: "networkidle" });
    const form = owner.getByTestId("offer-form");
    expect(await form.getByLabel("FOB price (¥)").inputValue()).toBe("1000000");
    expect(await form.getByLabel("Ocean freight (¥)").inputValue()).toBe("120000");
    expect(await form.getByLabel("Marine insurance (¥)").inputValue()).toBe("16800");
    expect(await owner.getByTestId("offer-form-total").textContent()).toBe("¥1,136,800");
    await form.getByTestId("offer-template").selectOption({ label: "First offer" });
    // The message keeps its placeholders for the server to fill; the preview shows them filled.
    expect(await form.getByLabel("Message to the buyer").inputValue()).toContain("Dear {buyer_name}");
    expect(await owner.getByTestId("offer-preview").textContent()).toContain(
      "Dear Nimal Fernando, thank you for asking about 2019 Toyota Corolla Axio. Our price to Colombo, Sri Lanka is ¥1,136,800.",
    );
    expect(await seriousAccessibilityProblems(owner)).toEqual([]);
    await form.getByRole("button", { name: "Send offer to the buyer" }).click();
    await owner.getByText("Offer sent to the buyer.").waitFor();
    await expect.poll(() => owner.getByTestId("quote-status").textContent()).toBe("Offered");
    await expect.poll(() => mailFiles(BUYER.email, "1,136,800").length, { timeout: 10_000 }).toBeGreaterThan(0);

    // Another buyer cannot see or answer it.
    const other = await signedIn(390, "other");
    const foreign = await other.goto(`/quotes/${quoteNumber}`);
    expect(foreign?.status()).toBe(404);

    // The buyer sees it on /quotes, opens it and accepts, on a phone.
    const buyer = await signedIn(390, "buyer");
    await buyer.goto("/quotes", { waitUntil: "networkidle" });
    const row = buyer.getByTestId("quote-row").first();
    expect(await row.textContent()).toContain("Offer ready");
    expect(await row.textContent()).toContain("¥1,136,800");
    await row.getByRole("link").click();
    await buyer.waitForURL(new RegExp(`/quotes/${quoteNumber}$`));
    expect(await buyer.getByTestId("offer-total").textContent()).toBe("¥1,136,800");
    expect(await seriousAccessibilityProblems(buyer)).toEqual([]);
    const accept = buyer.getByRole("button", { name: "Accept offer" });
    const box = await accept.boundingBox();
    expect(box).not.toBeNull();
    await accept.click();
    await buyer.getByTestId("deal-invoice").waitFor();
    expect(await buyer.getByTestId("deal-status").textContent()).toBe("Accepted");
    expect(await buyer.getByTestId("invoice-total").textContent()).toBe("¥1,136,800");
    expect(await buyer.getByTestId("deal-hold").textContent()).toContain("Reserved for you until");

    // Everyone sees the vehicle Reserved.
    const visitor = await signedIn(390, null);
    await visitor.goto(`/vehicles/${vehicleId}`, { waitUntil: "networkidle" });
    expect(await visitor.getByTestId("stock-status-badge").first().textContent()).toBe("Reserved");

    // The invoice PDF downloads for the buyer, not for the other buyer or a visitor.
    const invoice = await db
      .selectFrom("invoices")
      .select(["number", "code"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const [download] = await Promise.all([buyer.waitForEvent("download"), buyer.getByTestId("invoice-pdf").click()]);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(download.suggestedFilename()).toBe(`invoice-${invoice.number}.pdf`);
    for (const stranger of [other, visitor]) {
      const res = await stranger.request.get(`/invoices/${invoice.number}.pdf`);
      expect(res.status()).toBe(404);
    }
    await expect.poll(() => mailFiles(BUYER.email, `invoice-${invoice.number}.pdf`).length).toBe(1);

    // The verification page shows the same total and the bank account to pay into.
    await visitor.goto(`/verify/${invoice.code}`, { waitUntil: "networkidle" });
    const verified = await visitor.locator("main").innerText();
    expect(verified).toContain(invoice.number);
    expect(verified).toContain("¥1,136,800");
    expect(verified).toContain(DEMO_BANK.accountNumber);

    // The hold runs out: the vehicle is on sale again, and the buyer is told.
    clockAhead(shop);
    await expect
      .poll(
        async () =>
          (await db.selectFrom("vehicles").select("stock_status").where("id", "=", vehicleId).executeTakeFirstOrThrow())
            .stock_status,
        { timeout: 10_000 },
      )
      .toBe("available");
    await visitor.goto(`/vehicles/${vehicleId}`, { waitUntil: "networkidle" });
    expect(await visitor.getByTestId("stock-status-badge").count()).toBe(0);
    await expect.poll(() => mailFiles(BUYER.email, "on sale again").length).toBe(1);
    await buyer.reload({ waitUntil: "networkidle" });
    // The deal lapsed: the invoice is cancelled, and the buyer may ask for a new offer.
    expect(await buyer.getByTestId("deal-invoice").innerText()).toContain("This invoice was cancelled on");
    expect(await buyer.getByTestId("deal-status").textContent()).toBe("Offer expired");
    expect(await buyer.getByTestId("invoice-pdf").count()).toBe(0);
    // Whoever checks the invoice now is told not to pay it, and is shown no account to pay into.
    await visitor.goto(`/verify/${invoice.code}`, { waitUntil: "networkidle" });
    const cancelled = await visitor.locator("main").innerText();
    expect(cancelled).toContain("do not pay it");
    expect(cancelled).not.toContain(DEMO_BANK.accountNumber);

    // The invoice as it printed before is kept for the owner; the buyer gets only the cancelled one.
    const stamped = await buyer.request.get(`/invoices/${invoice.number}.pdf`);
    expect(stamped.status()).toBe(200);
    expect((await stamped.body()).equals(pdf)).toBe(false);
    expect((await buyer.request.get(`/invoices/${invoice.number}.pdf?version=1`)).status()).toBe(404);
    const first = await owner.request.get(`/invoices/${invoice.number}.pdf?version=1`);
    expect(first.status()).toBe(200);
    expect((await first.body()).equals(pdf)).toBe(true);
    for (const bad of ["3", "0", "x", "1e2"])
      expect((await owner.request.get(`/invoices/${invoice.number}.pdf?version=${bad}`)).status()).toBe(404);
  });
});
