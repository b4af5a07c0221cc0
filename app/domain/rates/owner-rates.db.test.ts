import { inEnglish } from "../../../tests/support/english";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { displayRate, listRates, ratesAge, readOwnerRates as readOwnerRatesOf, storeOwnerRates } from "./rates.server";
import { RATES_SNAPSHOT } from "./snapshot";

/** The answer as the staff read it in English. */
const readOwnerRates = (...args: Parameters<typeof readOwnerRatesOf>) => inEnglish(readOwnerRatesOf(...args));

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const staff = { id: 1, adminId: "owner" };

describe("exchange rates the owner sets by hand", () => {
  it("with none stored, buyers see the snapshot's rates, which the dashboard calls stale", async () => {
    const age = await ratesAge(t.db, new Date("2026-11-23T00:00:00Z"));
    expect(age.asOf).toBe(RATES_SNAPSHOT.asOf);
    expect(age.stale).toBe(true);
    expect(age.days).toBeGreaterThan(500);
    // Three days old is stale: the owner is told before buyers plan on an old rate.
    const stored = Date.parse(RATES_SNAPSHOT.asOf);
    expect((await ratesAge(t.db, new Date(stored + 2.9 * 86_400_000))).stale).toBe(false);
    expect((await ratesAge(t.db, new Date(stored + 3 * 86_400_000))).stale).toBe(true);
    const usd = (await listRates(t.db)).find((r) => r.code === "USD")!;
    expect(usd).toMatchObject({ source: "snapshot", asOf: RATES_SNAPSHOT.asOf });
    expect(usd.yenPerUnit).toBeCloseTo(1 / RATES_SNAPSHOT.rates.USD!, 3);
  });

  it("reads yen for one unit as typed, and refuses what is not a rate, naming the currency", () => {
    expect(readOwnerRates({ USD: "155.2", LKR: " 0.52 ", EUR: "1,620.25", GBP: "" })).toEqual({
      ok: true,
      rates: { USD: 155.2, LKR: 0.52, EUR: 1620.25 },
    });
    for (const bad of ["-155", "0", "abc", "1e3", "12.1234567", "2000000"]) {
      const read = readOwnerRates({ USD: bad, LKR: "0.52" });
      expect(read, bad).toEqual({ ok: false, errors: { USD: "Enter the yen for one unit, such as 155.2" } });
    }
    // A rate far from the current one (turned round, or a slip of a digit) is refused.
    expect(readOwnerRates({ USD: "0.0064", EUR: "170" }, { USD: 155, EUR: 165 })).toEqual({
      ok: false,
      errors: { USD: "This is far from the current rate: enter the yen for one unit, such as 155.2" },
    });
    expect(readOwnerRates({ USD: "1550" }, { USD: 155 })).toMatchObject({ ok: false });
    expect(readOwnerRates({ USD: "160" }, { USD: 155 })).toEqual({ ok: true, rates: { USD: 160 } });
    // A field named after no currency is not a rate.
    expect(readOwnerRates({ XYZ: "1", JPY: "2" })).toEqual({ ok: true, rates: {} });
  });

  it("stores them with today's date, shows them to buyers, logs them and is no longer stale", async () => {
    expect(await storeOwnerRates(t.db, staff, { USD: 160, LKR: 0.5 })).toBe(2);
    const usd = await displayRate(t.db, "USD");
    expect(usd?.rate).toBeCloseTo(1 / 160, 10);
    expect(usd?.source).toBe("owner");
    const rows = await listRates(t.db);
    expect(rows.find((r) => r.code === "USD")).toMatchObject({ yenPerUnit: 160, source: "owner" });
    expect(rows.find((r) => r.code === "LKR")).toMatchObject({ yenPerUnit: 0.5, source: "owner" });
    // The other currencies are still at the snapshot's old rates: the warning stays.
    expect((await ratesAge(t.db)).stale).toBe(true);
    expect((await ratesAge(t.db)).asOf).toBe(RATES_SNAPSHOT.asOf);
    const logged = await t.db.selectFrom("activity_log").select(["action", "summary", "actor_id"]).execute();
    expect(logged).toContainEqual({
      action: "rates.set",
      summary: "Exchange rates set by hand: USD ¥160, LKR ¥0.5",
      actor_id: "owner",
    });
  });
});
