import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// A list of what a country admits, by price, at a million vehicles (issue
// 47.1): each year's vehicles of one status and steering in price order, by
// the month their age starts from (manufacture, or first registration), so
// the page is the first of each year's, merged (search.server.ts,
// importPriceList): India by rising price went from 600 to 860 ms to about
// 2. The steering as "" when there is none: a value, as "is null" is not, so
// a year of cars without one is read in price order too. PostgreSQL only: SQLite, a smaller shop's store, sorts India's matches
// at 100,000 in a few ms and has no merge of ordered reads. Frozen once landed.

const INDEXES = [
  { name: "vehicles_import_price_made_idx", start: "coalesce(manufactured_month, year * 12)" },
  { name: "vehicles_import_price_registered_idx", start: "coalesce(registered_month, manufactured_month, year * 12)" },
];

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  for (const { name, start } of INDEXES)
    await sql
      .raw(`create index ${name} on vehicles (stock_status, (coalesce(steering, '')), ((${start}) / 12), price, id)`)
      .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  for (const { name } of INDEXES) await sql.raw(`drop index ${name}`).execute(db);
}
