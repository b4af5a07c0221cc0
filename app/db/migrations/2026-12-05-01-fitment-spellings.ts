import { type Kysely, sql } from "kysely";

// "Fits my car" on the parts list offers each make and model the parts name
// (fitmentCars in parts.server.ts). Reading them as distinct pairs went through
// every car the parts fit: 22 to 94 ms a list page at 100,000 parts (145,661
// cars). With the cars' exact spellings in an index, each pair is one step
// from the last (0.2 to 0.4 ms for 34 pairs). Both databases. Frozen once
// landed.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index part_fitments_spelling_idx on part_fitments (make, model)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index part_fitments_spelling_idx`.execute(db);
}
