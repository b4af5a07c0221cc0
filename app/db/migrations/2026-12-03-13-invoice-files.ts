import type { Kysely } from "kysely";
import { dialectOf } from "../db.server";

// An invoice's PDF, kept in the documents store once per printed version
// (issue 47.4): a hold extended or a consignee changed prints a new one, a
// cancellation a stamped one, and the earlier files stay for the record.
// Replaces the single base64 copy on the invoice row, which a change emptied:
// the shop moves a row's copy (what was mailed) into the store as version 1
// on the first download, and writes the column no more. A kept file outlives
// nothing: an invoice with files cannot be deleted. Undoing this drops the
// rows, not the files in the store. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema
    .createTable("invoice_files")
    .addColumn("id", "integer", id)
    .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id").onDelete("restrict"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("printed_sha256", "text", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull())
    .addColumn("file_sha256", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("cancelled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("render_ms", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("invoice_files_version", ["invoice_id", "version"])
    .addUniqueConstraint("invoice_files_printed", ["invoice_id", "printed_sha256"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("invoice_files").execute();
}
