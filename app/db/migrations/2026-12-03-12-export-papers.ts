import type { Kysely } from "kysely";
import { dialectOf } from "../db.server";

// A vehicle's export papers in Japan (issue 46.3): the export deregistration
// certificate with its leave-by day, and the export permit with its file.
// Each save is a row of its own (the highest version is current), so earlier
// values stay readable; the vehicle's facts are copied in and the link
// emptied when its listing is deleted. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema
    .createTable("export_papers")
    .addColumn("id", "integer", id)
    .addColumn("vehicle_id", "integer", (c) => c.references("vehicles.id").onDelete("set null"))
    .addColumn("ref_id", "text", (c) => c.notNull())
    .addColumn("vehicle_name", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("leave_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("permit_file_key", "text")
    .addColumn("permit_sha256", "text")
    .addColumn("permit_content_type", "text")
    .addColumn("permit_size", "integer")
    .addColumn("permit_added_at", "text")
    .addColumn("keep_until", "text", (c) => c.notNull())
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addColumn("saved_by", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("export_papers_vehicle").on("export_papers").columns(["vehicle_id", "version"]).execute();
  await db.schema.createIndex("export_papers_ref").on("export_papers").columns(["ref_id", "version"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("export_papers").execute();
}
