import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// A vehicle's papers and its auction sheet's translation (issue 45). Each
// file the owner adds is a version of its kind (the auction sheet, the export
// certificate, the pre-shipment inspection), kept with its SHA-256; a new
// file is a new version and the old ones stay, so what a buyer checked once
// can be shown again. Each save of the sheet's translation is a version too,
// its fields as JSON, naming the sheet's file it translates. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema
    .createTable("vehicle_papers")
    .addColumn("id", "integer", id)
    .addColumn("vehicle_id", "integer", (c) => c.notNull().references("vehicles.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql.raw("kind in ('auction_sheet','export_certificate','inspection')")),
    )
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("added_at", "text", (c) => c.notNull())
    .addColumn("added_by", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("vehicle_papers_version")
    .on("vehicle_papers")
    .columns(["vehicle_id", "kind", "version"])
    .unique()
    .execute();
  await db.schema
    .createTable("auction_sheets")
    .addColumn("id", "integer", id)
    .addColumn("vehicle_id", "integer", (c) => c.notNull().references("vehicles.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("paper_id", "integer", (c) => c.references("vehicle_papers.id").onDelete("set null"))
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addColumn("saved_by", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("auction_sheets_version")
    .on("auction_sheets")
    .columns(["vehicle_id", "version"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auction_sheets").execute();
  await db.schema.dropTable("vehicle_papers").execute();
}
