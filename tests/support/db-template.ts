import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database each file's own is copied from: a SQLite file, or a PostgreSQL database's name. */
    dbTemplate: string;
  }
}

/** The PostgreSQL server's address with another database's name in it. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
}

/** One statement on its own connection, closed whatever the statement's fate (create and drop database need one). */
export async function runOnServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The database projects' global setup: the migrations run once, into a
 * template, and each test file's database is a copy of it (createTestDb in
 * tests/support/test-db.ts). Migrating afresh for each file cost about a
 * second of PostgreSQL's CPU and 0.1 to 0.2 s on SQLite; a copy costs 40 ms
 * and 2 ms. The template goes when the run ends.
 */
export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DIALECT === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is needed for the PostgreSQL tests");
    const name = `shoptest_template_${randomBytes(5).toString("hex")}`;
    await runOnServer(url, `create database ${name}`);
    try {
      await runOnServer(databaseUrl(url, name), "create extension if not exists pg_trgm");
      const db = openDatabase({ dialect: "postgres", url: databaseUrl(url, name) });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
    } catch (error) {
      await runOnServer(url, `drop database if exists ${name} with (force)`);
      throw error;
    }
    project.provide("dbTemplate", name);
    return () => runOnServer(url, `drop database if exists ${name} with (force)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-template-"));
  const file = path.join(dir, "shop.sqlite");
  const db = openDatabase({ dialect: "sqlite", file });
  try {
    await migrateToLatest(db);
  } finally {
    // Closing the last connection writes the log back into the file: the file alone is the database.
    await db.destroy();
  }
  if (fs.existsSync(`${file}-wal`)) throw new Error(`the template's log was not written back: ${file}-wal`);
  project.provide("dbTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
