import { sql } from "kysely";
import { type DB, dialectOf } from "./db.server";

/*
 * What every public page reads and only staff change (the ports, the import
 * rules and their settings, the company's details), kept in the process
 * instead of read again for every page: the root of every page asked the
 * database four times for them.
 *
 * Kept only while it is sure to be what the database holds:
 * - A change made through the shop forgets them at once: every such change
 *   writes the activity log, which calls forgetKeptReads (as it tells the
 *   page cache).
 * - SQLite: until another process writes to the database (a script, a second
 *   instance), which SQLite tells each connection (`PRAGMA data_version`).
 * - PostgreSQL: for half the page cache's lifetime (a page may already be that
 *   far behind a change made by another instance; a page kept from reads kept
 *   so is at most one and a half lifetimes behind, two and a half while the
 *   shop is busy: see server/page-cache.ts); with the page cache off,
 *   or while developing, not at all.
 * - A read that began before a change serves only the page that asked for it.
 */

type Kept = { generation: number; dataVersion: number | null; until: number; reads: Map<string, Promise<unknown>> };

const keptBy = new WeakMap<DB, Kept>();
/** Goes up with every change made through the shop: what was kept before is not used again. */
let generation = 0;

export function forgetKeptReads(): void {
  generation++;
}

/** Counts the commits of other connections to the same SQLite file (see the SQLite manual, PRAGMA data_version). */
async function dataVersion(db: DB): Promise<number> {
  const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(db);
  return rows[0]!.data_version;
}

export type KeptRead = <T>(name: string, read: () => Promise<T>) => Promise<T>;

/**
 * The reads kept for this database, checked once per page: call it at the
 * start of a request and read through what it returns. `lifetimeMs` is the
 * page cache's (PostgreSQL only).
 */
export async function keptReads(db: DB, lifetimeMs: number, now = Date.now()): Promise<KeptRead> {
  const sqlite = dialectOf(db) === "sqlite";
  if (!sqlite && lifetimeMs <= 0) return (_name, read) => read();
  const version = sqlite ? await dataVersion(db) : null;
  let kept = keptBy.get(db);
  if (!kept || kept.generation !== generation || kept.dataVersion !== version || now >= kept.until) {
    kept = { generation, dataVersion: version, until: sqlite ? Infinity : now + lifetimeMs / 2, reads: new Map() };
    keptBy.set(db, kept);
  }
  const { reads } = kept;
  return <T>(name: string, read: () => Promise<T>): Promise<T> => {
    let value = reads.get(name) as Promise<T> | undefined;
    if (!value) {
      value = read();
      reads.set(name, value);
      // A failed read is tried again by the next page.
      value.catch(() => {
        if (reads.get(name) === value) reads.delete(name);
      });
    }
    return value;
  };
}

/** A page's kept reads, with the page cache's lifetime; none kept while developing. */
export function pageKeptReads(db: DB, config: { env: string; pageCacheSeconds: number }): Promise<KeptRead> {
  return keptReads(db, config.env === "development" ? 0 : config.pageCacheSeconds * 1000);
}
