import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// "Find one for me" (issue 18.2): a buyer whose search found nothing tells the
// owner what to look for: make, model, years, budget, destination and how to
// reach them. Kept beside the quotes, numbered like them, and answered the
// same way (status pending, responded, closed). Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema
    .createTable("find_requests")
    .addColumn("id", "integer", id)
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sqlCheck("kind in ('vehicle','part')")))
    .addColumn("make", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("year_from", "integer")
    .addColumn("year_to", "integer")
    .addColumn("budget", "integer")
    .addColumn("destination", "text", (c) => c.notNull())
    .addColumn("customer_id", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sqlCheck("status in ('pending','responded','closed')")),
    )
    .addColumn("submission_key", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("find_requests_created_idx").on("find_requests").column("created_at").execute();
}

const sqlCheck = (condition: string) => sql.raw(condition);

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("find_requests").ifExists().execute();
}
