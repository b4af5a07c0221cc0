import fs from "node:fs";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, makeVehicle, openPage, staffPage, withShopDb, writeShopDb } from "../support/browser";

/*
 * A vehicle's auction sheet (issue 45.1), in the browser at 390 px: the owner
 * adds the sheet and its translation on a phone, a refused mileage keeps
 * every field and mark row typed, and a buyer reading Vietnamese sees the
 * sheet beside its translation, the flag in red with its Japanese term, and
 * the file's fingerprint as the shop holds it.
 */

let browser: Browser;
const made: number[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  if (made.length) await writeShopDb((db) => db.deleteFrom("vehicles").where("id", "in", made).execute());
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
/** SHOTS=<folder> keeps screenshots of what the tests saw, for a person to look at. */
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  fs.mkdirSync(process.env.SHOTS, { recursive: true });
  await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
}

const widest = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("an auction sheet", () => {
  it("is added by the owner on a phone and shown to a buyer in Vietnamese beside its translation", async () => {
    const vehicle = await makeVehicle();
    made.push(vehicle.id);
    const sheet = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#f8f4e8" } })
      .jpeg()
      .toBuffer();

    const owner = await staffPage(browser, PHONE.width);
    await owner.goto(`/admin/edit/${vehicle.id}`, { waitUntil: "networkidle" });
    await owner.getByTestId("auction-sheet-link").click();
    await owner.waitForURL(`**/admin/edit/${vehicle.id}/auction-sheet`);
    await owner.setInputFiles("#sheet-file", { name: "sheet.jpg", mimeType: "image/jpeg", buffer: sheet });
    await owner.getByLabel("Auction", { exact: true }).fill("USS Tokyo");
    await owner.getByLabel("Lot number").fill("30512");
    await owner.getByLabel("Auction date").fill("2026-10-14");
    await owner.getByLabel("Overall grade").selectOption("4.5");
    await owner.getByLabel("Exterior grade").selectOption("B");
    await owner.getByLabel("Mileage on the sheet (km)").fill("58000.5");
    await owner.getByLabel("Mark 1", { exact: true }).selectOption("A1");
    await owner.getByLabel("Where (mark 1)").selectOption("front_bumper");
    await owner.getByLabel(/Repair history/).check();
    expect(await widest(owner)).toBeLessThanOrEqual(PHONE.width);
    await owner.getByRole("button", { name: "Save the auction sheet" }).click();

    // Refused: the reason at the field, and everything typed still there, the mark row and the flag too.
    await expect.poll(() => owner.getByText("must be a whole number").count()).toBeGreaterThan(0);
    expect(await owner.getByLabel("Lot number").inputValue()).toBe("30512");
    expect(await owner.getByLabel("Mark 1", { exact: true }).inputValue()).toBe("A1");
    expect(await owner.getByLabel("Where (mark 1)").inputValue()).toBe("front_bumper");
    expect(await owner.getByLabel(/Repair history/).isChecked()).toBe(true);
    expect(
      await withShopDb((db) =>
        db.selectFrom("auction_sheets").select("id").where("vehicle_id", "=", vehicle.id).execute(),
      ),
    ).toEqual([]);

    await owner.getByLabel("Mileage on the sheet (km)").fill("58,000");
    await owner.setInputFiles("#sheet-file", { name: "sheet.jpg", mimeType: "image/jpeg", buffer: sheet });
    await owner.getByRole("button", { name: "Save the auction sheet" }).click();
    await owner.waitForURL(/saved=1/);
    await expect.poll(() => owner.getByText("Auction sheet saved.").count()).toBe(1);
    await shot(owner, "auction-sheet-owner-390");

    // The export certificate reads far fewer kilometres: the owner is warned at once, with the buyers' words.
    const certificate = owner.getByTestId("paper-export_certificate");
    await certificate.getByLabel("Number").fill("EX-2026-0042");
    await certificate.getByLabel("Date on the paper").fill("2026-11-02");
    await certificate.getByLabel("Mileage on the paper (km)").fill("31,000");
    await certificate.getByLabel("Month of first registration").fill("2019-05");
    await certificate.getByRole("button", { name: "Save" }).click();
    await owner.waitForURL(/saved=export_certificate/);
    expect(await owner.getByTestId("papers-warnings").textContent()).toContain(
      "The export certificate reads fewer kilometres than the earlier auction sheet.",
    );
    await owner.goto(`/admin/edit/${vehicle.id}`, { waitUntil: "networkidle" });
    expect(await owner.getByTestId("papers-disagree").isVisible()).toBe(true);
    await owner.close();

    const sha256 = await withShopDb((db) =>
      db
        .selectFrom("vehicle_papers")
        .select("sha256")
        .where("kind", "=", "auction_sheet")
        .where("vehicle_id", "=", vehicle.id)
        .executeTakeFirstOrThrow()
        .then((r) => r.sha256),
    );
    const buyer = await openPage(browser, { viewport: PHONE });
    await buyer.context().addCookies([{ name: "lang", value: "vi", url: baseUrl() }]);
    await buyer.goto(`/vehicles/${vehicle.id}#auction-sheet`, { waitUntil: "networkidle" });
    const box = buyer.getByTestId("auction-sheet");
    expect(await box.getByRole("heading", { level: 2 }).textContent()).toBe("Phiếu đấu giá");
    expect(await box.getByTestId("sheet-flags").textContent()).toContain("Có lịch sử sửa chữa (tai nạn)");
    expect(await box.getByTestId("sheet-flags").textContent()).toContain("修復歴");
    expect(await box.getByTestId("sheet-marks").textContent()).toBe("A1: vết xước nhỏ ở cản trước");
    expect(await box.getByTestId("sheet-rows").textContent()).toContain("58.000 km");
    expect(await box.getByTestId("sheet-sha256").textContent()).toBe(sha256);
    // Every paper side by side, the warning in the buyer's language.
    const papers = buyer.getByTestId("papers-check");
    expect(await papers.getByTestId("papers-warning").count()).toBeGreaterThan(0);
    expect(await papers.locator('tr[data-source="export_certificate"]').textContent()).toContain("31.000 km");
    // The sheet itself loads (the page's own, made smaller for a phone), and nothing is wider than the phone.
    const picture = box.locator("img");
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(300);
    expect(await widest(buyer)).toBeLessThanOrEqual(PHONE.width);
    await shot(buyer, "auction-sheet-vi-390");

    // The papers' proof pack, from the vehicle page to /verify: each file's fingerprint as kept.
    await buyer.getByTestId("pack-code").getByRole("link").click();
    await buyer.waitForURL(/\/verify\/[0-9A-Z]{4}-/);
    const pack = buyer.getByTestId("proof-pack");
    // The pack's own title (with its code) is the page's one heading, not "Check an invoice".
    const headings = buyer.getByRole("heading", { level: 1 });
    expect(await headings.count()).toBe(1);
    expect(await headings.textContent()).toMatch(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/);
    expect(await pack.textContent()).toContain(sha256);
    expect(await pack.locator('[data-current="yes"]').count()).toBeGreaterThan(1);
    expect(await widest(buyer)).toBeLessThanOrEqual(PHONE.width);
    await shot(buyer, "proof-pack-vi-390");

    // The file as kept: its fingerprint is the one printed; an older or unknown version is not served.
    const original = await fetch(`${baseUrl()}/vehicles/${vehicle.id}/auction-sheet/1`);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-security-policy")).toContain("sandbox");
    const bytes = Buffer.from(await original.arrayBuffer());
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(sha256);
    expect((await fetch(`${baseUrl()}/vehicles/${vehicle.id}/auction-sheet/2`)).status).toBe(404);
    await buyer.close();
  });
});
