import { type Kysely } from "kysely";

// An offer sent for a destination whose import rule refuses the vehicle
// (issue 40): the owner must say so and why, and the buyer then confirms they
// have read the warning before accepting. Offers made before are 0 and null.
// Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("offers")
    .addColumn("import_override", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("offers").addColumn("import_override_reason", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("offers").dropColumn("import_override_reason").execute();
  await db.schema.alterTable("offers").dropColumn("import_override").execute();
}
