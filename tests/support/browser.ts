import { COOKIES } from "~/utils/cookies";
import { cookieFrom } from "./set-cookie";
import { signInStaff } from "./sign-in";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll } from "vitest";
import { type DB, openDatabase } from "~/db/db.server";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { DEMO_STAFF } from "~/db/seed/seed.server";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, TEST_CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from "./chromium";
import { e2eShop } from "./e2e-shop";

/**
 * The browser for a test file: the headless shell when the machine has it
 * (tests/support/chromium.ts), or the full browser with `{ full: true }` for
 * a test of how text is drawn: the shell places the letters of a font named
 * by `local()` on whole pixels, unlike the browsers buyers use.
 */
export function launchBrowser(options: { full?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: options.full ? CHROMIUM_PATH : TEST_CHROMIUM_PATH,
    args: options.full ? CHROMIUM_FLAGS : TEST_CHROMIUM_FLAGS,
  });
}

/** The address of the shop this test file holds (tests/support/e2e-shop.ts). */
export const baseUrl = () => e2eShop().url;
/** The data folder of the shop this test file holds. */
export const shopDataDir = () => e2eShop().dataDir;

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  if (options.javaScriptEnabled !== false) context.on("page", waitsUntilAlive);
  const page = await context.newPage();
  // Fail fast with Playwright's own message rather than the test's time-out.
  page.setDefaultTimeout(10_000);
  return page;
}

type LoadWait = "load" | "domcontentloaded" | "networkidle" | "commit" | undefined;

/**
 * A shop page asks for its scripts only once its first photo can be drawn, so
 * the browser's load event no longer means the page has come alive. A test
 * that waits for a page to load (or for the network to go quiet) means to use
 * it as a buyer would once it has settled: this page's waits for a load (goto,
 * reload, back and forward, waitForURL, waitForLoadState) also wait until the
 * page is alive. Waits for "domcontentloaded" or "commit" are left as they are,
 * for tests that look at a page before its scripts.
 */
function waitsUntilAlive(page: Page): void {
  const settles = (waitUntil: LoadWait) => waitUntil !== "domcontentloaded" && waitUntil !== "commit";
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (settles(options?.waitUntil)) await alive(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (settles(options?.waitUntil)) await alive(page);
    return response;
  };
  const goBack = page.goBack.bind(page);
  page.goBack = async (options) => {
    const response = await goBack(options);
    if (settles(options?.waitUntil)) await alive(page);
    return response;
  };
  const goForward = page.goForward.bind(page);
  page.goForward = async (options) => {
    const response = await goForward(options);
    if (settles(options?.waitUntil)) await alive(page);
    return response;
  };
  const waitForURL = page.waitForURL.bind(page);
  page.waitForURL = async (url, options) => {
    await waitForURL(url, options);
    if (settles(options?.waitUntil)) await alive(page);
  };
  const waitForLoadState = page.waitForLoadState.bind(page);
  page.waitForLoadState = async (state, options) => {
    await waitForLoadState(state, options);
    if (state === "load" || state === "networkidle" || state === undefined) await alive(page);
  };
}

/**
 * Waits until the browser has taken a shop page over: the page has been read
 * to its end, the router is there (a page without the router's context, such
 * as a file, at once), and the main thread has had a moment with nothing to
 * do, which React's rendering in slices does not leave it before it has
 * finished. That moment is a good sign, not a proof: a render waiting on the
 * network leaves the thread idle too.
 */
export async function alive(page: Page): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      // Polled again in a new document when the page moves on meanwhile.
      await page.waitForFunction(
        () =>
          document.readyState !== "loading" &&
          (!("__reactRouterContext" in window) || "__reactRouterDataRouter" in window),
      );
      await page.evaluate(
        () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2_000 })),
      );
      return;
    } catch (error) {
      // The page went on to another address during the idle wait (a redirect made by a script): wait on that one.
      if (tries < 2 && String(error).includes("Execution context was destroyed")) continue;
      throw error;
    }
  }
}

/** A page signed in as the demo owner, on the dashboard. */
export async function staffPage(browser: Browser, width: number): Promise<Page> {
  const page = await openPage(browser, { viewport: { width, height: 900 } });
  await page.goto("/admin/login", { waitUntil: "networkidle" });
  await page.getByLabel("Admin ID").fill(DEMO_STAFF.adminId);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_STAFF.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin$/);
  return page;
}

/**
 * A page at a shop of a test file's own, `width` wide, signed in through the
 * sign-in form as staff (`adminId`) or as a buyer (`email`), or not at all.
 */
export async function pageAt(
  browser: Browser,
  shopUrl: string,
  width: number,
  who: { adminId: string; password: string } | { email: string; password: string } | null,
): Promise<Page> {
  const page = await openPage(browser, { baseURL: shopUrl, viewport: { width, height: 900 } });
  if (who && "adminId" in who) {
    await page.goto("/admin/login", { waitUntil: "networkidle" });
    await page.getByLabel("Admin ID").fill(who.adminId);
    await page.getByLabel("Password", { exact: true }).fill(who.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/admin$/);
  } else if (who) {
    await page.goto("/login", { waitUntil: "networkidle" });
    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Password", { exact: true }).fill(who.password);
    await page.getByRole("button", { name: /^(Login|Sign in)$/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  }
  return page;
}

/** An e-mail address no other test, file or run has used: each test registers buyers of its own. */
export function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}${randomBytes(3).toString("hex")}@example.lk`;
}

export type NewBuyer = { email: string; password: string; fullName: string; country: string; phone: string };

/** Fills and sends the Register form on `page` (the caller waits for what it expects next). */
export async function fillRegistration(page: Page, buyer: Partial<NewBuyer> & { email: string }): Promise<NewBuyer> {
  const full: NewBuyer = {
    password: "a long enough password",
    fullName: "Sunil Fernando",
    country: "Sri Lanka",
    phone: "+94 71 234 5678",
    ...buyer,
  };
  await page.goto("/register", { waitUntil: "networkidle" });
  await page.getByLabel("Full name").fill(full.fullName);
  await page.getByLabel("Country").fill(full.country);
  await page.getByLabel("Mobile number").fill(full.phone);
  await page.getByLabel("Email").fill(full.email);
  await page.getByLabel("Password", { exact: true }).fill(full.password);
  await page.getByLabel("Confirm password").fill(full.password);
  await page.getByRole("button", { name: "Register" }).click();
  return full;
}

/** Registers a new buyer with an address of its own on `page`, which is left signed in on the welcome list. */
export async function registerBuyer(page: Page, buyer: Partial<NewBuyer> = {}): Promise<NewBuyer> {
  const made = await fillRegistration(page, { email: uniqueEmail("buyer"), ...buyer });
  await page.waitForURL(/\/vehicles\?welcome=1$/);
  return made;
}

/** A page of its own signed in as a newly registered buyer. */
export async function buyerPage(
  browser: Browser,
  buyer: Partial<NewBuyer> = {},
  options: BrowserContextOptions = {},
): Promise<{ page: Page; buyer: NewBuyer }> {
  const page = await openPage(browser, options);
  return { page, buyer: await registerBuyer(page, buyer) };
}

/** Signs the demo owner in over HTTP and returns the session cookie ("staff_sid=..."), for fetch. */
export async function staffCookie(remember = false): Promise<string> {
  const res = await signInStaff(baseUrl(), DEMO_STAFF, remember);
  if (res.status !== 302) throw new Error(`staff sign-in answered ${res.status}`);
  return cookieFrom(res, COOKIES.staffSession.name);
}

const SYSTEM = { kind: "system", id: null } as const;
let made = 0;

/**
 * A vehicle of the test's own, written in the shop's database (available, no
 * photos unless the factory's fields say otherwise). New stock is seen at
 * once on its own page; a public list a visitor who is not signed in has just
 * seen may be kept by the page cache for a few seconds.
 */
export async function makeVehicle(
  overrides: Parameters<typeof vehicleFactory>[2] = {},
): Promise<{ id: number; refId: string; name: string; price: number }> {
  const n = ++made;
  const input = vehicleFactory(createRng(1000 + n), n, { stockStatus: "available", ...overrides });
  const vehicle = await writeShopDb((db) => createVehicle(db, input, [], SYSTEM));
  return withShopDb((db) =>
    db
      .selectFrom("vehicles")
      .select(["id", "ref_id as refId", "name", "price"])
      .where("id", "=", vehicle.id)
      .executeTakeFirstOrThrow()
      .then((v) => ({ ...v, price: Number(v.price) })),
  );
}

/** A part of the test's own, written in the shop's database (as makeVehicle). */
export async function makePart(
  overrides: Parameters<typeof partFactory>[2] = {},
): Promise<{ id: number; refId: string; name: string; price: number }> {
  const n = ++made;
  const input = partFactory(createRng(2000 + n), n, { stockStatus: "available", ...overrides });
  const part = await writeShopDb((db) => createPart(db, input, [], SYSTEM));
  return withShopDb((db) =>
    db
      .selectFrom("parts")
      .select(["id", "ref_id as refId", "name", "price"])
      .where("id", "=", part.id)
      .executeTakeFirstOrThrow()
      .then((p) => ({ ...p, price: Number(p.price) })),
  );
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core in the page and returns the serious and critical findings. */
export async function seriousAccessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated through the browser's tooling, not as an inline script: the page's policy forbids those.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } }).axe.run();
    return result.violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * One connection to the shop's database, kept for the test file: opening one
 * costs about 1.6 ms of CPU (SQLite reads the whole schema), and a fuzz file
 * read the database 4,000 times. Each statement still sees what the shop
 * has committed since: in WAL mode a read that is not in a transaction
 * starts from the latest commit.
 */
let kept: { file: string; db: DB } | null = null;
// Registered when the file first loads this module, before the file's own hooks: Vitest runs a file's
// afterAll hooks last first, so those that still read or write the shop's database run before this.
afterAll(async () => {
  const closing = kept;
  kept = null;
  if (closing) await closing.db.destroy();
});

/** Reads the e2e shop's own database (the shop keeps running; SQLite in WAL mode allows a second reader). */
export async function withShopDb<T>(fn: (db: DB) => Promise<T>): Promise<T> {
  const file = path.join(shopDataDir(), "shop.sqlite");
  // Decided without a pause in between, so two first reads at once share one connection.
  if (kept?.file !== file) {
    const old = kept;
    kept = { file, db: openDatabase({ dialect: "sqlite", file }) };
    if (old) await old.db.destroy();
  }
  return fn(kept.db);
}

/**
 * Writes to the shop's database from this test process. SQLite has one
 * writer: a write that meets the shop's own (its mail and alert workers run
 * at any time) is refused at once with SQLITE_BUSY and is tried again.
 */
export async function writeShopDb<T>(fn: (db: DB) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await withShopDb(fn);
    } catch (error) {
      if (attempt >= 50 || !String((error as { code?: unknown }).code).startsWith("SQLITE_BUSY")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + attempt * 10));
    }
  }
}

/** Waits for the shop to write a mail file to this address, and returns its text. */
export async function mailTo(address: string, contains: string): Promise<string> {
  const dir = path.join(shopDataDir(), "mail");
  for (let i = 0; i < 100; i++) {
    if (fs.existsSync(dir)) {
      for (const file of fs.readdirSync(dir)) {
        // Mail bodies are quoted-printable: join soft line breaks, decode =XX.
        const text = fs
          .readFileSync(path.join(dir, file), "latin1")
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        if (text.includes(`To: ${address}`) && text.includes(contains)) return text;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address} containing ${contains}`);
}
