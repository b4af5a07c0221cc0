import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renewFeedToken } from "~/domain/feeds/feed-token.server";
import { savePurchase } from "~/domain/books/purchases.server";
import { baseUrl, launchBrowser, makePart, makeVehicle, openPage, staffPage, writeShopDb } from "../support/browser";
import { readPdf } from "../support/pdf";

/*
 * The owner's books (issue 46.1, 46.2, 46.7) through the built shop: on a
 * phone the owner enters a purchase from a person (refused without the
 * identity check, every field kept as typed), the ledger lists it and gives
 * its CSV and PDF; and no cost, margin or seller reaches a page, a feed or a
 * file a buyer can fetch.
 */

let browser: Browser;
const vehicles: number[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await writeShopDb(async (db) => {
    await db.deleteFrom("settings").where("key", "=", "stock_feeds").execute();
    // The records outlive their vehicles: they are the test's, so they go with it.
    const records = await db.selectFrom("purchase_records").select("id").where("vehicle_id", "in", vehicles).execute();
    if (records.length) {
      const ids = records.map((r) => r.id);
      await db.deleteFrom("purchase_record_versions").where("record_id", "in", ids).execute();
      await db.deleteFrom("purchase_records").where("id", "in", ids).execute();
    }
    await db.deleteFrom("export_papers").where("vehicle_id", "in", vehicles).execute();
    await db.deleteFrom("vehicles").where("id", "in", vehicles).execute();
  });
  await browser?.close();
});

const PHONE = 390;
const widest = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  fs.mkdirSync(process.env.SHOTS, { recursive: true });
  await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
}

describe("the owner's books", () => {
  it("takes a purchase from a person only with the identity check, and lists it in the ledger's files", async () => {
    const vehicle = await makeVehicle({ chassisNumber: "NZE161-7001234" });
    vehicles.push(vehicle.id);
    const owner = await staffPage(browser, PHONE);
    await owner.goto(`/admin/edit/${vehicle.id}`, { waitUntil: "networkidle" });
    await owner.getByTestId("books-link").click();
    await owner.waitForURL(`**/admin/edit/${vehicle.id}/books`);
    const form = owner.getByTestId("books-form");
    await form.getByLabel("Date bought").fill("2026-11-20");
    await form.getByLabel("Purchase price (yen)").fill("650,000");
    await form.getByLabel("Bought from").selectOption("person");
    await form.getByLabel("Name (person or company)").fill("Suzuki Hanako");
    await form.getByLabel("Address").fill("2-1 Minatomirai, Nishi-ku, Yokohama");
    await form.getByLabel("Occupation (person)").fill("Teacher");
    await form.getByLabel("Age (person)").fill("52");
    await form.getByLabel("Repairs").fill("30,000.5");
    expect(await widest(owner)).toBeLessThanOrEqual(PHONE);
    await owner.getByRole("button", { name: "Save the record" }).click();

    await expect.poll(() => owner.getByText("needs an identity check").count()).toBeGreaterThan(0);
    expect(await owner.getByText("Repairs must be whole yen").count()).toBeGreaterThan(0);
    expect(await owner.getByLabel("Name (person or company)").inputValue()).toBe("Suzuki Hanako");
    expect(await owner.getByLabel("Age (person)").inputValue()).toBe("52");
    expect(await owner.getByLabel("Repairs").inputValue()).toBe("30,000.5");

    await owner.getByLabel("Identity checked by (person)").selectOption("driving_licence");
    await owner.getByLabel("Repairs").fill("30,000");
    await owner.getByLabel("Shipping").fill("88,000");
    await owner.getByRole("button", { name: "Save the record" }).click();
    await owner.waitForURL(/saved=1/);
    expect(await owner.getByTestId("books-total-cost").textContent()).toContain("¥768,000");
    await shot(owner, "books-owner-390");

    await owner.goto("/admin/books?from=2026-11-20&to=2026-11-20", { waitUntil: "networkidle" });
    expect(await owner.getByTestId("ledger-rows").textContent()).toContain("Suzuki Hanako");
    const csv = await owner.request.get("/admin/books/purchases.csv?from=2026-11-20&to=2026-11-20");
    expect(csv.headers()["cache-control"]).toContain("no-store");
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toContain('"Date bought","Ref","Vehicle"');
    expect(text).toContain('"Suzuki Hanako"');
    expect(text).toContain('"NZE161-7001234"');
    const pdf = await owner.request.get("/admin/books/purchases.pdf?from=2026-11-20&to=2026-11-20");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const printed = (await readPdf(Buffer.from(await pdf.body()))).text;
    expect(printed).toContain("NZE161-7001234");
    expect(printed).toContain("Driving licence");
    // The accountant's month: Japanese headings whatever the panel's language; a month that is none is a 400.
    const sales = await owner.request.get("/admin/books/sales.csv?month=2026-11");
    expect((await sales.text()).split("\r\n")[0]).toContain('"請求書番号","請求日","買主"');
    expect((await owner.request.get("/admin/books/sales.csv?month=2026-13")).status()).toBe(400);
    const taxed = await owner.request.get("/admin/books/tax-purchases.csv?month=2026-11");
    expect(await taxed.text()).toContain('"古物商特例"');
    // A period that cannot be one is said so, not a server error.
    expect((await owner.request.get("/admin/books?from=2026-12-01&to=2026-11-01")).status()).toBe(400);

    // The export papers: a leave-by day before the certificate is refused, what was typed kept; then saved
    // with the permit's file, and the dashboard warns of the car that must leave within 30 days.
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
    await owner.goto(`/admin/edit/${vehicle.id}/books`, { waitUntil: "networkidle" });
    const papers = owner.getByTestId("papers-form");
    await papers.getByLabel("Certificate number").fill("YK-2026-0412");
    await papers.getByLabel("Issued on").fill(day(-10));
    await papers.getByLabel("Must leave Japan by").fill(day(-12));
    await papers.getByRole("button", { name: "Save the papers" }).click();
    await expect.poll(() => owner.getByText("cannot be before the certificate was issued").count()).toBeGreaterThan(0);
    expect(await owner.getByTestId("papers-form").getByLabel("Certificate number").inputValue()).toBe("YK-2026-0412");
    await owner.getByTestId("papers-form").getByLabel("Must leave Japan by").fill(day(10));
    await owner.getByTestId("papers-form").getByRole("button", { name: "Save the papers" }).click();
    await owner.waitForURL(/saved=papers/);
    await owner.goto("/admin", { waitUntil: "networkidle" });
    expect(await owner.getByTestId("export-deadlines").textContent()).toContain(`${vehicle.refId} must leave Japan by`);

    // The permit arrives with its file: the warning goes, the file is the staff's download.
    await owner.goto(`/admin/edit/${vehicle.id}/books`, { waitUntil: "networkidle" });
    const permitForm = owner.getByTestId("papers-form");
    await permitForm.getByLabel("Export permit number").fill("1-2026-0918-7714");
    await permitForm.getByLabel("Permit day").fill(day(0));
    await permitForm.getByLabel("Export permit (PDF or photo)").setInputFiles({
      name: "permit.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
    });
    await permitForm.getByRole("button", { name: "Save the papers" }).click();
    await owner.waitForURL(/saved=papers/);
    expect(await owner.getByTestId("permit-file").textContent()).toContain("SHA-256");
    const permit = await owner.request.get(`/admin/edit/${vehicle.id}/books/permit`);
    expect(permit.headers()["content-type"]).toBe("application/pdf");
    expect(permit.headers()["cache-control"]).toBe("private, no-store");
    await owner.goto("/admin", { waitUntil: "networkidle" });
    expect(await owner.getByTestId("export-deadlines").count()).toBe(0);

    // Nobody but the staff reaches the ledger or its files.
    const visitor = await openPage(browser);
    for (const address of ["/admin/books/purchases.csv", `/admin/edit/${vehicle.id}/books/permit`]) {
      const file = await visitor.request.get(address, { maxRedirects: 0 });
      expect([302, 303, 401, 403, 404], address).toContain(file.status());
    }
  });

  it("shows no cost, margin or seller on any page, feed or file a buyer can fetch", async () => {
    const vehicle = await makeVehicle({ chassisNumber: "GP5-7007007" });
    vehicles.push(vehicle.id);
    const part = await makePart();
    await writeShopDb((db) =>
      savePurchase(
        db,
        vehicle.id,
        {
          boughtOn: "2026-11-01",
          price: "7,654,321",
          sellerKind: "company",
          sellerName: "Secret Motors KK",
          sellerAddress: "1-1 Hidden Street, Chiyoda",
          chassisNumber: "GP5-7007007",
          year: "2019",
          shipping: "1,357,911",
        },
        { id: 1, adminId: "owner" },
      ),
    );
    const token = (await writeShopDb((db) => renewFeedToken(db, { adminId: "owner" }))).token;
    // The price, the shipping cost and their total, as any page might write them; the seller's name and address.
    const secrets = [
      "7,654,321",
      "7654321",
      "1,357,911",
      "1357911",
      "9,012,232",
      "9012232",
      "Secret Motors",
      "Hidden Street",
    ];
    // A figure counts only standing alone: a longer number (a corporate number, a file's hash) holding its digits is not it.
    const alone = (secret: string) =>
      new RegExp(`(?<![0-9A-Za-z,])${secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![0-9A-Za-z]|,\\d)`);
    const addresses = [
      "/",
      "/vehicles",
      `/vehicles/${vehicle.id}`,
      `/vehicles?q=${encodeURIComponent(vehicle.refId)}`,
      "/parts",
      `/parts/${part.id}`,
      `/compare?ids=${vehicle.id}`,
      "/how-to-buy",
      "/about",
      "/faq",
      "/find-for-me",
      "/verify",
      "/sitemap.xml",
      `/feeds/${token}/vehicles.csv`,
      `/feeds/${token}/parts.csv`,
    ];
    for (const address of addresses) {
      const answer = await fetch(new URL(address, baseUrl()));
      expect(answer.status, address).toBeLessThan(400);
      const body = await answer.text();
      for (const secret of secrets) expect(alone(secret).test(body), `${address} carries ${secret}`).toBe(false);
    }
  });
});
