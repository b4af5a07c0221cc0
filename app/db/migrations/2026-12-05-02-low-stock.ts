import { type Kysely, sql } from "kysely";

// The owner's dashboard counts the parts low on stock (LOW_STOCK_CONDITION in
// admin-stock.server.ts: fewer than ten, not sold), and the parts table lists
// them alone: at 100,000 parts both read the whole table, 85 to 104 ms a
// dashboard. The unsold parts by quantity, in an index of their own, hold
// the few that are low. Both databases. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index parts_low_stock_idx on parts (quantity) where stock_status <> 'sold'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index parts_low_stock_idx`.execute(db);
}
