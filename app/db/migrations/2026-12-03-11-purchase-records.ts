import type { Kysely } from "kysely";
import { dialectOf } from "../db.server";

// The owner's purchase record of each vehicle (古物台帳) with its costs (issue
// 46.1, 46.2). A record outlives its listing: deleting the vehicle leaves
// the record, its facts copied in, the link emptied. Each save is a version
// kept whole, so earlier values stay readable. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema
    .createTable("purchase_records")
    .addColumn("id", "integer", id)
    .addColumn("vehicle_id", "integer", (c) => c.references("vehicles.id").onDelete("set null"))
    .addColumn("ref_id", "text", (c) => c.notNull())
    .addColumn("vehicle_name", "text", (c) => c.notNull())
    .addColumn("bought_on", "text", (c) => c.notNull())
    .addColumn("price", "bigint", (c) => c.notNull())
    .addColumn("total_cost", "bigint", (c) => c.notNull())
    .addColumn("seller_kind", "text", (c) => c.notNull())
    .addColumn("chassis_number", "text", (c) => c.notNull())
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("keep_until", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addColumn("saved_by", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("purchase_records_vehicle")
    .on("purchase_records")
    .column("vehicle_id")
    .unique()
    .execute();
  await db.schema.createIndex("purchase_records_bought").on("purchase_records").column("bought_on").execute();
  await db.schema
    .createTable("purchase_record_versions")
    .addColumn("id", "integer", id)
    .addColumn("record_id", "integer", (c) => c.notNull().references("purchase_records.id").onDelete("restrict"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addColumn("saved_by", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("purchase_record_versions_version")
    .on("purchase_record_versions")
    .columns(["record_id", "version"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("purchase_record_versions").execute();
  await db.schema.dropTable("purchase_records").execute();
}
