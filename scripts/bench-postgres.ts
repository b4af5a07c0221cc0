import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DB, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";

/**
 * Runs a benchmark on a fresh, migrated schema of its own in the PostgreSQL
 * database at `url`, dropped afterwards whatever happens; or, given `keep`
 * (a schema's name), on that schema, made if missing and kept for the next
 * run (a million vehicles take minutes to load).
 */
export async function onFreshPostgres(url: string, run: (db: DB) => Promise<void>, keep?: string): Promise<void> {
  if (keep !== undefined && (!/^[a-z_][a-z0-9_]{0,40}$/.test(keep) || keep === "public" || keep.startsWith("pg_")))
    throw new Error(`"${keep}" is not a schema of the benchmark's own (small letters, digits and _; not public)`);
  const schema = keep ?? `bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("create extension if not exists pg_trgm with schema public").catch(() => {});
  await admin.query(`create schema ${keep ? "if not exists " : ""}${schema}`);
  const postgres = openDatabase({ dialect: "postgres", url }, { schema: `${schema},public` });
  try {
    await migrateToLatest(postgres);
    await run(postgres);
  } finally {
    await postgres.destroy();
    if (!keep) await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
