import type { Kysely } from "kysely";
import { dialectOf } from "../db.server";

// A vehicle's proof pack (issue 45.4): the code anyone can check at /verify,
// like an invoice's, made when the vehicle's first paper is saved. One per
// vehicle. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  await db.schema
    .createTable("proof_packs")
    .addColumn("id", "integer", id)
    .addColumn("vehicle_id", "integer", (c) => c.notNull().unique().references("vehicles.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("published_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("proof_packs").execute();
}
