import fs from "node:fs";
import { findCountry, storedCountry } from "~/domain/countries";
import { readPhone } from "~/domain/phone-numbers";
import path from "node:path";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { verifyPassword } from "~/domain/auth/password.server";
import { LOGIN_LIMIT } from "~/domain/auth/rate-limit.server";
import { tokenHash } from "~/domain/auth/tokens.server";
import { PART_MODELS, PART_SUB_TYPES, VEHICLE_MODELS } from "~/domain/inventory/catalogue";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { isQuoteStatus, nextStatus, type QuoteEvent } from "~/domain/sale/quote-status";
import { createQuote, storedSubmissionKey } from "~/domain/quotes/quotes.server";
import { CURRENCIES } from "~/domain/rates/currencies";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { base32Decode, totpCode, totpStep } from "~/domain/staff/totp.server";
import { LANGUAGES } from "~/i18n/languages";
import { COOKIES, cookieName } from "~/utils/cookies";
import { rawHttp } from "../support/raw-http";
import { baseUrl, withShopDb, writeShopDb, shopDataDir } from "../support/browser";

/*
 * Property-based inputs against the running shop: up to 1,000 per list query
 * string and per form (fewer where each answer hashes a password or writes
 * stock). Whatever is sent: no 5xx, nothing echoed unescaped, and a form
 * either succeeds whole or leaves nothing behind, checked in the database.
 * Requests come "through the proxy" from made-up addresses, so the sign-in
 * limits of other tests' address are not used up.
 *
 * This file makes its own buyers, staff, stock, quotes and freight ports
 * (names carry a tag unique to the run) and only ever changes or deletes
 * those: ids and numbers made up by the fuzz are chosen so they cannot name
 * anything another file made (see `foreignId`).
 */

const RUNS = 1000;
/** For forms whose every answer renders a whole page, hashes a password or writes stock. */
const FEW = 200;

/*
 * The inputs come from one seed, printed as the file starts: FUZZ_SEED
 * replays a failure. A property that only looks at each answer runs its count
 * of inputs or for FUZZ_SECONDS (8), whichever ends first (`BUDGET`), so the
 * file keeps a fixed budget on a slow machine; one that checks afterwards
 * that every side of a rule was reached runs its whole count.
 */
const SEED = /^\d+$/.test(process.env.FUZZ_SEED ?? "")
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31);
fc.configureGlobal({ seed: SEED });
const BUDGET = {
  interruptAfterTimeLimit: (Number(process.env.FUZZ_SECONDS) > 0 ? Number(process.env.FUZZ_SECONDS) : 8) * 1000,
  markInterruptAsFailure: false,
};
console.log(`fuzz.e2e: seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
/** A tag that must never come back as markup. */
const MARK = "<x-fuzz>";
/** The shop's limit on a form body (server/request-handler.ts). */
const FORM_LIMIT = 64 * 1024;

const nasty = fc.constantFrom(
  `${MARK}<script>alert(1)</script>`,
  `"><img src=x onerror=alert(1)>${MARK}`,
  "' OR 1=1 --",
  "%00",
  "\u0000",
  "../../etc/passwd",
  "1e309",
  "-1",
  "NaN",
  "Infinity",
  "9".repeat(400),
  "🚗".repeat(50),
  "ශ්‍රී",
  "",
  " ",
  "\r\n",
);
const value = fc.oneof(
  nasty,
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.integer({ min: -1e9, max: 1e12 }).map(String),
  fc.string({ maxLength: 3000 }).map((s) => MARK + s),
);

/** Read as a number (as the shop's forms read ids), names a row that may exist: only this file's own may be sent. */
function namesARow(text: string): boolean {
  const n = Number(text);
  return (Number.isSafeInteger(n) && n > 0 && n < 2_000_000_000) || (/^\d{10}$/.test(text) && !text.startsWith("0"));
}
/** An id that is nobody's: junk, or a well-formed id far past any row the shop has. */
const foreignId = fc.oneof(
  value.filter((v) => !namesARow(v)),
  fc.integer({ min: 2_000_000_000, max: Number.MAX_SAFE_INTEGER }).map(String),
);
/** A quote number that is nobody's: not ten digits, or ten with a leading 0 (real ones start at 1000000000). */
const foreignNumber = fc.oneof(
  foreignId.filter((v) => !/^\d{10}$/.test(v)),
  fc.integer({ min: 0, max: 999_999_999 }).map((n) => String(n).padStart(10, "0")),
);

/** Where a form may send the browser back to: good paths, other sites, and tricks. */
const GOOD_TARGETS = ["/account", "/vehicles?Make=Toyota", "/favorites", "/parts/1#quote"];
const redirectTarget = fc.oneof(
  fc.constantFrom(...GOOD_TARGETS),
  fc.constantFrom(
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "/./\\/evil.example",
    "/.//evil.example",
    "/%2F%2Fevil.example",
    "javascript:alert(1)",
    "/\u0000",
    "/\t/evil.example",
    "/中文?q=<x-fuzz>",
    `/vehicles?q=${MARK}`,
    "/vehicles?lng=ja",
  ),
  value,
);

function fakeIp(n: number) {
  return `198.51.${(n >> 8) & 255}.${n & 255}`;
}

type Answer = { status: number; body: string; location: string | null; cookies: string[] };

let requestNo = 0;
async function send(path: string, init: RequestInit & { cookie?: string } = {}): Promise<Answer> {
  requestNo++;
  const { cookie, headers, ...rest } = init;
  const res = await fetch(baseUrl() + path, {
    redirect: "manual",
    ...rest,
    headers: {
      "X-Forwarded-For": fakeIp(requestNo),
      ...(cookie ? { Cookie: cookie } : {}),
      ...((headers as Record<string, string> | undefined) ?? {}),
    },
  });
  return {
    status: res.status,
    body: await res.text(),
    location: res.headers.get("location"),
    cookies: res.headers.getSetCookie(),
  };
}

type Fields = Record<string, string | string[] | undefined>;

function form(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v ?? []].flat()) body.append(k, one);
  return body;
}

/** Whether the shop must refuse this form for its size alone (413). */
const overLimit = (fields: Fields) => Buffer.byteLength(form(fields).toString()) > FORM_LIMIT;

function post(path: string, fields: Fields, cookie?: string) {
  return send(path, {
    method: "POST",
    body: form(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    cookie,
  });
}

type JunkFile = { name: string; type: string; data: Uint8Array };

/** A multipart form as the upload and edit screens send it; `files` go in as `images`. */
function postMultipart(path: string, fields: Fields, files: JunkFile[], cookie: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v ?? []].flat()) body.append(k, one);
  for (const f of files) body.append("images", new File([Buffer.from(f.data)], f.name, { type: f.type }));
  return send(path, { method: "POST", body, cookie });
}

function answersCleanly(r: { status: number; body: string }) {
  expect(r.status).toBeLessThan(500);
  expect(r.body).not.toContain(MARK);
}

/** A text's length as the shop's forms count it: in code points. */
const chars = (text: string) => [...text].length;

/** A Location that stays on this site: a path, not "//host" or "/\host", printable ASCII only. */
function isLocalPath(location: string | null): boolean {
  if (!location || !location.startsWith("/") || location.startsWith("//")) return false;
  if (!/^[\x21-\x7e]*$/.test(location) || location.includes("\\")) return false;
  return new URL(location, "http://shop.invalid").origin === "http://shop.invalid";
}

/** "name=value" of the Set-Cookie that sets this cookie (not one that clears it), or null. */
function cookieOf(r: Answer, name: string): string | null {
  const header = r.cookies.find((c) => c.startsWith(`${name}=`) && !/Max-Age=0\b/.test(c));
  return header ? header.split(";")[0]! : null;
}

const BUYER_COOKIE = cookieName(COOKIES.buyerSession, false);
const STAFF_COOKIE = cookieName(COOKIES.staffSession, false);

// ---------------------------------------------------------------------------
// This file's own accounts and stock.

const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const buyer = (role: string) => ({
  email: `fuzz-${role}-${tag}@example.com`,
  password: `${role} password of the fuzz`,
  fullName: `Fuzz ${role}`,
  country: "Sri Lanka",
  phone: "+94 77 000 0000",
});
/** Signed in (and locked out) by the sign-in fuzz. */
const SIGN_IN_BUYER = buyer("signin");
/** Asks for reset links; its password is changed by the reset fuzz. */
const RESET_BUYER = buyer("reset");
/** Stays signed in for the buyer's own forms. */
const TOOLS_BUYER = buyer("tools");
const STAFF = { adminId: `fuzz-staff-${tag}`, password: "fuzz staff password 1" };
/** A staff member with two-step sign-in on, for the code forms. */
const STAFF_2FA = { adminId: `fuzz-2fa-${tag}`, password: "fuzz two-step password 1" };

let buyerCookie = "";
let staffCookie = "";
let staff2faCookie = "";

const mine = { vehicle: 0, part: 0, editVehicle: 0 };
/** Stock this file listed and has not deleted yet; deleted after the last test. */
const ownStock = { vehicles: new Set<number>(), parts: new Set<number>() };
/** Freight ports this file added and has not deleted yet. */
const ownPorts = new Set<number>();

async function signIn(path: "/login" | "/admin/login", fields: Fields, cookieName: string): Promise<string> {
  const r = await post(path, fields);
  expect(r.status, `${path}: ${r.body.slice(0, 200)}`).toBe(302);
  const cookie = cookieOf(r, cookieName);
  expect(cookie).not.toBeNull();
  return cookie!;
}

async function listVehicle(n: number) {
  const made = await writeShopDb((db) =>
    createVehicle(db, vehicleFactory(createRng(n), n, { stockStatus: "available", refId: `FZ-${tag}-V${n}` }), [], {
      kind: "system",
      id: null,
    }),
  );
  ownStock.vehicles.add(made.id);
  return made.id;
}

async function listPart(n: number) {
  const made = await writeShopDb((db) =>
    createPart(db, partFactory(createRng(n), n, { stockStatus: "available", refId: `FZ-${tag}-P${n}` }), [], {
      kind: "system",
      id: null,
    }),
  );
  ownStock.parts.add(made.id);
  return made.id;
}

let stockNo = 0;
const nextStockNo = () => ++stockNo;

beforeAll(async () => {
  for (const b of [SIGN_IN_BUYER, RESET_BUYER, TOOLS_BUYER])
    expect(await writeShopDb((db) => createCustomer(db, b))).not.toBeNull();
  for (const s of [STAFF, STAFF_2FA]) await writeShopDb((db) => ensureStaffAccount(db, s.adminId, s.password));
  mine.vehicle = await listVehicle(nextStockNo());
  mine.editVehicle = await listVehicle(nextStockNo());
  mine.part = await listPart(nextStockNo());
  buyerCookie = await signIn("/login", TOOLS_BUYER, BUYER_COOKIE);
  staffCookie = await signIn("/admin/login", STAFF, STAFF_COOKIE);
  // Two-step sign-in turned on from the Security page, with the code an authenticator app would show.
  staff2faCookie = await signIn("/admin/login", STAFF_2FA, STAFF_COOKIE);
  expect((await post("/admin/security", { intent: "start" }, staff2faCookie)).status).toBe(200);
  const page = (await send("/admin/security", { cookie: staff2faCookie })).body;
  const key = /data-testid="setup-key"[^>]*>([A-Z2-7 ]+)</.exec(page)![1]!;
  const code = totpCode(base32Decode(key), totpStep(new Date()));
  expect((await post("/admin/security", { intent: "confirm", code }, staff2faCookie)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  // What this file listed, priced and saved leaves the shop again, through the shop's own forms:
  // no other file meets its stock in a list, its ports in a picker or its searches in the alert run.
  if (!staffCookie || !buyerCookie) return;
  const searches = () =>
    withShopDb((db) =>
      db
        .selectFrom("saved_searches")
        .innerJoin("customers", "customers.id", "saved_searches.customer_id")
        .select("saved_searches.id")
        .where("customers.email", "=", TOOLS_BUYER.email)
        .execute(),
    );
  for (const { id } of await searches())
    await post("/saved-searches", { intent: "delete", id: String(id) }, buyerCookie);
  for (const [list, ids] of [
    ["/admin/all-products", ownStock.vehicles],
    ["/admin/all-parts-products", ownStock.parts],
  ] as const) {
    if (ids.size > 0) await post(list, { intent: "delete", ids: [...ids].map(String) }, staffCookie);
  }
  for (const id of ownPorts) await post("/admin/freight", { intent: "delete", id: String(id) }, staffCookie);
  const still = (table: "vehicles" | "parts" | "freight_ports", ids: Set<number>) =>
    withShopDb(async (db) =>
      ids.size === 0
        ? []
        : (
            await db
              .selectFrom(table)
              .select("id")
              .where("id", "in", [...ids])
              .execute()
          ).map((r) => r.id),
    );
  const left = {
    vehicles: await still("vehicles", ownStock.vehicles),
    parts: await still("parts", ownStock.parts),
    ports: await still("freight_ports", ownPorts),
    searches: await searches(),
  };
  expect(left).toEqual({ vehicles: [], parts: [], ports: [], searches: [] });
}, 60_000);

/**
 * Whether a sign-in or reset limiter still lets a try for this key through,
 * read from the limiter's own table. A limit spent a few tries ago (or about
 * to end by itself) is forgotten, so the branches behind the limit stay
 * reachable for the whole run; the limits themselves are tested in
 * security.e2e.ts.
 */
async function limiterOpen(key: string): Promise<boolean> {
  return writeShopDb(async (db) => {
    const row = await db.selectFrom("rate_limits").selectAll().where("key", "=", key).executeTakeFirst();
    if (!row) return true;
    const age = Date.now() - Date.parse(row.window_started_at);
    if (Number(row.count) >= LOGIN_LIMIT.tries + 3 || age > LOGIN_LIMIT.windowMs - 30_000) {
      await db.deleteFrom("rate_limits").where("key", "=", key).execute();
      return true;
    }
    return Number(row.count) < LOGIN_LIMIT.tries;
  });
}

/** The same address as a person types it: other case, spaces around. */
const typedEmail = (email: string) =>
  fc.constantFrom(email, email.toUpperCase(), `  ${email}`, `${email} `, `\t${email}\n`);
/** A wrong password close to the right one. */
const nearPassword = (password: string) =>
  fc.constantFrom(
    password.toUpperCase(),
    `${password} `,
    ` ${password}`,
    password.slice(0, -1),
    password + password,
    "",
  );

// ---------------------------------------------------------------------------

const listKeys = [
  "Make",
  "Model",
  "Type",
  "SubType",
  "YearFrom",
  "YearTo",
  "PriceFrom",
  "PriceTo",
  "MileageFrom",
  "MileageTo",
  "Transmission",
  "Fuel",
  "Drive",
  "Steering",
  "Color",
  "Keyword",
  "Sort",
  "Page",
  "PerPage",
  "lng",
  "x[]",
  "__proto__",
];
const queryOf = (keys: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })), value), { maxLength: 8 })
    .map((pairs) => new URLSearchParams(pairs).toString());
const query = queryOf(listKeys);

describe("fuzzing the lists", () => {
  it("names of an object's built-in members as filter values answer a normal page (once found by fuzzing)", async () => {
    for (const list of ["/vehicles", "/parts"])
      for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"])
        for (const q of [`Make=${name}`, `Make=Toyota&Model=${name}`, `Type=${name}`, `Type=${name}&SubType=${name}`]) {
          const r = await send(`${list}?${q}`);
          expect(r.status, `${list}?${q}`).toBe(200);
          answersCleanly(r);
        }
  });

  for (const list of ["/vehicles", "/parts"]) {
    it(`${list}: ${RUNS} query strings, no 5xx, nothing echoed unescaped, never more than 100 cards`, async () => {
      await fc.assert(
        fc.asyncProperty(query, async (q) => {
          const r = await send(`${list}?${q}`);
          answersCleanly(r);
          expect((r.body.match(/data-testid="stock-card-link"/g) ?? []).length).toBeLessThanOrEqual(100);
        }),
        { numRuns: RUNS, ...BUDGET },
      );
    }, 300_000);
  }

  it(`/compare: ${RUNS} query strings; a page with at most 4 vehicles`, async () => {
    const ids = fc.oneof(
      fc.array(fc.integer({ min: -5, max: 80 }), { maxLength: 8 }).map((l) => l.join(",")),
      fc.array(fc.oneof(fc.integer({ min: 1, max: 60 }).map(String), value), { maxLength: 6 }).map((l) => l.join(",")),
      value,
    );
    const compareQuery = fc
      .array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constant("ids") }, fc.constantFrom(...listKeys)), ids), {
        maxLength: 4,
      })
      .map((pairs) => new URLSearchParams(pairs).toString());
    await fc.assert(
      fc.asyncProperty(compareQuery, async (q) => {
        const r = await send(`/compare?${q}`);
        answersCleanly(r);
        expect(r.status).toBe(200);
        expect((r.body.match(/data-testid="compare-column"/g) ?? []).length).toBeLessThanOrEqual(4);
      }),
      { numRuns: RUNS, ...BUDGET },
    );
  }, 300_000);

  it(`/recently-viewed: ${RUNS} lists of ids; only existing vehicles, in the order asked, at most 12`, async () => {
    const idList = fc.array(fc.oneof(fc.integer({ min: -3, max: 70 }).map(String), value), { maxLength: 20 });
    await fc.assert(
      fc.asyncProperty(fc.array(idList, { maxLength: 3 }), async (lists) => {
        const q = new URLSearchParams(lists.map((l) => ["ids", l.join(",")])).toString();
        const r = await send(`/recently-viewed?${q}`);
        expect(r.status).toBe(200);
        const items = (JSON.parse(r.body) as { items: { id: number }[] }).items;
        expect(items.length).toBeLessThanOrEqual(12);
        // An id is a number however it is written ("01" asks for vehicle 1).
        const asked = lists
          .join(",")
          .split(",")
          .map((s) => s.trim())
          .map((s) => (/^\d+$/.test(s) ? String(Number(s)) : s));
        const positions = items.map((i) => asked.indexOf(String(i.id)));
        expect(positions.every((p) => p >= 0)).toBe(true);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }),
      { numRuns: RUNS, ...BUDGET },
    );
  }, 300_000);
});

describe("fuzzing the forms", () => {
  it(`register: ${RUNS} forms; an account exists exactly when the answer says it was made`, async () => {
    const random = fc.record({
      fullName: value,
      country: value,
      phone: fc.oneof(value, fc.constantFrom("+94 77 123 4567", "0771234567")),
      email: fc.oneof(value, fc.emailAddress()),
      password: fc.oneof(value, fc.constant("long-enough-pass")),
      confirmPassword: fc.oneof(value, fc.constant("long-enough-pass")),
    });
    // A third of the forms are right, so both answers are tried.
    const right = fc.record({
      fullName: fc.constantFrom("Nimal Perera", "Trần Văn An", "राम शर्मा", "O'Brien <b>"),
      country: fc.constantFrom("Sri Lanka", "Việt Nam", "नेपाल"),
      phone: fc.constantFrom("+94 77 123 4567", "(01) 234-5678"),
      email: fc.uuid().map((u) => `fuzz-${u.slice(0, 13)}@example.com`),
      password: fc.constant("long-enough-pass"),
      confirmPassword: fc.constant("long-enough-pass"),
    });
    const fields = fc.oneof({ arbitrary: right, weight: 1 }, { arbitrary: random, weight: 2 });
    let made = 0;
    await fc.assert(
      fc.asyncProperty(fields, async (f) => {
        const email = f.email.trim().toLowerCase();
        const existed = await withShopDb((db) =>
          db.selectFrom("customers").select("id").where("email", "=", email).executeTakeFirst(),
        );
        const r = await post("/register", f);
        answersCleanly(r);
        const exists = await withShopDb((db) =>
          db.selectFrom("customers").selectAll().where("email", "=", email).executeTakeFirst(),
        );
        const madeOne = r.status >= 300 && r.status < 400;
        if (madeOne) made++;
        if (madeOne) {
          expect(existed).toBeUndefined();
          expect(exists?.full_name).toBe(f.fullName.trim());
        } else if (!existed) expect(exists).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
    expect(made).toBeGreaterThan(20);
  }, 600_000);

  it(`buyer sign-in: ${RUNS} forms, a real account among them; only its password opens it, and only while not locked`, async () => {
    const account = SIGN_IN_BUYER;
    const credentials = fc.oneof(
      { weight: 2, arbitrary: fc.record({ email: value, password: value }) },
      {
        weight: 2,
        arbitrary: fc.record({
          email: typedEmail(account.email),
          password: fc.oneof(value, nearPassword(account.password)),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ email: typedEmail(account.email), password: fc.constant(account.password) }),
      },
    );
    const fields = fc.tuple(credentials, fc.option(redirectTarget, { nil: undefined }));
    const seen = { signedIn: 0, locked: 0 };
    await fc.assert(
      fc.asyncProperty(fields, async ([creds, redirectTo]) => {
        const f = { ...creds, redirectTo };
        const key = `login:account:${f.email.trim().toLowerCase().slice(0, 254)}`;
        const ours = key === `login:account:${account.email}`;
        const open = ours ? await limiterOpen(key) : true;
        const r = await post("/login", f);
        answersCleanly(r);
        if (ours && open && f.password === account.password) {
          seen.signedIn++;
          expect(r.status).toBe(302);
          expect(cookieOf(r, BUYER_COOKIE)).not.toBeNull();
          expect(isLocalPath(r.location), String(r.location)).toBe(true);
          if (redirectTo && GOOD_TARGETS.includes(redirectTo)) expect(r.location).toBe(redirectTo);
        } else {
          if (ours && !open) seen.locked++;
          // A made-up e-mail address may be locked by earlier tries of the same text.
          if (ours) expect(r.status).toBe(open ? 400 : 429);
          else expect([400, 429]).toContain(r.status);
          expect(cookieOf(r, BUYER_COOKIE)).toBeNull();
        }
      }),
      { numRuns: RUNS },
    );
    // Both sides of the account's limit were reached.
    expect(seen.signedIn).toBeGreaterThan(10);
    expect(seen.locked).toBeGreaterThan(10);
  }, 600_000);

  it(`staff sign-in: ${FEW * 2} forms, a real Admin ID among them; only its exact ID and password open a session`, async () => {
    const idTyped = fc.constantFrom(STAFF.adminId, ` ${STAFF.adminId} `, STAFF.adminId.toUpperCase());
    const credentials = fc.oneof(
      { weight: 2, arbitrary: fc.record({ adminId: value, password: value }) },
      {
        weight: 2,
        arbitrary: fc.record({ adminId: idTyped, password: fc.oneof(value, nearPassword(STAFF.password)) }),
      },
      { weight: 1, arbitrary: fc.record({ adminId: idTyped, password: fc.constant(STAFF.password) }) },
    );
    const fields = fc.tuple(credentials, fc.option(redirectTarget, { nil: undefined }), fc.option(fc.constant("on")));
    const seen = { signedIn: 0, locked: 0 };
    await fc.assert(
      fc.asyncProperty(fields, async ([creds, redirectTo, remember]) => {
        const f = { ...creds, redirectTo, remember: remember ?? undefined };
        const typedId = f.adminId.trim().slice(0, 64);
        const key = `staff:account:${typedId.toLowerCase()}`;
        const ours = key === `staff:account:${STAFF.adminId.toLowerCase()}`;
        const open = ours ? await limiterOpen(key) : true;
        const r = await post("/admin/login", f);
        answersCleanly(r);
        if (ours && open && typedId === STAFF.adminId && f.password === STAFF.password) {
          seen.signedIn++;
          expect(r.status).toBe(302);
          expect(cookieOf(r, STAFF_COOKIE)).not.toBeNull();
          // Only the staff panel is a place to go back to.
          expect(r.location).toMatch(/^\/admin(?:$|[/?])/);
          expect(isLocalPath(r.location)).toBe(true);
        } else {
          if (ours && !open) seen.locked++;
          if (ours) expect(r.status).toBe(open ? 400 : 429);
          else expect([400, 429]).toContain(r.status);
          expect(cookieOf(r, STAFF_COOKIE)).toBeNull();
        }
      }),
      { numRuns: FEW * 2 },
    );
    expect(seen.signedIn).toBeGreaterThan(5);
    expect(seen.locked).toBeGreaterThan(5);
  }, 600_000);

  const mailsTo = (email: string) =>
    withShopDb(async (db) =>
      Number(
        (
          await db
            .selectFrom("mail_outbox")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("to_address", "=", email)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );

  it(`password reset requests: ${RUNS} forms, a real account among them; a link is mailed to it exactly when allowed`, async () => {
    const account = RESET_BUYER;
    const fields = fc.record({
      intent: fc.oneof({ weight: 3, arbitrary: fc.constant("request") }, value),
      email: fc.oneof(value, fc.emailAddress(), typedEmail(account.email)),
    });
    const seen = { mailed: 0, limited: 0 };
    await fc.assert(
      fc.asyncProperty(fields, async (f) => {
        const key = `reset:account:${f.email.slice(0, 254).trim().toLowerCase()}`;
        const ours = f.intent !== "reset" && key === `reset:account:${account.email}`;
        const open = ours ? await limiterOpen(key) : true;
        const before = await mailsTo(account.email);
        const r = await post("/reset-password", f);
        answersCleanly(r);
        const after = await mailsTo(account.email);
        if (ours) {
          expect(r.status).toBe(open ? 200 : 429);
          expect(after - before).toBe(open ? 1 : 0);
          if (open) seen.mailed++;
          else seen.limited++;
        } else {
          expect([200, 400, 429]).toContain(r.status);
          expect(after).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
    expect(seen.mailed).toBeGreaterThan(10);
    expect(seen.limited).toBeGreaterThan(10);
  }, 600_000);

  it(`choosing a new password: ${FEW * 2} forms with real links (live and spent) and made-up ones; only a live link changes it, once`, async () => {
    const account = RESET_BUYER;
    const LINK = /reset-password\?token=([A-Za-z0-9_-]+)/;

    /** The links the account was mailed, with their state now. */
    const hashes = new Map<string, string>();
    const hashOf = (token: string) => hashes.get(token) ?? hashes.set(token, tokenHash(token)).get(token)!;
    async function links() {
      return withShopDb(async (db) => {
        const mails = await db
          .selectFrom("mail_outbox")
          .select("text_body")
          .where("to_address", "=", account.email)
          .execute();
        const tokens = mails.flatMap((m) => LINK.exec(m.text_body)?.[1] ?? []);
        if (tokens.length === 0) return [];
        const rows = await db
          .selectFrom("password_resets")
          .select(["token_hash", "used_at", "expires_at"])
          .where("token_hash", "in", tokens.map(hashOf))
          .execute();
        const byHash = new Map(rows.map((r) => [r.token_hash, r]));
        const now = new Date().toISOString();
        return tokens.map((token) => {
          const row = byHash.get(hashOf(token))!;
          return { token, live: row.used_at === null && row.expires_at > now };
        });
      });
    }
    /** A new live link, asked for through the form. */
    async function freshToken(): Promise<string> {
      // The request fuzz above may have spent the account's limit on reset mails.
      await writeShopDb((db) =>
        db.deleteFrom("rate_limits").where("key", "=", `reset:account:${account.email}`).execute(),
      );
      expect((await post("/reset-password", { intent: "request", email: account.email })).status).toBe(200);
      const live = (await links()).filter((l) => l.live);
      expect(live).toHaveLength(1);
      return live[0]!.token;
    }
    const state = () =>
      withShopDb(async (db) => ({
        hash: (
          await db
            .selectFrom("customers")
            .select("password_hash")
            .where("email", "=", account.email)
            .executeTakeFirstOrThrow()
        ).password_hash,
        resets: await db
          .selectFrom("password_resets")
          .innerJoin("customers", "customers.id", "password_resets.customer_id")
          .select(["token_hash", "used_at"])
          .where("customers.email", "=", account.email)
          .orderBy("token_hash")
          .execute(),
      }));

    const token = fc.oneof(
      { weight: 3, arbitrary: fc.constant({ real: "live" as const }) },
      { weight: 1, arbitrary: fc.constant({ real: "spent" as const }) },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((t) => ({ made: t })) },
      { weight: 1, arbitrary: value.map((t) => ({ made: t })) },
    );
    const password = fc.oneof(fc.constantFrom("a new password 1", "パスワードは長いです", " spaces  around "), value);
    const fields = fc.tuple(token, password, fc.option(value, { nil: undefined }), fc.boolean());
    const seen = { changed: 0, spent: 0 };
    await fc.assert(
      fc.asyncProperty(fields, async ([which, pw, otherConfirm, sameConfirm]) => {
        const known = await links();
        const live = known.find((l) => l.live)?.token;
        let t: string;
        if ("made" in which) t = which.made;
        else if (which.real === "live") t = live ?? (await freshToken());
        else t = known.find((l) => !l.live)?.token ?? live ?? (await freshToken());
        // Live: the unused link, or one just asked for (not among the known ones).
        const wasLive = "real" in which && (t === live || !known.some((l) => l.token === t));
        const confirmPassword = sameConfirm || otherConfirm === undefined ? pw : otherConfirm;
        const before = await state();
        const r = await post("/reset-password", { intent: "reset", token: t, password: pw, confirmPassword });
        answersCleanly(r);
        const after = await state();
        const valid = chars(pw) >= 8 && chars(pw) <= 128 && confirmPassword === pw;
        if (wasLive && valid) {
          seen.changed++;
          expect(r.status).toBe(302);
          expect(r.location).toBe("/account?password=changed");
          expect(cookieOf(r, BUYER_COOKIE)).not.toBeNull();
          expect(await verifyPassword(after.hash, pw)).toBe(true);
          // This link and every other one the account was sent are spent now.
          expect(after.resets.every((row) => row.used_at !== null)).toBe(true);
        } else {
          if (!wasLive && "real" in which) seen.spent++;
          expect(r.status).toBe(400);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: FEW * 2 },
    );
    expect(seen.changed).toBeGreaterThan(10);
    expect(seen.spent).toBeGreaterThan(10);
  }, 600_000);

  for (const kind of ["vehicle", "part"] as const) {
    it(`${kind} quote form: ${RUNS} forms; a quote is stored exactly when the answer says it was sent`, async () => {
      const itemId = kind === "vehicle" ? mine.vehicle : mine.part;
      const page = `/${kind === "vehicle" ? "vehicles" : "parts"}/${itemId}`;
      const random = fc.record({
        kind: fc.oneof(fc.constant(kind), value),
        itemId: fc.oneof(fc.constant(String(itemId)), value),
        submissionKey: fc.oneof(fc.uuid(), value),
        name: value,
        country: value,
        email: fc.oneof(value, fc.emailAddress()),
        phone: fc.oneof(value, fc.constant("+94 77 123 4567")),
        message: fc.oneof(value, fc.constant("Price to Colombo, please.")),
        portId: fc.option(fc.oneof(fc.constant(""), value), { nil: undefined }),
        contactMethods: fc.array(fc.oneof(fc.constantFrom("Viber", "LINE", "WhatsApp"), value), { maxLength: 5 }),
      });
      const right = fc.record({
        kind: fc.constant(kind),
        itemId: fc.constant(String(itemId)),
        submissionKey: fc.uuid(),
        name: fc.constantFrom("Li Wei", "Amara Okafor", "<b>Bold</b> buyer"),
        country: fc.constantFrom("China", "Kenya"),
        // Mostly new addresses; one address used again and again meets the limit per address (8 an hour).
        email: fc.oneof(
          { weight: 4, arbitrary: fc.uuid().map((u) => `quote-${u.slice(0, 8)}${u.slice(-6)}@example.com`) },
          { weight: 1, arbitrary: fc.constant(`again-${kind}-${tag}@example.com`) },
        ),
        phone: fc.constant("+254 700 000000"),
        message: fc.string({ minLength: 1, maxLength: 500 }).map((m) => `Price to Mombasa? ${m}`),
        portId: fc.constant(undefined),
        contactMethods: fc.subarray(["Viber", "LINE", "WhatsApp"]),
      });
      const fields = fc.oneof({ arbitrary: right, weight: 1 }, { arbitrary: random, weight: 2 });
      const seen = { sent: 0, limited: 0 };
      await fc.assert(
        fc.asyncProperty(fields, async (f) => {
          const countFor = () =>
            withShopDb(async (db) =>
              Number(
                (
                  await db
                    .selectFrom("quotes")
                    .select((eb) => eb.fn.countAll<number>().as("n"))
                    .where(
                      "submission_key",
                      "=",
                      storedSubmissionKey({
                        submissionKey: String(f.submissionKey),
                        email: String(f.email),
                        kind,
                        itemId,
                      }),
                    )
                    .executeTakeFirstOrThrow()
                ).n,
              ),
            );
          const before = await countFor();
          const r = await post(page, f);
          answersCleanly(r);
          const after = await countFor();
          // The answer names the new quote's number (the bare sentence is also in the page's catalogue).
          const sent = /Your quote number is \d{10}/.test(r.body);
          expect(after - before).toBe(sent && before === 0 ? 1 : 0);
          if (sent) {
            seen.sent++;
            expect(r.status).toBe(200);
          }
          if (r.status === 429) seen.limited++;
          if (overLimit(f)) expect(r.status).toBe(413);
        }),
        { numRuns: RUNS },
      );
      // The property was tried on real successes and on the limit too, not only on refusals.
      expect(seen.sent).toBeGreaterThan(20);
      expect(seen.limited).toBeGreaterThan(0);
    }, 600_000);
  }
});

describe("fuzzing a signed-in buyer's forms", () => {
  const customerId = () =>
    withShopDb(
      async (db) =>
        (await db.selectFrom("customers").select("id").where("email", "=", TOOLS_BUYER.email).executeTakeFirstOrThrow())
          .id,
    );
  /** Signed in as this file's buyer most of the time, sometimes not at all. */
  const who = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

  it(`/preferences: ${RUNS} forms; back to a page of this site, with exactly the cookies asked for`, async () => {
    const codes: string[] = LANGUAGES.map((l) => l.code);
    const fields = fc.record(
      {
        lang: fc.oneof(fc.constantFrom(...codes), value),
        currency: fc.oneof(fc.constantFrom(...CURRENCIES), value),
        port: fc.oneof(fc.nat().map(String), fc.constant(""), value),
        redirectTo: redirectTarget,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fields, async (f) => {
        const r = await post("/preferences", f);
        answersCleanly(r);
        expect(r.status).toBe(302);
        expect(isLocalPath(r.location), String(r.location)).toBe(true);
        expect(new URL(r.location!, "http://shop.invalid").searchParams.has("lng")).toBe(false);
        // The way back keeps its path and query; a fragment is the browser's to keep.
        if (f.redirectTo && GOOD_TARGETS.includes(f.redirectTo)) expect(r.location).toBe(f.redirectTo.split("#")[0]);
        const set = (name: string) => r.cookies.find((c) => c.startsWith(`${name}=`))?.split(";")[0] ?? null;
        expect(set(COOKIES.language.name)).toBe(
          f.lang !== undefined && codes.includes(f.lang) ? `${COOKIES.language.name}=${f.lang}` : null,
        );
        // A currency the shop offers, or "" (cleared: prices follow the buyer's country again).
        expect(set(COOKIES.currency.name)).toBe(
          f.currency !== undefined && (f.currency === "" || (CURRENCIES as readonly string[]).includes(f.currency))
            ? `${COOKIES.currency.name}=${f.currency}`
            : null,
        );
        expect(set(COOKIES.port.name)).toBe(
          f.port !== undefined && /^\d{0,9}$/.test(f.port) ? `${COOKIES.port.name}=${f.port}` : null,
        );
      }),
      { numRuns: RUNS, ...BUDGET },
    );
  }, 300_000);

  it(`/favourite: ${RUNS} forms; only the buyer's own favourites change, and only as asked`, async () => {
    const id = await customerId();
    const favourites = () =>
      withShopDb(async (db) =>
        (await db.selectFrom("favourites").select("vehicle_id").where("customer_id", "=", id).execute())
          .map((r) => r.vehicle_id)
          .sort((a, b) => a - b),
      );
    const fields = fc.record({
      vehicleId: fc.oneof(fc.constantFrom(String(mine.vehicle), String(mine.editVehicle)), foreignId),
      favourite: fc.oneof(fc.constant("on"), value),
      redirectTo: fc.option(redirectTarget, { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fields, who, async (f, signedIn) => {
        const before = await favourites();
        const r = await post("/favourite", f, signedIn ? buyerCookie : undefined);
        answersCleanly(r);
        expect(r.status).toBe(302);
        expect(isLocalPath(r.location), String(r.location)).toBe(true);
        const after = await favourites();
        const ownVehicle = [mine.vehicle, mine.editVehicle].includes(Number(f.vehicleId));
        if (!signedIn) {
          expect(r.location).toMatch(/^\/login\?redirectTo=/);
          expect(after).toEqual(before);
        } else if (ownVehicle) {
          expect(after.includes(Number(f.vehicleId))).toBe(f.favourite === "on");
          expect(after.filter((v) => v !== Number(f.vehicleId))).toEqual(
            before.filter((v) => v !== Number(f.vehicleId)),
          );
        } else {
          expect(after).toEqual(before);
        }
      }),
      { numRuns: RUNS, ...BUDGET },
    );
  }, 300_000);

  it(`/saved-searches: ${RUNS} forms (save, delete, alerts); each either happens whole or changes nothing`, async () => {
    const id = await customerId();
    const searches = () =>
      withShopDb((db) =>
        db
          .selectFrom("saved_searches")
          .select(["id", "name", "query", "alerts_on"])
          .where("customer_id", "=", id)
          .orderBy("id")
          .execute(),
      );
    const intents = ["save", "delete", "alerts-on", "alerts-off"];
    const fields = fc.record(
      {
        intent: fc.oneof(
          { weight: 3, arbitrary: fc.constant("save") },
          { weight: 3, arbitrary: fc.constantFrom("delete", "alerts-on", "alerts-off") },
          value,
        ),
        name: fc.oneof(fc.constantFrom("Toyota under 2M", "  Vans  ", "x".repeat(61)), value),
        query: fc.oneof(
          query,
          fc.integer({ min: 1, max: 99_999_999 }).map((n) => `Make=Toyota&PriceTo=${n}`),
          fc.integer({ min: 1, max: 9_999_999 }).map((n) => `PriceFrom=${n}`),
        ),
        // An index into the buyer's own searches, or an id that is nobody's.
        id: fc.oneof(
          fc.nat(30).map((n) => `#${n}`),
          foreignId,
        ),
        redirectTo: redirectTarget,
      },
      { requiredKeys: ["intent", "name", "query", "id"] },
    );
    const seen = { saved: 0, refused: 0, deleted: 0, switched: 0 };
    await fc.assert(
      fc.asyncProperty(fields, who, async (f, signedIn) => {
        const before = await searches();
        const own = f.id.startsWith("#") ? before[Number(f.id.slice(1)) % Math.max(before.length, 1)] : undefined;
        const sent = { ...f, id: f.id.startsWith("#") ? String(own?.id ?? "0") : f.id };
        const r = await post("/saved-searches", sent, signedIn ? buyerCookie : undefined);
        answersCleanly(r);
        const after = await searches();
        const intent = intents.includes(f.intent) ? f.intent : "save";
        if (!signedIn) {
          expect(r.status).toBe(302);
          expect(r.location).toMatch(/^\/login\?redirectTo=/);
          expect(after).toEqual(before);
        } else if (intent === "save") {
          if (r.status === 302) {
            seen.saved++;
            expect(isLocalPath(r.location)).toBe(true);
            expect(after.length).toBe(before.length + 1);
            expect(after.at(-1)!.name).toBe(f.name.trim());
          } else {
            seen.refused++;
            expect(r.status).toBe(400);
            expect(after).toEqual(before);
          }
          const name = f.name.trim();
          if (chars(name) === 0 || chars(name) > 60 || before.length >= 20) expect(r.status).toBe(400);
        } else if (own) {
          expect(r.status).toBe(302);
          if (intent === "delete") {
            seen.deleted++;
            expect(after).toEqual(before.filter((s) => s.id !== own.id));
          } else {
            seen.switched++;
            expect(after).toEqual(
              before.map((s) => (s.id === own.id ? { ...s, alerts_on: intent === "alerts-on" ? 1 : 0 } : s)),
            );
          }
        } else {
          expect(r.status).toBe(404);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(10);
  }, 300_000);

  it(`/account details: ${FEW * 2} forms; the buyer's row changes to the values sent, or not at all`, async () => {
    const id = await customerId();
    const row = () =>
      withShopDb((db) =>
        db
          .selectFrom("customers")
          .select(["full_name", "country", "phone", "email", "password_hash"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow(),
      );
    const right = fc.record({
      fullName: fc.constantFrom("Kamal Silva", " Trần Thị B ", "<i>Ann</i>"),
      country: fc.constantFrom("Sri Lanka", "Kenya "),
      phone: fc.constantFrom("+94 77 123 4567", "(01) 234-5678"),
    });
    const random = fc.record(
      { fullName: value, country: value, phone: fc.oneof(value, fc.constant("+94 77 123 4567")), email: value },
      { requiredKeys: [] },
    );
    const fields = fc.oneof(
      { weight: 1, arbitrary: right.map((f) => ({ ...f, right: true })) },
      { weight: 2, arbitrary: random.map((f) => ({ ...f, right: false })) },
    );
    let changed = 0;
    await fc.assert(
      fc.asyncProperty(fields, who, async ({ right: isRight, ...f }, signedIn) => {
        const before = await row();
        const r = await post("/account", f, signedIn ? buyerCookie : undefined);
        answersCleanly(r);
        const after = await row();
        if (!signedIn) {
          expect(r.status).toBe(302);
          expect(after).toEqual(before);
        } else if (r.status === 200) {
          changed++;
          // The e-mail address and password are not details this form changes.
          // The country is kept by its English name, the phone in international form, read in that country.
          const code = findCountry(f.country!)!;
          const phone = readPhone(f.phone!, code);
          expect(phone.ok).toBe(true);
          expect(after).toEqual({
            ...before,
            full_name: f.fullName!.trim(),
            country: storedCountry(code),
            phone: phone.ok ? phone.phone : "",
          });
        } else {
          expect(r.status).toBe(overLimit(f) ? 413 : 400);
          expect(isRight).toBe(false);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: FEW * 2 },
    );
    expect(changed).toBeGreaterThan(20);
  }, 300_000);

  it(`/recently-viewed (clear): ${FEW} forms; only the signed-in buyer's own "clear" empties the list`, async () => {
    const id = await customerId();
    const views = () =>
      writeShopDb(async (db) => {
        const rows = await db.selectFrom("recent_views").select("vehicle_id").where("customer_id", "=", id).execute();
        if (rows.length === 0) {
          await db
            .insertInto("recent_views")
            .values({ customer_id: id, vehicle_id: mine.vehicle, viewed_at: new Date().toISOString() })
            .execute();
          return 1;
        }
        return rows.length;
      });
    const fields = fc.record({ intent: fc.oneof(fc.constant("clear"), value) }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(fields, who, async (f, signedIn) => {
        const before = await views();
        const r = await post("/recently-viewed", f, signedIn ? buyerCookie : undefined);
        expect(r.status).toBe(200);
        expect(JSON.parse(r.body)).toEqual({ ok: true });
        const after = await withShopDb(
          async (db) =>
            (await db.selectFrom("recent_views").select("vehicle_id").where("customer_id", "=", id).execute()).length,
        );
        expect(after).toBe(signedIn && f.intent === "clear" ? 0 : before);
      }),
      { numRuns: FEW, ...BUDGET },
    );
  }, 300_000);
});

describe("fuzzing the staff panel", () => {
  const adminKeys = ["q", "make", "type", "status", "band", "min", "max", "sort", "page", "perPage", "notice"];
  const adminQuery = fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...adminKeys) }, fc.string({ maxLength: 10 })),
        fc.oneof(
          value,
          fc.constantFrom("available", "sold", "price_asc", "name", "200", "100", "Toyota", "SUV", "0-1000000"),
          fc.integer({ min: -10, max: 1e15 }).map(String),
        ),
      ),
      { maxLength: 8 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString());

  for (const list of [
    "/admin/all-products",
    "/admin/all-parts-products",
    "/admin/vehicle-quotes",
    "/admin/parts-quotes",
  ]) {
    it(`${list}: ${FEW * 2} query strings, no 5xx, nothing echoed unescaped`, async () => {
      await fc.assert(
        fc.asyncProperty(adminQuery, async (q) => {
          const r = await send(`${list}?${q}`, { cookie: staffCookie });
          answersCleanly(r);
          expect(r.status).toBe(200);
        }),
        { numRuns: FEW * 2, ...BUDGET },
      );
    }, 300_000);
  }

  it(`quote exports: ${FEW / 2} query strings answer a CSV`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("vehicle", "part"), adminQuery, async (kind, q) => {
        const r = await send(`/admin/quotes-export/${kind}?${q}`, { cookie: staffCookie });
        expect(r.status).toBe(200);
      }),
      { numRuns: FEW / 2, ...BUDGET },
    );
  }, 300_000);

  for (const kind of ["vehicles", "parts"] as const) {
    const list = kind === "vehicles" ? "/admin/all-products" : "/admin/all-parts-products";
    it(`${list} bulk delete: ${FEW} forms; what was asked for is gone, nothing else`, async () => {
      const fields = fc.record({
        intent: fc.oneof({ weight: 4, arbitrary: fc.constant("delete") }, value),
        listed: fc.nat(2),
        // Which of the ones just listed to send, and made-up ids to send with them.
        pick: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
        junk: fc.array(foreignId, { maxLength: 3 }),
      });
      const seen = { deleted: 0, some: 0 };
      await fc.assert(
        fc.asyncProperty(fields, async (f) => {
          const listed: number[] = [];
          for (let i = 0; i < f.listed; i++)
            listed.push(kind === "vehicles" ? await listVehicle(nextStockNo()) : await listPart(nextStockNo()));
          const chosen = listed.filter((_, i) => f.pick[i]);
          const ids = [...chosen.map(String), ...f.junk];
          const r = await post(list, { intent: f.intent, ids }, staffCookie);
          answersCleanly(r);
          const left = await withShopDb(async (db) =>
            listed.length === 0
              ? []
              : (await db.selectFrom(kind).select("id").where("id", "in", listed).execute()).map((row) => row.id),
          );
          for (const gone of listed.filter((id) => !left.includes(id))) ownStock[kind].delete(gone);
          if (f.intent !== "delete" || ids.length === 0) {
            expect(r.status).toBe(400);
            expect(left.sort()).toEqual(listed.sort());
            return;
          }
          // Every listed id sent is gone; every one not sent is still there.
          expect(left.sort()).toEqual(listed.filter((id) => !chosen.includes(id)).sort());
          const missing = f.junk.some((j) => Number.isSafeInteger(Number(j)) && Number(j) > 0);
          expect(r.status).toBe(missing ? 409 : 200);
          if (missing) seen.some++;
          else seen.deleted++;
        }),
        { numRuns: FEW },
      );
      expect(seen.deleted).toBeGreaterThan(10);
      expect(seen.some).toBeGreaterThan(10);
    }, 300_000);
  }

  describe("quotes", () => {
    /** Quotes this file asked for, on its own vehicle and part, that it may change and delete. */
    const pool: string[] = [];
    async function fillPool(n: number) {
      while (pool.length < n) {
        const kind = pool.length % 2 === 0 ? "vehicle" : "part";
        const submissionKey = `fuzz-${tag}-${nextStockNo()}-key`;
        const outcome = await writeShopDb((db) =>
          createQuote(
            db,
            {
              kind,
              itemId: kind === "vehicle" ? mine.vehicle : mine.part,
              submissionKey,
              name: `Fuzz buyer ${MARK}`,
              country: "Kenya",
              email: `pool-${tag}@example.com`,
              phone: "+254 700 000000",
              message: `Quote made by the fuzz ${MARK}`,
              portId: null,
              quantity: null,
              contactMethods: [],
            },
            null,
            { ownerEmail: "owner@example.com", shopName: "Fuzz", publicUrl: new URL(baseUrl()) },
          ),
        );
        if (!outcome.ok) throw new Error(`quote refused: ${outcome.reason}`);
        pool.push(outcome.number);
      }
    }
    const quoteRows = (numbers: string[]) =>
      withShopDb((db) =>
        numbers.length === 0
          ? Promise.resolve([])
          : db
              .selectFrom("quotes")
              .select(["number", "status", "notes"])
              .where("number", "in", numbers)
              .orderBy("number")
              .execute(),
      );

    it(`/admin/quotes/:number: ${FEW} forms (moves, notes, retry, delete); each happens whole or not at all`, async () => {
      const fields = fc.record({
        quote: fc.oneof(
          { weight: 6, arbitrary: fc.nat(5).map((n) => ({ own: n })) },
          foreignNumber.map((n) => ({ other: n })),
        ),
        intent: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom("move", "move", "move", "notes", "retry", "delete") },
          value,
        ),
        // Close and reopen are the owner's moves; offer and accept are not moves of this form.
        event: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom("close", "reopen") },
          { weight: 1, arbitrary: fc.constantFrom("offer", "accept", "expire") },
          value,
        ),
        notes: value,
        mailId: fc.oneof(foreignId, fc.nat(1000).map(String)),
      });
      const seen = { moved: 0, refused: 0, deleted: 0 };
      await fc.assert(
        fc.asyncProperty(fields, async (f) => {
          await fillPool(6);
          const number = "own" in f.quote ? pool[f.quote.own]! : f.quote.other;
          const [before] = await quoteRows([number]);
          const sent = { intent: f.intent, event: f.event, notes: f.notes, mailId: f.mailId };
          const r = await post(`/admin/quotes/${encodeURIComponent(number)}`, sent, staffCookie);
          answersCleanly(r);
          const [after] = await quoteRows([number]);
          if (!before) {
            // A number that is no quote; "", "." and ".." lead to other addresses, whose pages have no form (405).
            expect([302, 400, 404, 405]).toContain(r.status);
            return;
          }
          if (f.intent === "delete") {
            seen.deleted++;
            expect(r.status).toBe(302);
            expect(after).toBeUndefined();
            pool.splice(pool.indexOf(number), 1);
          } else if (
            f.intent === "move" &&
            (f.event === "close" || f.event === "reopen") &&
            isQuoteStatus(before.status) &&
            nextStatus(before.status, f.event as QuoteEvent, "staff")
          ) {
            seen.moved++;
            expect(r.status).toBe(200);
            expect(after).toEqual({ ...before, status: nextStatus(before.status, f.event as QuoteEvent, "staff") });
          } else if (f.intent === "notes") {
            expect(r.status).toBe(overLimit(sent) ? 413 : 200);
            if (r.status === 200) expect(after).toEqual({ ...before, notes: f.notes.slice(0, 5000) });
          } else if (f.intent === "retry") {
            // Only a mail the outbox gave up on is sent again; the quote itself never changes.
            expect([200, 400]).toContain(r.status);
            expect(after).toEqual(before);
          } else {
            seen.refused++;
            expect(r.status).toBe(overLimit(sent) ? 413 : 400);
            expect(after).toEqual(before);
          }
        }),
        { numRuns: FEW },
      );
      expect(seen.moved).toBeGreaterThan(10);
      expect(seen.refused).toBeGreaterThan(10);
      expect(seen.deleted).toBeGreaterThan(5);
    }, 300_000);

    it(`/admin/quotes/:number offers: ${FEW} forms; an offer is saved whole with its total, or nothing changes`, async () => {
      const amount = fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 0, max: 3_000_000 }).map(String) },
        fc.constantFrom("", "1,250,000", "¥90,000", "-5", "1.5", "abc", "1e9", "99999999999"),
        value,
      );
      const random = fc.record({
        quote: fc.oneof(
          { weight: 6, arbitrary: fc.nat(5).map((n) => ({ own: n })) },
          foreignNumber.map((n) => ({ other: n })),
        ),
        fob: amount,
        freight: amount,
        insurance: amount,
        otherName1: fc.oneof(fc.constant(""), value),
        otherAmount1: amount,
        terms: fc.oneof({ weight: 4, arbitrary: fc.constantFrom("FOB", "C&F", "CIF") }, value),
        port: fc.oneof(fc.constant("Mombasa, Kenya"), fc.constant(""), value),
        validUntil: fc.oneof(
          {
            weight: 3,
            arbitrary: fc
              .integer({ min: -3, max: 100 })
              .map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)),
          },
          value,
        ),
        message: fc.oneof(fc.constant("Dear {buyer_name}, {total}."), value),
      });
      // Offers that should be saved, mixed in so every run saves some.
      const right = fc
        .record({
          quote: fc.nat(5).map((n) => ({ own: n })),
          fob: fc.integer({ min: 1, max: 3_000_000 }).map(String),
          freight: fc.constant("120,000"),
          insurance: fc.constant(""),
          otherName1: fc.constantFrom("", "Radiator guard"),
          otherAmount1: fc.constant(""),
          terms: fc.constantFrom("FOB", "C&F"),
          port: fc.constant("Mombasa, Kenya"),
          validUntil: fc
            .integer({ min: 1, max: 60 })
            .map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)),
          message: fc.constant("Dear {buyer_name}, {total}."),
        })
        .map((f) => ({ ...f, otherAmount1: f.otherName1 ? "5000" : "" }));
      const fields = fc.oneof({ weight: 1, arbitrary: right }, { weight: 3, arbitrary: random });
      const offers = (number: string) =>
        withShopDb((db) =>
          db
            .selectFrom("offers")
            .innerJoin("quotes", "quotes.id", "offers.quote_id")
            .select(["offers.id", "offers.total", "offers.lines", "offers.status"])
            .where("quotes.number", "=", number)
            .orderBy("offers.id")
            .execute(),
        );
      const seen = { saved: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(fields, async ({ quote, ...f }) => {
          await fillPool(6);
          const number = "own" in quote ? pool[quote.own]! : quote.other;
          const [before] = await quoteRows([number]);
          const offersBefore = before ? await offers(number) : [];
          const sent = { intent: "offer", ...f };
          const r = await post(`/admin/quotes/${encodeURIComponent(number)}`, sent, staffCookie);
          answersCleanly(r);
          if (!before) {
            expect([400, 404, 405]).toContain(r.status);
            return;
          }
          const [after] = await quoteRows([number]);
          const offersAfter = await offers(number);
          if (r.status === 200) {
            seen.saved++;
            expect(after!.status).toBe("offered");
            const added = offersAfter.at(-1)!;
            expect(offersAfter).toHaveLength(offersBefore.length + 1);
            const lines = JSON.parse(added.lines) as { amount: number }[];
            expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(Number(added.total));
            expect(Number(added.total)).toBeGreaterThan(0);
            for (const line of lines) expect(Number.isSafeInteger(line.amount) && line.amount >= 0).toBe(true);
            expect(offersAfter.filter((o) => o.status === "open")).toHaveLength(1);
          } else {
            seen.refused++;
            expect(overLimit(sent) ? [413] : [400, 409]).toContain(r.status);
            expect(after).toEqual(before);
            expect(offersAfter).toEqual(offersBefore);
          }
        }),
        { numRuns: FEW },
      );
      expect(seen.saved).toBeGreaterThan(3);
      expect(seen.refused).toBeGreaterThan(10);
    }, 300_000);

    it(`/quotes/:number answers: ${FEW} made-up links and strangers accept or decline nothing`, async () => {
      await fillPool(6);
      const fields = fc.record({
        quote: fc.oneof(
          { weight: 4, arbitrary: fc.nat(5).map((n) => ({ own: n })) },
          foreignNumber.map((n) => ({ other: n })),
        ),
        intent: fc.oneof({ weight: 4, arbitrary: fc.constantFrom("accept", "decline") }, value),
        offer: fc.oneof(fc.nat(100_000).map(String), value),
        sig: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), value),
        signedIn: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(fields, async ({ quote, signedIn, ...f }) => {
          const number = "own" in quote ? pool[quote.own]! : quote.other;
          const [before] = await quoteRows([number]);
          const r = await post(`/quotes/${encodeURIComponent(number)}`, f, signedIn ? buyerCookie : undefined);
          answersCleanly(r);
          expect(overLimit(f) ? [413] : [400, 404, 405]).toContain(r.status);
          expect((await quoteRows([number]))[0]).toEqual(before);
        }),
        { numRuns: FEW, ...BUDGET },
      );
    }, 300_000);

    for (const list of ["/admin/vehicle-quotes", "/admin/parts-quotes"]) {
      it(`${list} delete: ${FEW / 2} forms; the quotes sent are gone, the others stay`, async () => {
        const fields = fc.record({
          intent: fc.oneof({ weight: 4, arbitrary: fc.constant("delete") }, value),
          pick: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
          junk: fc.array(foreignNumber, { maxLength: 3 }),
        });
        let deleted = 0;
        await fc.assert(
          fc.asyncProperty(fields, async (f) => {
            await fillPool(4);
            const offered = pool.slice(0, 4);
            const chosen = offered.filter((_, i) => f.pick[i]);
            const r = await post(list, { intent: f.intent, numbers: [...chosen, ...f.junk] }, staffCookie);
            answersCleanly(r);
            const left = (await quoteRows(offered)).map((q) => q.number);
            for (const n of offered.filter((n) => !left.includes(n))) pool.splice(pool.indexOf(n), 1);
            if (f.intent === "delete" && chosen.length > 0) {
              deleted++;
              expect(r.status).toBe(200);
              expect(left).toEqual(offered.filter((n) => !chosen.includes(n)).sort());
            } else {
              expect(r.status).toBe(400);
              expect(left).toEqual([...offered].sort());
            }
          }),
          { numRuns: FEW / 2 },
        );
        expect(deleted).toBeGreaterThan(10);
      }, 300_000);
    }
  });

  it(`/admin/freight: ${FEW} forms (add, update, delete); only this file's ports change, each whole or not at all`, async () => {
    const ports = () =>
      withShopDb((db) =>
        db
          .selectFrom("freight_ports")
          .select(["id", "country", "port", "freight_small", "freight_medium", "freight_large", "insurance_bp"])
          .orderBy("id")
          .execute(),
      );
    const amount = fc.oneof({ weight: 6, arbitrary: fc.constantFrom("", "120000", "1,250,000", " 95 000 ") }, value);
    const right = fc.record({
      country: fc.constantFrom("Kenya", "Sri Lanka", "Việt Nam"),
      port: fc.uuid().map((u) => `Fuzz ${tag} ${u.slice(0, 8)}`),
      small: amount,
      medium: amount,
      large: amount,
      insurance: fc.oneof({ weight: 6, arbitrary: fc.constantFrom("", "1.5", "2%", "0.25") }, value),
    });
    const random = fc.record(
      { country: value, port: value, small: amount, medium: amount, large: amount, insurance: value },
      { requiredKeys: [] },
    );
    const fields = fc.record({
      intent: fc.oneof(
        { weight: 4, arbitrary: fc.constant("add") },
        { weight: 3, arbitrary: fc.constant("update") },
        // Deletes are fewer than adds, so this file keeps ports of its own to update.
        { weight: 1, arbitrary: fc.constant("delete") },
        { weight: 1, arbitrary: value },
      ),
      id: fc.oneof(
        { weight: 4, arbitrary: fc.nat(20).map((n) => ({ own: n })) },
        foreignId.map((n) => ({ other: n })),
      ),
      values: fc.oneof({ weight: 2, arbitrary: right }, { weight: 1, arbitrary: random }),
    });
    const seen = { added: 0, updated: 0, deleted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fields, async (f) => {
        const before = await ports();
        const own = [...ownPorts];
        const id = "own" in f.id ? String(own[f.id.own % Math.max(own.length, 1)] ?? 0) : f.id.other;
        const r = await post("/admin/freight", { intent: f.intent, id, ...f.values }, staffCookie);
        answersCleanly(r);
        const after = await ports();
        const others = (rows: typeof before, except: number[]) => rows.filter((p) => !except.includes(p.id));
        const added = after.filter((p) => !before.some((b) => b.id === p.id));
        for (const p of added) ownPorts.add(p.id);
        if (r.status === 302) {
          expect(r.location).toMatch(/^\/admin\/freight\?saved=(added|updated|deleted)$/);
          if (f.intent === "add") {
            seen.added++;
            expect(added).toHaveLength(1);
            expect(after.filter((p) => p.id !== added[0]!.id)).toEqual(before);
          } else {
            // Updates and deletes reach only this file's own ports.
            expect(ownPorts.has(Number(id))).toBe(true);
            expect(others(after, [Number(id)])).toEqual(others(before, [Number(id)]));
            if (f.intent === "delete") {
              seen.deleted++;
              expect(after.some((p) => p.id === Number(id))).toBe(false);
              ownPorts.delete(Number(id));
            } else seen.updated++;
          }
        } else {
          seen.refused++;
          expect([400, 404, 409]).toContain(r.status);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: FEW },
    );
    for (const n of Object.values(seen)) expect(n, JSON.stringify(seen)).toBeGreaterThan(5);
  }, 300_000);

  it(`/admin/security: ${FEW} forms for a staff member with two-step sign-in off and one with it on; no guess changes it`, async () => {
    const secrets = () =>
      withShopDb((db) =>
        db
          .selectFrom("staff")
          .select(["admin_id", "totp_secret", "totp_pending_secret"])
          .where("admin_id", "in", [STAFF.adminId, STAFF_2FA.adminId])
          .orderBy("admin_id")
          .execute(),
      );
    const fields = fc.record(
      {
        intent: fc.oneof(fc.constantFrom("start", "cancel", "confirm", "renew", "off"), value),
        code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^[a-z2-7]{5}-[a-z2-7]{5}$/), value),
        password: fc.oneof(fc.constantFrom(STAFF.password, STAFF_2FA.password), value),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fields, fc.boolean(), async (f, twoStep) => {
        const before = await secrets();
        const r = await post("/admin/security", f, twoStep ? staff2faCookie : staffCookie);
        answersCleanly(r);
        const after = await secrets();
        // Two-step sign-in stays as it was: on for one, off for the other.
        expect(after.map((s) => [s.admin_id, s.totp_secret])).toEqual(before.map((s) => [s.admin_id, s.totp_secret]));
        const known = ["start", "cancel", "confirm", "renew", "off"].includes(f.intent ?? "");
        if (!known) expect(r.status).toBe(400);
        else if (twoStep && f.intent === "start") expect(r.status).toBe(409);
        // A code is counted before anything else is looked at.
        else if (twoStep && f.intent === "confirm") expect([409, 429]).toContain(r.status);
        else if (!twoStep && (f.intent === "renew" || f.intent === "off")) expect([409, 429]).toContain(r.status);
        else expect([200, 400, 429]).toContain(r.status);
        const pending = after.find((s) => s.admin_id === STAFF.adminId)!.totp_pending_secret;
        if (!twoStep && r.status === 200 && f.intent === "start") expect(pending).not.toBeNull();
        if (!twoStep && r.status === 200 && f.intent === "cancel") expect(pending).toBeNull();
      }),
      { numRuns: FEW, ...BUDGET },
    );
  }, 300_000);

  it(`/admin/login/code: ${FEW} guessed codes open no session`, async () => {
    const step = await post("/admin/login", STAFF_2FA);
    expect(step.location).toMatch(/^\/admin\/login\/code/);
    const challenge = cookieOf(step, cookieName(COOKIES.staffChallenge, false))!;
    expect(challenge).not.toBeNull();
    const fields = fc.record(
      {
        code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^[a-z2-7]{5}-[a-z2-7]{5}$/), value),
        redirectTo: redirectTarget,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fields, fc.boolean(), async (f, withChallenge) => {
        const r = await post("/admin/login/code", f, withChallenge ? challenge : undefined);
        answersCleanly(r);
        expect(cookieOf(r, STAFF_COOKIE)).toBeNull();
        if (withChallenge) expect([400, 429]).toContain(r.status);
        else {
          expect(r.status).toBe(302);
          expect(r.location).toMatch(/^\/admin\/login\?/);
        }
      }),
      { numRuns: FEW, ...BUDGET },
    );
  }, 300_000);

  const junkFiles = fc.array(
    fc.record({
      // No backslash: FormData leaves it as it is in the quoted file name, where busboy reads it
      // as an escape, so which part is a file would be busboy's guess, not the shop's.
      name: fc.oneof(
        fc.constantFrom("car.jpg", "x.png", "", "../../evil.php", `${MARK}.webp`),
        fc.string({ maxLength: 40 }).filter((name) => !name.includes("\\")),
      ),
      type: fc.constantFrom("image/jpeg", "image/png", "image/webp", "text/html", "application/octet-stream", ""),
      data: fc.uint8Array({ maxLength: 64 }),
    }),
    { maxLength: 2 },
  );
  /**
   * Whether the shop reads a part as a file: busboy does when it has a file name or comes as
   * application/octet-stream (what FormData sends for a File without a type); other parts are
   * text fields, and an empty file without a name is an empty file input, skipped.
   */
  const readAsFile = (file: JunkFile) =>
    file.name !== "" || file.type === "" || file.type === "application/octet-stream";
  /** A file with bytes in it: junk bytes are never a photo. */
  const isFile = (file: JunkFile) => readAsFile(file) && file.data.length > 0;
  const mediaFiles = () => {
    const dir = path.join(shopDataDir(), "media");
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0;
  };
  const thisYear = new Date().getUTCFullYear();
  const rightVehicle = fc.constantFrom(...Object.keys(VEHICLE_MODELS)).chain((make) =>
    fc.record({
      refId: fc.oneof(
        fc.constant(""),
        fc.uuid().map((u) => `FZ-${tag}-U${u.slice(0, 8)}`),
      ),
      make: fc.constant(make),
      model: fc.constantFrom(...VEHICLE_MODELS[make]!),
      year: fc.integer({ min: 1980, max: thisYear }).map(String),
      price: fc.constantFrom("1,250,000", "¥ 980 000", "450000 JPY"),
      mileage: fc.constantFrom("", "52,000"),
      description: fc.oneof(
        fc.constant(""),
        value.map((v) => v.slice(0, 5000)),
      ),
      // Reserved is only ever a deal's word: a right form never sets it by hand.
      stockStatus: fc.constantFrom("available", "sold", ""),
    }),
  );
  const vehicleFieldNames = [
    "refId",
    "name",
    "make",
    "model",
    "year",
    "price",
    "type",
    "subType",
    "mileage",
    "engineCc",
    "color",
    "fuel",
    "transmission",
    "drive",
    "seats",
    "doors",
    "steering",
    "exteriorGrade",
    "interiorGrade",
    "description",
    "stockStatus",
  ];
  const randomFieldsOf = (names: string[]) =>
    fc.dictionary(
      fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })),
      value.map((v) => v.slice(0, 600)),
      {
        maxKeys: names.length,
      },
    );

  for (const kind of ["vehicle", "part"] as const) {
    const table = kind === "vehicle" ? "vehicles" : "parts";
    it(`/admin/upload-${kind}: ${FEW} multipart forms; a listing is made whole, or nothing is stored at all`, async () => {
      const rightPart = fc.constantFrom(...Object.keys(PART_MODELS)).chain((make) =>
        fc.constantFrom(...Object.keys(PART_SUB_TYPES)).chain((type) =>
          fc.record({
            refId: fc.uuid().map((u) => `FZ-${tag}-U${u.slice(0, 8)}`),
            name: fc.constantFrom("Alternator", "<b>Bumper</b>"),
            make: fc.constant(make),
            model: fc.constantFrom(...PART_MODELS[make]!),
            type: fc.constant(type),
            subType: fc.constantFrom(...PART_SUB_TYPES[type]!),
            price: fc.constantFrom("25,000", "9800"),
            quantity: fc.constantFrom("", "3"),
            stockStatus: fc.constantFrom("available", "sold"),
          }),
        ),
      );
      const right = kind === "vehicle" ? rightVehicle : rightPart;
      const names =
        kind === "vehicle"
          ? vehicleFieldNames
          : [
              "refId",
              "name",
              "price",
              "make",
              "model",
              "type",
              "subType",
              "year",
              "partNumber",
              "condition",
              "quantity",
              "description",
              "stockStatus",
            ];
      const fields = fc.oneof(
        { weight: 1, arbitrary: right.map((f) => ({ fields: f as Fields, right: true })) },
        { weight: 1, arbitrary: randomFieldsOf(names).map((f) => ({ fields: f as Fields, right: false })) },
      );
      let listed = 0;
      await fc.assert(
        fc.asyncProperty(fields, junkFiles, async ({ fields: f, right: isRight }, files) => {
          const count = () =>
            withShopDb(async (db) => (await db.selectFrom(table).select("id").execute()).map((r) => r.id));
          const before = await count();
          const media = mediaFiles();
          const r = await postMultipart(`/admin/upload-${kind}`, f, files, staffCookie);
          answersCleanly(r);
          const after = await count();
          const made = after.filter((id) => !before.includes(id));
          if (r.status === 200) {
            listed++;
            expect(made).toHaveLength(1);
            (kind === "vehicle" ? ownStock.vehicles : ownStock.parts).add(made[0]!);
            const row = await withShopDb((db) =>
              db
                .selectFrom(table)
                .select(["make", "model", "ref_id"])
                .where("id", "=", made[0]!)
                .executeTakeFirstOrThrow(),
            );
            expect(row.make).toBe(String(f.make).trim());
            if (f.refId) expect(row.ref_id).toBe(String(f.refId).trim());
            // Listed for the test only: gone again at once, through the staff's delete.
            const gone = await post(
              kind === "vehicle" ? "/admin/all-products" : "/admin/all-parts-products",
              { intent: "delete", ids: [String(made[0])] },
              staffCookie,
            );
            expect(gone.status).toBe(200);
            (kind === "vehicle" ? ownStock.vehicles : ownStock.parts).delete(made[0]!);
          } else {
            expect([400, 413]).toContain(r.status);
            expect(made).toEqual([]);
            expect(mediaFiles()).toBe(media);
          }
          // A right form is listed unless it carries a file that is not a photo.
          if (isRight && files.some(isFile)) expect(r.status).toBe(400);
          if (isRight && !files.some(readAsFile)) expect(r.status).toBe(200);
        }),
        { numRuns: FEW },
      );
      // Half the forms are right and about 3 in 10 of those carry no file part,
      // so a run lists near 30; ten or fewer is four standard deviations away.
      expect(listed).toBeGreaterThan(10);
    }, 300_000);
  }

  it(`/admin/edit/:id: ${FEW} multipart forms on this file's vehicle; saved whole, or the row stays as it was`, async () => {
    const id = mine.editVehicle;
    const snapshot = () =>
      withShopDb(async (db) => ({
        row: await db.selectFrom("vehicles").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
        images: (await db.selectFrom("vehicle_images").select("id").where("vehicle_id", "=", id).execute()).length,
      }));
    const fields = fc.oneof(
      { weight: 1, arbitrary: rightVehicle.map((f) => ({ fields: { ...f, refId: "" } as Fields, right: true })) },
      {
        weight: 2,
        arbitrary: randomFieldsOf([...vehicleFieldNames, "keep"]).map((f) => ({ fields: f as Fields, right: false })),
      },
    );
    let saved = 0;
    await fc.assert(
      fc.asyncProperty(fields, junkFiles, async ({ fields: f, right: isRight }, files) => {
        const before = await snapshot();
        const media = mediaFiles();
        const r = await postMultipart(`/admin/edit/${id}`, f, files, staffCookie);
        answersCleanly(r);
        const after = await snapshot();
        if (r.status === 302) {
          saved++;
          expect(r.location).toBe("/admin/all-products?notice=updated");
          expect(after.row.make).toBe(String(f.make).trim());
          expect(after.row.model).toBe(String(f.model).trim());
          expect(after.row.year).toBe(Number(f.year));
        } else {
          expect([400, 413]).toContain(r.status);
          expect(after).toEqual(before);
          expect(mediaFiles()).toBe(media);
        }
        if (isRight && files.some(isFile)) expect(r.status).toBe(400);
        if (isRight && !files.some(readAsFile)) expect(r.status).toBe(302);
      }),
      { numRuns: FEW },
    );
    expect(saved).toBeGreaterThan(10);
  }, 300_000);

  it(`/admin/edit/:id with ${FEW / 2} made-up ids leads back to the dashboard`, async () => {
    await fc.assert(
      // Not "", "." or "..": those are other addresses (/admin/edit/, /admin).
      fc.asyncProperty(
        foreignId.filter((v) => !["", ".", ".."].includes(v)),
        async (other) => {
          const r = await send(`/admin/edit/${encodeURIComponent(other)}`, { cookie: staffCookie });
          answersCleanly(r);
          expect(r.status).toBe(302);
          expect(r.location).toBe("/admin?notice=product-not-found");
        },
      ),
      { numRuns: FEW / 2, ...BUDGET },
    );
  }, 300_000);
});

describe("fuzzing raw HTTP", () => {
  /*
   * Messages fetch cannot send: bad Host headers, "*" and absolute-form
   * targets, broken percent-encoding, odd methods, bodies of every type and
   * encoding, chunked or not. Every message is complete (its body as long as
   * it says), so a missing answer is the shop's, never a half-sent request.
   */
  const port = () => new URL(baseUrl()).port;
  const PATHS = [
    "/",
    "/vehicles",
    "/vehicles/1",
    "/login",
    "/preferences",
    "/admin",
    "/admin/login",
    "/sitemap.xml",
    "/media/x",
    "/admin/upload-vehicle",
  ];
  /** Header values may be anything but a line break (which would end the header and change the message). */
  const headerText = (maxLength: number) =>
    fc.string({ unit: "binary", maxLength }).map((s) => s.replace(/[\r\n]/g, ""));
  // Mostly the shop's own Host and paths, so most messages reach the pages; the rest is junk.
  const host = fc.oneof(
    { weight: 10, arbitrary: fc.constant("SELF") },
    fc.constantFrom(
      undefined,
      "",
      " ",
      "localhost",
      "localhost:99999999999",
      "localhost:0",
      "localhost:65536",
      "localhost:",
      "localhost:80:80",
      "[::1",
      "::1]",
      "[::1]",
      "[::1]:8080",
      "[::1]]:80",
      "ホスト.example",
      "a b",
      "evil.example",
      "x".repeat(300),
      "-bad-.example",
      "127.0.0.1:-1",
      "%41.example",
      "user@evil.example",
      "evil.example/path",
    ),
    headerText(30),
  );
  const target = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...PATHS) },
    fc.constantFrom(
      "*",
      "http://evil.example/",
      "SELF-ABSOLUTE",
      "//double",
      "//evil.example/vehicles",
      "/%ZZ",
      "/vehicles/%E0%A4%A",
      "/vehicles?Make=%ZZ&Model=%E0%A4%A",
      "/%00",
      "/vehicles/%2e%2e/%2e%2e/etc/passwd",
      "/車",
      "/vehicles?Make=車",
      `/${"a".repeat(20_000)}`,
      `/vehicles?${"Make=x&".repeat(3_000)}`,
      "/vehicles.data",
      "/_root.data",
      "/admin/../admin",
      "/media/../../etc/passwd",
      "/media/%2e%2e%2fsecret",
    ),
    fc.tuple(fc.constantFrom(...PATHS), headerText(40)).map(([p, s]) => `${p}?${s.replace(/[\s]/g, "")}`),
  );
  /** Methods Node's parser lets through to the shop (CONNECT is Node's own, and closes the connection). */
  const METHODS = [
    "GET",
    "HEAD",
    "POST",
    "PUT",
    "DELETE",
    "OPTIONS",
    "PATCH",
    "TRACE",
    "PROPFIND",
    "MKCOL",
    "SEARCH",
    "PURGE",
  ];
  // TRACE has a test of its own below (every method on every path), so that while it fails
  // the fuzz here still reaches everything else.
  const method = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("GET", "HEAD", "POST") },
    fc.constantFrom(...METHODS.filter((m) => m !== "TRACE"), "FOO", "get", "G E T"),
  );
  const contentType = fc.constantFrom(
    undefined,
    "application/json",
    "text/plain",
    "multipart/form-data",
    "multipart/form-data; boundary=XyZ",
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded; charset=klingon",
    "image/png",
    "",
  );
  const formBody = "email=a%40b.example&password=x&intent=request";
  /** Absent most of the time. */
  const rarely = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
  const body = fc.oneof(
    fc.constantFrom(
      "",
      formBody,
      '{"email":"a@b.example"}',
      `--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`,
    ),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString("latin1")),
    fc.constant("GZIP"),
    fc.integer({ min: FORM_LIMIT + 1, max: 3 * FORM_LIMIT }).map((n) => `BIG:${n}`),
  );
  type Message = {
    method: string;
    target: string;
    version: string;
    host: string | undefined;
    forwardedHost: string | undefined;
    origin: string | undefined;
    contentType: string | undefined;
    encoding: string | undefined;
    body: string;
    chunks: number;
  };
  const message: fc.Arbitrary<Message> = fc.record({
    method,
    target,
    version: fc.constantFrom("HTTP/1.1", "HTTP/1.1", "HTTP/1.0"),
    host,
    forwardedHost: rarely(fc.oneof(fc.constantFrom("evil.example", "bad host", "[::1", ""), headerText(20))),
    origin: rarely(fc.constantFrom("http://evil.example", "null", "SELF")),
    contentType,
    encoding: fc.option(fc.constantFrom("gzip", "br", "deflate", "identity", "klingon"), { nil: undefined }),
    body,
    chunks: fc.integer({ min: 0, max: 3 }),
  });

  let ipNo = 0;
  /** The bytes of a complete message; chunks: 0 sends a Content-Length, 1-3 that many chunks. */
  function bytesOf(m: Message): Buffer {
    const self = `127.0.0.1:${port()}`;
    const t = m.target === "SELF-ABSOLUTE" ? `http://${self}/vehicles` : m.target;
    // "GZIP" is a form compressed; "BIG:n" a form of n bytes (kept short in a counterexample).
    const big = /^BIG:(\d+)$/.exec(m.body);
    const payload =
      m.body === "GZIP"
        ? gzipSync(formBody)
        : big
          ? Buffer.from(`big=${"x".repeat(Number(big[1]) - 4)}`)
          : Buffer.from(m.body, "latin1");
    const lines = [`${m.method} ${t} ${m.version}`];
    if (m.host !== undefined) lines.push(`Host: ${m.host === "SELF" ? self : m.host}`);
    // A made-up client address per message: the shop's limits for loopback stay untouched for the other tests.
    lines.push(`X-Forwarded-For: 198.18.${(++ipNo >> 8) & 255}.${ipNo & 255}`);
    if (m.forwardedHost !== undefined) lines.push(`X-Forwarded-Host: ${m.forwardedHost}`);
    if (m.origin !== undefined) lines.push(`Origin: ${m.origin === "SELF" ? `http://${self}` : m.origin}`);
    if (m.contentType !== undefined) lines.push(`Content-Type: ${m.contentType}`);
    if (m.encoding !== undefined) lines.push(`Content-Encoding: ${m.encoding}`);
    lines.push("Connection: close");
    let framed: Buffer;
    if (m.chunks === 0 || m.version === "HTTP/1.0") {
      if (payload.length > 0 || m.method !== "GET") lines.push(`Content-Length: ${payload.length}`);
      framed = payload;
    } else {
      lines.push("Transfer-Encoding: chunked");
      const size = Math.ceil(payload.length / m.chunks) || 1;
      const parts: Buffer[] = [];
      for (let at = 0; at < payload.length; at += size) {
        const piece = payload.subarray(at, at + size);
        parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
      }
      parts.push(Buffer.from("0\r\n\r\n"));
      framed = Buffer.concat(parts);
    }
    return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "utf8"), framed]);
  }
  const shown = (m: Message) =>
    JSON.stringify({ ...m, body: m.body.length > 80 ? `${m.body.slice(0, 80)}… (${m.body.length})` : m.body });

  it(`${RUNS} messages: every one is answered, below 500, within 10 s`, async () => {
    await fc.assert(
      fc.asyncProperty(message, async (m) => {
        const r = await rawHttp(baseUrl(), bytesOf(m), 10_000);

        expect(r.status, `no answer to ${shown(m)}`).toBeGreaterThanOrEqual(100);
        expect(r.status, `${shown(m)}\n${r.head}\n${r.body.slice(0, 300)}`).toBeLessThan(500);
        expect(r.closed, `connection left open after ${shown(m)}`).toBe(true);
      }),
      { numRuns: RUNS, ...BUDGET },
    );
  }, 600_000);

  const FORM_PATHS = PATHS.filter((p) => !["/media/x", "/admin/upload-vehicle"].includes(p));
  const wellAddressed = fc.record({
    method: fc.constantFrom("POST", "PUT", "PATCH", "DELETE"),
    target: fc.constantFrom(...FORM_PATHS),
    version: fc.constant("HTTP/1.1"),
    host: fc.constant("SELF"),
    forwardedHost: fc.constant(undefined),
    origin: fc.constant(undefined),
    encoding: fc.constant(undefined),
    chunks: fc.integer({ min: 0, max: 3 }),
  });

  it(`${FEW / 2} form bodies over 64 KB, sized or chunked, answer 413`, async () => {
    await fc.assert(
      fc.asyncProperty(
        wellAddressed,
        fc.constantFrom(
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=XyZ",
          "text/plain",
          undefined,
        ),
        fc.integer({ min: FORM_LIMIT + 1, max: 4 * FORM_LIMIT }),
        async (m, contentType, size) => {
          const sent = { ...m, contentType, body: `BIG:${size}` };
          const r = await rawHttp(baseUrl(), bytesOf(sent), 10_000);
          expect(r.status, shown(sent)).toBe(413);
        },
      ),
      { numRuns: FEW / 2, ...BUDGET },
    );
  }, 300_000);

  it(`${FEW} bodies that are not forms answer 415 or 400, before any action`, async () => {
    const notForm = fc.oneof(
      fc.record({
        contentType: fc.constantFrom("application/json", "text/plain", "image/png", "application/xml"),
        encoding: fc.constant(undefined),
        body: fc.oneof(fc.constant('{"email":"a@b.example"}'), fc.string({ minLength: 1, maxLength: 200 })),
        expected: fc.constant(415),
      }),
      fc.record({
        contentType: fc.constantFrom(
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=XyZ",
          undefined,
        ),
        encoding: fc.constantFrom("gzip", "br", "deflate", "klingon"),
        body: fc.constantFrom("GZIP", formBody),
        expected: fc.constant(415),
      }),
      fc.record({
        contentType: fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=XyZ"),
        encoding: fc.constant(undefined),
        body: fc.oneof(
          fc.constant(`--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`),
          fc.string({ minLength: 1, maxLength: 200 }),
        ),
        expected: fc.constant(400),
      }),
    );
    await fc.assert(
      fc.asyncProperty(wellAddressed, notForm, async (m, { expected, ...b }) => {
        const sent = { ...m, ...b };
        const r = await rawHttp(baseUrl(), bytesOf(sent), 10_000);
        expect(r.status, shown(sent)).toBe(expected);
      }),
      { numRuns: FEW, ...BUDGET },
    );
  }, 300_000);

  // Found by the fuzz above: a TRACE reached `new Request()`, which refuses that method, and the shop answered 500.
  it(`every method Node lets through, on each of the ${PATHS.length} paths, with and without a form, answers below 500`, async () => {
    const wrong: string[] = [];
    for (const method of METHODS)
      for (const target of PATHS)
        for (const body of ["", formBody]) {
          const m: Message = {
            method,
            target,
            version: "HTTP/1.1",
            host: "SELF",
            forwardedHost: undefined,
            origin: undefined,
            contentType: body ? "application/x-www-form-urlencoded" : undefined,
            encoding: undefined,
            body,
            chunks: 0,
          };
          const r = await rawHttp(baseUrl(), bytesOf(m), 10_000);
          if (r.status < 100 || r.status >= 500)
            wrong.push(`${method} ${target}${body ? " with a form" : ""}: ${r.status}`);
        }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("the shop is still well afterwards: /healthz answers 200", async () => {
    const r = await send("/healthz");
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ status: "ok" });
  });
});
