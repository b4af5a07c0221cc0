import { type Kysely } from "kysely";

// Mails that gather (issue 42.6: an order's changes within 10 minutes go out
// as one mail). Rows of one window share `digest_key` and their due time;
// `digest_part` is the row's own part (JSON), `digest_mail` the one mail for
// the window so far ({ subject, text, html }, JSON), which the window's
// newest row carries. Text columns, so SQLite and PostgreSQL store them
// alike. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("digest_key", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("digest_part", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("digest_mail", "text").execute();
  await db.schema
    .createIndex("mail_outbox_digest_idx")
    .on("mail_outbox")
    .columns(["digest_key", "status", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_digest_idx").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("digest_mail").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("digest_part").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("digest_key").execute();
}
