import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// A country's list by rising price on SQLite (issue 47.1): the indexes of
// 2026-12-04-01, which PostgreSQL alone had, so each year's vehicles of one
// status and steering are read in price order there too and the page is the
// first of each year's, merged (search.server.ts, importPriceList). Kenya's
// 29,259 of 100,000 by rising price walked the price index past the old, cheap
// vehicles its age limit refuses: 49 to 109 ms; merged, 5 to 9. Frozen once
// landed.

const INDEXES = [
  { name: "vehicles_import_price_made_idx", start: "coalesce(manufactured_month, year * 12)" },
  { name: "vehicles_import_price_registered_idx", start: "coalesce(registered_month, manufactured_month, year * 12)" },
];

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  for (const { name, start } of INDEXES)
    await sql
      .raw(`create index ${name} on vehicles (stock_status, (coalesce(steering, '')), ((${start}) / 12), price, id)`)
      .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  for (const { name } of INDEXES) await sql.raw(`drop index ${name}`).execute(db);
}
