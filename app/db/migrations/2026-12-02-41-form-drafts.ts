import type { Kysely } from "kysely";

// What was typed in a form whose session had ended when it was sent (issue
// 42.8): kept an hour under a random token, given back once after signing in.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("form_drafts")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("form_drafts_created").on("form_drafts").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("form_drafts").execute();
}
