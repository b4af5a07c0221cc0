import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// What the owner reads from a vehicle's export certificate and pre-shipment
// inspection (issue 45.2): the paper's number and day, the mileage and the
// months of manufacture and first registration it gives, so the pages put
// them beside the auction sheet's. Each save is a version; the old kept.
// Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema
    .createTable("paper_readings")
    .addColumn("id", "integer", id)
    .addColumn("vehicle_id", "integer", (c) => c.notNull().references("vehicles.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql.raw("kind in ('export_certificate','inspection')")))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("issued_on", "text", (c) => c.notNull())
    .addColumn("mileage_km", "integer")
    .addColumn("manufactured_month", "integer")
    .addColumn("registered_month", "integer")
    .addColumn("paper_id", "integer", (c) => c.references("vehicle_papers.id").onDelete("set null"))
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addColumn("saved_by", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("paper_readings_version")
    .on("paper_readings")
    .columns(["vehicle_id", "kind", "version"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("paper_readings").execute();
}
