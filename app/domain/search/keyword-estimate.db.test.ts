import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, recordingStatements, type TestDb } from "../../../tests/support/test-db";
import { bulkInsertStock } from "~/db/seed/bulk.server";
import { readVehicleQuery } from "./filters";
import { estimateTrusted, LIST_COUNT_LIMIT, searchVehicles } from "./search.server";

/*
 * A keyword alone that PostgreSQL's statistics put far past the list's count
 * limit is not counted (TRUSTED_ESTIMATE): the list says "1,000+" from the
 * estimate. The rows written since the statistics were taken are taken off
 * it; should it still overstate the matches, a short page is the last one.
 */

const VEHICLES = 12_000;
let t: TestDb;

/** The rows of the vehicles table written since its statistics were taken, as PostgreSQL has counted them. */
const modified = async () =>
  Number(
    (await sql<{ n: number }>`select pg_stat_get_mod_since_analyze('vehicles'::regclass) as n`.execute(t.db)).rows[0]!
      .n,
  );

describe.runIf(process.env.TEST_DIALECT === "postgres")("a common keyword on PostgreSQL", () => {
  beforeAll(async () => {
    t = await createTestDb();
    await bulkInsertStock(t.db, { vehicles: VEHICLES, parts: 0, photos: [] });
    // The statistics stay as ANALYZE leaves them below, as a large delete leaves them until autovacuum comes.
    await sql`alter table vehicles set (autovacuum_enabled = false)`.execute(t.db);
    await sql`update vehicles set description = description || ' zebra'`.execute(t.db);
    // Each connection reports its writes within seconds: all of them (the rows loaded, then updated) are in
    // PostgreSQL's count before ANALYZE starts it afresh, so that none arrives after.
    await vi.waitFor(async () => expect(await modified()).toBeGreaterThanOrEqual(2 * VEHICLES), {
      timeout: 30_000,
      interval: 100,
    });
    await sql`analyze vehicles`.execute(t.db);
  }, 120_000);
  afterAll(() => t?.cleanup());

  /** The list of `qs`, and the statements it ran. */
  async function list(qs: string) {
    const { db, sent } = recordingStatements(t.db);
    const result = await searchVehicles(db, readVehicleQuery(new URLSearchParams(qs)));
    return { result, statements: sent.map((s) => s.sql) };
  }

  it("keeps the words' statistics targets through a bulk load, which builds the indexes after the rows", async () => {
    // Migration 2026-12-05-04 sets them; an index built again from its definition would have lost its own.
    const { rows } = await sql<{ relname: string; attstattarget: number }>`
      select c.relname, a.attstattarget from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = current_schema()::regnamespace
        and ((c.relname = 'vehicles' and a.attname = 'keyword_text') or (c.relname = 'parts_keyword_idx' and a.attnum = 1))
      order by c.relname`.execute(t.db);
    expect(rows.map((r) => [r.relname, Number(r.attstattarget)])).toEqual([
      ["parts_keyword_idx", 1000],
      ["vehicles", 1000],
    ]);
  });

  it("says 1,000+ from the estimate, without counting the matches", async () => {
    const { result, statements } = await list("Keyword=zebra");
    expect(result).toMatchObject({ total: LIST_COUNT_LIMIT, more: true, page: 1 });
    expect(result.items).toHaveLength(result.perPage);
    expect(statements.filter((s) => s.includes("count("))).toEqual([]);
  });

  it("counts a word the statistics put under the mark, or whose rows were written since", async () => {
    const few = await list("Keyword=corolla");
    expect(few.statements.some((s) => s.includes("count("))).toBe(true);

    const { rows } = await sql<{ id: number }>`select id from vehicles order by id limit 30`.execute(t.db);
    await t.db.connection().execute(async (c) => {
      await sql`update vehicles set description = replace(description, ' zebra', '') where id > ${rows.at(-1)!.id}`.execute(
        c,
      );
      await sql`select pg_stat_force_next_flush()`.execute(c);
    });
    await vi.waitFor(async () => expect(await modified()).toBeGreaterThanOrEqual(VEHICLES - 30), {
      timeout: 20_000,
      interval: 100,
    });
    // The statistics still say 12,000; 11,970 rows written since leave 30 they can vouch for.
    expect((await list("Keyword=zebra")).result).toMatchObject({ total: 30, more: false, pageCount: 2 });

    // Without that count of writes (lost in a crash or a failover), the statistics alone say thousands:
    // a full first page cannot know better, and a short or empty page later is the last.
    await sql`select pg_stat_reset_single_table_counters('vehicles'::regclass)`.execute(t.db);
    expect((await list("Keyword=zebra")).result).toMatchObject({ total: LIST_COUNT_LIMIT, more: true });
    const { result: second, statements } = await list("Keyword=zebra&Page=2");
    expect(second).toMatchObject({ total: 30, more: false, page: 2, pageCount: 2 });
    expect(second.items).toHaveLength(30 - second.perPage);
    // A short page says how many there are: nothing is counted for it.
    expect(statements.filter((s) => s.includes("count("))).toEqual([]);
    const past = (await list("Keyword=zebra&Page=5")).result;
    expect(past).toMatchObject({ total: 30, more: false, page: 2 });
    expect(past.items).toHaveLength(30 - past.perPage);

    // With another filter the estimate is never trusted (the planner multiplies the filters' shares), though
    // the stock counts say the shop is large enough for its count to stop at the limit.
    await sql`insert into stock_facets (kind, make, model, type, sub_type, n) values ('vehicle', 'Zz', 'Zz', '', '', 300000)`.execute(
      t.db,
    );
    try {
      const other = (await list("Keyword=zebra&YearFrom=1990")).result;
      expect(other).toMatchObject({ total: 30, more: false });
    } finally {
      await sql`delete from stock_facets where make = 'Zz'`.execute(t.db);
    }
  });
});

describe("an estimate trusted for a keyword's count", () => {
  it("is ten times the count's limit, and 1 % of a larger stock", () => {
    expect(estimateTrusted(10_000, 12_000)).toBe(true);
    expect(estimateTrusted(9_999, 12_000)).toBe(false);
    expect(estimateTrusted(15_000, 2_000_000)).toBe(false);
    expect(estimateTrusted(20_000, 2_000_000)).toBe(true);
  });
});
