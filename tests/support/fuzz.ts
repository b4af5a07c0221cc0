import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, expect } from "vitest";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { LOGIN_LIMIT } from "~/domain/auth/rate-limit.server";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { base32Decode, totpCode, totpStep } from "~/domain/staff/totp.server";
import { COOKIES, cookieName } from "~/utils/cookies";
import { baseUrl, withShopDb, writeShopDb } from "./browser";

/*
 * Property-based inputs against the running shop: up to 1,000 per list query
 * string and per form (fewer where each answer hashes a password or writes
 * stock). Whatever is sent: no 5xx, nothing echoed unescaped, and a form
 * either succeeds whole or leaves nothing behind, checked in the database.
 * Requests come "through the proxy" from made-up addresses, so the sign-in
 * limits of other tests' address are not used up.
 *
 * Each fuzz file (tests/e2e/fuzz-*.e2e.ts, split by area so that no one
 * long file sets the end of the test run) makes its own buyers, staff, stock,
 * quotes and freight ports (names carry a tag unique to the file's run) and
 * only ever changes or deletes those: ids and numbers made up by the fuzz are
 * chosen so they cannot name anything another file made (see `foreignId`).
 */

export const RUNS = 1000;
/** For forms whose every answer renders a whole page, hashes a password or writes stock. */
export const FEW = 200;

/*
 * The inputs come from one seed, printed as each file starts: FUZZ_SEED
 * replays a failure. A property that only looks at each answer runs its count
 * of inputs or for FUZZ_SECONDS (8), whichever ends first (`BUDGET`), so the
 * file keeps a fixed budget on a slow machine; one that checks afterwards
 * that every side of a rule was reached runs its whole count.
 */
export const SEED = /^\d+$/.test(process.env.FUZZ_SEED ?? "")
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31);
fc.configureGlobal({ seed: SEED });
export const BUDGET = {
  interruptAfterTimeLimit: (Number(process.env.FUZZ_SECONDS) > 0 ? Number(process.env.FUZZ_SECONDS) : 8) * 1000,
  markInterruptAsFailure: false,
};

/** A tag that must never come back as markup. */
export const MARK = "<x-fuzz>";
/** The shop's limit on a form body (server/request-handler.ts). */
export const FORM_LIMIT = 64 * 1024;

export const nasty = fc.constantFrom(
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
export const value = fc.oneof(
  nasty,
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.integer({ min: -1e9, max: 1e12 }).map(String),
  fc.string({ maxLength: 3000 }).map((s) => MARK + s),
);

/** Read as a number (as the shop's forms read ids), names a row that may exist: only this file's own may be sent. */
export function namesARow(text: string): boolean {
  const n = Number(text);
  return (Number.isSafeInteger(n) && n > 0 && n < 2_000_000_000) || (/^\d{10}$/.test(text) && !text.startsWith("0"));
}
/** An id that is nobody's: junk, or a well-formed id far past any row the shop has. */
export const foreignId = fc.oneof(
  value.filter((v) => !namesARow(v)),
  fc.integer({ min: 2_000_000_000, max: Number.MAX_SAFE_INTEGER }).map(String),
);
/** A quote number that is nobody's: not ten digits, or ten with a leading 0 (real ones start at 1000000000). */
export const foreignNumber = fc.oneof(
  foreignId.filter((v) => !/^\d{10}$/.test(v)),
  fc.integer({ min: 0, max: 999_999_999 }).map((n) => String(n).padStart(10, "0")),
);

/** Where a form may send the browser back to: good paths, other sites, and tricks. */
export const GOOD_TARGETS = ["/account", "/vehicles?Make=Toyota", "/favorites", "/parts/1#quote"];
export const redirectTarget = fc.oneof(
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

export function fakeIp(n: number) {
  return `198.51.${(n >> 8) & 255}.${n & 255}`;
}

export type Answer = { status: number; body: string; location: string | null; cookies: string[] };

/** Each file starts at an address of its own, so files that take the same shop in turn never add up on one address's limits. */
export let requestNo = Math.floor(Math.random() * 60_000);
export async function send(path: string, init: RequestInit & { cookie?: string } = {}): Promise<Answer> {
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

export type Fields = Record<string, string | string[] | undefined>;

export function form(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v ?? []].flat()) body.append(k, one);
  return body;
}

/** Whether the shop must refuse this form for its size alone (413). */
export const overLimit = (fields: Fields) => Buffer.byteLength(form(fields).toString()) > FORM_LIMIT;

export function post(path: string, fields: Fields, cookie?: string) {
  return send(path, {
    method: "POST",
    body: form(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    cookie,
  });
}

export type JunkFile = { name: string; type: string; data: Uint8Array };

/** A multipart form as the upload and edit screens send it; `files` go in as `images`. */
export function postMultipart(path: string, fields: Fields, files: JunkFile[], cookie: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v ?? []].flat()) body.append(k, one);
  for (const f of files) body.append("images", new File([Buffer.from(f.data)], f.name, { type: f.type }));
  return send(path, { method: "POST", body, cookie });
}

export function answersCleanly(r: { status: number; body: string }) {
  expect(r.status).toBeLessThan(500);
  expect(r.body).not.toContain(MARK);
}

/** A text's length as the shop's forms count it: in code points. */
export const chars = (text: string) => [...text].length;

/** A Location that stays on this site: a path, not "//host" or "/\host", printable ASCII only. */
export function isLocalPath(location: string | null): boolean {
  if (!location || !location.startsWith("/") || location.startsWith("//")) return false;
  if (!/^[\x21-\x7e]*$/.test(location) || location.includes("\\")) return false;
  return new URL(location, "http://shop.invalid").origin === "http://shop.invalid";
}

/** "name=value" of the Set-Cookie that sets this cookie (not one that clears it), or null. */
export function cookieOf(r: Answer, name: string): string | null {
  const header = r.cookies.find((c) => c.startsWith(`${name}=`) && !/Max-Age=0\b/.test(c));
  return header ? header.split(";")[0]! : null;
}

export const BUYER_COOKIE = cookieName(COOKIES.buyerSession, false);
export const STAFF_COOKIE = cookieName(COOKIES.staffSession, false);

// ---------------------------------------------------------------------------
// This file's own accounts and stock.

export const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
export const buyer = (role: string) => ({
  email: `fuzz-${role}-${tag}@example.com`,
  password: `${role} password of the fuzz`,
  fullName: `Fuzz ${role}`,
  country: "Sri Lanka",
  phone: "+94 77 000 0000",
});
/** Signed in (and locked out) by the sign-in fuzz. */
export const SIGN_IN_BUYER = buyer("signin");
/** Asks for reset links; its password is changed by the reset fuzz. */
export const RESET_BUYER = buyer("reset");
/** Stays signed in for the buyer's own forms. */
export const TOOLS_BUYER = buyer("tools");
export const STAFF = { adminId: `fuzz-staff-${tag}`, password: "fuzz staff password 1" };
/** A staff member with two-step sign-in on, for the code forms. */
export const STAFF_2FA = { adminId: `fuzz-2fa-${tag}`, password: "fuzz two-step password 1" };

export let buyerCookie = "";
export let staffCookie = "";
export let staff2faCookie = "";

export const mine = { vehicle: 0, part: 0, editVehicle: 0 };
/** Stock this file listed and has not deleted yet; deleted after the last test. */
export const ownStock = { vehicles: new Set<number>(), parts: new Set<number>() };
/** Freight ports this file added and has not deleted yet. */
export const ownPorts = new Set<number>();

export async function signIn(path: "/login" | "/admin/login", fields: Fields, cookieName: string): Promise<string> {
  const r = await post(path, fields);
  expect(r.status, `${path}: ${r.body.slice(0, 200)}`).toBe(302);
  const cookie = cookieOf(r, cookieName);
  expect(cookie).not.toBeNull();
  return cookie!;
}

export async function listVehicle(n: number) {
  const made = await writeShopDb((db) =>
    createVehicle(db, vehicleFactory(createRng(n), n, { stockStatus: "available", refId: `FZ-${tag}-V${n}` }), [], {
      kind: "system",
      id: null,
    }),
  );
  ownStock.vehicles.add(made.id);
  return made.id;
}

export async function listPart(n: number) {
  const made = await writeShopDb((db) =>
    createPart(db, partFactory(createRng(n), n, { stockStatus: "available", refId: `FZ-${tag}-P${n}` }), [], {
      kind: "system",
      id: null,
    }),
  );
  ownStock.parts.add(made.id);
  return made.id;
}

export let stockNo = 0;
export const nextStockNo = () => ++stockNo;

/**
 * This file's accounts, two-step sign-in and stock, made before its first test, and what it listed,
 * priced and saved removed after its last: each fuzz file calls it once at its top.
 */
export function setUpFuzzFixtures() {
  // Module state (accounts, cookies, stock) is the calling file's own: Vitest gives each file fresh modules.
  beforeAll(async () => {
    console.log(`${path.basename(expect.getState().testPath ?? "fuzz")}: seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
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
    // And whatever was sent, the shop is still well afterwards.
    const health = await send("/healthz");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: "ok" });
  }, 60_000);
}

/**
 * Whether a sign-in or reset limiter still lets a try for this key through,
 * read from the limiter's own table. A limit spent a few tries ago (or about
 * to end by itself) is forgotten, so the branches behind the limit stay
 * reachable for the whole run; the limits themselves are tested in
 * security.e2e.ts.
 */
export async function limiterOpen(key: string): Promise<boolean> {
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
export const typedEmail = (email: string) =>
  fc.constantFrom(email, email.toUpperCase(), `  ${email}`, `${email} `, `\t${email}\n`);
/** A wrong password close to the right one. */
export const nearPassword = (password: string) =>
  fc.constantFrom(
    password.toUpperCase(),
    `${password} `,
    ` ${password}`,
    password.slice(0, -1),
    password + password,
    "",
  );

// ---------------------------------------------------------------------------

export const listKeys = [
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
export const queryOf = (keys: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })), value), { maxLength: 8 })
    .map((pairs) => new URLSearchParams(pairs).toString());
export const query = queryOf(listKeys);
