import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { startFakeRates } from "../../../tests/support/fake-rates";
import { convertYen } from "./currencies";
import { formatMoney } from "../../../tests/support/money";
import { availableCurrencies, displayRate, providerUrl, ratesFetchedAt, refreshRates } from "./rates.server";
import { RATES_SNAPSHOT } from "./snapshot";

let t: TestDb;
let provider: Awaited<ReturnType<typeof startFakeRates>>;
beforeAll(async () => {
  t = await createTestDb();
  provider = await startFakeRates({ JPY: 1, USD: 0.0065, LKR: 1.95, EUR: 0.0061 });
});
afterAll(async () => {
  await provider.close();
  await t.cleanup();
});

describe("exchange rates", () => {
  it("uses the bundled snapshot, with its date, before the provider has ever answered", async () => {
    provider.state.failing = true;
    expect(await refreshRates(t.db, { url: provider.url, key: "k" })).toBe(false);
    expect(await displayRate(t.db, "USD")).toEqual({
      code: "USD",
      rate: RATES_SNAPSHOT.rates.USD,
      asOf: RATES_SNAPSHOT.asOf,
      source: "snapshot",
    });
    expect(await ratesFetchedAt(t.db)).toBeNull();
  });

  it("stores what the provider says, with the date, and the key goes only in the provider's address", async () => {
    provider.state.failing = false;
    const before = Date.now();
    expect(await refreshRates(t.db, { url: provider.url, key: "secret key/1" })).toBe(true);
    expect(provider.state.requests.at(-1)).toBe("/v6/secret%20key%2F1/latest/JPY");
    const usd = await displayRate(t.db, "USD");
    expect(usd).toMatchObject({ code: "USD", rate: 0.0065, source: "provider" });
    expect(Date.parse(usd!.asOf)).toBeGreaterThanOrEqual(before - 5);
  });

  it("keeps the stored rates when the provider fails later", async () => {
    provider.state.failing = true;
    expect(await refreshRates(t.db, { url: provider.url, key: "k" })).toBe(false);
    expect((await displayRate(t.db, "LKR"))?.rate).toBe(1.95);
    provider.state.failing = false;
  });

  it("replaces stored rates with newer ones", async () => {
    provider.state.rates = { JPY: 1, USD: 0.007 };
    await refreshRates(t.db, { url: provider.url, key: "k" });
    expect((await displayRate(t.db, "USD"))?.rate).toBe(0.007);
    expect((await displayRate(t.db, "LKR"))?.rate).toBe(1.95);
  });

  it("does not call a provider that needs a key when none is configured", () => {
    expect(providerUrl({ url: "https://rates.example/{key}/JPY", key: null })).toBeNull();
    expect(providerUrl({ url: "https://rates.example/JPY", key: null })).toBe("https://rates.example/JPY");
  });

  it("refuses an answer without usable rates", async () => {
    provider.state.rates = { USD: -1 } as Record<string, number>;
    expect(await refreshRates(t.db, { url: provider.url, key: "k" })).toBe(false);
    expect((await displayRate(t.db, "USD"))?.rate).toBe(0.007);
  });

  it("lists the currencies that can be shown, yen first", async () => {
    const list = await availableCurrencies(t.db);
    expect(list[0]).toBe("JPY");
    expect(list).toContain("LKR");
    expect(list).not.toContain("XYZ");
  });
});

describe("conversion", () => {
  it("converts whole yen to whole units of the currency", () => {
    expect(convertYen(1_250_000, 0.0065)).toBe(8125);
    expect(convertYen(999, 0.0065)).toBe(6);
    expect(formatMoney(8125, "USD")).toBe("$8,125");
    expect(formatMoney(2_437_500, "LKR")).toBe("LKR\u00a02,437,500");
  });
});
