import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestDb, recordingStatements, type TestDb } from "../../../tests/support/test-db";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import type { PartInput, VehicleInput } from "~/domain/inventory/inventory";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { readPartQuery, readVehicleQuery } from "./filters";
import { menuCounts, OPTIONAL_COUNT_MS, waysOut } from "./menu-counts.server";
import { searchParts, searchVehicles } from "./search.server";

/*
 * Issue 18.2: the make and type menus count what each choice would show under
 * the list's other filters, and an empty list names the one filter to drop and
 * how many that shows. Checked against the lists themselves, on both databases.
 */

let t: TestDb;
// Made before the tests are named, so the cases can use them.
const rng = createRng(7);
const vehicles: VehicleInput[] = Array.from({ length: 60 }, (_, i) => vehicleFactory(rng, i));
const parts: PartInput[] = Array.from({ length: 30 }, (_, i) => partFactory(rng, i));

beforeAll(async () => {
  t = await createTestDb();
  for (const input of vehicles) await createVehicle(t.db, input, [], { kind: "system", id: null });
  for (const input of parts) await createPart(t.db, input, [], { kind: "system", id: null });
});
afterAll(() => t.cleanup());

const vehicleTotal = async (qs: string) =>
  (await searchVehicles(t.db, readVehicleQuery(new URLSearchParams(qs)))).total;
const partTotal = async (qs: string) => (await searchParts(t.db, readPartQuery(new URLSearchParams(qs)))).total;

/** The address of a list with one filter set to `value` (and the menu's dependent filter dropped). */
function withChoice(qs: string, name: "Make" | "Type", value: string) {
  const params = new URLSearchParams(qs);
  params.delete(name === "Make" ? "Model" : "SubType");
  params.set(name, value);
  return params.toString();
}

describe("menu counts under the other filters", () => {
  // A fuel and a price range are not in the stock counts; make, model, type and subtype are.
  const fuel = vehicles[0]!.fuel!;
  const make = vehicles[0]!.make;
  const type = vehicles[0]!.type!;
  const cases = [
    `Fuel=${fuel}`,
    `Fuel=${fuel}&PriceTo=1500000`,
    `Make=${make}&Fuel=${fuel}`,
    `Type=${type}&YearFrom=2012`,
    `Make=${make}&Type=${type}`,
    `Make=${make}`,
    "",
  ];

  it.each(cases)("each make and type count is what choosing it shows (%s)", async (qs) => {
    const query = readVehicleQuery(new URLSearchParams(qs));
    const counts = await menuCounts(t.db, "vehicles", query.filters);
    expect(counts.makes).not.toBeNull();
    expect(counts.types).not.toBeNull();
    const makes = [...new Set(vehicles.map((v) => v.make))];
    const types = [...new Set(vehicles.map((v) => v.type).filter((x): x is string => Boolean(x)))];
    for (const m of makes)
      expect(counts.makes![m] ?? 0, `Make ${m}`).toBe(await vehicleTotal(withChoice(qs, "Make", m)));
    for (const ty of types)
      expect(counts.types![ty] ?? 0, `Type ${ty}`).toBe(await vehicleTotal(withChoice(qs, "Type", ty)));
  });

  it("under a filter that narrows the list, the counts are not the whole stock's", async () => {
    const qs = `Fuel=${fuel}&PriceTo=1500000`;
    const counts = await menuCounts(t.db, "vehicles", readVehicleQuery(new URLSearchParams(qs)).filters);
    const shown = await vehicleTotal(qs);
    // Summed over the makes, the counts are exactly the list's total (each vehicle has one make).
    expect(Object.values(counts.makes!).reduce((a, b) => a + b, 0)).toBe(shown);
    const stockOfMake = vehicles.filter((v) => v.make === make).length;
    expect(counts.makes![make] ?? 0).toBeLessThan(stockOfMake);
  });

  it("parts: counts follow the year and keyword filters", async () => {
    const year = parts.find((p) => p.year !== null)?.year;
    for (const qs of [`YearFrom=${year}`, `Make=${parts[0]!.make}&YearTo=${year}`]) {
      const counts = await menuCounts(t.db, "parts", readPartQuery(new URLSearchParams(qs)).filters);
      for (const m of new Set(parts.map((p) => p.make)))
        expect(counts.makes![m] ?? 0, `${qs} Make ${m}`).toBe(await partTotal(withChoice(qs, "Make", m)));
    }
  });
});

describe("menus under the list's own filters", () => {
  const fuel = vehicles[0]!.fuel!;
  const make = vehicles[0]!.make;
  const filters = (qs: string) => readVehicleQuery(new URLSearchParams(qs)).filters;

  it("show no counts without reading a match when the list itself counted past the menus' limit", async () => {
    // The stock holds 60 vehicles: counts read from the matches would be shown.
    for (const count of [
      { total: 1001, more: false },
      { total: 1000, more: true },
    ]) {
      const { db, sent } = recordingStatements(t.db);
      // With a keyword, its own count (SQLite's word index) is not asked either.
      for (const qs of [`Fuel=${fuel}`, `Keyword=${make}&Fuel=${fuel}`]) {
        const counts = await menuCounts(db, "vehicles", filters(qs), Promise.resolve(count));
        expect(counts).toEqual({ makes: null, types: null });
        expect(sent.map((s) => s.sql)).toEqual([]);
      }
    }
  });

  it("count as before when the list's total is within the limit", async () => {
    const qs = `Fuel=${fuel}`;
    const total = await vehicleTotal(qs);
    const { db, sent } = recordingStatements(t.db);
    const counts = await menuCounts(db, "vehicles", filters(qs), Promise.resolve({ total, more: false }));
    expect(Object.values(counts.makes!).reduce((a, b) => a + b, 0)).toBe(total);
    expect(Object.values(counts.types!).reduce((a, b) => a + b, 0)).toBe(total);
    // The reads the test above finds none of are seen here.
    expect(sent.length).toBeGreaterThan(0);
  });

  it("count a menu whose own filter is set from its matches, whatever the list counted", async () => {
    // The make menu counts every make under the fuel alone: not the list's filters.
    const counts = await menuCounts(
      t.db,
      "vehicles",
      filters(`Make=${make}&Fuel=${fuel}`),
      Promise.resolve({ total: 5000, more: false }),
    );
    expect(counts.makes![make]).toBe(await vehicleTotal(`Make=${make}&Fuel=${fuel}`));
    expect(counts.types).toBeNull();
  });
});

describe("the nearest way out of an empty list", () => {
  it("names each filter that, dropped alone, shows something, with how many, the most first", async () => {
    const v = vehicles[0]!;
    const other = vehicles.find((x) => x.make !== v.make && x.fuel)!;
    // This make with another make's fuel and a price nothing costs: empty.
    const qs = `Make=${v.make}&Fuel=${other.fuel}&PriceTo=1`;
    const query = readVehicleQuery(new URLSearchParams(qs));
    expect(await vehicleTotal(qs)).toBe(0);
    const ways = await waysOut(t.db, "vehicles", query.filters);
    const expected: { drop: string; total: number; more: boolean }[] = [];
    for (const drop of ["Make", "Fuel", "PriceTo"]) {
      const params = new URLSearchParams(qs);
      params.delete(drop);
      const total = await vehicleTotal(params.toString());
      if (total > 0) expected.push({ drop, total, more: false });
    }
    expected.sort((a, b) => b.total - a.total);
    expect(ways).toEqual(expected);
    // Dropping the impossible price is the only way out here.
    expect(ways.map((w) => w.drop)).toEqual(["PriceTo"]);
  });

  it("dropping a make drops its model too (a model alone would still hold the list to that make)", async () => {
    const v = vehicles.find((x) => x.model && x.fuel)!;
    const otherFuel = vehicles.find(
      (x) => x.fuel && x.fuel !== v.fuel && !vehicles.some((y) => y.model === v.model && y.fuel === x.fuel),
    )?.fuel;
    expect(otherFuel).toBeDefined();
    const qs = `Make=${encodeURIComponent(v.make)}&Model=${encodeURIComponent(v.model)}&Fuel=${otherFuel}`;
    expect(await vehicleTotal(qs)).toBe(0);
    const ways = await waysOut(t.db, "vehicles", readVehicleQuery(new URLSearchParams(qs)).filters);
    const byMake = ways.find((w) => w.drop === "Make");
    expect(byMake?.total).toBe(await vehicleTotal(`Fuel=${otherFuel}`));
  });

  it("offers nothing when no single filter is the cause", async () => {
    const qs = "Keyword=no-such-word-anywhere&PriceTo=1";
    expect(await waysOut(t.db, "vehicles", readVehicleQuery(new URLSearchParams(qs)).filters)).toEqual([]);
  });
});

describe("counts that take too long (PostgreSQL)", () => {
  // Another connection holds the vehicles' table, so every read of it waits: as a read that takes long.
  it.runIf(process.env.TEST_DIALECT === "postgres")(
    "the menus show no counts and the ways out leave that filter out, instead of keeping the page waiting",
    async () => {
      const v = vehicles[0]!;
      const other = vehicles.find((x) => x.make !== v.make && x.fuel && x.fuel !== v.fuel)!;
      const qs = `Make=${v.make}&Fuel=${other.fuel}&PriceTo=1`;
      const filters = readVehicleQuery(new URLSearchParams(qs)).filters;
      const before = await waysOut(t.db, "vehicles", filters);
      expect(before.map((w) => w.drop)).toContain("PriceTo");
      const holder = t.open();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holding = holder.transaction().execute(async (trx) => {
        await sql`lock table vehicles in access exclusive mode`.execute(trx);
        locked();
        await held;
      });
      // Held 10 s at most: a read that waited for it would end the test with a failure, not a hang.
      const guard = setTimeout(release, 10_000);
      try {
        await Promise.race([isLocked, holding]);
        const started = Date.now();
        const counts = await menuCounts(t.db, "vehicles", filters);
        // The make menu counts under the fuel and the price, which only the table can say.
        expect(counts.makes).toBeNull();
        // Each filter dropped leaves two the table alone can count.
        expect(await waysOut(t.db, "vehicles", filters)).toEqual([]);
        expect(Date.now() - started).toBeLessThan(OPTIONAL_COUNT_MS * 20);
      } finally {
        clearTimeout(guard);
        release();
        await holding;
        await holder.destroy();
      }
      // Once the table is free, the same counts are shown again.
      expect(await waysOut(t.db, "vehicles", filters)).toEqual(before);
      expect((await menuCounts(t.db, "vehicles", filters)).makes).not.toBeNull();
    },
    30_000,
  );
});
