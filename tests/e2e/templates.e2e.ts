import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIES } from "~/utils/cookies";
import {
  baseUrl,
  launchBrowser,
  openPage,
  seriousAccessibilityProblems,
  withShopDb,
  writeShopDb,
} from "../support/browser";
import { cookieFrom } from "../support/set-cookie";
import { signInStaff } from "../support/sign-in";

/*
 * Reply templates (issue 20): the owner keeps named offer texts with
 * placeholders, sees them filled with example details as they type, and a
 * refused template keeps what was typed. Every template this file makes is
 * named with its own prefix and deleted afterwards.
 */

let browser: Browser;
const shots = path.resolve("test-results/templates");
const PREFIX = `E2E ${Date.now().toString(36)}`;
const FIRST = `${PREFIX} first offer`;
const BODY = "Dear {buyer_name},\nWe offer the {vehicle} at {total} to {port} until {valid_until}.";

const templateRows = () =>
  withShopDb((db) =>
    db.selectFrom("reply_templates").select(["id", "name", "body"]).where("name", "like", `${PREFIX}%`).execute(),
  );

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await writeShopDb((db) => db.deleteFrom("reply_templates").where("name", "like", `${PREFIX}%`).execute());
  await browser?.close();
});

/** The Reply templates screen, signed in as the demo owner (over HTTP, its session cookie given to the browser). */
async function templatesPage(width: number, options: BrowserContextOptions = {}): Promise<Page> {
  const signedIn = await signInStaff(baseUrl());
  const [name, value] = cookieFrom(signedIn, COOKIES.staffSession.name).split("=") as [string, string];
  const page = await openPage(browser, { viewport: { width, height: 900 }, ...options });
  await page.context().addCookies([{ name, value, url: baseUrl() }]);
  await page.goto("/admin/templates", { waitUntil: "networkidle" });
  return page;
}

describe("reply templates", () => {
  it("the owner adds a template, with the preview filled as they type, and sees it in the list", async () => {
    const page = await templatesPage(1366);
    expect(await page.locator("h1").textContent()).toBe("Reply templates");
    expect(
      await page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Reply templates" })
        .getAttribute("aria-current"),
    ).toBe("page");
    // The placeholders the owner may use, each with its meaning.
    const chips = await page.getByTestId("template-placeholders").locator("li").allInnerTexts();
    expect(chips.map((chip) => chip.replace(/\s+/g, " "))).toEqual([
      "{buyer_name} The buyer's name",
      "{vehicle} The vehicle: year, make and model",
      "{total} The offer's total price",
      "{port} The port it is shipped to",
      "{valid_until} The last day the offer stands",
    ]);

    const form = page.getByTestId("template-form");
    await form.getByLabel("Name", { exact: true }).fill(FIRST);
    await form.getByLabel("Text", { exact: true }).fill(BODY);
    await expect
      .poll(() => page.getByTestId("template-preview").innerText())
      .toBe(
        "Dear Amal Perera,\nWe offer the 2019 Toyota Aqua at ¥1,250,000 to Colombo, Sri Lanka until 30 November 2026.",
      );
    await page.getByRole("button", { name: "Add template" }).click();
    await page.waitForURL(/\/admin\/templates\?saved=added$/);
    expect(await page.getByRole("status").textContent()).toBe("Template added.");

    const row = page.getByTestId("template-row").filter({ hasText: FIRST });
    expect(await row.innerText()).toContain("Dear {buyer_name},");
    expect(await templateRows()).toEqual([expect.objectContaining({ name: FIRST, body: BODY })]);
    // The form is empty again for the next one.
    expect(await form.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    await page.context().close();
  });

  it("a refused template keeps what was typed, says why, and nothing is saved", async () => {
    const page = await templatesPage(390);
    const form = page.getByTestId("template-form");
    const taken = FIRST.toUpperCase();
    await form.getByLabel("Name", { exact: true }).fill(taken);
    await form.getByLabel("Text", { exact: true }).fill("Dear {buyer}, about the {vehicle}.");
    // The preview leaves the mistake as typed and names it.
    await page.getByTestId("template-preview-unknown").getByText("The shop cannot fill in {buyer}.").waitFor();
    expect(await page.getByTestId("template-preview").innerText()).toBe("Dear {buyer}, about the 2019 Toyota Aqua.");

    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Add template" }).click();
    expect((await answer).status()).toBe(400);
    await form.getByText(`A template named “${FIRST}” already exists.`).waitFor();
    expect(
      await form
        .getByText(
          "The text uses {buyer}, which the shop cannot fill in. Use only these placeholders: {buyer_name}, {vehicle}, {total}, {port}, {valid_until}.",
        )
        .count(),
    ).toBe(1);
    expect(await form.getByLabel("Name", { exact: true }).inputValue()).toBe(taken);
    expect(await form.getByLabel("Text", { exact: true }).inputValue()).toBe("Dear {buyer}, about the {vehicle}.");
    expect((await templateRows()).map((r) => r.name)).toEqual([FIRST]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.context().close();
  });

  it("without JavaScript the owner edits a template in place, is refused with the text kept, and deletes it", async () => {
    const page = await templatesPage(390, { javaScriptEnabled: false });
    await page.getByRole("link", { name: `Edit ${FIRST}` }).click();
    await page.waitForURL(/\?edit=\d+/);
    const form = page.getByTestId("template-form");
    expect(await form.getByLabel("Text", { exact: true }).inputValue()).toBe(BODY);

    await form.getByLabel("Text", { exact: true }).fill("Dear {name},");
    const refused = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Save changes" }).click();
    expect((await refused).status()).toBe(400);
    await form.getByText(/^The text uses \{name\}/).waitFor();
    expect(await form.getByLabel("Text", { exact: true }).inputValue()).toBe("Dear {name},");

    const renamed = `${PREFIX} opening offer`;
    await form.getByLabel("Name", { exact: true }).fill(renamed);
    await form.getByLabel("Text", { exact: true }).fill("Dear {BUYER_NAME},");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(/saved=updated$/);
    expect(await templateRows()).toEqual([expect.objectContaining({ name: renamed, body: "Dear {BUYER_NAME}," })]);

    await page.getByRole("button", { name: `Delete ${renamed}` }).click();
    await page.waitForURL(/saved=deleted$/);
    expect(await templateRows()).toEqual([]);
    const log = await withShopDb((db) =>
      db
        .selectFrom("activity_log")
        .select("action")
        .where("subject_kind", "=", "reply_template")
        .where("summary", "like", `%${PREFIX}%`)
        .orderBy("id")
        .execute(),
    );
    expect(log.map((l) => l.action)).toEqual(["template.created", "template.updated", "template.deleted"]);
    await page.context().close();
  });

  it("deleting asks first; the screen has no serious accessibility problems at phone and desktop widths", async () => {
    const name = `${PREFIX} follow-up`;
    await writeShopDb((db) =>
      db
        .insertInto("reply_templates")
        .values({ name, body: BODY, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
        .execute(),
    );
    for (const width of [390, 1366]) {
      const page = await templatesPage(width);
      await page.getByRole("link", { name: `Edit ${name}` }).click();
      await page.waitForURL(/\?edit=\d+/);
      await page.getByRole("heading", { name: `Edit “${name}”` }).waitFor();
      expect(await seriousAccessibilityProblems(page), `at ${width}px`).toEqual([]);
      await page.screenshot({ path: path.join(shots, `templates-${width}.png`), fullPage: true });
      await page.context().close();
    }

    const page = await templatesPage(1366);
    // A click waits on its confirmation: it is started, then the confirmation is read and answered.
    const refusing = page.waitForEvent("dialog");
    const first = page.getByRole("button", { name: `Delete ${name}` }).click();
    const no = await refusing;
    expect(no.message()).toBe(`Delete the template “${name}”? Offers already sent keep their text.`);
    await no.dismiss();
    await first;
    expect(await templateRows()).toHaveLength(1);
    const accepting = page.waitForEvent("dialog");
    const second = page.getByRole("button", { name: `Delete ${name}` }).click();
    await (await accepting).accept();
    await second;
    await page.waitForURL(/saved=deleted$/);
    await expect.poll(() => page.getByTestId("template-row").filter({ hasText: name }).count()).toBe(0);
    expect(await page.getByRole("status").textContent()).toBe("Template deleted.");
    expect(await templateRows()).toEqual([]);
    await page.context().close();
  });
});
