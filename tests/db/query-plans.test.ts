import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkInsertStock } from "~/db/seed/bulk.server";
import { readPartQuery, readVehicleQuery, SORTS } from "~/domain/search/filters";
import { partListQueries, vehicleListQueries } from "~/domain/search/search.server";
import { createTestDb, type TestDb } from "../support/test-db";

/*
 * Every combination of up to two vehicle filters (and all of them at once),
 * with every sort, must be answered without reading the whole stock table:
 * SQLite may search or walk an index, never "SCAN vehicles" on its own;
 * PostgreSQL, told to avoid sequential scans, must find an index path.
 */

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await bulkInsertStock(t.db, { vehicles: 3000, parts: 600, photos: [] });
  await sql`analyze`.execute(t.db);
});
afterAll(() => t.cleanup());

const VEHICLE_FILTERS: [string, string][] = [
  ["Make", "Toyota"],
  ["Model", "Corolla"],
  ["Type", "SUV"],
  ["SubType", "Crossover"],
  ["YearFrom", "2012"],
  ["YearTo", "2018"],
  ["PriceFrom", "500000"],
  ["PriceTo", "1500000"],
  ["MileageFrom", "20000"],
  ["MileageTo", "90000"],
  ["Transmission", "manual"],
  ["Fuel", "diesel"],
  ["Steering", "Left"],
  ["Drive", "4WD"],
  ["Color", "Red"],
  ["Keyword", "hybrid"],
];

function combinations(): string[] {
  const list: string[] = [""];
  VEHICLE_FILTERS.forEach((a, i) => {
    list.push(new URLSearchParams([a]).toString());
    for (const b of VEHICLE_FILTERS.slice(i + 1)) list.push(new URLSearchParams([a, b]).toString());
  });
  list.push(new URLSearchParams(VEHICLE_FILTERS).toString());
  return list;
}

async function plan(compiled: CompiledQuery): Promise<string[]> {
  if (t.dialect === "sqlite") {
    const result = await t.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((r) => r.detail);
  }
  return t.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await trx.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((r) => r["QUERY PLAN"]);
  });
}

function fullScans(lines: string[], table: string): string[] {
  return lines.filter((line) =>
    t.dialect === "sqlite"
      ? new RegExp(`^SCAN ${table}$`).test(line.trim())
      : new RegExp(`Seq Scan on ${table}\\b`).test(line),
  );
}

describe("query plans", () => {
  it("no vehicle filter combination with any sort reads the whole table", async () => {
    const problems: string[] = [];
    const combos = combinations();
    for (const qs of combos) {
      for (const sort of SORTS) {
        const query = readVehicleQuery(new URLSearchParams(`${qs}&Sort=${sort}`));
        const { count, page } = vehicleListQueries(t.db, query);
        // With a keyword, also the plan used when it matches many rows.
        const dense = query.filters.Keyword ? [vehicleListQueries(t.db, query, 0, true).page.compile()] : [];
        for (const compiled of [count.compile(), page.compile(), ...dense]) {
          const scans = fullScans(await plan(compiled), "vehicles");
          if (scans.length > 0) problems.push(`${qs || "(none)"} ${sort}: ${scans.join("; ")}`);
        }
      }
    }
    expect(combos.length).toBeGreaterThan(130);
    expect(problems).toEqual([]);
  });

  it("no parts filter with any sort reads the whole table", async () => {
    const problems: string[] = [];
    for (const qs of [
      "",
      "Make=Toyota",
      "Type=Engine",
      "Make=BMW&Model=X5",
      "Type=Body&SubType=Door",
      "Keyword=radiator",
    ]) {
      for (const sort of SORTS) {
        const { count, page } = partListQueries(t.db, readPartQuery(new URLSearchParams(`${qs}&Sort=${sort}`)));
        for (const compiled of [count.compile(), page.compile()]) {
          const scans = fullScans(await plan(compiled), "parts");
          if (scans.length > 0) problems.push(`${qs || "(none)"} ${sort}: ${scans.join("; ")}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
