import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// A change of an order's consignee and notify party once they are on an
// issued invoice (issue 42.2): asked with the password and a mailed code, it
// waits a day (or the owner's approval) before it replaces them. The values
// before and after stay on the row for the timeline. A party may carry an
// e-mail address, told of any change.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema
    .alterTable("order_parties")
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createTable("party_changes")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql.raw("status in ('awaiting_code','waiting','applied','withdrawn','refused','lapsed')")),
    )
    // JSON: { consignee, notify } as asked for, and as they were when asked.
    .addColumn("parties", "text", (c) => c.notNull())
    .addColumn("previous", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("code_expires_at", "text", (c) => c.notNull())
    .addColumn("wrong_codes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("due_at", "text")
    .addColumn("closed_at", "text")
    .addColumn("closed_by", "text")
    .execute();
  // One open change per order: a second is refused while one waits.
  await db.schema
    .createIndex("party_changes_one_open")
    .on("party_changes")
    .column("order_id")
    .unique()
    .where(sql.ref("status"), "in", sql`('awaiting_code','waiting')`)
    .execute();
  await db.schema.createIndex("party_changes_due").on("party_changes").columns(["status", "due_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("party_changes").execute();
  await db.schema.alterTable("order_parties").dropColumn("email").execute();
}
