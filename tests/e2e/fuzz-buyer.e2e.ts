import { findCountry, storedCountry } from "~/domain/countries";
import { readPhone } from "~/domain/phone-numbers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCIES } from "~/domain/rates/currencies";
import { LANGUAGES } from "~/i18n/languages";
import { COOKIES } from "~/utils/cookies";
import { withShopDb, writeShopDb } from "../support/browser";
import {
  RUNS,
  FEW,
  BUDGET,
  value,
  foreignId,
  GOOD_TARGETS,
  redirectTarget,
  overLimit,
  post,
  answersCleanly,
  chars,
  isLocalPath,
  TOOLS_BUYER,
  buyerCookie,
  mine,
  query,
  setUpFuzzFixtures,
} from "../support/fuzz";

setUpFuzzFixtures();

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
