import type { Kysely } from "kysely";
import { dialectOf } from "../db.server";

// Photos of the vehicle taken at the port before loading, and a link to a
// video of it (issue 45.3): kept privately with the order, each with its
// SHA-256 and its size in pixels (the buyer's page keeps room for it before it
// loads). A photo taken off by mistake keeps its row, marked removed. Frozen
// once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema
    .createTable("order_photos")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("file_key", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("added_at", "text", (c) => c.notNull())
    .addColumn("removed_at", "text")
    .execute();
  await db.schema.createIndex("order_photos_order_idx").on("order_photos").column("order_id").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("video_url", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("video_url").execute();
  await db.schema.dropTable("order_photos").execute();
}
