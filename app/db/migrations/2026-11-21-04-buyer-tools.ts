import { type Kysely } from "kysely";
import { dialectOf } from "../db.server";

// What buyers use beyond browsing: the freight table behind the total price to
// their port, the port a quote asks about, the vehicles a buyer opened last,
// saved searches with their alerts, and when a vehicle's price last came down.
// Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());

  // One row per destination port. Freight is whole yen per vehicle size class;
  // a missing figure means "ask for a quote". Insurance is in hundredths of a
  // per cent (150 = 1.50 %) of FOB + freight.
  await db.schema
    .createTable("freight_ports")
    .addColumn("id", "integer", id)
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("port", "text", (c) => c.notNull())
    .addColumn("freight_small", "integer")
    .addColumn("freight_medium", "integer")
    .addColumn("freight_large", "integer")
    .addColumn("insurance_bp", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("freight_ports_country_port_idx")
    .on("freight_ports")
    .columns(["country", "port"])
    .unique()
    .execute();

  // The port a quote asks about, as written at request time ("Colombo, Sri Lanka").
  await db.schema.alterTable("quotes").addColumn("destination", "text").execute();

  // A price cut is news for saved searches: the earlier price and when it came down.
  await db.schema.alterTable("vehicles").addColumn("previous_price", "integer").execute();
  await db.schema.alterTable("vehicles").addColumn("price_dropped_at", "text").execute();
  await db.schema.createIndex("vehicles_price_dropped_idx").on("vehicles").column("price_dropped_at").execute();

  // Alert mails carry a one-click unsubscribe address (RFC 8058) in their headers.
  await db.schema.alterTable("mail_outbox").addColumn("list_unsubscribe", "text").execute();

  // The last vehicles a signed-in buyer opened (visitors keep theirs in the browser).
  await db.schema
    .createTable("recent_views")
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("vehicle_id", "integer", (c) => c.notNull().references("vehicles.id").onDelete("cascade"))
    .addColumn("viewed_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("recent_views_pk", ["customer_id", "vehicle_id"])
    .execute();
  await db.schema
    .createIndex("recent_views_customer_idx")
    .on("recent_views")
    .columns(["customer_id", "viewed_at"])
    .execute();

  // A buyer's saved vehicle filters. `query` is the list address's query
  // string; stock listed or cut in price after `checked_until` is news.
  await db.schema
    .createTable("saved_searches")
    .addColumn("id", "integer", id)
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("alerts_on", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("unsubscribe_hash", "text", (c) => c.notNull().unique())
    .addColumn("checked_until", "text", (c) => c.notNull())
    .addColumn("last_alert_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("saved_searches_customer_idx")
    .on("saved_searches")
    .columns(["customer_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("saved_searches").ifExists().execute();
  await db.schema.dropTable("recent_views").ifExists().execute();
  await db.schema.dropIndex("vehicles_price_dropped_idx").ifExists().execute();
  await db.schema.alterTable("vehicles").dropColumn("price_dropped_at").execute();
  await db.schema.alterTable("vehicles").dropColumn("previous_price").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("list_unsubscribe").execute();
  await db.schema.alterTable("quotes").dropColumn("destination").execute();
  await db.schema.dropTable("freight_ports").ifExists().execute();
}
