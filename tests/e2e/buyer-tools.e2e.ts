import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPARE_STORAGE_KEY } from "~/domain/buyer-tools/compare";
import { RECENT_STORAGE_KEY } from "~/domain/buyer-tools/recent";
import {
  baseUrl,
  launchBrowser,
  openPage,
  registerBuyer,
  seriousAccessibilityProblems,
  withShopDb,
} from "../support/browser";

/* Comparing vehicles and the recently viewed list, as a buyer's browser sees them (issue 9). */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const unique = Date.now().toString(36);
const shots = path.resolve("test-results/buyer-tools");
fs.mkdirSync(shots, { recursive: true });

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const toggle = (page: Page, id: number) => page.locator(`[data-testid="compare-toggle"][data-vehicle-id="${id}"]`);
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k) ?? "", key);
const columnIds = async (page: Page) =>
  (
    await page.getByTestId("compare-column").evaluateAll((cells) => cells.map((c) => c.getAttribute("data-vehicle-id")))
  ).map(Number);
/** A row of the compare table by its label (the label cell also says "Differs" when the row differs). */
const row = (page: Page, label: string) =>
  page.getByTestId("compare-row").filter({ has: page.locator("th", { hasText: new RegExp(`^${label}(?! code)`) }) });

/** Registers a buyer of this file's name on `page` (the shared form filler; signed in on the welcome list). */
const register = (page: Page, email: string) =>
  registerBuyer(page, { email, fullName: "Chaminda Jayasuriya", phone: "+94 71 555 0101" });

type Facts = { id: number; make: string; model: string; year: number; steering: string | null; price: number };

function vehicleFacts(ids: number[]): Promise<Facts[]> {
  return withShopDb(async (db) => {
    const rows = await db
      .selectFrom("vehicles")
      .select(["id", "make", "model", "year", "steering", "price"])
      .where("id", "in", ids)
      .execute();
    return ids.map((id) => rows.find((r) => r.id === id)!).map((r) => ({ ...r, price: Number(r.price) }));
  });
}

const differ = (values: unknown[]) => new Set(values.map(String)).size > 1;

describe("comparing vehicles", () => {
  it("toggles on cards, refuses a 5th, compares the 4 in order, marks differences, removes one, and keeps the selection", async () => {
    const page = await openPage(browser, { viewport: DESKTOP });
    await page.goto("/vehicles", { waitUntil: "networkidle" });
    const onPage = (
      await page
        .getByTestId("compare-toggle")
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-vehicle-id")))
    ).map(Number);
    // Four that share a steering side, so one row is the same in all and one (the reference) differs.
    const facts = await vehicleFacts(onPage);
    const side = facts.filter((f) => f.steering === "Right").length >= 4 ? "Right" : "Left";
    const chosen = facts.filter((f) => f.steering === side).slice(0, 4);
    expect(chosen).toHaveLength(4);
    const ids = chosen.map((f) => f.id);
    const fifth = onPage.find((id) => !ids.includes(id))!;

    // Pressing changes the label, not the size.
    const first = toggle(page, ids[0]!);
    expect(await first.getAttribute("aria-pressed")).toBe("false");
    expect(await first.textContent()).toContain("Compare");
    // Where the button sits in its card, and its size (the page may scroll while clicking).
    const placement = () =>
      first.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const card = button.closest("article")!.getBoundingClientRect();
        return [box.width, box.height, box.left - card.left, box.top - card.top];
      });
    const before = await placement();
    for (const id of ids) {
      await toggle(page, id).click();
      await expect.poll(() => toggle(page, id).getAttribute("aria-pressed")).toBe("true");
    }
    expect(await placement()).toEqual(before);
    expect(await first.innerText()).toContain("Added to compare");
    expect(await page.getByTestId("compare-count").textContent()).toBe("4 of 4 vehicles selected");

    // A fifth is refused, plainly, and nothing is added.
    await toggle(page, fifth).click();
    const refusal = page.getByRole("status").filter({ hasText: "You can compare up to 4 vehicles. Remove one first." });
    await refusal.waitFor();
    expect(await toggle(page, fifth).getAttribute("aria-pressed")).toBe("false");
    expect(await stored(page, COMPARE_STORAGE_KEY)).toBe(ids.join(","));
    await page.screenshot({ path: path.join(shots, "bar-refused-1366.png") });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(shots, "bar-refused-390.png") });
    // The footer can still be read above the bar.
    await page.getByTestId("site-footer").scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBottom = await page.getByTestId("site-footer").evaluate((el) => el.getBoundingClientRect().bottom);
    const barTop = await page.getByTestId("compare-bar").evaluate((el) => el.getBoundingClientRect().top);
    expect(footerBottom).toBeLessThanOrEqual(barTop + 1);
    await page.screenshot({ path: path.join(shots, "bar-footer-390.png") });
    await page.setViewportSize(DESKTOP);

    // Another tab of the same browser follows (storage event).
    const other = await page.context().newPage();
    await other.goto(`/vehicles/${ids[1]}`, { waitUntil: "networkidle" });
    expect(await other.getByTestId("compare-count").textContent()).toBe("4 of 4 vehicles selected");
    await toggle(other, ids[1]!).click();
    await expect.poll(() => page.getByTestId("compare-count").textContent()).toBe("3 of 4 vehicles selected");
    expect(await toggle(page, ids[1]!).getAttribute("aria-pressed")).toBe("false");
    await toggle(other, ids[1]!).click();
    await expect.poll(() => page.getByTestId("compare-count").textContent()).toBe("4 of 4 vehicles selected");
    await other.close();
    // Put back at the end: the order is the order added.
    const order = [ids[0]!, ids[2]!, ids[3]!, ids[1]!];
    expect(await stored(page, COMPARE_STORAGE_KEY)).toBe(order.join(","));

    // The server's HTML shows every toggle unpressed; the browser then shows the selection.
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const served = html.match(/<button[^>]*data-testid="compare-toggle"[^>]*>/g) ?? [];
    expect(served.length).toBeGreaterThan(0);
    for (const button of served) expect(button).toContain('aria-pressed="false"');
    await page.goto("/", { waitUntil: "networkidle" });
    expect(await page.getByTestId("compare-count").textContent()).toBe("4 of 4 vehicles selected");
    const homeIds = (
      await page
        .getByTestId("latest-vehicles")
        .getByTestId("compare-toggle")
        .evaluateAll((b) => b.map((x) => x.getAttribute("data-vehicle-id")))
    ).map(Number);
    const shared = homeIds.find((id) => order.includes(id));
    expect(shared, `none of ${order.join(",")} on the home page (${homeIds.join(",")})`).toBeDefined();
    expect(await toggle(page, shared!).getAttribute("aria-pressed")).toBe("true");
    // Parts have no compare button.
    expect(await page.getByTestId("latest-parts").getByTestId("compare-toggle").count()).toBe(0);

    // The bar leads to the comparison of the 4, in the order added.
    await page.getByTestId("compare-link").click();
    await page.waitForURL((u) => u.pathname === "/compare");
    expect(new URL(page.url()).search).toBe(`?ids=${order.join(",")}`);
    await page.getByTestId("compare-table").waitFor();
    expect(await columnIds(page)).toEqual(order);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await page.title()).toMatch(/^Compare vehicles · /);
    // The visitor's own selection: nothing to adopt, and the bar stays out of the way.
    expect(await page.getByTestId("shared-comparison").count()).toBe(0);
    expect(await page.getByTestId("compare-bar").count()).toBe(0);

    // Differences: only specifications are marked, not the rows that name the vehicle (the
    // reference always differs); the steering side is the same in all four.
    for (const label of ["Ref no.", "Make", "Model"]) {
      const nameRow = row(page, label);
      expect(await nameRow.getAttribute("data-differs"), label).toBe("false");
      expect(await nameRow.getByRole("rowheader").innerText(), label).not.toContain("Differs");
      expect(await nameRow.locator("td").first().getAttribute("class"), label).not.toContain("bg-amber-50");
    }
    const yearRow = row(page, "Year");
    const steering = row(page, "Steering");
    expect(await steering.getAttribute("data-differs")).toBe("false");
    expect(await steering.getByRole("rowheader").innerText()).not.toContain("Differs");
    expect(await steering.locator("td").first().getAttribute("class")).not.toContain("bg-amber-50");
    // Other rows marked exactly when the stored values differ.
    const byOrder = await vehicleFacts(order);
    for (const [label, key] of [
      ["Year", "year"],
      ["FOB price", "price"],
    ] as const) {
      expect(await row(page, label).getAttribute("data-differs"), label).toBe(
        String(differ(byOrder.map((f) => f[key]))),
      );
    }
    expect(await row(page, "Make").locator("td").allInnerTexts()).toEqual(byOrder.map((f) => f.make));
    // Every specification row of the detail page is here.
    for (const label of ["Mileage", "Engine", "Fuel", "Transmission", "Drive", "Seats", "Doors", "Color", "Type"]) {
      expect(await row(page, label).count(), label).toBe(1);
    }
    expect(await page.getByTestId("compare-vehicle-link").first().getAttribute("href")).toBe(`/vehicles/${order[0]}`);
    // Each vehicle has its own way to ask for a price.
    expect(
      await page.getByTestId("compare-quote").evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
    ).toEqual(order.map((id) => `/vehicles/${id}#quote`));
    if (differ(byOrder.map((f) => f.year)))
      expect(await yearRow.getByRole("rowheader").innerText()).toContain("Differs");

    await page.screenshot({ path: path.join(shots, "compare-1366.png"), fullPage: true });
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(shots, "compare-390.png"), fullPage: true });
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    // On a phone the table scrolls sideways and the labels stay; the page itself does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    const scroller = page.getByTestId("compare-scroll");
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const label = row(page, "Make").getByRole("rowheader");
    const x = (await label.boundingBox())!.x;
    await scroller.evaluate((el) => el.scrollBy(200, 0));
    expect((await label.boundingBox())!.x).toBe(x);
    await page.screenshot({ path: path.join(shots, "compare-390-scrolled.png") });
    await page.setViewportSize(DESKTOP);

    // Remove a column: the address and the stored selection both lose it.
    await page
      .getByTestId("compare-column")
      .nth(1)
      .getByRole("link", { name: /^Remove/ })
      .click();
    const rest = order.filter((id) => id !== order[1]);
    await page.waitForURL((u) => u.search === `?ids=${rest.join(",")}`);
    await expect.poll(() => columnIds(page)).toEqual(rest);
    expect(await stored(page, COMPARE_STORAGE_KEY)).toBe(rest.join(","));

    // The same address in a fresh browser shows the same vehicles in the same order, and
    // leaves that visitor's own selection alone until they choose to use it.
    const fresh = await openPage(browser, { viewport: DESKTOP });
    await fresh.goto(`/vehicles/${fifth}`, { waitUntil: "networkidle" });
    await toggle(fresh, fifth).click();
    await fresh.goto(page.url(), { waitUntil: "networkidle" });
    expect(await columnIds(fresh)).toEqual(rest);
    expect(await stored(fresh, COMPARE_STORAGE_KEY)).toBe(String(fifth));
    await fresh.setViewportSize(PHONE);
    await fresh.screenshot({ path: path.join(shots, "compare-shared-390.png") });
    // The bar says what this is, and where the visitor's own comparison is.
    const bar = fresh.getByTestId("shared-comparison");
    expect(await bar.innerText()).toContain("You are also comparing 1 vehicle of your own.");
    expect(await bar.getByRole("link", { name: "Open yours" }).getAttribute("href")).toBe(`/compare?ids=${fifth}`);
    expect(await bar.innerText()).not.toContain("These are not the vehicles you chose");
    await fresh.getByRole("button", { name: "Use this comparison" }).click();
    await fresh.getByText("These vehicles are now your comparison.").waitFor();
    expect(await stored(fresh, COMPARE_STORAGE_KEY)).toBe(rest.join(","));
    expect(await fresh.getByRole("button", { name: "Use this comparison" }).count()).toBe(0);
    await fresh.context().close();

    // The selection survives signing in (here: registering, which signs in).
    await register(page, `compare-${unique}@example.lk`);
    await page.getByTestId("welcome").waitFor();
    expect(await page.getByTestId("compare-count").textContent()).toBe("3 of 4 vehicles selected");
    expect(await stored(page, COMPARE_STORAGE_KEY)).toBe(rest.join(","));

    // Clear empties it and the bar goes.
    await page.getByTestId("compare-bar").getByRole("button", { name: "Clear", exact: true }).click();
    await expect.poll(() => page.getByTestId("compare-bar").count()).toBe(0);
    expect(await stored(page, COMPARE_STORAGE_KEY)).toBe("");
    await page.context().close();
  }, 120_000);

  it("reads only valid ids from the address: junk ignored, more than 4 cut, missing ones counted", async () => {
    const [a, b, c, d, e] = await withShopDb(async (db) =>
      (await db.selectFrom("vehicles").select("id").orderBy("id").limit(5).execute()).map((r) => r.id),
    );
    const page = await openPage(browser, { viewport: DESKTOP });
    await page.goto(`/compare?ids=abc,${a},-1,999999,${b},${a},${c},${d},${e}`, { waitUntil: "networkidle" });
    expect(await columnIds(page)).toEqual([a, b, c]);
    const notices = page.getByTestId("compare-notices");
    expect(await notices.innerText()).toContain("Only the first 4 vehicles are shown");
    expect(await notices.innerText()).toContain("1 vehicle could not be shown: it is no longer in stock.");

    // Nothing valid: the empty state, with the way to the stock.
    await page.goto("/compare?ids=x,0,-5", { waitUntil: "networkidle" });
    expect(await page.getByText("No vehicles to compare yet").count()).toBe(1);
    await page.getByRole("link", { name: "Browse vehicles" }).click();
    await page.waitForURL((u) => u.pathname === "/vehicles");
    await page.context().close();
  });
});

describe("recently viewed vehicles", () => {
  it("lists the last vehicles opened, newest first, at most 12, and carries them into a new account", async () => {
    const ids = await withShopDb(async (db) =>
      (await db.selectFrom("vehicles").select("id").orderBy("id").limit(13).execute()).map((r) => r.id),
    );
    const page = await openPage(browser, { viewport: DESKTOP });
    const open = async (id: number) => {
      await page.goto(`/vehicles/${id}`);
      await page.waitForFunction(([key, want]) => localStorage.getItem(key)?.split(",")[0] === want, [
        RECENT_STORAGE_KEY,
        String(id),
      ] as const);
    };
    const recentIds = async (testId: string) =>
      (
        await page
          .getByTestId(testId)
          .getByTestId("recent-card-link")
          .evaluateAll((links) => links.map((l) => l.getAttribute("data-vehicle-id")))
      ).map(Number);

    // Nothing opened yet: no row at all.
    await page.goto("/", { waitUntil: "networkidle" });
    expect(await page.getByTestId("recently-viewed").count()).toBe(0);

    for (const id of ids.slice(0, 3)) await open(id);
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByTestId("recent-cards").waitFor();
    expect(await recentIds("recent-cards")).toEqual([ids[2], ids[1], ids[0]]);
    // Opening one again moves it to the front.
    await open(ids[0]!);
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByTestId("recent-cards").waitFor();
    expect(await recentIds("recent-cards")).toEqual([ids[0], ids[2], ids[1]]);

    for (const id of ids.slice(3)) await open(id);
    // 13 different vehicles opened: the oldest (ids[1]) has dropped out.
    const twelve = [...ids.slice(3).reverse(), ids[0]!, ids[2]!];
    expect(twelve).toHaveLength(12);
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByTestId("recent-cards").waitFor();
    expect(await recentIds("recent-cards")).toEqual(twelve);
    const section = page.getByTestId("recently-viewed");
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(shots, "home-recent-1366.png") });
    await page.screenshot({ path: path.join(shots, "home-1366.png"), fullPage: true });
    await page.setViewportSize(PHONE);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(shots, "home-recent-390.png") });
    await page.screenshot({ path: path.join(shots, "home-390.png"), fullPage: true });
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // The card data comes from a small public JSON address: public vehicles only, in the order asked.
    const res = await fetch(`${baseUrl()}/recently-viewed?ids=${ids[4]},999999,x,${ids[2]}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { items: { id: number }[] }).items.map((i) => i.id)).toEqual([ids[4], ids[2]]);

    // Registering signs in; the browser's list becomes the account's.
    const email = `recent-${unique}@example.lk`;
    await page.goto("/register", { waitUntil: "networkidle" });
    expect(await page.getByTestId("recent-views-field").inputValue()).toBe(twelve.join(","));
    await register(page, email);
    const saved = await withShopDb(async (db) =>
      (
        await db
          .selectFrom("recent_views")
          .innerJoin("customers", "customers.id", "recent_views.customer_id")
          .select("recent_views.vehicle_id")
          .where("customers.email", "=", email)
          .orderBy("recent_views.viewed_at", "desc")
          .execute()
      ).map((r) => r.vehicle_id),
    );
    expect(saved).toEqual(twelve);
    await page.goto("/account", { waitUntil: "networkidle" });
    expect(await recentIds("account-recent")).toEqual(twelve);

    // Signed in, each vehicle opened is recorded on the server too.
    await open(ids[0]!);
    await page.goto("/account", { waitUntil: "networkidle" });
    const moved = [ids[0], ...twelve.filter((id) => id !== ids[0])];
    expect(await recentIds("account-recent")).toEqual(moved);
    // The home page takes the list from the server, and Clear forgets it there.
    await page.goto("/", { waitUntil: "networkidle" });
    expect(await recentIds("recent-cards")).toEqual(moved);
    await page.getByTestId("recently-viewed").getByRole("button", { name: "Clear", exact: true }).click();
    await expect.poll(() => page.getByTestId("recently-viewed").count()).toBe(0);
    await expect
      .poll(() =>
        withShopDb(
          async (db) =>
            (
              await db
                .selectFrom("recent_views")
                .innerJoin("customers", "customers.id", "recent_views.customer_id")
                .select("recent_views.vehicle_id")
                .where("customers.email", "=", email)
                .execute()
            ).length,
        ),
      )
      .toBe(0);
    expect(await stored(page, RECENT_STORAGE_KEY)).toBe("");
    await page.context().close();
  }, 120_000);

  it("signing in merges the browser's list into the buyer's", async () => {
    // Seeded vehicles, not the newest: other tests add and delete vehicles in this shop meanwhile.
    const ids = await withShopDb(async (db) =>
      (await db.selectFrom("vehicles").select("id").orderBy("id").offset(25).limit(2).execute()).map((r) => r.id),
    );
    expect(ids).toHaveLength(2);
    const email = `merge-${unique}@example.lk`;
    const setup = await openPage(browser);
    await register(setup, email);
    await setup.context().close();

    const page = await openPage(browser);
    for (const id of ids) {
      await page.goto(`/vehicles/${id}`);
      await page.waitForFunction(([key, want]) => localStorage.getItem(key)?.split(",")[0] === want, [
        RECENT_STORAGE_KEY,
        String(id),
      ] as const);
    }
    await page.goto("/login", { waitUntil: "networkidle" });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a long enough password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((u) => u.pathname === "/account");
    // The address changes a moment before the account page is drawn: wait for its list.
    const shown = page.getByTestId("account-recent").getByTestId("recent-card-link");
    await expect
      .poll(async () =>
        (await shown.evaluateAll((links) => links.map((l) => l.getAttribute("data-vehicle-id")))).map(Number),
      )
      .toEqual([ids[1], ids[0]]);
    await page.context().close();
  });
});

describe("signing out on a shared computer", () => {
  it("empties the browser's recently viewed and compare lists, so the next buyer neither sees nor gets them", async () => {
    const ids = await withShopDb(async (db) =>
      (await db.selectFrom("vehicles").select("id").orderBy("id").offset(20).limit(2).execute()).map((r) => r.id),
    );
    expect(ids).toHaveLength(2);
    const first = `shared-first-${unique}@example.lk`;
    const next = `shared-next-${unique}@example.lk`;
    for (const email of [first, next]) {
      const setup = await openPage(browser);
      await register(setup, email);
      await setup.context().close();
    }
    const page = await openPage(browser, { viewport: DESKTOP });
    const signIn = async (email: string) => {
      await page.goto("/login", { waitUntil: "networkidle" });
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("a long enough password");
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL((u) => u.pathname === "/account");
    };

    await signIn(first);
    for (const id of ids) {
      await page.goto(`/vehicles/${id}`);
      await page.waitForFunction(([key, want]) => localStorage.getItem(key)?.split(",")[0] === want, [
        RECENT_STORAGE_KEY,
        String(id),
      ] as const);
    }
    await toggle(page, ids[1]!).first().click();
    await expect.poll(() => stored(page, COMPARE_STORAGE_KEY)).toBe(String(ids[1]));
    await expect.poll(() => page.getByTestId("compare-count").textContent()).toBe("1 of 4 vehicles selected");
    expect(await stored(page, RECENT_STORAGE_KEY)).toBe(`${ids[1]},${ids[0]}`);

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Logout" }).first().click();
    await page.waitForURL((u) => u.pathname === "/");
    expect(await stored(page, RECENT_STORAGE_KEY)).toBe("");
    expect(await stored(page, COMPARE_STORAGE_KEY)).toBe("");
    // The home page the logout leads to, and the same page loaded afresh: no row, no bar.
    for (const fresh of [false, true]) {
      if (fresh) await page.goto("/", { waitUntil: "networkidle" });
      await page.getByTestId("latest-vehicles").waitFor();
      expect(await page.getByTestId("recently-viewed").count()).toBe(0);
      expect(await page.getByTestId("compare-bar").count()).toBe(0);
    }

    await signIn(next);
    // The address changes a moment before the account page is drawn: wait for it.
    await page.getByText("The vehicles you open will appear here.").waitFor();
    expect(await page.getByTestId("compare-bar").count()).toBe(0);
    const shown = (
      await page
        .getByTestId("account-recent")
        .getByTestId("recent-card-link")
        .evaluateAll((links) => links.map((l) => l.getAttribute("data-vehicle-id")))
    ).map(Number);
    for (const id of ids) expect(shown).not.toContain(id);
    expect(await page.getByText("The vehicles you open will appear here.").count()).toBe(1);
    const theirs = await withShopDb(async (db) =>
      db
        .selectFrom("recent_views")
        .innerJoin("customers", "customers.id", "recent_views.customer_id")
        .select("recent_views.vehicle_id")
        .where("customers.email", "=", next)
        .execute(),
    );
    expect(theirs).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe("the recently viewed address", () => {
  it("answers at most 12 cards, never more than asked, and refuses a clear from another site", async () => {
    const ids = await withShopDb(async (db) =>
      (await db.selectFrom("vehicles").select("id").orderBy("id").limit(14).execute()).map((r) => r.id),
    );
    const res = await fetch(`${baseUrl()}/recently-viewed?ids=${ids.join(",")}`);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(((await res.json()) as { items: { id: number }[] }).items.map((i) => i.id)).toEqual(ids.slice(0, 12));
    const junk = await fetch(`${baseUrl()}/recently-viewed?ids=%3Cscript%3E,-1,0`);
    expect(await junk.json()).toEqual({ items: [] });
    const crossSite = await fetch(`${baseUrl()}/recently-viewed`, {
      method: "POST",
      body: new URLSearchParams({ intent: "clear" }),
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });
});
