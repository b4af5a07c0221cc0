import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// "Only what I can import" with a make (issue 24): Kenya and Toyota at
// 100,000 vehicles was counted by reading each of the make's 12,500 vehicles
// from the table to work out its age and steering (SQLite 13.7 ms a count,
// the benchmark's p95 22.6 ms against its 20). These begin with the make, then
// the month the age is counted from and the steering, so such a count reads
// one range of the index alone (0.6 ms). PostgreSQL keeps the columns the
// month is worked out from in the index too, as for the country's own indexes
// (2026-11-25-02). Frozen once landed.

const INDEXES = [
  {
    name: "vehicles_import_make_made_idx",
    start: "coalesce(manufactured_month, year * 12)",
    from: "manufactured_month, year",
  },
  {
    name: "vehicles_import_make_registered_idx",
    start: "coalesce(registered_month, manufactured_month, year * 12)",
    from: "registered_month, manufactured_month, year",
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  for (const { name, start, from } of INDEXES) {
    const columns = postgres ? `(make, (${start}), steering) include (${from})` : `(make, (${start}), steering)`;
    await sql.raw(`create index ${name} on vehicles ${columns}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name } of INDEXES) await db.schema.dropIndex(name).execute();
}
