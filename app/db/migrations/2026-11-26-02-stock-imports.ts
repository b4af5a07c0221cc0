import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// Stock in bulk (issue 23): an uploaded stock file waits here, with its
// preview, until the owner confirms it; its photos' ZIP waits in the private
// documents' storage. Each stored photo remembers a fingerprint of the file it
// was made from, so importing the same ZIP again changes nothing. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());

  for (const table of ["vehicle_images", "part_images"])
    await db.schema.alterTable(table).addColumn("source_hash", "text").execute();

  await db.schema
    .createTable("stock_imports")
    .addColumn("id", "integer", id)
    .addColumn("kind", "text", (c) => c.notNull().check(sql.raw("kind in ('vehicle','part')")))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_text", "text", (c) => c.notNull())
    .addColumn("zip_name", "text")
    .addColumn("zip_key", "text")
    .addColumn("preview", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql.raw("status in ('previewed','running','done','failed','cancelled')")),
    )
    .addColumn("progress_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("progress_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("result", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("stock_imports_created_idx").on("stock_imports").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stock_imports").execute();
  for (const table of ["vehicle_images", "part_images"])
    await db.schema.alterTable(table).dropColumn("source_hash").execute();
}
