import type { Kysely } from "kysely";

// The pre-shipment inspection a destination requires (Kenya's QISJ, Tanzania's
// and Sri Lanka's JEVIC or JAAI), as a fee per port in whole yen, added to the
// total to that port as the big exporters do (issue 43.3). Null: none required
// or not known. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("freight_ports").addColumn("inspection", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("freight_ports").dropColumn("inspection").execute();
}
