import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// The menus' counts under a gearbox, fuel, colour, drive or steering with a
// second of those or a range, on SQLite (issue 47.1): the indexes of
// 2026-12-04-02, which PostgreSQL alone had, with the columns it includes as
// the key's last columns (SQLite has no INCLUDE), so the count is read from
// the index alone. Manual and red at 100,000 vehicles: 22 to 24 ms, reading
// each candidate's row; 1 ms. About 6 MB each at 100,000. Frozen once landed.

const COLUMNS = ["transmission", "fuel", "steering", "color", "drive"];
const RANGES = ["year", "price", "mileage"];

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  for (const column of COLUMNS) {
    const covered = [...RANGES, ...COLUMNS.filter((c) => c !== column)].join(", ");
    await sql
      .raw(`create index vehicles_${column}_counts_idx on vehicles (${column}, make, type, ${covered})`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  for (const column of COLUMNS) await sql.raw(`drop index vehicles_${column}_counts_idx`).execute(db);
}
