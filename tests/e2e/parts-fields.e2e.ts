import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, openPage, staffCookie, withShopDb, writeShopDb } from "../support/browser";

/*
 * Issue 17.7 and 17.8: a part's year, mileage, colour and fuel, from Upload
 * Part and Edit Part to the part page; and the parts list filtered by year.
 * Issue 23: the cars a part fits, typed in Edit Part, shown on the part page
 * and found by "Fits my car"; the part number typed any way; low stock for
 * the owner. The parts this file lists have refs starting PF-E2E- and are
 * removed after.
 */

let browser: Browser;
let staff: string;

/** A page signed in as the owner. */
async function ownerPage(options: Parameters<typeof openPage>[1] = {}): Promise<Page> {
  const page = await openPage(browser, options);
  await page.context().addCookies([{ name: "staff_sid", value: staff.split("=")[1]!, url: baseUrl() }]);
  return page;
}

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

/**
 * The ids of the parts a list page shows, read in one go: link by link, a
 * list that changed between two reads left a link to wait for until timeout.
 */
async function shownIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByTestId("list-results")
    .getByTestId("stock-card-link")
    .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
  return hrefs.map((href) => Number(href.split("/").pop()));
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

describe("the cars a part fits (issue 23)", () => {
  it("the owner types them in Edit Part; the part page lists them; Fits my car and the part number find the part", async () => {
    // Brake pads for a Camry, and a part for another car: neither lists a car yet, and no text names the number.
    const pads = await listPart({
      refId: "PF-E2E-PADS",
      name: "Front brake pad set",
      partNumber: "04465-33450",
      description: "Genuine pads, boxed.",
    });
    const other = await listPart({
      refId: "PF-E2E-OTHER",
      name: "Corolla front brake pad set",
      fitment: "Toyota / Corolla / NZE161 / 2012-2018",
    });

    const page = await ownerPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`/admin/edit-parts/${pads}`, { waitUntil: "networkidle" });
    const edit = page.getByTestId("edit-form");
    const box = edit.getByLabel("Cars this part fits, one per line");
    expect(await box.inputValue()).toBe("");
    // A car written wrongly: the message names it, by the box, and what was typed stays.
    const typed = "Toyota / Camry / ACV40 / 2006-2011\nToyota Camry 2012";
    await box.fill(typed);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText("Car 2 (Toyota Camry 2012): write it as Make / Model / model code / years").waitFor();
    expect(await box.inputValue()).toBe(typed);
    expect(await box.getAttribute("aria-invalid")).toBe("true");
    const fitted = () =>
      withShopDb((db) =>
        db
          .selectFrom("part_fitments")
          .select(["make", "model", "model_code", "year_from", "year_to"])
          .where("part_id", "=", pads)
          .orderBy("position")
          .execute(),
      );
    expect(await fitted()).toEqual([]);

    await box.fill("Toyota / Camry / acv40 / 2006-2011\nToyota / Camry / AVV50 / 2012-\nLexus / ES / / -2012");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL(/\/admin\/all-parts-products\?notice=updated$/);
    expect(await fitted()).toEqual([
      { make: "Toyota", model: "Camry", model_code: "ACV40", year_from: 2006, year_to: 2011 },
      { make: "Toyota", model: "Camry", model_code: "AVV50", year_from: 2012, year_to: null },
      { make: "Lexus", model: "ES", model_code: null, year_from: null, year_to: 2012 },
    ]);
    // The edit screen shows them back, a line each.
    await page.goto(`/admin/edit-parts/${pads}`, { waitUntil: "networkidle" });
    expect(await box.inputValue()).toBe(
      "Toyota / Camry / ACV40 / 2006-2011\nToyota / Camry / AVV50 / 2012-\nLexus / ES / / -2012",
    );

    // The part page: a table on a computer...
    await page.goto(`/parts/${pads}`);
    const rows = page.getByTestId("fitment-table").locator("tbody tr");
    expect(await rows.allInnerTexts()).toEqual([
      "Toyota\tCamry\tACV40\t2006–2011",
      "Toyota\tCamry\tAVV50\tfrom 2012",
      "Lexus\tES\tall codes\tup to 2012",
    ]);
    await expect.poll(() => page.getByTestId("fitment-list").isVisible()).toBe(false);
    // ... a list on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const items = page.getByTestId("fitment-list").locator("li");
    await expect.poll(() => items.first().isVisible()).toBe(true);
    expect((await items.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim())).toEqual([
      "Toyota Camry ACV40 · 2006–2011",
      "Toyota Camry AVV50 · from 2012",
      "Lexus ES all codes · up to 2012",
    ]);
    expect(await page.getByTestId("fitment-table").isVisible()).toBe(false);
    await page.context().close();

    // Fits my car, from the address: a 2008 Camry gets the pads, not the Corolla's; a 2005 Camry neither.
    const list = await openPage(browser, { javaScriptEnabled: false });
    await list.goto("/parts?FitMake=Toyota&FitModel=Camry&FitYear=2008&PerPage=100");
    let ids = await shownIds(list);
    expect(ids).toContain(pads);
    expect(ids).not.toContain(other);
    await list.goto("/parts?FitMake=toyota&FitModel=camry&FitYear=2005&PerPage=100");
    expect(await shownIds(list)).not.toContain(pads);
    await list.goto("/parts?FitMake=Toyota&FitModel=Corolla&FitYear=2015&PerPage=100");
    ids = await shownIds(list);
    expect(ids).toContain(other);
    expect(ids).not.toContain(pads);
    // The part number typed with a space, without the dash, in any case.
    for (const typed of ["04465 33450", "0446533450", "04465-33450"]) {
      await list.goto(`/parts?Keyword=${encodeURIComponent(typed)}`);
      expect(await shownIds(list), typed).toEqual([pads]);
    }
    await list.context().close();

    // The filter panel offers the cars the parts name and goes to the address with them.
    const panelPage = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    await panelPage.goto("/parts", { waitUntil: "networkidle" });
    const panel = panelPage.getByTestId("filter-panel");
    await panel.getByLabel("Car make").selectOption("Toyota");
    await panelPage.waitForURL((u) => u.search === "?FitMake=Toyota");
    await panel.getByLabel("Car model").selectOption("Camry");
    await panelPage.waitForURL((u) => u.search === "?FitMake=Toyota&FitModel=Camry");
    // The address changes a moment before the panel shows it: a year chosen before would go without the model.
    await expect.poll(() => panel.getByLabel("Car model").inputValue()).toBe("Camry");
    await panel.getByLabel("Car year").selectOption("2008");
    await panelPage.waitForURL((u) => u.search === "?FitMake=Toyota&FitModel=Camry&FitYear=2008");
    await expect.poll(() => shownIds(panelPage)).toContain(pads);
    expect(await shownIds(panelPage)).not.toContain(other);
    await panelPage.context().close();
  });

  it("the dashboard counts the parts low on stock and leads to the parts table showing only them", async () => {
    await listPart({ refId: "PF-E2E-LOW", name: "Last two radiators", quantity: "2" });
    await listPart({ refId: "PF-E2E-PLENTY", name: "Many radiators", quantity: "40" });
    const count = await withShopDb(async (db) =>
      Number(
        (
          await db
            .selectFrom("parts")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("quantity", "<", 10)
            .where("stock_status", "!=", "sold")
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    const page = await ownerPage({ viewport: { width: 1366, height: 900 } });
    await page.goto("/admin", { waitUntil: "networkidle" });
    const link = page.getByTestId("low-stock");
    expect(await link.textContent()).toBe(
      count === 1 ? "1 part is low on stock (under 10)" : `${count} parts are low on stock (under 10)`,
    );
    await link.click();
    await page.waitForURL(/\/admin\/all-parts-products\?stock=low$/);
    expect(await page.getByLabel("Low stock only").isChecked()).toBe(true);
    expect(await page.getByTestId("table-total").textContent()).toContain(
      count === 1 ? "1 part ·" : `${count} parts ·`,
    );
    const table = page.getByTestId("stock-table");
    expect(await table.getByText("PF-E2E-LOW", { exact: false }).count()).toBe(1);
    expect(await table.getByText("PF-E2E-PLENTY", { exact: false }).count()).toBe(0);
    // Unticked, every part again.
    await page.getByLabel("Low stock only").uncheck();
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((u) => !u.search.includes("stock=low"));
    expect(await table.getByText("PF-E2E-PLENTY", { exact: false }).count()).toBe(1);
    await page.context().close();
  });
});
