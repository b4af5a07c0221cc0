import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// The owner's stock search at a million vehicles (issue 47): a phrase looked
// for in several columns of every row, 1.0 s a search. Each table's searched
// columns, lowered and joined by a character no search holds (chr(31), so a
// phrase is still found within one column only), go under a trigram index.
// The expression must stay searchText's in admin-stock.server.ts. PostgreSQL
// only: SQLite shops are smaller and read their rows. Frozen once landed.

const COLUMNS = {
  vehicles: ["name", "make", "model", "ref_id", "chassis_number"],
  parts: ["name", "make", "model", "part_number", "category", "ref_id"],
};

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  for (const [table, columns] of Object.entries(COLUMNS)) {
    const text = `lower(${columns.map((c) => `coalesce(${c}, '')`).join(" || chr(31) || ")})`;
    await sql.raw(`create index ${table}_owner_search_idx on ${table} using gin ((${text}) gin_trgm_ops)`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  for (const table of Object.keys(COLUMNS)) await sql.raw(`drop index ${table}_owner_search_idx`).execute(db);
}
