import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// From the invoice to the buyer's port (issue 21): an order per issued
// invoice, the payments the owner records against it, the shipment and the
// private documents of the deal, and every step on one timeline. Amounts are
// whole yen. Frozen once landed.

const sqlCheck = (condition: string) => sql.raw(condition);

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());

  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", id)
    // The invoice's number: one order per invoice, one number for both.
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("invoice_id", "integer", (c) => c.notNull().unique().references("invoices.id").onDelete("cascade"))
    .addColumn("quote_id", "integer", (c) => c.references("quotes.id").onDelete("set null"))
    .addColumn("customer_id", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("awaiting_payment")
        .check(
          sqlCheck("status in ('awaiting_payment','partly_paid','paid','shipped','arrived','completed','cancelled')"),
        ),
    )
    .addColumn("kind", "text", (c) => c.notNull().check(sqlCheck("kind in ('vehicle','part')")))
    .addColumn("vehicle_id", "integer", (c) => c.references("vehicles.id").onDelete("set null"))
    .addColumn("part_id", "integer", (c) => c.references("parts.id").onDelete("set null"))
    .addColumn("item_name", "text", (c) => c.notNull())
    .addColumn("ref_id", "text", (c) => c.notNull())
    .addColumn("buyer_name", "text", (c) => c.notNull())
    .addColumn("buyer_email", "text", (c) => c.notNull())
    .addColumn("buyer_country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("total", "integer", (c) => c.notNull().check(sqlCheck("total > 0")))
    // The sum of the payments recorded, kept with the order so lists need no sum.
    .addColumn("paid", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("port", "text", (c) => c.notNull().defaultTo(""))
    // The shipment, as the owner records it.
    .addColumn("vessel", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("voyage", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("port_of_loading", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("etd", "text")
    .addColumn("eta", "text")
    .addColumn("shipping_method", "text", (c) =>
      c.check(sqlCheck("shipping_method is null or shipping_method in ('roro','container')")),
    )
    .addColumn("container_number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bl_number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("courier", "text", (c) => c.check(sqlCheck("courier is null or courier in ('dhl','fedex','ems')")))
    .addColumn("tracking_number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cancel_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("refund_note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_status_idx").on("orders").columns(["status", "id"]).execute();
  await db.schema.createIndex("orders_customer_idx").on("orders").columns(["customer_id", "id"]).execute();
  await db.schema.createIndex("orders_quote_idx").on("orders").column("quote_id").execute();
  await db.schema.createIndex("orders_etd_idx").on("orders").column("etd").execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("amount", "integer", (c) => c.notNull().check(sqlCheck("amount > 0")))
    // The day the money arrived (YYYY-MM-DD, Tokyo).
    .addColumn("received_on", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) =>
      c.notNull().check(sqlCheck("method in ('bank_transfer','cash','card','other')")),
    )
    .addColumn("reference", "text", (c) => c.notNull().defaultTo(""))
    // Recorded although it passes the balance: the difference is to be refunded.
    .addColumn("overpayment", "integer", (c) => c.notNull().defaultTo(0))
    // Set by the form: the same form sent twice records the payment once.
    .addColumn("submission_key", "text", (c) => c.unique())
    .addColumn("recorded_by", "text", (c) => c.notNull())
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_order_idx").on("payments").column("order_id").execute();
  await db.schema.createIndex("payments_received_idx").on("payments").column("received_on").execute();

  await db.schema
    .createTable("order_documents")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(
          sqlCheck(
            "kind in ('export_certificate','export_certificate_translation','bill_of_lading','inspection_certificate','receipt','other')",
          ),
        ),
    )
    // The owner's name for an "other" document.
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    // Where the bytes are kept, under a name the server made (never the uploader's).
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull().defaultTo(""))
    // The stored bytes' SHA-256: the same file sent twice to one order is kept once.
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("uploaded_by", "text", (c) => c.notNull().check(sqlCheck("uploaded_by in ('staff','buyer')")))
    .addColumn("uploaded_at", "text", (c) => c.notNull())
    .addColumn("removed_at", "text")
    .execute();
  await db.schema.createIndex("order_documents_order_idx").on("order_documents").column("order_id").execute();

  // The timeline: every step, as it happened, with what it said then.
  await db.schema
    .createTable("order_events")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    // What the step carried (JSON): the amount, the vessel, the old and new dates...
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("by_kind", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_events_order_idx").on("order_events").columns(["order_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_events").execute();
  await db.schema.dropTable("order_documents").execute();
  await db.schema.dropTable("payments").execute();
  await db.schema.dropTable("orders").execute();
}
