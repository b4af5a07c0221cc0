import { sql } from "kysely";
import { type DB, dialectOf } from "./db.server";

/**
 * Runs a read the page can do without within `ms` on PostgreSQL, answering
 * null when the database gives up on it (its statement timeout); the error
 * of any other failure is thrown. SQLite has no such timeout: the read runs
 * to its end there. For counts that only help (the menus' counts, the ways
 * out of an empty list) where a rare filter's plan would keep the page
 * waiting (docs/performance.md, "A million vehicles").
 */
export async function withinTime<T>(db: DB, ms: number, read: (db: DB) => Promise<T>): Promise<T | null> {
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`withinTime: ${ms} ms is not a time to wait`);
  // Inside a caller's transaction a timeout would end that transaction too: the read runs as it is.
  if (dialectOf(db) !== "postgres" || db.isTransaction) return read(db);
  try {
    return await db.transaction().execute(async (trx) => {
      // "set local" ends with the transaction: the pooled connection goes back without the limit.
      await sql.raw(`set local statement_timeout = ${ms}`).execute(trx);
      return read(trx);
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === "57014") return null;
    throw error;
  }
}
