import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { CompiledQuery } from "kysely";
import pg from "pg";
import { type DB, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";

/** The advisory lock that keeps a schema's drop apart from another file's migration. */
const SCHEMA_LOCK = 190_001;

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
 * Takes the schema lock alone, for work that moves migrations down and up:
 * the migrator reads the tables of every schema, and a migration undone drops
 * tables another file's migrator may be reading. Meanwhile no other file
 * migrates or drops a schema. Returns its release; nothing to hold on SQLite.
 */
export async function takeSchemaLock(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DIALECT === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) return async () => {};
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  await lock.query("select pg_advisory_lock($1)", [SCHEMA_LOCK]);
  return () => lock.end();
}

/** Runs `fn` holding the schema lock alone (see takeSchemaLock). */
export async function whileSchemasKept<T>(fn: () => Promise<T>): Promise<T> {
  const release = await takeSchemaLock();
  try {
    return await fn();
  } finally {
    await release();
  }
}

/**
 * A fresh, migrated database for one test file. The `db-postgres` test project
 * sets TEST_DIALECT=postgres: each file then gets its own schema in
 * TEST_DATABASE_URL, dropped afterwards. Otherwise a new SQLite file.
 */
export async function createTestDb(): Promise<TestDb> {
  if (process.env.TEST_DIALECT === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is needed for the PostgreSQL tests");
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Extensions live in the database, not in a schema: install pg_trgm once, in public.
    await admin.query("create extension if not exists pg_trgm with schema public").catch(() => {});
    await admin.query(`create schema ${schema}`);
    const db = openDatabase({ dialect: "postgres", url }, { schema: `${schema},public`, poolSize: 4 });
    // The migrator looks at the tables of every schema; a schema another file drops at that moment
    // makes it fail ("schema ... does not exist"). Migrations hold a shared lock, drops an exclusive one.
    await admin.query("select pg_advisory_lock_shared($1)", [SCHEMA_LOCK]);
    try {
      await migrateToLatest(db);
    } finally {
      await admin.query("select pg_advisory_unlock_shared($1)", [SCHEMA_LOCK]);
      await admin.end();
    }
    return {
      db,
      dialect: "postgres",
      open: () => openDatabase({ dialect: "postgres", url }, { schema: `${schema},public`, poolSize: 4 }),
      cleanup: async () => {
        await db.destroy();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query("select pg_advisory_lock($1)", [SCHEMA_LOCK]);
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  const file = path.join(dir, "shop.sqlite");
  const db = openDatabase({ dialect: "sqlite", file });
  await migrateToLatest(db);
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
