import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// The tables the landed-cost estimate reads (issue 43.2): each upload of a
// table waits here as a preview until the owner confirms it, then becomes the
// next version of that table; earlier versions stay, so an estimate can say
// which one it used. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema
    .createTable("landed_tables")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    // Null while it is a preview; 1, 2, 3… per name once confirmed.
    .addColumn("version", "integer")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("source_date", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("rows", "text", (c) => c.notNull())
    .addColumn("row_count", "integer", (c) => c.notNull())
    .addColumn("sample", "integer", (c) => c.notNull().defaultTo(0).check(sql.raw("sample in (0, 1)")))
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    .execute();
  await db.schema
    .createIndex("landed_tables_version_idx")
    .on("landed_tables")
    .columns(["name", "version"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("landed_tables").execute();
}
