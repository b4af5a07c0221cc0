import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// Lists show what can still be bought first (issue 44.3), checking each
// page's rows for their status. The index of year, price and mileage
// ranges now holds the status too: SQLite finds a price range's matches in
// it and sorts them there, fetching only the page's rows; reading each
// match's status from the table took a range of 24,522 from 5 ms to 66.
//
// "Only what I can import" leaves out sold stock (issue 44.3): the buyer can
// no longer buy it. The four import indexes (2026-11-25-02, 2026-11-29-01)
// now also hold the stock status, so a country's count still reads its index
// alone: with the status read from each row, SQLite read the whole table to
// count Uganda. Not partial indexes ("where stock_status <> 'sold'"):
// PostgreSQL keeps no statistics of a partial index's expressions, and took
// India's 9,228 vehicles for 27,594 and read the table. Same names as before.
// Frozen once landed.

const INDEXES = [
  {
    name: "vehicles_import_made_idx",
    start: "coalesce(manufactured_month, year * 12)",
    from: "manufactured_month, year",
    make: false,
  },
  {
    name: "vehicles_import_registered_idx",
    start: "coalesce(registered_month, manufactured_month, year * 12)",
    from: "registered_month, manufactured_month, year",
    make: false,
  },
  {
    name: "vehicles_import_make_made_idx",
    start: "coalesce(manufactured_month, year * 12)",
    from: "manufactured_month, year",
    make: true,
  },
  {
    name: "vehicles_import_make_registered_idx",
    start: "coalesce(registered_month, manufactured_month, year * 12)",
    from: "registered_month, manufactured_month, year",
    make: true,
  },
];

/** An index's columns as the two migrations before wrote them, with the stock status last when `status`. */
function columns(postgres: boolean, { start, from, make }: (typeof INDEXES)[number], status: boolean): string {
  const last = status ? ", stock_status" : "";
  if (make)
    return postgres ? `(make, (${start}), steering) include (${from}${last})` : `(make, (${start}), steering${last})`;
  return postgres
    ? `((${start}), steering) include (${from}, price, mileage${last})`
    : `((${start}), steering, year, price, mileage${last})`;
}

async function replace(db: Kysely<any>, status: boolean) {
  const postgres = dialectOf(db) === "postgres";
  await db.schema.dropIndex("vehicles_ranges_idx").execute();
  const ranges = !status
    ? "(year, price, mileage)"
    : postgres
      ? "(year, price, mileage) include (stock_status)"
      : "(year, price, mileage, stock_status)";
  await sql.raw(`create index vehicles_ranges_idx on vehicles ${ranges}`).execute(db);
  for (const index of INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    await sql.raw(`create index ${index.name} on vehicles ${columns(postgres, index, status)}`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await replace(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replace(db, false);
}
