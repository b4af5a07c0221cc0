import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, seriousAccessibilityProblems, staffPage, withShopDb, writeShopDb } from "../support/browser";
import { makeZip } from "../support/zip";

/*
 * Issue 23 in the browser: the owner uploads a stock file and its photos'
 * ZIP, reads the preview (a new row, an update, an error by its cell), imports
 * the good rows and follows the progress to the result; the photos are on the
 * vehicle's page, and the same file again changes nothing. On a phone's width.
 * The vehicles this file lists have refs starting SI-E2E- and are removed after.
 */

let browser: Browser;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stock-import-e2e-"));

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await writeShopDb((db) => db.deleteFrom("vehicles").where("ref_id", "like", "SI-E2E-%").execute());
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("importing stock from a spreadsheet", () => {
  it("previews, imports with photos, and changes nothing the second time", async () => {
    // One vehicle already listed, whose price the file changes.
    const page = await staffPage(browser, 390);
    const res = await page.request.post("/admin/api/upload/vehicle", {
      multipart: { refId: "SI-E2E-OLD", make: "Mazda", model: "Demio", year: "2016", price: "450000" },
    });
    expect(res.status(), await res.text()).toBe(200);

    const csvFile = path.join(dir, "stock.csv");
    fs.writeFileSync(
      csvFile,
      "\uFEFFref_id;make;model;year;price;milage;wheel;desc\r\n" +
        'SI-E2E-NEW;Toyota;Corolla;2019;1250000;45000;Right;"Clean; one owner"\r\n' +
        "SI-E2E-OLD;Mazda;Demio;2016;420000;;;\r\n" +
        "SI-E2E-BAD;Toyota;Corolla;1850;900000;;;\r\n",
    );
    const photos = await Promise.all(
      [30, 200].map((hue) =>
        sharp({ create: { width: 800, height: 600, channels: 3, background: { r: hue, g: 120, b: 90 } } })
          .jpeg()
          .toBuffer(),
      ),
    );
    const zipFile = path.join(dir, "photos.zip");
    fs.writeFileSync(
      zipFile,
      makeZip([
        { path: "SI-E2E-NEW_1.jpg", data: photos[0]! },
        { path: "SI-E2E-NEW_2.jpg", data: photos[1]! },
      ]),
    );

    await page.goto("/admin/stock-import");
    await page.getByLabel("Vehicles").check();
    await page.getByLabel("CSV file", { exact: true }).setInputFiles(csvFile);
    await page.getByLabel("Photos (optional ZIP)").setInputFiles(zipFile);
    await page.getByRole("button", { name: "See what it would do" }).click();
    await page.waitForURL(/\/admin\/stock-import\/\d+$/);

    const rows = page.getByTestId("import-row");
    await expect.poll(() => rows.count()).toBe(3);
    const outcome = (line: number) => page.locator(`[data-testid=import-row][data-line="${line}"]`);
    expect(await outcome(2).getByTestId("row-outcome").textContent()).toBe("New");
    expect(await outcome(2).textContent()).toContain("2 photos");
    expect(await outcome(3).getByTestId("row-outcome").textContent()).toBe("Update");
    expect(await outcome(3).textContent()).toContain("Changes: price");
    expect(await outcome(4).getByTestId("row-outcome").textContent()).toBe("Error");
    expect(await outcome(4).getByTestId("row-problem").textContent()).toMatch(
      /^D4 \(year\): Year must be from 1980 to \d{4}$/,
    );
    // Nothing is written before the owner's word.
    expect(
      await withShopDb((db) =>
        db.selectFrom("vehicles").select("id").where("ref_id", "=", "SI-E2E-NEW").executeTakeFirst(),
      ),
    ).toBeUndefined();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("button", { name: "Import 2 rows" }).click();
    const result = page.getByTestId("import-result");
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toMatch(/1 new, 1 updated, 0 unchanged, 1 rows not written; 2 photos stored/);

    const imported = await withShopDb((db) =>
      db
        .selectFrom("vehicles")
        .select(["id", "price", "mileage", "steering", "description"])
        .where("ref_id", "in", ["SI-E2E-NEW", "SI-E2E-OLD"])
        .orderBy("ref_id")
        .execute(),
    );
    expect(imported.map((v) => [v.price, v.mileage, v.steering, v.description])).toEqual([
      [1_250_000, 45_000, "Right", "Clean; one owner"],
      [420_000, null, null, ""],
    ]);
    const keys = await withShopDb((db) =>
      db
        .selectFrom("vehicle_images")
        .select("media_key")
        .where("vehicle_id", "=", imported[0]!.id)
        .orderBy("position")
        .execute(),
    );
    expect(keys).toHaveLength(2);
    await page.goto(`/vehicles/${imported[0]!.id}`);
    expect(await page.locator(`main img[src*="${keys[0]!.media_key}"]`).count()).toBeGreaterThan(0);

    // The same file and ZIP again: every good row unchanged.
    await page.goto("/admin/stock-import");
    await page.getByLabel("CSV file", { exact: true }).setInputFiles(csvFile);
    await page.getByLabel("Photos (optional ZIP)").setInputFiles(zipFile);
    await page.getByRole("button", { name: "See what it would do" }).click();
    await page.waitForURL(/\/admin\/stock-import\/\d+$/);
    const counts = page.getByTestId("import-counts");
    expect(await counts.locator("[data-outcome=unchanged]").textContent()).toMatch(/^2/);
    expect(await counts.locator("[data-outcome=new]").textContent()).toMatch(/^0/);
    expect(await page.getByRole("button", { name: /^Import/ }).isDisabled()).toBe(true);
  });

  it("refuses a workbook by the file's field, keeping the page", async () => {
    const page = await staffPage(browser, 390);
    const xlsx = path.join(dir, "stock.xlsx");
    fs.writeFileSync(xlsx, makeZip([{ path: "xl/workbook.xml", data: Buffer.from("<workbook/>") }]));
    await page.goto("/admin/stock-import");
    await page.getByLabel("CSV file", { exact: true }).setInputFiles(xlsx);
    await page.getByRole("button", { name: "See what it would do" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toMatch(/Excel workbook, not a CSV file/);
    expect(page.url()).toMatch(/\/admin\/stock-import$/);
  });
});
