import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { between, createRng, partFactory, pick, vehicleFactory } from "~/db/seed/factories";
import type { PartInput, VehicleInput } from "~/domain/inventory/inventory";
import { statusOrder } from "~/domain/inventory/stock-status";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { readPartQuery, readVehicleQuery, type Sort, type VehicleFilters } from "./filters";
import { stockFacets } from "./menu-counts.server";
import { listPlan, pageRows, partListQueries, searchParts, searchVehicles, vehicleListQueries } from "./search.server";

let t: TestDb;
type Stored = VehicleInput & { id: number; refId: string; createdAt: string };
const vehicles: Stored[] = [];
const parts: (PartInput & { id: number; refId: string; createdAt: string })[] = [];
const now = Date.parse("2026-11-01T00:00:00Z");

beforeAll(async () => {
  t = await createTestDb();
  const rng = createRng(42);
  for (let i = 0; i < 70; i++) {
    const overrides: Partial<VehicleInput> = {};
    // A few listings that exercise the keyword rules.
    if (i === 0) overrides.description = "Sunroof, 100% rust free, NAVI_TV";
    if (i === 1) overrides.name = "LAND CRUISER Prado TX";
    if (i === 2) overrides.price = 1_000_000;
    if (i === 3) overrides.price = 2_000_000;
    const input = vehicleFactory(rng, i, overrides);
    // Two share a timestamp: the id decides their order.
    const createdAt = new Date(now + Math.min(i, 68) * 3_600_000).toISOString();
    const created = await createVehicle(t.db, input, [], { kind: "system", id: null }, createdAt);
    vehicles.push({ ...input, ...created, createdAt });
  }
  for (let i = 0; i < 30; i++) {
    const input = partFactory(rng, i);
    const createdAt = new Date(now + i * 3_600_000).toISOString();
    const created = await createPart(t.db, input, [], { kind: "system", id: null }, createdAt);
    parts.push({ ...input, ...created, createdAt });
  }
});
afterAll(() => t.cleanup());

/** What the list should hold, worked out in plain code from what was listed. */
function expectedVehicles(f: VehicleFilters, sort: Sort, statusFirst = true): number[] {
  const words = f.Keyword ? f.Keyword.toLowerCase().split(" ") : [];
  const matching = vehicles.filter(
    (v) =>
      (!f.Make || v.make === f.Make) &&
      (!f.Model || v.model === f.Model) &&
      (!f.Type || v.type === f.Type) &&
      (!f.SubType || v.subType === f.SubType) &&
      (!f.Transmission || v.transmission === f.Transmission) &&
      (!f.Fuel || v.fuel === f.Fuel) &&
      (!f.Steering || v.steering === f.Steering) &&
      (!f.Color || v.color === f.Color) &&
      (!f.Drive || v.drive === f.Drive) &&
      (f.YearFrom === undefined || v.year >= f.YearFrom) &&
      (f.YearTo === undefined || v.year <= f.YearTo) &&
      (f.PriceFrom === undefined || v.price >= f.PriceFrom) &&
      (f.PriceTo === undefined || v.price <= f.PriceTo) &&
      (f.MileageFrom === undefined || (v.mileage !== null && v.mileage >= f.MileageFrom)) &&
      (f.MileageTo === undefined || (v.mileage !== null && v.mileage <= f.MileageTo)) &&
      words.every((w) =>
        [v.name ?? "", v.description, v.model, v.refId].some((field) => field.toLowerCase().includes(w)),
      ),
  );
  const key = (v: Stored) => (sort === "newest" || sort === "oldest" ? v.createdAt : v.price);
  const dir = sort === "newest" || sort === "price_desc" ? -1 : 1;
  // What can still be bought first (available, reserved, then sold), each in the buyer's order.
  // (A statement without a status, as a page's segments are built from, has the buyer's order alone.)
  const status = (v: Stored) => (statusFirst ? statusOrder(v.stockStatus) : 0);
  return matching
    .sort((a, b) => status(a) - status(b) || (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : (a.id - b.id) * dir))
    .map((v) => v.id);
}

async function allIds(qs: string) {
  const query = readVehicleQuery(new URLSearchParams(qs));
  const result = await searchVehicles(t.db, { ...query, perPage: 100, page: 1 });
  return { ids: result.items.map((i) => i.id), total: result.total, query };
}

describe("vehicle list", () => {
  it("matches the plain-code answer for 300 random filter combinations and every sort", async () => {
    const rng = createRng(7);
    const sample = <K extends keyof Stored>(k: K) => String(pick(rng, vehicles)[k]);
    const builders: (() => [string, string])[] = [
      () => ["Make", sample("make")],
      () => ["Model", sample("model")],
      () => ["Type", sample("type")],
      () => ["SubType", sample("subType")],
      () => ["Transmission", sample("transmission")],
      () => ["Fuel", sample("fuel")],
      () => ["Steering", sample("steering")],
      () => ["Color", sample("color")],
      () => ["Drive", sample("drive")],
      () => ["YearFrom", String(between(rng, 2008, 2022))],
      () => ["YearTo", String(between(rng, 2010, 2025))],
      () => ["PriceFrom", String(between(rng, 1, 30) * 100_000)],
      () => ["PriceTo", String(between(rng, 3, 60) * 100_000)],
      () => ["MileageFrom", String(between(rng, 0, 100) * 1000)],
      () => ["MileageTo", String(between(rng, 20, 200) * 1000)],
      () => [
        "Keyword",
        pick(rng, ["hybrid", "WHITE", "km", "4wd", "gr", "x", "two keys", "corolla axio", "v-", "cc petrol"]),
      ],
    ];
    for (let run = 0; run < 300; run++) {
      const params = new URLSearchParams();
      const count = between(rng, 0, 3);
      for (let k = 0; k < count; k++) params.set(...pick(rng, builders)());
      params.set("Sort", pick(rng, ["newest", "oldest", "price_asc", "price_desc"]));
      const { ids, total, query } = await allIds(params.toString());
      const expected = expectedVehicles(query.filters, query.sort);
      expect(ids, params.toString()).toEqual(expected);
      expect(total, params.toString()).toBe(expected.length);
    }
  });

  it("matches year and price bounds inclusively", async () => {
    expect((await allIds("PriceFrom=1000000&PriceTo=2000000")).ids).toEqual(
      expect.arrayContaining([vehicles[2]!.id, vehicles[3]!.id]),
    );
    const y = vehicles[5]!.year;
    const { ids } = await allIds(`YearFrom=${y}&YearTo=${y}`);
    expect(ids).toContain(vehicles[5]!.id);
    expect(ids.every((id) => vehicles.find((v) => v.id === id)!.year === y)).toBe(true);
  });

  it("finds the keyword without regard to case in name, description, model and ref id", async () => {
    expect((await allIds("Keyword=land cruiser prado")).ids).toEqual([vehicles[1]!.id]);
    expect((await allIds("Keyword=sunroof")).ids).toEqual([vehicles[0]!.id]);
    expect((await allIds(`Keyword=${vehicles[9]!.refId.toLowerCase()}`)).ids).toEqual([vehicles[9]!.id]);
    // % and _ are letters to look for, not patterns.
    expect((await allIds("Keyword=100%")).ids).toEqual([vehicles[0]!.id]);
    expect((await allIds("Keyword=navi_tv")).ids).toEqual([vehicles[0]!.id]);
    expect((await allIds("Keyword=%25")).ids).toEqual([vehicles[0]!.id]);
    expect((await allIds('Keyword="')).ids).toEqual([]);
    expect((await allIds("Keyword=zzzzqqq")).total).toBe(0);
  });

  it("keeps the keyword index in step when a listing changes or goes", async () => {
    await t.db
      .updateTable("vehicles")
      .set({ description: "Now with a towbar" })
      .where("id", "=", vehicles[10]!.id)
      .execute();
    expect((await allIds("Keyword=towbar")).ids).toEqual([vehicles[10]!.id]);
    await t.db
      .updateTable("vehicles")
      .set({ description: vehicles[10]!.description })
      .where("id", "=", vehicles[10]!.id)
      .execute();
    expect((await allIds("Keyword=towbar")).ids).toEqual([]);
  });

  it("counts pages from the filtered total and brings a page past the end back to the last", async () => {
    const make = vehicles[0]!.make;
    const expected = expectedVehicles({ Make: make }, "newest");
    const result = await searchVehicles(
      t.db,
      readVehicleQuery(new URLSearchParams(`Make=${make}&PerPage=20&Page=999999`)),
    );
    expect(result.total).toBe(expected.length);
    expect(result.pageCount).toBe(Math.max(1, Math.ceil(expected.length / 20)));
    expect(result.page).toBe(result.pageCount);
    const all = await searchVehicles(t.db, readVehicleQuery(new URLSearchParams("Page=2")));
    expect(all.total).toBe(70);
    expect(all.pageCount).toBe(4);
    expect(all.items.map((i) => i.id)).toEqual(expectedVehicles({}, "newest").slice(20, 40));
  });

  it("puts available stock first, then reserved, then sold, on every page of every order", async () => {
    const statuses = new Map(vehicles.map((v) => [v.id, v.stockStatus]));
    expect(new Set(statuses.values())).toEqual(new Set(["available", "reserved", "sold"]));
    const v = vehicles[0]!;
    for (const qs of ["", `Type=${v.type}`, "Keyword=hybrid", "PriceTo=1500000"]) {
      for (const sort of ["newest", "oldest", "price_asc", "price_desc"] as const) {
        const expected = expectedVehicles(readVehicleQuery(new URLSearchParams(qs)).filters, sort);
        // Pages of 7 begin inside, at and past the end of each status's matches.
        const pages: number[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / 7); page++) {
          const query = readVehicleQuery(new URLSearchParams(`${qs}&Sort=${sort}`));
          const result = await searchVehicles(t.db, { ...query, page, perPage: 7 });
          pages.push(...result.items.map((i) => i.id));
        }
        expect(pages, `${qs} ${sort}`).toEqual(expected);
      }
    }
    // Pages that begin exactly where the reserved and the sold ones begin.
    const byStatus = (s: string) => vehicles.filter((x) => x.stockStatus === s).length;
    const expected = expectedVehicles({}, "price_asc");
    for (const perPage of [byStatus("available"), byStatus("available") + byStatus("reserved")]) {
      const query = { ...readVehicleQuery(new URLSearchParams("Sort=price_asc")), page: 2, perPage };
      const second = await searchVehicles(t.db, query);
      expect(
        second.items.map((i) => i.id),
        String(perPage),
      ).toEqual(expected.slice(perPage, perPage * 2));
    }
  });

  it("reads no other status while the page lies inside one, nor once the total is reached", async () => {
    /** The statuses a page of `qs` read, in turn. */
    const statusesRead = async (qs: string, page: number, perPage: number) => {
      const query = { ...readVehicleQuery(new URLSearchParams(qs)), page, perPage };
      const read: string[] = [];
      const plan = await listPlan(t.db, "vehicles", query, vehicleListQueries(t.db, query).count);
      const rows = await pageRows(
        (...way) => {
          if (way[3]) read.push(way[3].status);
          return vehicleListQueries(t.db, query, ...way);
        },
        plan,
        perPage,
      );
      return { read, rows: rows.length };
    };
    expect(await statusesRead("", 1, 7)).toEqual({ read: ["available"], rows: 7 });
    expect(await statusesRead("", 1, 70)).toEqual({ read: ["available", "reserved", "sold"], rows: 70 });
    // A make whose vehicles are all available: its last page, cut short, is the end of the list.
    const makes = [...new Set(vehicles.map((v) => v.make))].map((m) => vehicles.filter((v) => v.make === m));
    const all = makes.find((list) => list.length >= 3 && list.every((v) => v.stockStatus === "available"))!;
    const make = all[0]!.make;
    expect(await statusesRead(`Make=${make}`, 2, all.length - 1)).toEqual({ read: ["available"], rows: 1 });
  });

  it("gives an empty page, not an error, when nothing matches", async () => {
    const result = await searchVehicles(t.db, readVehicleQuery(new URLSearchParams("Make=%3Cscript%3E")));
    expect(result).toMatchObject({ total: 0, page: 1, pageCount: 1, items: [] });
  });
});

describe("keyword with many matches", () => {
  it("walking the sort index gives the same rows as fetching every match", async () => {
    for (const keyword of ["petrol", "automatic km", "inspected", "hybrid"]) {
      for (const sort of ["newest", "oldest", "price_asc", "price_desc"] as const) {
        const query = readVehicleQuery(new URLSearchParams({ Keyword: keyword, Sort: sort, PerPage: "20" }));
        const plain = await vehicleListQueries(t.db, query, 0, false).page.execute();
        const dense = await vehicleListQueries(t.db, query, 0, true).page.execute();
        expect(
          dense.map((r) => r.id),
          `${keyword} ${sort}`,
        ).toEqual(plain.map((r) => r.id));
        expect(plain.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("a page found by sorting the matches", () => {
  it("holds the same rows as a page found by walking the sort index, ties included", async () => {
    const v = vehicles[0]!;
    for (const qs of ["", `Make=${v.make}`, `Type=${v.type}&YearFrom=2010`, "Keyword=hybrid", "PriceTo=1500000"]) {
      for (const sort of ["newest", "oldest", "price_asc", "price_desc"] as const) {
        const query = readVehicleQuery(new URLSearchParams(`${qs}&Sort=${sort}&PerPage=20`));
        for (const offset of [0, 20, 40, 60]) {
          const walked = await vehicleListQueries(t.db, query, offset, false, false).page.execute();
          const sorted = await vehicleListQueries(t.db, query, offset, false, true).page.execute();
          expect(
            sorted.map((r) => r.id),
            `${qs} ${sort} ${offset}`,
          ).toEqual(walked.map((r) => r.id));
        }
      }
    }
    const newest = await vehicleListQueries(
      t.db,
      readVehicleQuery(new URLSearchParams("PerPage=100")),
      0,
      false,
      true,
    ).page.execute();
    expect(newest.map((r) => r.id)).toEqual(expectedVehicles({}, "newest", false));
    for (const sort of ["newest", "price_desc"] as const) {
      const query = readPartQuery(new URLSearchParams(`Sort=${sort}&PerPage=20`));
      const walked = await partListQueries(t.db, query, 10, false, false).page.execute();
      const sorted = await partListQueries(t.db, query, 10, false, true).page.execute();
      expect(sorted.map((r) => r.id)).toEqual(walked.map((r) => r.id));
      expect(sorted.length).toBe(20);
    }
  });
});

describe("stock counts kept by the database", () => {
  it("hold every make with its models and every type with its subtypes in stock, for the search boxes", async () => {
    for (const table of ["vehicles", "parts"] as const) {
      const facets = await stockFacets(t.db, table);
      const rows = await t.db.selectFrom(table).select(["make", "model", "type", "sub_type"]).execute();
      expect(rows.length, table).toBeGreaterThan(0);
      for (const r of rows) {
        expect(facets.models[r.make], `${table}: ${r.make}`).toContain(r.model);
        if (!r.type) continue;
        expect(Object.keys(facets.subTypes), table).toContain(r.type);
        if (r.sub_type) expect(facets.subTypes[r.type], `${table}: ${r.type}`).toContain(r.sub_type);
      }
    }
  });

  it("keep how many of each make are not sold, following a sale and its undoing", async () => {
    const v = vehicles.find((x) => x.stockStatus !== "sold")!;
    const unsold = async () => (await stockFacets(t.db, "vehicles")).makes.find((m) => m.name === v.make)!;
    const before = await unsold();
    expect(before.unsold).toBe(
      vehicles.filter((x) => x.make === v.make && x.stockStatus !== "sold" && x.id !== undefined).length,
    );
    await t.db.updateTable("vehicles").set({ stock_status: "sold" }).where("id", "=", v.id).execute();
    expect(await unsold()).toEqual({ ...before, unsold: before.unsold - 1 });
    await t.db.updateTable("vehicles").set({ stock_status: "reserved" }).where("id", "=", v.id).execute();
    expect(await unsold()).toEqual(before);
    await t.db.updateTable("vehicles").set({ stock_status: v.stockStatus }).where("id", "=", v.id).execute();
  });

  it("follow a change of make and a deletion", async () => {
    const v = vehicles[20]!;
    const before = await stockFacets(t.db, "vehicles");
    const count = (f: typeof before, make: string) => f.makes.find((m) => m.name === make)?.count ?? 0;
    await t.db.updateTable("vehicles").set({ make: "Isuzu", model: "Elf" }).where("id", "=", v.id).execute();
    const moved = await stockFacets(t.db, "vehicles");
    expect(count(moved, v.make)).toBe(count(before, v.make) - 1);
    expect(count(moved, "Isuzu")).toBe(1);
    expect(moved.models.Isuzu).toEqual(["Elf"]);
    expect((await searchVehicles(t.db, readVehicleQuery(new URLSearchParams("Make=Isuzu")))).total).toBe(1);
    await t.db.deleteFrom("vehicles").where("id", "=", v.id).execute();
    const gone = await stockFacets(t.db, "vehicles");
    expect(count(gone, "Isuzu")).toBe(0);
    expect(gone.makes.some((m) => m.name === "Isuzu")).toBe(false);
    expect((await searchVehicles(t.db, readVehicleQuery(new URLSearchParams("Make=Isuzu")))).total).toBe(0);
    // Put it back for the other tests.
    const { id: _id, refId: _ref, createdAt, ...input } = v;
    const again = await createVehicle(
      t.db,
      { ...input, refId: `${v.refId}-B` },
      [],
      { kind: "system", id: null },
      createdAt,
    );
    vehicles[20] = { ...v, id: again.id, refId: again.refId };
  });
});

describe("parts list", () => {
  it("filters on type, subtype, make, model and keyword, and applies every sort", async () => {
    for (const sort of ["newest", "oldest", "price_asc", "price_desc"] as const) {
      const p = parts[4]!;
      for (const qs of [
        `Type=${p.type}`,
        `Make=${p.make}&Model=${p.model}`,
        `SubType=${p.subType}`,
        `Keyword=${p.subType}`,
      ]) {
        const q = readPartQuery(new URLSearchParams(`${qs}&Sort=${sort}&PerPage=100`));
        const result = await searchParts(t.db, q);
        const f = q.filters;
        const expected = parts
          .filter(
            (x) =>
              (!f.Type || x.type === f.Type) &&
              (!f.SubType || x.subType === f.SubType) &&
              (!f.Make || x.make === f.Make) &&
              (!f.Model || x.model === f.Model) &&
              (!f.Keyword ||
                f.Keyword.toLowerCase()
                  .split(" ")
                  .every((w) => [x.name, x.description, x.model, x.refId].some((s) => s.toLowerCase().includes(w)))),
          )
          .sort((a, b) => {
            const [ka, kb] = sort === "newest" || sort === "oldest" ? [a.createdAt, b.createdAt] : [a.price, b.price];
            const dir = sort === "newest" || sort === "price_desc" ? -1 : 1;
            return ka < kb ? -dir : ka > kb ? dir : (a.id - b.id) * dir;
          })
          .map((x) => x.id);
        expect(
          result.items.map((i) => i.id),
          `${qs} ${sort}`,
        ).toEqual(expected);
      }
    }
  });
});

describe("parts list by year", () => {
  it("shows only parts of a year in the range, bounds included; a part with no year is left out", async () => {
    const dated = parts.filter((p) => p.year !== null);
    expect(dated.length).toBeGreaterThan(0);
    expect(parts.some((p) => p.year === null)).toBe(true);
    const y = dated[3]!.year!;
    for (const qs of [
      `YearFrom=${y}&YearTo=${y}`,
      `YearFrom=${y}`,
      `YearTo=${y}`,
      `YearFrom=${y + 2}&YearTo=${y - 2}`,
      `Type=${dated[3]!.type}&YearFrom=${y - 3}`,
    ]) {
      const q = readPartQuery(new URLSearchParams(`${qs}&PerPage=100`));
      const result = await searchParts(t.db, q);
      const f = q.filters;
      const expected = parts
        .filter(
          (x) =>
            x.year !== null &&
            (f.YearFrom === undefined || x.year >= f.YearFrom) &&
            (f.YearTo === undefined || x.year <= f.YearTo) &&
            (!f.Type || x.type === f.Type),
        )
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
        .map((x) => x.id);
      expect(expected.length, qs).toBeGreaterThan(0);
      expect(expected.length, qs).toBeLessThan(parts.length);
      expect(
        result.items.map((i) => i.id),
        qs,
      ).toEqual(expected);
      expect(result.total).toBe(expected.length);
    }
    const one = await searchParts(t.db, readPartQuery(new URLSearchParams(`YearFrom=${y}&YearTo=${y}`)));
    expect(new Set(one.items.map((i) => i.year))).toEqual(new Set([y]));
  });
});

describe("stock facets", () => {
  it("counts the stock of each make and type in the database", async () => {
    const facets = await stockFacets(t.db, "vehicles");
    const byMake = new Map<string, number>();
    for (const v of vehicles) byMake.set(v.make, (byMake.get(v.make) ?? 0) + 1);
    expect(Object.fromEntries(facets.makes.map((m) => [m.name, m.count]))).toEqual(Object.fromEntries(byMake));
    expect(facets.types.reduce((s, x) => s + x.count, 0)).toBe(70);
    expect(facets.models.Toyota).toEqual(expect.arrayContaining(["Corolla"]));
  });
});
