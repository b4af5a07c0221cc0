import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestDb, type TestDb } from "../../tests/support/test-db";
import { withinTime } from "./time-bound.server";

/*
 * A read the page can do without is given up after its time on PostgreSQL
 * (the menus' counts, the ways out), and nothing of the limit stays on the
 * connection; SQLite, which has no such limit, runs it to its end.
 */

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const sleep = (seconds: number) =>
  t.dialect === "postgres" ? sql`select pg_sleep(${seconds}) is null as slept` : sql`select 1 as slept`;

describe("withinTime", () => {
  it("answers what a read returns in time", async () => {
    expect(await withinTime(t.db, 1000, async (db) => (await sql`select 41 + 1 as n`.execute(db)).rows)).toEqual([
      { n: 42 },
    ]);
  });

  it("answers null for a read past its time on PostgreSQL, and runs it to its end on SQLite", async () => {
    const started = Date.now();
    const answer = await withinTime(t.db, 50, async (db) => (await sleep(2).execute(db)).rows.length);
    if (t.dialect === "postgres") {
      expect(answer).toBeNull();
      expect(Date.now() - started).toBeLessThan(1500);
    } else expect(answer).toBe(1);
  });

  it("leaves no limit on the connections afterwards, whether the read ended in time or not", async () => {
    // SQLite has no such limit to leave.
    if (t.dialect !== "postgres") return;
    const limit = async () =>
      (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(t.db)).rows[0]!.statement_timeout;
    const before = await limit();
    // More reads than the pool holds connections, at once: each connection serves reads that end in
    // time (and commit) and reads that are given up (and roll back).
    const reads = Array.from({ length: 12 }, (_, i) =>
      withinTime(t.db, i % 2 === 0 ? 5000 : 50, (db) => sleep(i % 2 === 0 ? 0.01 : 0.2).execute(db)),
    );
    await Promise.all(reads);
    const after = await Promise.all(Array.from({ length: 12 }, () => limit()));
    expect(new Set(after)).toEqual(new Set([before]));
  });

  it("inside a transaction, runs the read as it is (a timeout would end the caller's transaction)", async () => {
    const n = await t.db
      .transaction()
      .execute((trx) => withinTime(trx, 50, async (db) => (await sleep(0.1).execute(db)).rows.length));
    expect(n).toBe(1);
  });

  it("throws what else goes wrong, and refuses a time that is none", async () => {
    await expect(withinTime(t.db, 50, (db) => sql`select * from no_such_table`.execute(db))).rejects.toThrow(
      /no_such_table/,
    );
    await expect(withinTime(t.db, 0, async () => 1)).rejects.toThrow(/not a time/);
  });
});
