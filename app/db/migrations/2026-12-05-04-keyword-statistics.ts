import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// A keyword alone is not counted when PostgreSQL's statistics put its matches
// far past the list's limit (TRUSTED_ESTIMATE in search.server.ts). With the
// default 101 samples of the words, one sample is 1 % of the stock, and
// "corolla", in 4 % of a million vehicles, was put at 20,202 matches one day
// and 40,412 the next. 1,001 samples make a sample 0.1 %. The vehicles' words
// are their keyword_text column; the parts' are the expression of their
// trigram index, whose statistics ANALYZE keeps as a column's. PostgreSQL
// only: SQLite counts a keyword from its own index. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`alter table vehicles alter column keyword_text set statistics 1000`.execute(db);
  await sql`alter index parts_keyword_idx alter column 1 set statistics 1000`.execute(db);
  await sql`analyze vehicles (keyword_text)`.execute(db);
  await sql`analyze parts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`alter table vehicles alter column keyword_text set statistics -1`.execute(db);
  await sql`alter index parts_keyword_idx alter column 1 set statistics -1`.execute(db);
}
