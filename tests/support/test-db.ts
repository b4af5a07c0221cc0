import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { CompiledQuery } from "kysely";
import { type DB, openDatabase } from "~/db/db.server";
import { inject } from "vitest";
import { databaseUrl, runOnServer } from "./db-template";

export type TestDb = {
  db: DB;
  dialect: "sqlite" | "postgres";
  /** Another connection (pool) to the same database, as another app instance has. Destroy it yourself. */
  open: () => DB;
  cleanup: () => Promise<void>;
};

/**
 * `db` for a test that looks at the statements a service sends: each is
 * kept in `sent` (its SQL and its parameters) as it is compiled to be sent.
 */
export function recordingStatements(db: DB): { db: DB; sent: CompiledQuery[] } {
  const sent: CompiledQuery[] = [];
  const recording = db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      sent.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  });
  return { db: recording, sent };
}

/**
 * A fresh, migrated database for one test file: a copy of the run's template
 * (tests/support/db-template.ts). The `db-postgres` test project sets
 * TEST_DIALECT=postgres: each file then gets a database of its own on the
 * server of TEST_DATABASE_URL, dropped afterwards. Otherwise a new SQLite file.
 */
export async function createTestDb(): Promise<TestDb> {
  const template = inject("dbTemplate");
  if (process.env.TEST_DIALECT === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is needed for the PostgreSQL tests");
    const name = `shoptest_${randomBytes(6).toString("hex")}`;
    await runOnServer(url, `create database ${name} template ${template}`);
    const own = databaseUrl(url, name);
    const db = openDatabase({ dialect: "postgres", url: own }, { poolSize: 4 });
    return {
      db,
      dialect: "postgres",
      open: () => openDatabase({ dialect: "postgres", url: own }, { poolSize: 4 }),
      cleanup: async () => {
        await db.destroy();
        // Forced: a pool from open() that a failed test left behind must not keep the database.
        await runOnServer(url, `drop database ${name} with (force)`);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  const file = path.join(dir, "shop.sqlite");
  fs.copyFileSync(template, file);
  const db = openDatabase({ dialect: "sqlite", file });
  return {
    db,
    dialect: "sqlite",
    open: () => openDatabase({ dialect: "sqlite", file }),
    cleanup: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
