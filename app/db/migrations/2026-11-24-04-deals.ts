import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// From a quote to a deal (issue 20): the owner's offers, the holds they lead
// to, numbered proforma invoices with a verification code, reply templates,
// and mail attachments (the invoice PDF). A quote's status follows the deal:
// pending, offered, accepted, declined, expired, closed. Quotes marked
// "responded" before were answered outside the shop and become closed
// (decision record 0013). Frozen once landed.

const sqlCheck = (condition: string) => sql.raw(condition);
const QUOTE_STATUSES = "('pending','offered','accepted','declined','expired','closed')";

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());

  // The status column is replaced: a CHECK cannot be widened in place on SQLite.
  await db.schema.dropIndex("quotes_kind_status_idx").execute();
  await db.schema
    .alterTable("quotes")
    .addColumn("deal_status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sqlCheck(`deal_status in ${QUOTE_STATUSES}`)),
    )
    .execute();
  await sql`update quotes set deal_status = case status when 'responded' then 'closed' else status end`.execute(db);
  await db.schema.alterTable("quotes").dropColumn("status").execute();
  await db.schema.alterTable("quotes").renameColumn("deal_status", "status").execute();
  await db.schema.createIndex("quotes_kind_status_idx").on("quotes").columns(["kind", "status"]).execute();
  // The language the buyer asked in: offers and invoices are mailed in it.
  await db.schema
    .alterTable("quotes")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();

  await db.schema
    .createTable("offers")
    .addColumn("id", "integer", id)
    .addColumn("quote_id", "integer", (c) => c.notNull().references("quotes.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sqlCheck("status in ('open','accepted','declined','expired','withdrawn','replaced')")),
    )
    // [{ kind, label, amount }] in whole yen; the total is their sum.
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull().check(sqlCheck("total > 0")))
    .addColumn("terms", "text", (c) => c.notNull().check(sqlCheck("terms in ('FOB','C&F','CIF')")))
    .addColumn("port", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("valid_until", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("answered_at", "text")
    .execute();
  await db.schema.createIndex("offers_quote_idx").on("offers").columns(["quote_id", "id"]).execute();
  await db.schema.createIndex("offers_status_valid_idx").on("offers").columns(["status", "valid_until"]).execute();

  await db.schema
    .createTable("holds")
    .addColumn("id", "integer", id)
    .addColumn("vehicle_id", "integer", (c) => c.notNull().references("vehicles.id").onDelete("cascade"))
    .addColumn("quote_id", "integer", (c) => c.notNull().references("quotes.id").onDelete("cascade"))
    .addColumn("offer_id", "integer", (c) => c.notNull().references("offers.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("ended_at", "text")
    .addColumn("end_reason", "text", (c) =>
      c.check(sqlCheck("end_reason is null or end_reason in ('expired','released','closed','sold')")),
    )
    .execute();
  // One active hold per vehicle: a second acceptance at the same moment fails here.
  await db.schema
    .createIndex("holds_one_active_idx")
    .on("holds")
    .column("vehicle_id")
    .unique()
    .where(sql.ref("ended_at"), "is", null)
    .execute();
  await db.schema.createIndex("holds_quote_idx").on("holds").column("quote_id").execute();
  await db.schema.createIndex("holds_expiry_idx").on("holds").columns(["ended_at", "expires_at"]).execute();

  await db.schema
    .createTable("invoice_counters")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "integer", id)
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("quote_id", "integer", (c) => c.references("quotes.id").onDelete("set null"))
    .addColumn("offer_id", "integer", (c) => c.references("offers.id").onDelete("set null").unique())
    .addColumn("customer_id", "integer", (c) => c.references("customers.id").onDelete("set null"))
    // The verification code, as printed (16 letters and digits, 80 random bits).
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("due_date", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull().check(sqlCheck("total > 0")))
    // Everything printed on the invoice, as it was when issued (JSON): seller,
    // buyer, item, lines, terms, port and the bank account.
    .addColumn("document", "text", (c) => c.notNull())
    .addColumn("voided_at", "text")
    .addColumn("void_reason", "text")
    .execute();
  await db.schema.createIndex("invoices_quote_idx").on("invoices").column("quote_id").execute();

  await db.schema
    .createTable("reply_templates")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // Files sent with a mail: [{ filename, contentType, base64 }] (the invoice PDF).
  await db.schema.alterTable("mail_outbox").addColumn("attachments", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("attachments").execute();
  await db.schema.dropTable("reply_templates").execute();
  await db.schema.dropTable("invoices").execute();
  await db.schema.dropTable("invoice_counters").execute();
  await db.schema.dropTable("holds").execute();
  await db.schema.dropTable("offers").execute();
  await db.schema.alterTable("quotes").dropColumn("language").execute();
  await db.schema.dropIndex("quotes_kind_status_idx").execute();
  await db.schema
    .alterTable("quotes")
    .addColumn("old_status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sqlCheck("old_status in ('pending','responded','closed')")),
    )
    .execute();
  await sql`update quotes set old_status = case when status = 'pending' then 'pending' when status = 'closed' then 'closed' else 'responded' end`.execute(
    db,
  );
  await db.schema.alterTable("quotes").dropColumn("status").execute();
  await db.schema.alterTable("quotes").renameColumn("old_status", "status").execute();
  await db.schema.createIndex("quotes_kind_status_idx").on("quotes").columns(["kind", "status"]).execute();
}
