import { type Kysely } from "kysely";

// The invoice's PDF, rendered once after the acceptance commits and kept
// (issue 40): base64 text, so SQLite and PostgreSQL store it alike. Empty
// until first needed; emptied when the printed document changes (a hold
// extended moves the due date). Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("invoices").addColumn("pdf", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("invoices").dropColumn("pdf").execute();
}
