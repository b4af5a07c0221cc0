import { type Kysely } from "kysely";

// The parts list filters by year (YearFrom, YearTo, issue 17.8). Without an
// index, at 20,000 parts, counting one year's parts read the whole table and a
// deep page of them walked the whole sort index (tests/db/query-plans.test.ts).
// With it, a count reads only the index entries of the range, and a narrow
// range is fetched through it and sorted. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("parts_year_idx").on("parts").column("year").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("parts_year_idx").ifExists().execute();
}
