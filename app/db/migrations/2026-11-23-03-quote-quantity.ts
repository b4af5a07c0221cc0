import { type Kysely } from "kysely";

// How many of a part a buyer asks about (issue 18.3): kept with the quote and
// shown to the owner. Null for vehicles and for quotes made before. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("quotes").addColumn("quantity", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("quotes").dropColumn("quantity").execute();
}
