import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../tests/support/test-db";
import { KEPT_PLAN } from "./db.server";

/*
 * A statement that keeps its plan per connection (KEPT_PLAN, PostgreSQL):
 * it goes on working when a migration changes what it returns, and its own
 * error is the one told, in a transaction too.
 */

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.cleanup());

describe.runIf(process.env.TEST_DIALECT === "postgres")("a statement that keeps its plan", () => {
  it("is prepared again when the table it reads has changed under it", async () => {
    await sql`create table kept_probe (id integer primary key, v integer)`.execute(t.db);
    await sql`insert into kept_probe values (1, 10), (2, 20)`.execute(t.db);
    const read = (c: typeof t.db, id: number) =>
      sql<{ v: unknown }>`select ${KEPT_PLAN} v from kept_probe where id = ${id}`.execute(c);
    const values = await t.db.connection().execute(async (c) => {
      const first = (await read(c, 1)).rows[0]!.v;
      // What a migration may do while the shop runs: the column's type changes, so the kept plan's result does.
      await sql`alter table kept_probe alter column v type text`.execute(c);
      const second = (await read(c, 2)).rows[0]!.v;
      return [first, second];
    });
    expect(values).toEqual([10, "20"]);
  });

  it("tells a stale statement's own error inside a transaction, where it cannot be prepared again", async () => {
    const stale = t.db.transaction().execute(async (trx) => {
      await sql`select ${KEPT_PLAN} v from kept_probe where id = ${1}`.execute(trx);
      await sql`alter table kept_probe alter column v type varchar(20)`.execute(trx);
      return sql`select ${KEPT_PLAN} v from kept_probe where id = ${1}`.execute(trx);
    });
    await expect(stale).rejects.toMatchObject({ code: "0A000" });
  });

  it("tells its own error inside a transaction, not the aborted transaction's", async () => {
    const failed = t.db
      .transaction()
      .execute((trx) => sql`select ${KEPT_PLAN} 1 / (id - id) as n from kept_probe where id = ${1}`.execute(trx));
    await expect(failed).rejects.toMatchObject({ code: "22012" });
  });
});

describe.runIf(process.env.TEST_DIALECT === "postgres")("the shop's connections", () => {
  it("run without the JIT compiler, whose first use cost a connection 65 ms or more", async () => {
    const settings = await Promise.all(
      [1, 2, 3].map(() => sql<{ jit: string }>`select current_setting('jit') as jit`.execute(t.db)),
    );
    expect(settings.map((s) => s.rows[0]!.jit)).toEqual(["off", "off", "off"]);
  });
});
