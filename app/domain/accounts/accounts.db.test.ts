import { english } from "../../../tests/support/english";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { countTries, LOGIN_LIMIT } from "~/domain/auth/rate-limit.server";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { ProfileSchema, RegisterSchema } from "./accounts.schema";
import {
  authenticateCustomer,
  createCustomer,
  requestPasswordReset,
  resetPassword,
  RESET_VALID_MS,
} from "./customers.server";
import { isFavourite, listFavourites, setFavourite } from "./favourites.server";
import { endCustomerSession, getCustomer, startCustomerSession } from "./sessions.server";

let t: TestDb;
let buyer: { id: number };
let other: { id: number };
beforeAll(async () => {
  t = await createTestDb();
  buyer = (await createCustomer(t.db, {
    email: "Buyer@Example.com ",
    password: "correct horse",
    fullName: "Nimal Perera",
    country: "Sri Lanka",
    phone: "+94 77 1",
  }))!;
  other = (await createCustomer(t.db, {
    email: "other@example.com",
    password: "another secret",
    fullName: "Other",
    country: "Kenya",
    phone: "+254 7",
  }))!;
});
afterAll(() => t.cleanup());

// The shop as reached over https (cookies with Secure and the __Host- prefix) and over plain http.
const overHttps = () => ({ db: t.db, config: { publicUrl: new URL("https://shop.test") } });
const overHttp = () => ({ db: t.db, config: { publicUrl: new URL("http://localhost:3000") } });

const withCookie = (setCookie: string) =>
  new Request("http://shop.test/account", { headers: { Cookie: setCookie.split(";")[0]! } });

describe("registration and login", () => {
  it("stores the e-mail in lower case, hashes the password with argon2id, and refuses a second account", async () => {
    const row = await t.db.selectFrom("customers").selectAll().where("id", "=", buyer.id).executeTakeFirstOrThrow();
    expect(row.email).toBe("buyer@example.com");
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(
      await createCustomer(t.db, {
        email: "BUYER@example.com",
        password: "whatever1",
        fullName: "X",
        country: "Y",
        phone: "1",
      }),
    ).toBeNull();
  });

  it("checks the password", async () => {
    expect(await authenticateCustomer(t.db, "buyer@example.com", "correct horse")).toEqual({ id: buyer.id });
    expect(await authenticateCustomer(t.db, "buyer@example.com", "wrong horse")).toBeNull();
    expect(await authenticateCustomer(t.db, "nobody@example.com", "correct horse")).toBeNull();
  });

  it("applies SPEC's register rules: all six fields, 8 to 128 characters, matching passwords", () => {
    const ok = {
      fullName: "A B",
      country: "Nepal",
      phone: "+977 1 4123456",
      email: "a@b.np",
      password: "12345678",
      confirmPassword: "12345678",
    };
    expect(RegisterSchema.safeParse(ok).success).toBe(true);
    const mismatch = RegisterSchema.safeParse({ ...ok, confirmPassword: "87654321" });
    expect(mismatch.error?.issues.map((i) => english(i.message))).toEqual(["Passwords do not match"]);
    expect(RegisterSchema.safeParse({ ...ok, password: "1234567", confirmPassword: "1234567" }).success).toBe(false);
    expect(
      RegisterSchema.safeParse({ ...ok, password: "x".repeat(129), confirmPassword: "x".repeat(129) }).success,
    ).toBe(false);
    expect(RegisterSchema.safeParse({ ...ok, country: "  " }).success).toBe(false);
  });

  it("keeps the country as the import rules name it and the phone with its country code", () => {
    const base = { fullName: "A B", email: "a@b.ke", password: "12345678", confirmPassword: "12345678" };
    const read = RegisterSchema.parse({ ...base, country: "Kenia", phone: "0712 345 678" });
    expect([read.country, read.phone]).toEqual(["Kenya", "+254 712 345 678"]);
    const unknown = RegisterSchema.safeParse({ ...base, country: "Wakanda", phone: "+254712345678" });
    expect(unknown.error?.issues.map((i) => [i.path[0], english(i.message)])).toEqual([
      ["country", "Choose your country from the list"],
    ]);
    const profile = ProfileSchema.safeParse({ fullName: "A B", country: "ネパール", phone: "01-4123456" });
    expect(profile.data).toEqual({ fullName: "A B", country: "Nepal", countryCode: "NP", phone: "+977 1412 3456" });
  });
});

describe("sessions", () => {
  it("a session is a random id whose hash is stored; signing out deletes the row", async () => {
    const cookie = await startCustomerSession(overHttps(), buyer.id);
    expect(cookie).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/);
    const token = cookie.split(";")[0]!.split("=")[1]!;
    const stored = await t.db
      .selectFrom("customer_sessions")
      .select("id_hash")
      .where("customer_id", "=", buyer.id)
      .execute();
    expect(stored.some((s) => s.id_hash === token)).toBe(false);
    expect((await getCustomer(overHttps(), withCookie(cookie)))?.id).toBe(buyer.id);
    const cleared = await endCustomerSession(overHttps(), withCookie(cookie));
    expect(cleared).toMatch(/^__Host-sid=; .*Max-Age=0/);
    expect(await getCustomer(overHttps(), withCookie(cookie))).toBeNull();
  });

  it("over https only the __Host- cookie opens a session; over http only the plain one", async () => {
    const secure = await startCustomerSession(overHttps(), buyer.id);
    const token = secure.split(";")[0]!.split("=")[1]!;
    // The same id under the plain name (as a page on another host or over http could set) is ignored.
    expect(await getCustomer(overHttps(), withCookie(`sid=${token}`))).toBeNull();
    const plain = await startCustomerSession(overHttp(), buyer.id);
    expect(plain).toMatch(/^sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    expect((await getCustomer(overHttp(), withCookie(plain)))?.id).toBe(buyer.id);
    expect(await getCustomer(overHttp(), withCookie(secure))).toBeNull();
  });

  it("an expired session opens nothing", async () => {
    const cookie = await startCustomerSession(overHttp(), buyer.id);
    await t.db
      .updateTable("customer_sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await getCustomer(overHttp(), withCookie(cookie))).toBeNull();
  });
});

describe("rate limits", () => {
  it("allow 10 tries in 3 minutes per key, then refuse until the window is over", async () => {
    const start = new Date("2026-11-21T10:00:00Z");
    for (let i = 1; i <= 10; i++)
      expect((await countTries(t.db, ["login:account:a@b.c"], LOGIN_LIMIT, start)).allowed).toBe(true);
    const refused = await countTries(t.db, ["login:account:a@b.c"], LOGIN_LIMIT, new Date(start.getTime() + 60_000));
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 120 });
    // Another address is counted apart.
    expect((await countTries(t.db, ["login:account:other@b.c"], LOGIN_LIMIT, start)).allowed).toBe(true);
    expect(
      (await countTries(t.db, ["login:account:a@b.c"], LOGIN_LIMIT, new Date(start.getTime() + 181_000))).allowed,
    ).toBe(true);
  });

  it("tells a client refused under two keys to wait until both windows are over", async () => {
    const start = new Date("2026-11-21T11:00:00Z");
    const address = "login:ip:198.51.100.7";
    const account = "login:account:both@b.c";
    // The address used up its tries first; the account's window began a minute later.
    for (let i = 0; i < 10; i++) await countTries(t.db, [address], LOGIN_LIMIT, start);
    for (let i = 0; i < 10; i++) await countTries(t.db, [account], LOGIN_LIMIT, new Date(start.getTime() + 60_000));
    const refused = await countTries(t.db, [address, account], LOGIN_LIMIT, new Date(start.getTime() + 90_000));
    // The address is free again in 90 s, the account only in 150 s: "try again in 90 s" would refuse again.
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 150 });
  });

  it("counts tries from two app instances at once without losing any", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 15 }, () => countTries(t.db, ["login:ip:203.0.113.9"], LOGIN_LIMIT, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("gives a try back (a right password): only failures use up the limit", async () => {
    const now = new Date("2026-11-21T14:00:00Z");
    const key = ["login:account:giveback@b.c"];
    for (let i = 0; i < 9; i++) await countTries(t.db, key, LOGIN_LIMIT, now);
    // Five right passwords in a row, each counted first and then given back.
    for (let i = 0; i < 5; i++) {
      const gate = await countTries(t.db, key, LOGIN_LIMIT, now);
      expect(gate.allowed).toBe(true);
      await gate.giveBack();
    }
    expect((await countTries(t.db, key, LOGIN_LIMIT, now)).allowed).toBe(true);
    expect((await countTries(t.db, key, LOGIN_LIMIT, now)).allowed).toBe(false);
  });
});

describe("password reset", () => {
  async function latestResetLink() {
    const mail = await t.db
      .selectFrom("mail_outbox")
      .select(["to_address", "text_body"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text_body)![0];
    return { to: mail.to_address, link, token: new URL(link).searchParams.get("token")! };
  }

  it("mails a link built from PUBLIC_URL; the link works once and ends every session", async () => {
    const session = await startCustomerSession(overHttp(), buyer.id);
    await requestPasswordReset(t.db, {
      email: "BUYER@example.com",
      publicUrl: new URL("https://shop.example"),
      shopName: "Shop",
    });
    const { to, link, token } = await latestResetLink();
    expect(to).toBe("buyer@example.com");
    expect(link.startsWith("https://shop.example/reset-password?token=")).toBe(true);
    const stored = await t.db.selectFrom("password_resets").select("token_hash").execute();
    expect(stored.some((r) => r.token_hash === token)).toBe(false);

    expect(await resetPassword(t.db, token, "a brand new password")).toEqual({ ok: true, customerId: buyer.id });
    expect(await getCustomer(overHttp(), withCookie(session))).toBeNull();
    expect(await authenticateCustomer(t.db, "buyer@example.com", "a brand new password")).toEqual({ id: buyer.id });
    expect(await resetPassword(t.db, token, "yet another password")).toEqual({ ok: false, reason: "used" });
  });

  it("refuses a link older than 30 minutes and an unknown one", async () => {
    await requestPasswordReset(t.db, {
      email: "other@example.com",
      publicUrl: new URL("https://shop.example"),
      shopName: "Shop",
    });
    const { token } = await latestResetLink();
    const later = new Date(Date.now() + RESET_VALID_MS + 1000);
    expect(await resetPassword(t.db, token, "new password 1", later)).toEqual({ ok: false, reason: "expired" });
    expect(await resetPassword(t.db, "not-a-real-token-at-all", "new password 1")).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("ends every other outstanding link of the account when one is used", async () => {
    const owner = (await createCustomer(t.db, {
      email: "two-links@example.com",
      password: "first password",
      fullName: "Two Links",
      country: "Chile",
      phone: "+56 9",
    }))!;
    const ask = () =>
      requestPasswordReset(t.db, {
        email: "two-links@example.com",
        publicUrl: new URL("https://shop.example"),
        shopName: "Shop",
      });
    await ask();
    const first = (await latestResetLink()).token;
    await ask();
    const second = (await latestResetLink()).token;
    expect(first).not.toBe(second);

    expect(await resetPassword(t.db, second, "second password")).toEqual({ ok: true, customerId: owner.id });
    // The older link, never clicked, must not set the password any more.
    expect(await resetPassword(t.db, first, "someone else's password")).toEqual({ ok: false, reason: "used" });
    expect(await authenticateCustomer(t.db, "two-links@example.com", "second password")).toEqual({ id: owner.id });
    expect(await authenticateCustomer(t.db, "two-links@example.com", "someone else's password")).toBeNull();
    const open = await t.db
      .selectFrom("password_resets")
      .select("token_hash")
      .where("customer_id", "=", owner.id)
      .where("used_at", "is", null)
      .execute();
    expect(open).toEqual([]);
  });

  it("sends nothing for an unknown address", async () => {
    const before = (await t.db.selectFrom("mail_outbox").select("id").execute()).length;
    await requestPasswordReset(t.db, {
      email: "nobody@example.com",
      publicUrl: new URL("https://shop.example"),
      shopName: "Shop",
    });
    expect((await t.db.selectFrom("mail_outbox").select("id").execute()).length).toBe(before);
  });
});

describe("favourites", () => {
  it("belong to one buyer, toggle both ways, and list vehicles and parts together newest first", async () => {
    const rng = createRng(4);
    const a = await createVehicle(t.db, vehicleFactory(rng, 0), [], { kind: "system", id: null });
    const b = await createVehicle(t.db, vehicleFactory(rng, 1), [], { kind: "system", id: null });
    const wheelInput = partFactory(rng, 0);
    const wheel = await createPart(t.db, wheelInput, [], { kind: "system", id: null });
    // Newest first needs distinct times: a clock the test moves, a second per favourite.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-01T00:00:00Z") });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const tick = () => vi.setSystemTime(Date.now() + 1000);
    expect(await setFavourite(t.db, buyer.id, "vehicle", a.id, true)).toBe(true);
    tick();
    expect(await setFavourite(t.db, buyer.id, "part", wheel.id, true)).toBe(true);
    tick();
    expect(await setFavourite(t.db, buyer.id, "vehicle", b.id, true)).toBe(true);
    expect(await setFavourite(t.db, buyer.id, "vehicle", b.id, true)).toBe(true); // twice is still once
    expect(await isFavourite(t.db, other.id, "vehicle", a.id)).toBe(false);
    expect(await isFavourite(t.db, buyer.id, "part", wheel.id)).toBe(true);
    // Each kind is kept in its own table: the part is not a vehicle that happens to share its id.
    const rows = async (table: "favourites" | "part_favourites") =>
      (await t.db.selectFrom(table).select("customer_id").where("customer_id", "=", buyer.id).execute()).length;
    expect([await rows("favourites"), await rows("part_favourites")]).toEqual([2, 1]);
    const mine = await listFavourites(t.db, buyer.id, 1, 10);
    expect(mine.total).toBe(3);
    expect(mine.items.map((f) => [f.kind, f.id])).toEqual([
      ["vehicle", b.id],
      ["part", wheel.id],
      ["vehicle", a.id],
    ]);
    expect(mine.items[1]).toMatchObject({ name: wheelInput.name, refId: wheel.refId, price: wheelInput.price });
    // Pages go across both kinds.
    expect((await listFavourites(t.db, buyer.id, 2, 2)).items.map((f) => f.id)).toEqual([a.id]);
    expect((await listFavourites(t.db, other.id, 1, 10)).total).toBe(0);
    expect(await setFavourite(t.db, buyer.id, "vehicle", a.id, false)).toBe(false);
    expect(await isFavourite(t.db, buyer.id, "vehicle", a.id)).toBe(false);
    expect(await setFavourite(t.db, buyer.id, "part", wheel.id, false)).toBe(false);
    expect(await isFavourite(t.db, buyer.id, "part", wheel.id)).toBe(false);
    expect(await setFavourite(t.db, buyer.id, "vehicle", 999_999, true)).toBeNull();
    expect(await setFavourite(t.db, buyer.id, "part", 999_999, true)).toBeNull();
  });

  it("a part's favourite goes with the part", async () => {
    const part = await createPart(t.db, partFactory(createRng(5), 1), [], { kind: "system", id: null });
    await setFavourite(t.db, other.id, "part", part.id, true);
    await t.db.deleteFrom("parts").where("id", "=", part.id).execute();
    expect((await listFavourites(t.db, other.id, 1, 10)).total).toBe(0);
  });
});
