import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, openPage, staffCookie, withShopDb, writeShopDb } from "../support/browser";

/*
 * Issue 17.7 and 17.8: a part's year, mileage, colour and fuel, from Upload
 * Part and Edit Part to the part page; and the parts list filtered by year.
 * The parts this file lists have refs starting PF-E2E- and are removed after.
 */

let browser: Browser;
let staff: string;

/** Lists a part through the upload endpoint, as the Upload Part screen sends it. */
async function listPart(fields: Record<string, string>): Promise<number> {
  const form = new FormData();
  const all = { price: "48,000", make: "Toyota", model: "Hiace", type: "Engine", subType: "Turbocharger", ...fields };
  for (const [k, v] of Object.entries(all)) form.set(k, v);
  const res = await fetch(`${baseUrl()}/admin/api/upload/part`, {
    method: "POST",
    body: form,
    headers: { Cookie: staff },
  });
  const body = (await res.json()) as { ok: boolean; id: number; message: string };
  expect(body, body.message).toMatchObject({ ok: true });
  return body.id;
}

const partRow = (refId: string) =>
  withShopDb((db) =>
    db
      .selectFrom("parts")
      .select(["id", "year", "mileage", "color", "fuel"])
      .where("ref_id", "=", refId)
      .executeTakeFirstOrThrow(),
  );

/** The specification table of a detail page, label to value. */
async function specTable(page: Page): Promise<Record<string, string>> {
  const rows = page.getByTestId("spec-table").locator("tr");
  const table: Record<string, string> = {};
  for (const row of await rows.all()) {
    table[(await row.locator("th").textContent())!.trim()] = (await row.locator("td").textContent())!.trim();
  }
  return table;
}

/** The ids of the parts a list page shows. */
async function shownIds(page: Page): Promise<number[]> {
  const links = await page.getByTestId("list-results").getByTestId("stock-card-link").all();
  return Promise.all(links.map(async (l) => Number((await l.getAttribute("href"))!.split("/").pop())));
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await staffCookie();
});
afterAll(async () => {
  await writeShopDb((db) => db.deleteFrom("parts").where("ref_id", "like", "PF-E2E-%").execute());
  await browser?.close();
});

describe("the parts list by year", () => {
  it("/parts?YearFrom=2014&YearTo=2014 shows only parts of 2014, and the panel shows the years", async () => {
    const of2014 = await listPart({ refId: "PF-E2E-Y2014", name: "Turbocharger of a 2014 Hiace", year: "2014" });
    const of2013 = await listPart({ refId: "PF-E2E-Y2013", name: "Turbocharger of a 2013 Hiace", year: "2013" });
    const undated = await listPart({ refId: "PF-E2E-NOYEAR", name: "New turbocharger for the Hiace", year: "" });

    const page = await openPage(browser, { javaScriptEnabled: false });
    const response = await page.goto("/parts?YearFrom=2014&YearTo=2014&PerPage=100");
    expect(response?.status()).toBe(200);
    const ids = await shownIds(page);
    expect(ids).toContain(of2014);
    expect(ids).not.toContain(of2013);
    expect(ids).not.toContain(undated);
    const years = await withShopDb(async (db) => {
      const all = await db.selectFrom("parts").select(["id", "year"]).execute();
      return {
        shown: all.filter((p) => ids.includes(p.id)).map((p) => p.year),
        of2014: all.filter((p) => p.year === 2014).length,
        total: all.length,
      };
    });
    expect(new Set(years.shown)).toEqual(new Set([2014]));
    expect(ids).toHaveLength(years.of2014);
    expect(years.total).toBeGreaterThan(ids.length);
    expect(await page.getByTestId("list-status").textContent()).toContain(
      years.of2014 === 1 ? "1 part found" : `${years.of2014} parts found`,
    );
    // The filter panel has the year inputs, prefilled from the address.
    const panel = page.getByTestId("filter-panel");
    expect(await panel.getByLabel("Year from").inputValue()).toBe("2014");
    expect(await panel.getByLabel("Year to").inputValue()).toBe("2014");
    await page.context().close();
  });

  it("choosing a year in the panel goes to the address with SPEC's parameter names", async () => {
    const page = await openPage(browser);
    await page.goto("/parts", { waitUntil: "networkidle" });
    const panel = page.getByTestId("filter-panel");
    await panel.getByLabel("Year from").selectOption("2013");
    await page.waitForURL((u) => u.search === "?YearFrom=2013");
    await panel.getByLabel("Year to").selectOption("2013");
    await page.waitForURL((u) => u.search === "?YearFrom=2013&YearTo=2013");
    const of2013 = await withShopDb((db) =>
      db
        .selectFrom("parts")
        .select("id")
        .where("year", "=", 2013)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute(),
    );
    await expect.poll(() => shownIds(page)).toEqual(of2013.map((p) => p.id).slice(0, 20));
    await page.context().close();
  });
});

describe("a part's car on Upload Part, Edit Part and the part page", () => {
  it("saves the mileage, colour and fuel typed and chosen, shows them, and edits them", async () => {
    const page = await openPage(browser);
    await page.context().addCookies([{ name: "staff_sid", value: staff.split("=")[1]!, url: baseUrl() }]);
    await page.goto("/admin/upload-part", { waitUntil: "networkidle" });
    const form = page.getByTestId("upload-part-form");
    await form.getByLabel("Ref ID").fill("PF-E2E-ENGINE");
    await form.getByLabel("Name", { exact: true }).fill("Toyota Land Cruiser 1VD engine");
    await form.getByLabel("Price (¥)").fill("420,000");
    await form.getByLabel("Make").selectOption("Toyota");
    await form.getByLabel("Model").selectOption("Land Cruiser");
    await form.getByLabel("Year").selectOption("2014");
    await form.getByLabel("Mileage (km)").fill("85,000");
    await form.getByLabel("Fuel").selectOption("diesel");
    await form.getByLabel("Color").selectOption("Pearl White");
    await form.getByLabel(/^Type/).selectOption("Engine");
    await form.getByLabel("SubType").selectOption("Complete Engine");
    await form.getByRole("button", { name: "Upload part" }).click();
    await page.getByText("Upload complete").waitFor();
    const part = await partRow("PF-E2E-ENGINE");
    expect(part).toMatchObject({ year: 2014, mileage: 85_000, color: "Pearl White", fuel: "diesel" });

    await page.goto(`/parts/${part.id}`);
    expect(await specTable(page)).toMatchObject({
      Year: "2014",
      Mileage: "85,000 km",
      Fuel: "Diesel",
      Color: "Pearl White",
    });

    await page.goto(`/admin/edit-parts/${part.id}`, { waitUntil: "networkidle" });
    const edit = page.getByTestId("edit-form");
    expect(await edit.getByLabel("Mileage (km)").inputValue()).toBe("85000");
    expect(await edit.getByLabel("Fuel").inputValue()).toBe("diesel");
    expect(await edit.getByLabel("Color").inputValue()).toBe("Pearl White");
    await edit.getByLabel("Mileage (km)").fill("92000");
    await edit.getByLabel("Fuel").selectOption("petrol");
    await edit.getByLabel("Color").selectOption("Black");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(/\/admin\/all-parts-products\?notice=updated$/);
    expect(await partRow("PF-E2E-ENGINE")).toMatchObject({ mileage: 92_000, color: "Black", fuel: "petrol" });
    await page.goto(`/parts/${part.id}`);
    expect(await specTable(page)).toMatchObject({ Mileage: "92,000 km", Fuel: "Petrol", Color: "Black" });

    // Cleared, the rows leave the page rather than say N/A (a tyre has none of them).
    await page.goto(`/admin/edit-parts/${part.id}`, { waitUntil: "networkidle" });
    await edit.getByLabel("Year").selectOption("");
    await edit.getByLabel("Mileage (km)").fill("");
    await edit.getByLabel("Fuel").selectOption("");
    await edit.getByLabel("Color").selectOption("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(/\/admin\/all-parts-products\?notice=updated$/);
    await page.goto(`/parts/${part.id}`);
    const table = await specTable(page);
    for (const label of ["Year", "Mileage", "Fuel", "Color"]) expect(table).not.toHaveProperty(label);
    expect(table).toMatchObject({ Make: "Toyota", Model: "Land Cruiser" });
    await page.context().close();
  });

  it("refuses a mileage that is not a whole number with the vehicle form's message, keeping what was typed", async () => {
    const page = await openPage(browser);
    await page.context().addCookies([{ name: "staff_sid", value: staff.split("=")[1]!, url: baseUrl() }]);
    const id = await listPart({ refId: "PF-E2E-BADKM", name: "Hiace turbocharger", year: "2015", mileage: "70000" });
    await page.goto(`/admin/edit-parts/${id}`, { waitUntil: "networkidle" });
    const edit = page.getByTestId("edit-form");
    await edit.getByLabel("Mileage (km)").fill("about 70k");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText("Mileage must be a whole number").waitFor();
    expect(await edit.getByLabel("Mileage (km)").inputValue()).toBe("about 70k");
    expect(await partRow("PF-E2E-BADKM")).toMatchObject({ mileage: 70_000 });
    await page.context().close();
  });
});

describe("photos picked on the upload screens", () => {
  it("more than ten are cut to the first ten and the screen says so, on Upload Part as on Upload Vehicle", async () => {
    const page = await openPage(browser);
    await page.context().addCookies([{ name: "staff_sid", value: staff.split("=")[1]!, url: baseUrl() }]);
    const picks = Array.from({ length: 11 }, (_, i) => ({
      name: `photo-${i + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: Buffer.from([0xff, 0xd8, 0xff, i]),
    }));
    for (const [screen, form] of [
      ["/admin/upload-part", "upload-part-form"],
      ["/admin/upload-vehicle", "upload-vehicle-form"],
    ] as const) {
      await page.goto(screen, { waitUntil: "networkidle" });
      const photos = page.getByTestId(form).getByLabel("Photos (the first is the cover)");
      await photos.setInputFiles(picks);
      await page.getByText("Only the first 10 of 11 images will be uploaded.").waitFor();
      expect(await photos.evaluate((input: HTMLInputElement) => input.files?.length), screen).toBe(10);
      await photos.setInputFiles(picks.slice(0, 3));
      await page.getByText("3 images chosen.").waitFor();
    }
    await page.context().close();
  });
});
