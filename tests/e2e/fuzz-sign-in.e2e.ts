import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withShopDb } from "../support/browser";
import {
  RUNS,
  FEW,
  value,
  GOOD_TARGETS,
  redirectTarget,
  post,
  answersCleanly,
  isLocalPath,
  cookieOf,
  BUYER_COOKIE,
  STAFF_COOKIE,
  SIGN_IN_BUYER,
  STAFF,
  limiterOpen,
  typedEmail,
  nearPassword,
  setUpFuzzFixtures,
} from "../support/fuzz";

setUpFuzzFixtures();

describe("fuzzing sign-in and registration", () => {
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
});
