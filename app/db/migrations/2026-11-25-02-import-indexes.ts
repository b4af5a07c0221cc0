import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// "Only what I can import" (issue 22) at 100,000 vehicles, as
// tests/db/query-plans.test.ts explains it. The indexes of 2026-11-25-01
// began with the steering, so a country that requires none (Uganda) needed a
// range per steering: to count its 76,000 vehicles PostgreSQL read the whole
// table (49 ms) and SQLite read one of the ranges from the table (35 ms).
// These begin with the month the age is counted from, so one range answers
// every rule, and hold the steering and the list's year, price and mileage
// after it: a count of a country, alone or with those filters, reads the
// index alone (PostgreSQL: with the columns the month is worked out from, as
// an index of an expression cannot give them back). Same names as before.
// Frozen once landed.

const INDEXES = [
  {
    name: "vehicles_import_made_idx",
    start: "coalesce(manufactured_month, year * 12)",
    from: "manufactured_month, year",
  },
  {
    name: "vehicles_import_registered_idx",
    start: "coalesce(registered_month, manufactured_month, year * 12)",
    from: "registered_month, manufactured_month, year",
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  for (const { name, start, from } of INDEXES) {
    await db.schema.dropIndex(name).execute();
    const columns = postgres
      ? `((${start}), steering) include (${from}, price, mileage)`
      : `((${start}), steering, year, price, mileage)`;
    await sql.raw(`create index ${name} on vehicles ${columns}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name, start } of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await sql.raw(`create index ${name} on vehicles (steering, (${start}))`).execute(db);
  }
}
