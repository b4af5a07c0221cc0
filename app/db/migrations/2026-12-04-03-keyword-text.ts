import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// A keyword's list at a million vehicles (issue 47.1): each vehicle's words
// kept lowered in a column, rather than joined and lowered again from the
// name, description, model and ref id on every row a search reads (2 µs a
// row). A word read row by row ("hybrid", in a quarter of the stock) takes
// half the time; a word in 4 % ("corolla") is still found through the
// trigram index's bitmap. The trigram index moves to the column. Vehicles
// only: parts are a tenth as many, and the wider table had the planner sort
// page 200 of the parts from 2012 by price (10,479 matches) rather than walk
// the price index. PostgreSQL only (SQLite searches its own FTS5 table). The
// table is written again to hold the column (one to two minutes at a million
// vehicles, with the index): migrateToLatest vacuums it afterwards, since
// the copy loses the map of all-visible pages that counts from an index
// alone need.
// Frozen once landed.

export const VACUUM_AFTER = ["vehicles"];

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql
    .raw(
      `alter table vehicles add column keyword_text text generated always as (lower(name || ' ' || description || ' ' || model || ' ' || ref_id)) stored`,
    )
    .execute(db);
  await sql.raw(`create index vehicles_keyword_text_idx on vehicles using gin (keyword_text gin_trgm_ops)`).execute(db);
  await sql.raw(`drop index vehicles_keyword_idx`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql
    .raw(
      `create index vehicles_keyword_idx on vehicles using gin ((lower(name || ' ' || description || ' ' || model || ' ' || ref_id)) gin_trgm_ops)`,
    )
    .execute(db);
  await sql.raw(`alter table vehicles drop column keyword_text`).execute(db);
}
