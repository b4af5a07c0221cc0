import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteAdapter, type SqliteDatabase, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { DatabaseTarget } from "~/config.server";
import type { Database } from "./schema";

export type DB = Kysely<Database>;
export type Dialect = DatabaseTarget["dialect"];

/**
 * Which database a Kysely instance (or transaction) talks to. The few
 * statements that must differ (identity columns, full-text search) ask this.
 */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
}

export type OpenOptions = {
  /** PostgreSQL only: the search_path, first schema first (a benchmark keeps its data in a schema of its own, then public). */
  schema?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
};

/** Opens the database named by the configuration. Callers own `db.destroy()`. */
export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): DB {
  let db: DB;
  if (target.dialect === "sqlite") {
    if (target.file !== ":memory:") fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const connection = new SQLite(target.file);
    // WAL lets readers go on while one writer writes; busy_timeout makes a
    // second writer wait instead of failing with SQLITE_BUSY.
    connection.pragma("journal_mode = WAL");
    connection.pragma("busy_timeout = 5000");
    connection.pragma("foreign_keys = ON");
    connection.pragma("synchronous = NORMAL");
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: keepStatements(connection) }) });
  } else {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: options.poolSize ?? 10,
      // A new connection's first statements load the vehicles table's 40 indexes and plan afresh: at a
      // million vehicles a page after 12 s without visitors took 55 to 84 ms, against 21 to 33 while its
      // connections were open (pg's default closes them after 10 s). Kept for five minutes; a process
      // with nothing else to do (a script) still exits.
      idleTimeoutMillis: 5 * 60_000,
      allowExitOnIdle: true,
      // A connection kept that long may be dropped by a firewall or load balancer between; the probes keep it.
      keepAlive: true,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
      // Awaited before the connection is handed out; if it fails, so does the checkout.
      onConnect: withoutJit,
    });
    pool.on("connect", keepPlans);
    // An idle client that loses its connection must not crash the process.
    pool.on("error", (error) => {
      console.error(JSON.stringify({ level: "error", msg: "database pool error", error: String(error) }));
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  return db;
}

/**
 * The shop's connections run without PostgreSQL's JIT compiler. A statement
 * planned above jit_above_cost (100,000: any read of a million vehicles'
 * table, though it stops after a page) is compiled, and a connection's first
 * such statement, even an EXPLAIN (estimatedMatches), loaded the compiler:
 * 65 to 80 ms, at a million vehicles, against 10 to 13 without. The shop's
 * statements read few rows, where compiling costs more than it saves.
 */
async function withoutJit(client: pg.ClientBase) {
  await client.query("set jit = off");
}

/**
 * Marks a PostgreSQL statement (Kysely's `modifyFront`) that each connection
 * prepares once and then runs from the plan it keeps: for a statement that
 * costs more to plan than to run. A country's list by price merges up to 60
 * reads of one index (importPriceList in search.server.ts): at a million
 * vehicles, 21 ms to plan and 1 to run. Every other statement is planned
 * afresh with its values, as before.
 */
export const KEPT_PLAN = sql.raw("/* kept plan */");
const KEPT_PLAN_START = "select /* kept plan */";

/**
 * Sends a marked statement (see KEPT_PLAN) under a name of its text, so the
 * connection prepares it once, and has PostgreSQL keep its generic plan: on
 * its own it planned afresh each time, guessing the generic plan's cost
 * (113,765) far above the planned one's (2,080) for the same merge. The
 * setting is for that statement alone: it applies to every statement sent
 * with values, and a keyword's list took 0.9 s where its values choose the
 * index. A statement a migration has made stale ("cached plan must not
 * change result type") is prepared again under a new name.
 */
function keepPlans(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let generation = 0;
  const run = async (text: string, values: unknown) => {
    const name = `kept_${generation}_${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
    await query("set plan_cache_mode = force_generic_plan");
    let result: unknown;
    try {
      result = await query({ name, text, values });
    } catch (error) {
      // In a transaction the reset fails too once the statement has; the statement's error is the one to tell.
      await query("reset plan_cache_mode").catch(() => {});
      throw error;
    }
    await query("reset plan_cache_mode");
    return result;
  };
  (client as { query: unknown }).query = (text: unknown, ...rest: unknown[]) => {
    // Only Kysely's form, text and values; a callback or a query object goes through unchanged.
    if (
      typeof text !== "string" ||
      !text.startsWith(KEPT_PLAN_START) ||
      rest.length !== 1 ||
      typeof rest[0] === "function"
    )
      return query(text, ...rest);
    return run(text, rest[0]).catch((error: { code?: string }) => {
      if (error?.code !== "0A000") throw error;
      generation++;
      // In a transaction the stale statement has ended it and the retry cannot run: tell the first error.
      return run(text, rest[0]).catch(() => {
        throw error;
      });
    });
  };
}

/** How many prepared statements a SQLite connection keeps; past that it starts again (lists of ids make new ones). */
const KEPT_STATEMENTS = 500;

/**
 * A SQLite connection that prepares each query's text once and keeps the
 * statement: preparing costs more than running most of the shop's queries.
 * Kysely runs one query at a time on the connection (a stream holds it to
 * the end), so a kept statement is never in use twice at once.
 */
function keepStatements(connection: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(text: string) {
      let statement = kept.get(text);
      if (!statement) {
        if (kept.size >= KEPT_STATEMENTS) kept.clear();
        statement = connection.prepare(text);
        kept.set(text, statement);
      }
      return statement;
    },
  } as SqliteDatabase;
}

/** True when the database answers a trivial query. */
export async function databaseAnswers(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** An id a row can have: the id columns are 32-bit integers, and PostgreSQL refuses a larger number outright. */
export const isRowId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** The current instant as stored in every timestamp column: ISO 8601 in UTC. */
export function nowIso(): string {
  return new Date().toISOString();
}
