import { type Kysely } from "kysely";

// The cheapest-first and dearest-first lists of one make or one type, found in
// price order instead of sorting the whole make or type: at 100,000 vehicles
// SQLite sorted all 29,000 SUVs for an SUV list by price, and PostgreSQL walked
// the price index past 63,000 cheaper cars to reach the first Toyota SUVs
// (tests/db/query-plans.test.ts). The same pairs with created_at are in
// migration 02.
//
// Partial ("where make is not null", true of every vehicle; type is null only
// when unknown, and a type filter never wants those): a list filtered by make
// or type can use them, one without such a filter cannot. With statistics,
// SQLite otherwise skip-scanned the type index for a bare price range, once
// per type, and then sorted 38,000 vehicles the price index gives in order.
// Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["make", "type"]) {
    await db.schema
      .createIndex(`vehicles_${column}_price_idx`)
      .on("vehicles")
      .columns([column, "price"])
      .where(column, "is not", null)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("vehicles_make_price_idx").ifExists().execute();
  await db.schema.dropIndex("vehicles_type_price_idx").ifExists().execute();
}
