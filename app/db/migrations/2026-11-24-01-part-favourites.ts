import { type Kysely } from "kysely";

// A buyer's favourite parts (issue 18.3), beside their favourite vehicles:
// same rules, removed with the buyer or the part. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("part_favourites")
    .addColumn("customer_id", "integer", (c) => c.notNull().references("customers.id").onDelete("cascade"))
    .addColumn("part_id", "integer", (c) => c.notNull().references("parts.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("part_favourites_pk", ["customer_id", "part_id"])
    .execute();
  await db.schema.createIndex("part_favourites_part_idx").on("part_favourites").column("part_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("part_favourites").execute();
}
