import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { setFavourite } from "~/domain/accounts/favourites.server";
import { newToken } from "~/domain/auth/tokens.server";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { base32Decode, totpCode, totpStep } from "~/domain/staff/totp.server";
import { attackClient, pair, setCookie } from "../support/attack-client";
import { type ShopProcess, startShopWithData } from "../support/shop-process";

/*
 * The security suite: the shop as it runs in production (PUBLIC_URL on https,
 * so cookies carry __Host- names), attacked over HTTP. Sessions, reset links,
 * rate limits, two-step sign-in, other sites' forms and other buyers' things.
 * Admin routes without a session, the upload attack list, headers and fuzzing
 * are in admin.e2e.ts, security-headers.e2e.ts and the fuzz-*.e2e.ts files.
 */

const PUBLIC_URL = "https://shop.example.test";
const BUYER_A = { email: "asha@example.lk", password: "asha's password 1" };
const BUYER_B = { email: "bilal@example.np", password: "bilal's password 2" };
const STAFF = { adminId: "sec-owner", password: "sec-owner password" };

let shop: ShopProcess;
let db: DB;
let vehicleId: number;
let stop: () => Promise<void>;
const { request, post } = attackClient(() => shop.url);

beforeAll(async () => {
  ({ shop, db, stop } = await startShopWithData(
    "shop-security-",
    async (db) => {
      await createCustomer(db, { ...BUYER_A, fullName: "Asha Perera", country: "Sri Lanka", phone: "+94 77 123 4567" });
      await createCustomer(db, { ...BUYER_B, fullName: "Bilal Thapa", country: "Nepal", phone: "+977 98 1" });
      await ensureStaffAccount(db, STAFF.adminId, STAFF.password);
      const system = { kind: "system" as const, id: null };
      vehicleId = (await createVehicle(db, vehicleFactory(createRng(5), 0, { stockStatus: "available" }), [], system))
        .id;
    },
    { PUBLIC_URL, SESSION_SECRET: "security-suite-secret-security-suite-secret" },
  ));
}, 60_000);

afterAll(() => stop?.());

async function buyerLogin(who: { email: string; password: string }, cookie?: string) {
  const res = await post("/login", { ...who, redirectTo: "/account" }, { cookie });
  expect(res.status).toBe(302);
  return pair(setCookie(res, "__Host-sid")!);
}

/** Who /account greets with this cookie: the buyer's e-mail, or null when signed out. */
async function signedInBuyer(cookie: string): Promise<string | null> {
  // The page's text catalogue holds every message, so look for the buyer's own details instead.
  const html = await (await request("/account", { cookie })).text();
  return [BUYER_A.email, BUYER_B.email].find((e) => html.includes(e)) ?? null;
}

async function staffSignedIn(cookie: string): Promise<boolean> {
  const res = await request("/admin", { cookie });
  return res.status === 200;
}

async function latestMail(to: string) {
  const row = await db
    .selectFrom("mail_outbox")
    .select(["text_body", "html_body"])
    .where("to_address", "=", to)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row;
}

describe("session cookies over https", () => {
  it("carry the __Host- prefix, Secure, HttpOnly, SameSite and no Domain; the plain name opens nothing", async () => {
    const res = await post("/login", { ...BUYER_A, redirectTo: "/account" });
    const header = setCookie(res, "__Host-sid")!;
    expect(header).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(setCookie(res, "sid")).toBeNull();
    expect(await signedInBuyer(pair(header))).toBe(BUYER_A.email);
    // The same id under the plain name, as a page on a neighbouring host could set it.
    expect(await signedInBuyer(pair(header).replace("__Host-sid", "sid"))).toBeNull();

    const staff = await post("/admin/login", { ...STAFF, redirectTo: "/admin" });
    const staffHeader = setCookie(staff, "__Host-staff_sid")!;
    expect(staffHeader).toMatch(
      /^__Host-staff_sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
    );
    expect(await staffSignedIn(pair(staffHeader))).toBe(true);
    expect(await staffSignedIn(pair(staffHeader).replace("__Host-staff_sid", "staff_sid"))).toBe(false);
  });
});

describe("session ids", () => {
  it("a buyer gets a new id at every sign-in, the id the browser had stops working, and logout ends it for good", async () => {
    const first = await buyerLogin(BUYER_A);
    const second = await buyerLogin(BUYER_A, first);
    expect(second).not.toBe(first);
    expect(await signedInBuyer(first)).toBeNull();
    expect(await signedInBuyer(second)).toBe(BUYER_A.email);
    // A session id planted before sign-in (fixation), shaped as the shop's own ids are (256 bits,
    // base64url), is not the one the buyer ends up with, and opens nothing afterwards.
    const planted = `__Host-sid=${newToken()}`;
    const afterPlant = await buyerLogin(BUYER_A, planted);
    expect(afterPlant).not.toBe(planted);
    expect(await signedInBuyer(afterPlant)).toBe(BUYER_A.email);
    expect(await signedInBuyer(planted)).toBeNull();

    const out = await post("/logout", {}, { cookie: second });
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().some((c) => c.startsWith("__Host-sid=;") && c.includes("Max-Age=0"))).toBe(true);
    // The browser could keep sending the old cookie: it opens nothing.
    expect(await signedInBuyer(second)).toBeNull();
    expect(
      (await post("/favourite", { vehicleId: String(vehicleId), favourite: "on" }, { cookie: second })).headers.get(
        "location",
      ),
    ).toMatch(/^\/login\?/);
  });

  it("staff get a new id at every sign-in, and after logout the old cookie is refused", async () => {
    const first = pair(setCookie(await post("/admin/login", { ...STAFF, redirectTo: "/admin" }), "__Host-staff_sid")!);
    const again = await post("/admin/login", { ...STAFF, redirectTo: "/admin" }, { cookie: first });
    const second = pair(setCookie(again, "__Host-staff_sid")!);
    expect(second).not.toBe(first);
    expect(await staffSignedIn(first)).toBe(false);
    expect(await staffSignedIn(second)).toBe(true);
    const out = await post("/admin/logout", {}, { cookie: second });
    expect(out.status).toBe(302);
    expect(await staffSignedIn(second)).toBe(false);
  });
});

describe("password reset links", () => {
  it("are built from PUBLIC_URL whatever Host or X-Forwarded-Host the request claims", async () => {
    const res = await post(
      "/reset-password?index",
      { intent: "request", email: BUYER_B.email },
      { headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" } },
    );
    expect(res.status).toBe(200);
    const mail = await latestMail(BUYER_B.email);
    expect(mail.text_body).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(`${mail.text_body}${mail.html_body}`).not.toContain("evil.example");
  });

  it("work once, and not after they expire", async () => {
    await post("/reset-password?index", { intent: "request", email: BUYER_A.email });
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec((await latestMail(BUYER_A.email)).text_body)![1]!;
    const choose = (password: string) =>
      post("/reset-password?index", { intent: "reset", token, password, confirmPassword: password });

    const used = await choose("a new password 1");
    expect(used.status).toBe(302);
    expect(setCookie(used, "__Host-sid")).not.toBeNull();
    const reused = await choose("a new password 2");
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("This reset link is no longer valid.");
    BUYER_A.password = "a new password 1";
    // The page the link opens says so too.
    expect(await (await request(`/reset-password?token=${token}`)).text()).toContain(
      "This reset link is no longer valid.",
    );

    await post("/reset-password?index", { intent: "request", email: BUYER_A.email });
    const late = /reset-password\?token=([A-Za-z0-9_-]+)/.exec((await latestMail(BUYER_A.email)).text_body)![1]!;
    await db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("used_at", "is", null)
      .execute();
    const expired = await post("/reset-password?index", {
      intent: "reset",
      token: late,
      password: "a late password 3",
      confirmPassword: "a late password 3",
    });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain("This reset link is no longer valid.");
    expect(await signedInBuyer(await buyerLogin(BUYER_A))).toBe(BUYER_A.email);
  });
});

describe("rate limits over HTTP", () => {
  // The accounts locked here are used again by the tests after.
  afterAll(() => db.deleteFrom("rate_limits").execute());
  it("a buyer's login: 10 wrong passwords, then 429 with Retry-After even for the right one", async () => {
    for (let i = 0; i < 10; i++)
      expect((await post("/login", { email: BUYER_B.email, password: `wrong ${i}` })).status).toBe(400);
    const refused = await post("/login", { ...BUYER_B });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many attempts. Please wait a few minutes and try again.");
  });

  it("one address trying many accounts is stopped too, for buyers and staff", async () => {
    const ip = "198.19.0.77";
    for (let i = 0; i < 10; i++) await post("/login", { email: `guess${i}@example.com`, password: "x" }, { ip });
    expect((await post("/login", { email: "guess-last@example.com", password: "x" }, { ip })).status).toBe(429);
    const staffIp = "198.19.0.78";
    for (let i = 0; i < 10; i++) await post("/admin/login", { adminId: `guess${i}`, password: "x" }, { ip: staffIp });
    expect((await post("/admin/login", { ...STAFF }, { ip: staffIp })).status).toBe(429);
  });

  it("reset requests: 10 for one address, then 429, and no more mail goes out", async () => {
    const ip = "198.19.0.79";
    const before = await db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 10; i++)
      expect(
        (await post("/reset-password?index", { intent: "request", email: `nobody${i}@example.com` }, { ip })).status,
      ).toBe(200);
    const refused = await post("/reset-password?index", { intent: "request", email: BUYER_B.email }, { ip });
    expect(refused.status).toBe(429);
    const after = await db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("two-step sign-in", () => {
  const codeFor = (key: string, offsetSteps = 0) => totpCode(base32Decode(key), totpStep(new Date()) + offsetSteps);

  it("turned on from the Security page, the password alone opens nothing; a code, once, opens a session", async () => {
    const other = pair(setCookie(await post("/admin/login", { ...STAFF, redirectTo: "/admin" }), "__Host-staff_sid")!);
    const mine = pair(setCookie(await post("/admin/login", { ...STAFF, redirectTo: "/admin" }), "__Host-staff_sid")!);
    expect((await post("/admin/security", { intent: "start" }, { cookie: mine })).status).toBe(200);
    const page = await (await request("/admin/security", { cookie: mine })).text();
    const key = /data-testid="setup-key"[^>]*>([A-Z2-7 ]+)</.exec(page)![1]!;
    expect(page).toContain("<svg");
    expect((await post("/admin/security", { intent: "confirm", code: "000000" }, { cookie: mine })).status).toBe(400);
    const confirmed = await post("/admin/security", { intent: "confirm", code: codeFor(key) }, { cookie: mine });
    expect(confirmed.status).toBe(200);
    const codes = [...(await confirmed.text()).matchAll(/>([a-z2-7]{5}-[a-z2-7]{5})</g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    // The session that turned it on stays; another one opened with the password alone ends.
    expect(await staffSignedIn(mine)).toBe(true);
    expect(await staffSignedIn(other)).toBe(false);

    // The password now leads to the code step, with no session.
    const step1 = await post("/admin/login", { ...STAFF, redirectTo: "/admin/all-products", remember: "on" });
    expect(step1.status).toBe(302);
    expect(step1.headers.get("location")).toBe("/admin/login/code?redirectTo=%2Fadmin%2Fall-products");
    expect(setCookie(step1, "__Host-staff_sid")).toBeNull();
    const challenge = pair(setCookie(step1, "__Host-staff_2fa")!);
    expect(await staffSignedIn(challenge)).toBe(false);
    expect((await request("/admin/login/code", { cookie: challenge })).status).toBe(200);
    // Without the challenge, the code step sends back to the password.
    expect((await request("/admin/login/code")).headers.get("location")).toMatch(/^\/admin\/login\?/);

    const wrong = await post("/admin/login/code", { code: "123456", redirectTo: "/admin" }, { cookie: challenge });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That code is not right. Please try again.");
    // The code that turned it on was used: it does not sign in.
    const next = codeFor(key, 1);
    const passed = await post(
      "/admin/login/code",
      { code: next, redirectTo: "/admin/all-products" },
      { cookie: challenge },
    );
    expect(passed.status).toBe(302);
    expect(passed.headers.get("location")).toBe("/admin/all-products");
    const session = setCookie(passed, "__Host-staff_sid")!;
    expect(session).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect(await staffSignedIn(pair(session))).toBe(true);
    // The challenge is spent: it leads back to the password. The same code in a new challenge is refused.
    const spent = await post("/admin/login/code", { code: next }, { cookie: challenge });
    expect(spent.status).toBe(302);
    expect(spent.headers.get("location")).toMatch(/^\/admin\/login\?/);
    expect(setCookie(spent, "__Host-staff_sid")).toBeNull();
    const step1b = await post("/admin/login", { ...STAFF, redirectTo: "/admin" });
    const challenge2 = pair(setCookie(step1b, "__Host-staff_2fa")!);
    expect((await post("/admin/login/code", { code: next }, { cookie: challenge2 })).status).toBe(400);

    // A recovery code signs in once.
    const byRecovery = await post(
      "/admin/login/code",
      { code: codes[0]!, redirectTo: "/admin" },
      { cookie: challenge2 },
    );
    expect(byRecovery.status).toBe(302);
    const step1c = await post("/admin/login", { ...STAFF, redirectTo: "/admin" });
    const challenge3 = pair(setCookie(step1c, "__Host-staff_2fa")!);
    expect((await post("/admin/login/code", { code: codes[0]! }, { cookie: challenge3 })).status).toBe(400);
    const log = await db
      .selectFrom("activity_log")
      .select("summary")
      .where("action", "=", "staff.recovery_code_used")
      .execute();
    expect(log.map((l) => l.summary)).toEqual([`${STAFF.adminId} signed in with a recovery code (9 left)`]);

    // Guessing codes is stopped after 10 tries, even from new addresses.
    for (let i = 0; i < 8; i++) await post("/admin/login/code", { code: String(100000 + i) }, { cookie: challenge3 });
    const limited = await post("/admin/login/code", { code: codeFor(key, 1) }, { cookie: challenge3 });
    expect(limited.status).toBe(429);
    expect(setCookie(limited, "__Host-staff_sid")).toBeNull();

    // Codes typed on the Security page share that limit (per staff member): the session is not a way round it.
    const renewLimited = await post("/admin/security", { intent: "renew", code: codes[1]! }, { cookie: pair(session) });
    expect(renewLimited.status).toBe(429);
    expect(Number(renewLimited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await renewLimited.text()).toContain("Too many attempts. Please wait a few minutes and try again.");
    await db.deleteFrom("rate_limits").execute();

    // Turning it off needs the password and a code; the command line can do it for a lost phone.
    const off = await post(
      "/admin/security",
      { intent: "off", password: "wrong", code: codes[1]! },
      { cookie: pair(session) },
    );
    expect(off.status).toBe(400);
    expect(await off.text()).toContain("Invalid password.");
    const offOk = await post(
      "/admin/security",
      { intent: "off", password: STAFF.password, code: codes[1]! },
      { cookie: pair(session) },
    );
    expect(offOk.status).toBe(200);
    await db.deleteFrom("rate_limits").execute();
    expect(
      setCookie(await post("/admin/login", { ...STAFF, redirectTo: "/admin" }), "__Host-staff_sid"),
    ).not.toBeNull();
  });
});

describe("forms sent from another site", () => {
  it("are refused with 403 on every form, and nothing changes", async () => {
    const buyer = await buyerLogin(BUYER_B);
    const staff = pair(setCookie(await post("/admin/login", { ...STAFF, redirectTo: "/admin" }), "__Host-staff_sid")!);
    const before = await snapshot();
    const forms: [string, Record<string, string>, string][] = [
      ["/login", { ...BUYER_B }, ""],
      [
        "/register",
        {
          email: "new@example.com",
          password: "password 123",
          confirmPassword: "password 123",
          fullName: "N",
          country: "Kenya",
          phone: "+254 712 345 678",
        },
        "",
      ],
      ["/reset-password?index", { intent: "request", email: BUYER_B.email }, ""],
      ["/logout", {}, buyer],
      ["/favourite", { vehicleId: String(vehicleId), favourite: "on" }, buyer],
      ["/account", { fullName: "Changed by another site", country: "Kenya", phone: "+254 712 345 678" }, buyer],
      ["/preferences", { currency: "USD", redirectTo: "/" }, ""],
      [
        `/vehicles/${vehicleId}`,
        {
          kind: "vehicle",
          itemId: String(vehicleId),
          submissionKey: "cross-site-000000001",
          name: "X",
          country: "Kenya",
          email: "x@example.com",
          phone: "+254 712 345 678",
          message: "Hi",
        },
        "",
      ],
      ["/admin/login", { ...STAFF }, ""],
      ["/admin/security", { intent: "start" }, staff],
      ["/admin/upload-vehicle", { make: "Toyota", model: "Corolla", year: "2017", price: "1000" }, staff],
      ["/admin/all-products", { intent: "delete", ids: String(vehicleId) }, staff],
      ["/admin/logout", {}, staff],
    ];
    for (const [pathname, fields, cookie] of forms) {
      for (const headers of <Record<string, string>[]>[
        { Origin: "https://evil.example" },
        { "Sec-Fetch-Site": "cross-site" },
        { "Sec-Fetch-Site": "same-site", Origin: "https://sub.shop.example.test" },
      ]) {
        const res = await post(pathname, fields, { cookie, headers });
        expect(res.status, `${pathname} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.headers.getSetCookie(), pathname).toEqual([]);
      }
    }
    expect(await snapshot()).toEqual(before);
    // The same forms from the shop's own pages still work.
    expect(
      (
        await post(
          "/favourite",
          { vehicleId: String(vehicleId), favourite: "on" },
          { cookie: buyer, headers: { Origin: PUBLIC_URL, "Sec-Fetch-Site": "same-origin" } },
        )
      ).status,
    ).toBe(302);
    expect(await staffSignedIn(staff)).toBe(true);
  });
});

describe("another buyer's things", () => {
  it("cannot be seen or changed with one's own session", async () => {
    const a = await buyerLogin(BUYER_A);
    const b = await buyerLogin(BUYER_B);
    const aId = (
      await db.selectFrom("customers").select("id").where("email", "=", BUYER_A.email).executeTakeFirstOrThrow()
    ).id;
    await setFavourite(db, aId, "vehicle", vehicleId, true);
    const quote = await post(
      `/vehicles/${vehicleId}`,
      {
        kind: "vehicle",
        itemId: String(vehicleId),
        submissionKey: "asha-quote-0000000001",
        name: "Asha Perera",
        country: "Sri Lanka",
        email: BUYER_A.email,
        phone: "+94 77 123 4567",
        message: "Asha's private question about Colombo",
      },
      { cookie: a },
    );
    const number = /Your quote number is (\d{10})/.exec(await quote.text())![1]!;

    for (const page of ["/account", "/favorites", "/quotes"]) {
      const html = await (await request(page, { cookie: b })).text();
      expect(html, page).not.toContain(number);
      expect(html, page).not.toContain("Asha");
    }
    expect(await (await request("/quotes", { cookie: a })).text()).toContain(number);
    // B "un-favouriting" A's vehicle changes only B's list.
    await post("/favourite", { vehicleId: String(vehicleId), favourite: "off" }, { cookie: b });
    expect(
      await db.selectFrom("favourites").select("customer_id").where("vehicle_id", "=", vehicleId).execute(),
    ).toEqual([{ customer_id: aId }]);
    // Staff pages with a buyer's session show nothing of the quote.
    const admin = await request(`/admin/quotes/${number}`, { cookie: a });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toMatch(/^\/admin\/login\?/);
  });
});

async function snapshot() {
  const count = async (
    table: "customers" | "favourites" | "quotes" | "vehicles" | "mail_outbox" | "staff_sessions" | "customer_sessions",
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    customers: await count("customers"),
    favourites: await count("favourites"),
    quotes: await count("quotes"),
    vehicles: await count("vehicles"),
    mails: await count("mail_outbox"),
    staffSessions: await count("staff_sessions"),
    customerSessions: await count("customer_sessions"),
    twoFactorPending: (
      await db
        .selectFrom("staff")
        .select("totp_pending_secret")
        .where("admin_id", "=", STAFF.adminId)
        .executeTakeFirstOrThrow()
    ).totp_pending_secret,
    names: (await db.selectFrom("customers").select("full_name").orderBy("id").execute()).map((c) => c.full_name),
  };
}
