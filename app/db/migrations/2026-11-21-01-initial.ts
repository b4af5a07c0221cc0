import { type CreateTableBuilder, type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// Frozen once landed: later changes go in new migrations.
// Written for SQLite and PostgreSQL alike (see docs/decisions/0002-portable-columns.md).

const sqlCheck = (condition: string) => sql.raw(condition);

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";

  // An auto-numbered primary key in each dialect's own way.
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    table.addColumn("id", "integer", (c) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    );

  await withId(db.schema.createTable("vehicles"))
    .addColumn("ref_id", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("make", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("type", "text")
    .addColumn("sub_type", "text")
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull().check(sqlCheck("price >= 0")))
    .addColumn("mileage", "integer")
    .addColumn("engine_cc", "integer")
    .addColumn("color", "text")
    .addColumn("fuel", "text")
    .addColumn("transmission", "text")
    .addColumn("drive", "text")
    .addColumn("seats", "text")
    .addColumn("doors", "integer")
    .addColumn("steering", "text")
    .addColumn("exterior_grade", "text")
    .addColumn("interior_grade", "text")
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("stock_status", "text", (c) =>
      c.notNull().defaultTo("available").check(sqlCheck("stock_status in ('available','reserved','sold')")),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // Indexes for the public filters and sorts (SPEC 2, 5, 9).
  for (const [name, columns] of [
    ["vehicles_make_model_idx", ["make", "model"]],
    ["vehicles_type_sub_type_idx", ["type", "sub_type"]],
    ["vehicles_price_idx", ["price"]],
    ["vehicles_created_at_idx", ["created_at"]],
    ["vehicles_year_idx", ["year"]],
    ["vehicles_mileage_idx", ["mileage"]],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on("vehicles")
      .columns([...columns])
      .execute();
  }

  await withId(db.schema.createTable("vehicle_images"))
    .addColumn("vehicle_id", "integer", (c) => c.notNull().references("vehicles.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("media_key", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("variants", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("vehicle_images_vehicle_idx")
    .on("vehicle_images")
    .columns(["vehicle_id", "position"])
    .execute();

  await withId(db.schema.createTable("parts"))
    .addColumn("ref_id", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("make", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("sub_type", "text", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull().check(sqlCheck("price >= 0")))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("year", "integer")
    .addColumn("mileage", "integer")
    .addColumn("color", "text")
    .addColumn("fuel", "text")
    .addColumn("part_number", "text")
    .addColumn("category", "text")
    .addColumn("condition", "text")
    .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("stock_status", "text", (c) =>
      c.notNull().defaultTo("available").check(sqlCheck("stock_status in ('available','reserved','sold')")),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  for (const [name, columns] of [
    ["parts_make_model_idx", ["make", "model"]],
    ["parts_type_sub_type_idx", ["type", "sub_type"]],
    ["parts_price_idx", ["price"]],
    ["parts_created_at_idx", ["created_at"]],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on("parts")
      .columns([...columns])
      .execute();
  }

  await withId(db.schema.createTable("part_images"))
    .addColumn("part_id", "integer", (c) => c.notNull().references("parts.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("media_key", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("variants", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("part_images_part_idx").on("part_images").columns(["part_id", "position"]).execute();

  await withId(db.schema.createTable("customers"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("customers_created_at_idx").on("customers").column("created_at").execute();

  await db.schema
    .createTable("customer_sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("customer_sessions_customer_idx").on("customer_sessions").column("customer_id").execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("favourites")
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("vehicle_id", "integer", (c) => c.notNull().references("vehicles.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("favourites_pk", ["customer_id", "vehicle_id"])
    .execute();
  await db.schema.createIndex("favourites_vehicle_idx").on("favourites").column("vehicle_id").execute();

  await withId(db.schema.createTable("quotes"))
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sqlCheck("kind in ('vehicle','part')")))
    .addColumn("vehicle_id", "integer", (c) => c.references("vehicles.id").onDelete("set null"))
    .addColumn("part_id", "integer", (c) => c.references("parts.id").onDelete("set null"))
    .addColumn("ref_id", "text", (c) => c.notNull())
    .addColumn("item_name", "text", (c) => c.notNull())
    .addColumn("customer_id", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("contact_methods", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sqlCheck("status in ('pending','responded','closed')")),
    )
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("submission_key", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("quotes_kind_created_idx").on("quotes").columns(["kind", "created_at"]).execute();
  await db.schema.createIndex("quotes_kind_status_idx").on("quotes").columns(["kind", "status"]).execute();
  await db.schema
    .createIndex("quotes_customer_created_idx")
    .on("quotes")
    .columns(["customer_id", "created_at"])
    .execute();

  await withId(db.schema.createTable("staff"))
    .addColumn("admin_id", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
    .addColumn("remember", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_sessions_staff_idx").on("staff_sessions").column("staff_id").execute();

  await withId(db.schema.createTable("activity_log"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("actor_kind", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject_kind", "text")
    .addColumn("subject_id", "text")
    .addColumn("summary", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("activity_log_created_idx").on("activity_log").column("created_at").execute();

  await withId(db.schema.createTable("mail_outbox"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("reply_to", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sqlCheck("status in ('pending','sent','failed')")),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "text")
    .addColumn("quote_id", "integer", (c) => c.references("quotes.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("mail_outbox_due_idx").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("exchange_rates")
    .addColumn("currency", "text", (c) => c.primaryKey())
    .addColumn("rate", "double precision", (c) => c.notNull())
    .addColumn("as_of", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_started_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "rate_limits",
    "settings",
    "exchange_rates",
    "mail_outbox",
    "activity_log",
    "staff_sessions",
    "staff",
    "quotes",
    "favourites",
    "password_resets",
    "customer_sessions",
    "customers",
    "part_images",
    "parts",
    "vehicle_images",
    "vehicles",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
