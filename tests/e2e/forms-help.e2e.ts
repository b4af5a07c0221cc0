import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, openPage, staffPage, withShopDb, writeShopDb } from "../support/browser";

/**
 * Forms that help (issue 42.8) on a 390 px phone: the quote form starts from
 * the country chosen in "Importing into", the phone takes its calling code,
 * a mistyped mail provider is pointed out; the owner's photo box says at once
 * which picked file will not go.
 */

let browser: Browser;
const unique = Date.now().toString(36);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "forms-help-"));
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await writeShopDb((db) => db.deleteFrom("quotes").where("email", "like", `%${unique}%`).execute());
  fs.rmSync(folder, { recursive: true, force: true });
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };

describe("the quote form on a phone", () => {
  it("starts from the country chosen, fills its calling code, hints at a mistyped e-mail and stores both in full", async () => {
    const vehicle = await withShopDb((db) =>
      db
        .selectFrom("vehicles")
        .select("id")
        .where("stock_status", "=", "available")
        .orderBy("id")
        .executeTakeFirstOrThrow(),
    );
    const page = await openPage(browser, { viewport: PHONE });
    await page.context().addCookies([{ name: "import_country", value: "Kenya", url: baseUrl() }]);
    await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: "networkidle" });
    const form = page.getByTestId("quote-form");
    const country = form.getByLabel("Country");
    const phone = form.getByLabel("Phone");
    expect(await country.inputValue()).toBe("Kenya");
    expect(await phone.inputValue()).toBe("+254 ");
    // Another country chosen while the phone holds only a code: the code follows it.
    await country.fill("Tanzania");
    expect(await phone.inputValue()).toBe("+255 ");
    await country.fill("Kenya");
    expect(await phone.inputValue()).toBe("+254 ");

    const email = form.getByLabel("Email");
    await email.fill(`wanjiru.${unique}@gmial.com`);
    await form.getByLabel("Name").click();
    const hint = form.getByRole("status").filter({ hasText: "did you mean" });
    expect(await hint.textContent()).toContain("gmial.com: did you mean gmail.com?");
    await hint.getByRole("button", { name: `Use wanjiru.${unique}@gmail.com` }).click();
    expect(await email.inputValue()).toBe(`wanjiru.${unique}@gmail.com`);
    expect(await hint.count()).toBe(0);

    await form.getByLabel("Name").fill("Grace Wanjiru");
    await phone.fill("0712 345 678");
    await form.getByLabel("Message").fill("CIF Mombasa, please");
    await form.getByRole("button", { name: "Get Free Quote" }).click();
    await page.getByTestId("quote-sent").waitFor();
    const saved = await withShopDb((db) =>
      db
        .selectFrom("quotes")
        .select(["country", "phone", "email"])
        .where("email", "=", `wanjiru.${unique}@gmail.com`)
        .executeTakeFirstOrThrow(),
    );
    expect(saved).toEqual({ country: "Kenya", phone: "+254 712 345 678", email: `wanjiru.${unique}@gmail.com` });
    await page.context().close();
  });
});

describe("the owner's photo box", () => {
  it("takes a file over 25 MB or of another type out of the pick, names it beside the box and keeps the focus there", async () => {
    const files = {
      good: path.join(folder, "front.jpg"),
      another: path.join(folder, "back.jpg"),
      big: path.join(folder, "IMG_4032.jpg"),
      heic: path.join(folder, "IMG_4033.HEIC"),
    };
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    fs.writeFileSync(files.good, Buffer.concat([jpegStart, Buffer.alloc(1024)]));
    fs.writeFileSync(files.another, Buffer.concat([jpegStart, Buffer.alloc(2048)]));
    fs.writeFileSync(files.big, Buffer.concat([jpegStart, Buffer.alloc(25 * 1024 * 1024)]));
    fs.writeFileSync(files.heic, Buffer.alloc(2048));
    const page = await staffPage(browser, 390);
    await page.goto("/admin/upload-vehicle", { waitUntil: "networkidle" });
    const box = page.getByLabel("Photos (the first is the cover)");
    await box.setInputFiles([files.good, files.big, files.heic]);
    const refused = page.getByTestId("photos-refused");
    await refused.waitFor();
    expect(await refused.getByRole("listitem").allTextContents()).toEqual([
      expect.stringMatching(/^IMG_4032\.jpg: Image is larger than/),
      "IMG_4033.HEIC: Only JPG, PNG or WebP images are accepted.",
    ]);
    expect(await box.evaluate((input: HTMLInputElement) => [...input.files!].map((f) => f.name))).toEqual([
      "front.jpg",
    ]);
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await box.getAttribute("aria-describedby")).toBe(await refused.getAttribute("id"));
    // A good pick afterwards clears what was said.
    await box.setInputFiles([files.good, files.another]);
    await expect.poll(() => refused.count()).toBe(0);
    await page.context().close();
  });
});
