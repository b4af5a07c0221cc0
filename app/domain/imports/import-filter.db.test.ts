import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { between, createRng, pick, vehicleFactory } from "~/db/seed/factories";
import { vehicleColumns } from "~/domain/inventory/vehicles.server";
import { readVehicleQuery, type ResolvedVehicleFilters } from "~/domain/search/filters";
import { resolveVehicleFilters, vehicleWhere } from "~/domain/search/list-where.server";
import { listPlan, pageRows, searchVehicles, vehicleListQueries } from "~/domain/search/search.server";
import {
  AGE_COUNT,
  AGE_FROM,
  AGE_UNTIL,
  type ImportFacts,
  type ImportRule,
  importVerdict,
  OTHER_KINDS,
  type ShippingMonths,
  vehicleKind,
} from "./import-rules";
import { monthNumber } from "~/domain/inventory/months";
import { importLimit, ruleForCountry, saveImportSettings, shippingMonths } from "./import-rules.server";
import { STEERING } from "~/domain/inventory/catalogue";

/*
 * "Only what I can import" in SQL against the rule function: for random
 * vehicles and random rules, the vehicles the database returns are exactly
 * those importVerdict calls importable. Seeded, so a failure repeats.
 */

let t: TestDb;
const vehicles: (ImportFacts & { id: number; sold: boolean; status: string })[] = [];
const owner = { id: 1, adminId: "owner" };

beforeAll(async () => {
  t = await createTestDb();
  const rng = createRng(2222);
  const rows = Array.from({ length: 400 }, (_, i) => {
    const year = between(rng, 2000, 2026);
    // Made in the listed year or around it (a model year differs), or not on file.
    const manufactured = rng() < 0.2 ? null : monthNumber(year, 1) + between(rng, -6, 17);
    // First registered in Japan up to a year and a half after manufacture, or not on file.
    const registered = rng() < 0.3 ? null : (manufactured ?? monthNumber(year, 1)) + between(rng, 0, 18);
    const steering = pick(rng, ["Right", "Left", null] as const);
    // Every kind a rule may limit apart: cars, pickups, goods vehicles, buses and special-purpose vehicles (a
    // tow truck is special, not goods; a 10-seat ambulance special, not a bus), and a vehicle with no type.
    const [type, subType, seats] = pick(rng, [
      ["Sedan", "Compact Sedan", "5"],
      ["SUV", null, "7"],
      ["Truck", "Pickup", "5"],
      ["Truck", "Heavy Duty", "3"],
      ["Van", "Cargo Van", "2"],
      ["Van", "Passenger Van", "10+"],
      ["Van", "Passenger Van", "10"],
      ["Van", "Mini Van", "8"],
      ["Special Purpose", "Tow Truck", "3"],
      ["Special Purpose", "Ambulance", "10"],
      [null, null, null],
    ] as const);
    const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    return {
      ref_id: `O-${String(i + 1).padStart(4, "0")}`,
      ...vehicleColumns(vehicleFactory(rng, i)),
      year,
      steering,
      type,
      sub_type: subType,
      seats,
      manufactured_month: manufactured,
      registered_month: registered,
      created_at: at,
      updated_at: at,
    };
  });
  const ids = await t.db.insertInto("vehicles").values(rows).returning("id").execute();
  rows.forEach((r, i) =>
    vehicles.push({
      id: ids[i]!.id,
      sold: r.stock_status === "sold",
      status: r.stock_status,
      year: r.year,
      manufactured: r.manufactured_month,
      registered: r.registered_month,
      steering: r.steering,
      importKind: vehicleKind({ type: r.type, subType: r.sub_type, seats: r.seats }),
    }),
  );
});
afterAll(() => t?.cleanup());

function rule(overrides: Partial<ImportRule>): ImportRule {
  return {
    country: "Testland",
    usedVehicles: true,
    maxAgeYears: 8,
    ageByKind: {},
    ageFrom: "manufacture",
    ageUntil: "shipping",
    ageCount: "months",
    steering: null,
    usedParts: true,
    usedPartsRefused: [],
    note: "",
    inspection: "",
    commercial: null,
    sourceUrl: "https://example.com/rule",
    checkedOn: "2026-11-24",
    checkBy: "2027-11-24",
    confirmed: true,
    ...overrides,
  };
}

/** The ids the rule function admits, in id order; `sold` too when asked (the filter leaves sold stock out). */
function importable(
  r: ImportRule | null,
  when: ShippingMonths,
  country = r?.country ?? "Testland",
  sold = false,
): number[] {
  return vehicles
    .filter((v) => (sold || !v.sold) && importVerdict(v, country, r, when).kind === "importable")
    .map((v) => v.id);
}

/** The ids the list's own filter condition returns, in id order. */
async function fromDatabase(filters: Parameters<typeof vehicleWhere>[1]): Promise<number[]> {
  const rows = await t.db
    .selectFrom("vehicles")
    .select("id")
    .where(vehicleWhere(t.db, filters))
    .orderBy("id")
    .execute();
  return rows.map((r) => Number(r.id));
}

describe("the import filter in SQL", () => {
  it("returns exactly the vehicles the rule function calls importable, for every way of counting and random limits", async () => {
    const rng = createRng(2026);
    let cases = 0;
    // The boundaries were met: a vehicle in its last month, and one a month past it.
    let lastMonth = 0;
    let monthPast = 0;
    const sizes = new Set<number>();
    for (const ageFrom of AGE_FROM)
      for (const ageUntil of AGE_UNTIL)
        for (const ageCount of AGE_COUNT)
          for (const steering of [null, ...STEERING])
            for (let k = 0; k < 4; k++) {
              const r = rule({
                ageFrom,
                ageUntil,
                ageCount,
                steering,
                maxAgeYears: rng() < 0.15 ? null : between(rng, 1, 20),
                usedVehicles: rng() >= 0.1,
                // Half the rules give some kinds an age of their own (Sri Lanka's goods vehicles and buses).
                ageByKind:
                  rng() < 0.5
                    ? Object.fromEntries(
                        OTHER_KINDS.filter(() => rng() < 0.6).map((kind) => [kind, between(rng, 1, 20)]),
                      )
                    : {},
              });
              const when = {
                ship: monthNumber(between(rng, 2019, 2031), between(rng, 1, 12)),
                sea: between(rng, 1, 4),
              };
              const expected = importable(r, when);
              const label = JSON.stringify({
                ageFrom,
                ageUntil,
                ageCount,
                steering,
                max: r.maxAgeYears,
                kinds: r.ageByKind,
                when,
              });
              expect(await fromDatabase({ ImportTo: importLimit("Testland", r, when) }), label).toEqual(expected);
              cases++;
              sizes.add(expected.length);
              for (const v of vehicles) {
                const answer = importVerdict(v, "Testland", r, when);
                if (answer.kind === "importable" && answer.shipBy === when.ship) lastMonth++;
                if (answer.kind === "too_old" && answer.lastShip === when.ship - 1) monthPast++;
              }
            }
    expect(cases).toBe(144);
    expect(lastMonth).toBeGreaterThan(20);
    expect(monthPast).toBeGreaterThan(20);
    // From nothing to most of the stock: the answers were not all alike.
    expect(sizes.has(0)).toBe(true);
    expect(Math.max(...sizes)).toBeGreaterThan(vehicles.length / 2);
    expect(sizes.size).toBeGreaterThan(40);
    // Every kind was in the stock, so each kind's own limit was tried against vehicles of that kind.
    expect(new Set(vehicles.map((v) => v.importKind))).toEqual(new Set(["car", "pickup", "goods", "bus", "special"]));
  });

  it("agrees alongside the list's other filters", async () => {
    const rng = createRng(77);
    for (let k = 0; k < 24; k++) {
      const r = rule({
        ageFrom: pick(rng, AGE_FROM),
        ageUntil: pick(rng, AGE_UNTIL),
        ageCount: pick(rng, AGE_COUNT),
        steering: pick(rng, [null, ...STEERING]),
        maxAgeYears: between(rng, 1, 20),
      });
      const when = { ship: monthNumber(between(rng, 2019, 2031), between(rng, 1, 12)), sea: between(rng, 1, 4) };
      const [from, to] = [between(rng, 2000, 2026), between(rng, 2000, 2026)].sort((a, b) => a - b);
      const inYears = new Set(vehicles.filter((v) => v.year >= from! && v.year <= to!).map((v) => v.id));
      const expected = importable(r, when).filter((id) => inYears.has(id));
      expect(
        await fromDatabase({ YearFrom: from, YearTo: to, ImportTo: importLimit("Testland", r, when) }),
        JSON.stringify({ r, when, from, to }),
      ).toEqual(expected);
    }
  });
});

describe("ImportTo in a list's address", () => {
  // In July, the owner's default times arrive within the year, the longest ones the next year.
  const now = new Date("2026-07-01T03:00:00Z");

  async function listed(qs: string, at = now): Promise<{ ids: number[]; total: number }> {
    const query = readVehicleQuery(new URLSearchParams(qs));
    const filters = await resolveVehicleFilters(t.db, query.filters, at);
    const ids = await fromDatabase(filters);
    const result = await searchVehicles(t.db, { ...query, filters, perPage: 100, page: 1 });
    return { ids, total: result.total };
  }

  it("reads the country's seeded rule and the owner's shipping times, whatever the country's capitals", async () => {
    const kenya = await ruleForCountry(t.db, "Kenya");
    expect(kenya).toMatchObject({ maxAgeYears: 8, ageFrom: "registration", steering: "Right" });
    const expected = importable(kenya, shippingMonths({ leadDays: 21, seaDays: 35 }, now), "Kenya");
    // Some of each: right-hand cars registered recently enough, and not the rest.
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.length).toBeLessThan(vehicles.length / 3);
    // Sold vehicles the rule would admit are not offered: the buyer can no longer buy them.
    const soldToo = importable(kenya, shippingMonths({ leadDays: 21, seaDays: 35 }, now), "Kenya", true);
    expect(soldToo.length).toBeGreaterThan(expected.length);
    for (const qs of ["ImportTo=Kenya", "ImportTo=kenya", "ImportTo=%20KENYA%20"]) {
      const { ids, total } = await listed(qs);
      expect(ids, qs).toEqual(expected);
      expect(total, qs).toBe(expected.length);
    }

    // Page by page, as the buyer sees the list: what the rule admits, available first, never a sold one.
    const rank = (id: number) => ["available", "reserved"].indexOf(vehicles.find((v) => v.id === id)!.status);
    // Both ways a page is found: walking the sort index a status at a time, and sorting the matches.
    for (const [sort, sortMatches] of [
      ["newest", false],
      ["price_asc", false],
      ["newest", true],
      ["price_asc", true],
    ] as const) {
      const read = readVehicleQuery(new URLSearchParams(`ImportTo=Kenya&Sort=${sort}`));
      const filters = await resolveVehicleFilters(t.db, read.filters, now);
      const shown: number[] = [];
      // Pages of 8: the last one has room left (35 are admitted), where a sold vehicle would show.
      expect(expected.length % 8).not.toBe(0);
      for (let page = 1; page <= Math.ceil(expected.length / 8); page++) {
        const query = { ...read, filters, page, perPage: 8 };
        const plan = await listPlan(t.db, "vehicles", query, vehicleListQueries(t.db, query).count);
        const way = { ...plan, sortMatches, denseKeyword: false };
        const rows = await pageRows((...w) => vehicleListQueries(t.db, query, ...w), way, 8);
        shown.push(...rows.map((r) => r.id));
        // A vehicle sold between the count and the page, or a count stopped early: still none sold shown.
        for (const counted of [{ total: plan.total + 1 }, { more: true }]) {
          const late = await pageRows((...w) => vehicleListQueries(t.db, query, ...w), { ...way, ...counted }, 8);
          expect(late.filter((r) => r.stock_status === "sold").map((r) => r.id)).toEqual([]);
        }
      }
      const label = `${sort} ${sortMatches ? "sorted" : "walked"}`;
      expect(
        [...shown].sort((a, b) => a - b),
        label,
      ).toEqual(expected);
      const ranks = shown.map(rank);
      expect(ranks, label).toEqual([...ranks].sort((a, b) => a - b));
      expect(ranks, label).toContain(1);
    }

    // Longer shipping times: older vehicles drop out, as the rule function says.
    await saveImportSettings(t.db, owner, { leadDays: 180, seaDays: 120 });
    try {
      const later = importable(kenya, shippingMonths({ leadDays: 180, seaDays: 120 }, now), "Kenya");
      expect(later.length).toBeLessThan(expected.length);
      expect((await listed("ImportTo=Kenya")).ids).toEqual(later);
    } finally {
      await saveImportSettings(t.db, owner, { leadDays: 21, seaDays: 35 });
    }
  });

  it("lists what a country admits by price in one order however a page is found: merged year by year", async () => {
    const rng = createRng(4747);
    const rank = (id: number) => ["available", "reserved"].indexOf(vehicles.find((v) => v.id === id)!.status);
    let merged = 0;
    let pagesRead = 0;
    for (let k = 0; k < 8; k++) {
      // With and without a steering, an age from manufacture or registration, some kinds limited apart.
      const r = rule({
        ageFrom: pick(rng, AGE_FROM),
        steering: pick(rng, [null, ...STEERING]),
        maxAgeYears: between(rng, 2, 12),
        ageByKind: k % 2 === 0 ? { goods: between(rng, 1, 15), special: between(rng, 1, 15) } : {},
      });
      const when = shippingMonths({ leadDays: 21, seaDays: 35 }, now);
      const expected = importable(r, when);
      for (const sort of ["price_asc", "price_desc"] as const) {
        const label = JSON.stringify({ r: { ...r, sourceUrl: undefined }, sort });
        const pages = async (sorted: boolean) => {
          const shown: number[] = [];
          for (let page = 1; page <= Math.ceil(expected.length / 8); page++) {
            const filters: ResolvedVehicleFilters = { ImportTo: importLimit("Testland", r, when) };
            const query = { filters, sort, page, perPage: 8 };
            const plan = await listPlan(t.db, "vehicles", query, vehicleListQueries(t.db, query).count);
            if (!sorted) pagesRead++;
            if (!sorted && plan.lastYear !== undefined) merged++;
            const way = sorted ? { ...plan, sortMatches: true, denseKeyword: false, lastYear: undefined } : plan;
            shown.push(...(await pageRows((...w) => vehicleListQueries(t.db, query, ...w), way, 8)).map((v) => v.id));
          }
          return shown;
        };
        const walked = await pages(false);
        expect(walked, label).toEqual(await pages(true));
        expect(
          [...walked].sort((a, b) => a - b),
          label,
        ).toEqual(expected);
        const ranks = walked.map(rank);
        expect(ranks, label).toEqual([...ranks].sort((a, b) => a - b));
      }
    }
    // PostgreSQL merged every page of every list (none fell back past the most ranges it merges); SQLite
    // merges those of a rule that admits half the stock or less, as these random rules do.
    expect(merged, "pages merged").toBe(pagesRead);
  });

  it.runIf(process.env.TEST_DIALECT === "postgres")(
    "plans a merged page once per connection and leaves every other statement planned with its values",
    async () => {
      const r = rule({ ageFrom: "manufacture", steering: null, maxAgeYears: 10, ageByKind: {} });
      const filters: ResolvedVehicleFilters = {
        ImportTo: importLimit("Testland", r, shippingMonths({ leadDays: 21, seaDays: 35 }, now)),
      };
      // One new connection, so that its prepared statements and settings can be read back.
      const db = t.open();
      const seen = await db.connection().execute(async (c) => {
        const firsts: number[] = [];
        for (const page of [1, 2, 3]) {
          const query = { filters, sort: "price_asc" as const, page, perPage: 8 };
          const plan = await listPlan(c, "vehicles", query, vehicleListQueries(c, query).count);
          expect(plan.lastYear, "a merged page").toBeDefined();
          firsts.push((await pageRows((...w) => vehicleListQueries(c, query, ...w), plan, 8))[0]!.id);
        }
        const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
          select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(c);
        const { rows: mode } = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(c);
        return { firsts, rows, mode: mode[0]!.plan_cache_mode };
      });
      await db.destroy();
      // Three pages, three different first vehicles, from one plan of the merge, made without the page's values.
      expect(new Set(seen.firsts).size).toBe(3);
      expect(
        seen.rows.map((p) => [p.statement.startsWith("select /* kept plan */"), /union all/.test(p.statement)]),
      ).toEqual([[true, true]]);
      expect({ generic: Number(seen.rows[0]!.generic_plans), custom: Number(seen.rows[0]!.custom_plans) }).toEqual({
        generic: 3,
        custom: 0,
      });
      // The connection goes back to the pool planning as PostgreSQL chooses.
      expect(seen.mode).toBe("auto");
    },
  );

  it("answers Sri Lanka by each vehicle's kind as its row says, in the list's rows and in SQL alike", async () => {
    const sriLanka = (await ruleForCountry(t.db, "Sri Lanka"))!;
    expect(sriLanka.ageByKind).toEqual({ goods: 5, bus: 5, special: 10 });
    const when = shippingMonths({ leadDays: 21, seaDays: 35 }, now);
    const expected = importable(sriLanka, when, "Sri Lanka");
    // Goods vehicles, buses and special-purpose vehicles a car of their age could not be.
    const byKindOnly = expected.filter((id) => {
      const v = vehicles.find((x) => x.id === id)!;
      return importVerdict({ ...v, importKind: "car" }, "Sri Lanka", sriLanka, when).kind !== "importable";
    });
    expect(byKindOnly.length).toBeGreaterThan(0);
    const { ids, total } = await listed("ImportTo=Sri%20Lanka");
    expect(ids).toEqual(expected);
    expect(total).toBe(expected.length);
    // The list's rows carry the kind read from their own columns, as the cards judge them.
    const page = await searchVehicles(t.db, { ...readVehicleQuery(new URLSearchParams()), perPage: 100, page: 1 });
    for (const item of page.items)
      expect(item.importKind, String(item.id)).toBe(vehicles.find((v) => v.id === item.id)!.importKind);
  });

  it("matches nothing for a country without a rule, or one that admits no used vehicles", async () => {
    expect((await listed("")).total).toBe(vehicles.length);
    for (const qs of ["ImportTo=Atlantis", "ImportTo=Nepal"]) {
      expect(await listed(qs), qs).toEqual({ ids: [], total: 0 });
    }
  });
});
