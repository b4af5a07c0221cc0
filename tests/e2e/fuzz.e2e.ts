import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { baseUrl, withShopDb } from "./browser";
import { storedSubmissionKey } from "~/domain/quotes/quotes.server";

/*
 * Property-based inputs against the running shop: at least 1,000 per list
 * query string and per form. Whatever is sent: no 5xx, nothing echoed
 * unescaped, and a form either succeeds whole or leaves nothing behind.
 * Requests come "through the proxy" from made-up addresses, so the sign-in
 * limits of other tests' address are not used up.
 */

const RUNS = 1000;
/** A tag that must never come back as markup. */
const MARK = "<x-fuzz>";

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

function fakeIp(n: number) {
  return `198.51.${(n >> 8) & 255}.${n & 255}`;
}

let requestNo = 0;
async function send(path: string, init: RequestInit = {}) {
  requestNo++;
  const res = await fetch(baseUrl() + path, {
    redirect: "manual",
    ...init,
    headers: { "X-Forwarded-For": fakeIp(requestNo), ...(init.headers ?? {}) },
  });
  return { status: res.status, body: await res.text(), location: res.headers.get("location") };
}

function form(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return body;
}

function post(path: string, fields: Record<string, string | string[]>) {
  return send(path, {
    method: "POST",
    body: form(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

function answersCleanly(r: { status: number; body: string }) {
  expect(r.status).toBeLessThan(500);
  expect(r.body).not.toContain(MARK);
}

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
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...listKeys), fc.string({ maxLength: 10 })), value), { maxLength: 8 })
  .map((pairs) => new URLSearchParams(pairs).toString());

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
        { numRuns: RUNS },
      );
    }, 300_000);
  }
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

  it(`login and password reset: ${RUNS} forms each, no 5xx, nobody signed in by a guess`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ email: value, password: value }), async (f) => {
        const r = await post("/login", f);
        answersCleanly(r);
        expect(r.status >= 300 && r.status < 400).toBe(false);
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.record({ intent: fc.oneof(fc.constant("request"), value), email: value }), async (f) => {
        answersCleanly(await post("/reset-password", f));
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  it(`quote form: ${RUNS} forms; a quote is stored exactly when the answer says it was sent`, async () => {
    const vehicleId = await withShopDb(
      async (db) =>
        (await db.selectFrom("vehicles").select("id").where("stock_status", "=", "available").executeTakeFirstOrThrow())
          .id,
    );
    const random = fc.record({
      kind: fc.oneof(fc.constant("vehicle"), value),
      itemId: fc.oneof(fc.constant(String(vehicleId)), value),
      submissionKey: fc.oneof(fc.uuid(), value),
      name: value,
      country: value,
      email: fc.oneof(value, fc.emailAddress()),
      phone: fc.oneof(value, fc.constant("+94 77 123 4567")),
      message: fc.oneof(value, fc.constant("Price to Colombo, please.")),
      contactMethods: fc.array(fc.oneof(fc.constantFrom("Viber", "LINE", "WhatsApp"), value), { maxLength: 5 }),
    });
    const right = fc.record({
      kind: fc.constant("vehicle"),
      itemId: fc.constant(String(vehicleId)),
      submissionKey: fc.uuid(),
      name: fc.constantFrom("Chen Wei", "Amara Okafor", "<b>Bold</b> buyer"),
      country: fc.constantFrom("China", "Kenya"),
      email: fc.constantFrom("buyer1@example.com", "buyer2@example.org"),
      phone: fc.constant("+254 700 000000"),
      message: fc.string({ minLength: 1, maxLength: 500 }).map((m) => `Price to Mombasa? ${m}`),
      contactMethods: fc.subarray(["Viber", "LINE", "WhatsApp"]),
    });
    const fields = fc.oneof({ arbitrary: right, weight: 1 }, { arbitrary: random, weight: 2 });
    let sentCount = 0;
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
                    storedSubmissionKey({ submissionKey: String(f.submissionKey), email: String(f.email) }),
                  )
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          );
        const before = await countFor();
        const r = await post(`/vehicles/${vehicleId}`, f);
        answersCleanly(r);
        const after = await countFor();
        // The answer names the new quote's number (the bare sentence is also in the page's catalogue).
        const sent = /Your quote number is \d{10}/.test(r.body);
        expect(after - before).toBe(sent && before === 0 ? 1 : 0);
        if (sent) sentCount++;
      }),
      { numRuns: RUNS },
    );
    // The property was tried on real successes too, not only on refusals.
    expect(sentCount).toBeGreaterThan(20);
  }, 600_000);
});
