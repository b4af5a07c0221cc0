import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DB, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";

/**
 * Runs a benchmark on a fresh, migrated schema of its own in the PostgreSQL
 * database at `url`, dropped afterwards whatever happens.
 */
export async function onFreshPostgres(url: string, run: (db: DB) => Promise<void>): Promise<void> {
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("create extension if not exists pg_trgm with schema public").catch(() => {});
  await admin.query(`create schema ${schema}`);
  const postgres = openDatabase({ dialect: "postgres", url }, { schema: `${schema},public` });
  try {
    await migrateToLatest(postgres);
    await run(postgres);
  } finally {
    await postgres.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
