import { type RootOperationNode, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { bulkInsertStock } from "~/db/seed/bulk.server";
import { readVehicleQuery } from "./filters";
import { estimateTrusted, LIST_COUNT_LIMIT, searchVehicles } from "./search.server";

/*
 * A keyword alone that PostgreSQL's statistics put far past the list's count
 * limit is not counted (TRUSTED_ESTIMATE): the list says "1,000+" from the
 * estimate. Statistics a large delete has left stale may overstate it: a
 * page past the real matches then counts them and shows the last page.
 */

const VEHICLES = 12_000;
let t: TestDb;

describe.runIf(process.env.TEST_DIALECT === "postgres")("a common keyword on PostgreSQL", () => {
  beforeAll(async () => {
    t = await createTestDb();
    await bulkInsertStock(t.db, { vehicles: VEHICLES, parts: 0, photos: [] });
    // The statistics stay as ANALYZE leaves them below, as a large delete leaves them until autovacuum comes.
    await sql`alter table vehicles set (autovacuum_enabled = false)`.execute(t.db);
    await sql`update vehicles set description = description || ' zebra'`.execute(t.db);
    await sql`analyze vehicles`.execute(t.db);
  }, 120_000);
  afterAll(() => t?.cleanup());

  /** The list of `qs`, and the statements it ran. */
  async function list(qs: string) {
    const statements: string[] = [];
    const recorded = t.db.withPlugin({
      transformQuery: ({ node, queryId }: { node: RootOperationNode; queryId: { queryId: string } }) => {
        statements.push(t.db.getExecutor().compileQuery(node, queryId).sql);
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    const result = await searchVehicles(recorded, readVehicleQuery(new URLSearchParams(qs)));
    return { result, statements };
  }

  it("says 1,000+ from the estimate, without counting the matches", async () => {
    const { result, statements } = await list("Keyword=zebra");
    expect(result).toMatchObject({ total: LIST_COUNT_LIMIT, more: true, page: 1 });
    expect(result.items).toHaveLength(result.perPage);
    expect(statements.filter((s) => s.includes("count("))).toEqual([]);
  });

  it("counts a word the statistics put under the mark, and shows the last page past stale ones", async () => {
    const few = await list("Keyword=corolla");
    expect(few.statements.some((s) => s.includes("count("))).toBe(true);

    const { rows } = await sql<{ id: number }>`select id from vehicles order by id limit 30`.execute(t.db);
    await sql`update vehicles set description = replace(description, ' zebra', '') where id > ${rows.at(-1)!.id}`.execute(
      t.db,
    );
    const first = (await list("Keyword=zebra")).result;
    // The statistics still say thousands: the first page cannot know better.
    expect(first).toMatchObject({ total: LIST_COUNT_LIMIT, more: true });
    const past = (await list("Keyword=zebra&Page=5")).result;
    expect(past).toMatchObject({ total: 30, more: false, page: Math.ceil(30 / past.perPage) });
    expect(past.items.length).toBeGreaterThan(0);
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
