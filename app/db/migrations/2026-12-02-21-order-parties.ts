import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// Who the bill of lading names (issue 42.1): the consignee, who takes the
// vehicle at the port, and the party the ship's agent notifies. One row per
// order and role, as the buyer gave them. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema
    .createTable("order_parties")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql.raw("role in ('consignee','notify')")))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("tax_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("given_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_parties_order_role")
    .on("order_parties")
    .columns(["order_id", "role"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_parties").execute();
}
