import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// Parts that say what they fit (issue 23): the cars each part fits, one row a
// car, in the order the owner wrote them; and the part number as searched,
// letters and digits only in capitals, so "04465-33450", "04465 33450" and
// "0446533450" find the same part. Frozen once landed.

/**
 * The part number as searched, as partNumberKey() (fitment.ts) wrote it when
 * this migration landed; a frozen copy, so the rows it fills stay what this
 * release wrote whatever that function becomes.
 */
const searchKey = (text: string) =>
  text
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]/gu, "")
    .toUpperCase();

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());

  await db.schema
    .createTable("part_fitments")
    .addColumn("id", "integer", id)
    .addColumn("part_id", "integer", (c) => c.notNull().references("parts.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("make", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("model_code", "text")
    .addColumn("year_from", "integer")
    .addColumn("year_to", "integer")
    .addCheckConstraint("part_fitments_years", sql`year_from is null or year_to is null or year_from <= year_to`)
    .execute();
  // A part's cars in order (the part page, the edit form), and the rows a deleted part takes with it.
  await db.schema.createIndex("part_fitments_part_idx").on("part_fitments").columns(["part_id", "position"]).execute();
  // "Fits my car": make and model, whatever their case, find the cars; the
  // years are read from the same entries and the part ids come with them, so
  // the filter never reads the table. The names as written come last, for
  // the menus of makes and models (PostgreSQL wants them to read the index
  // alone, as an index of lower(make) cannot give make back).
  await sql
    .raw(
      sqlite
        ? "create index part_fitments_car_idx on part_fitments (lower(make), lower(model), year_from, year_to, part_id, make, model)"
        : "create index part_fitments_car_idx on part_fitments ((lower(make)), (lower(model)), year_from, year_to) include (part_id, make, model)",
    )
    .execute(db);

  await db.schema.alterTable("parts").addColumn("part_number_key", "text").execute();
  await db.schema.createIndex("parts_part_number_key_idx").on("parts").column("part_number_key").execute();
  // The owner's "Low stock only" list and the dashboard's count of it.
  await db.schema.createIndex("parts_quantity_idx").on("parts").column("quantity").execute();

  const numbered = await db
    .selectFrom("parts")
    .select(["id", "part_number"])
    .where("part_number", "is not", null)
    .execute();
  for (const row of numbered) {
    const key = searchKey(String(row.part_number));
    await db
      .updateTable("parts")
      .set({ part_number_key: key === "" ? null : key })
      .where("id", "=", row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("parts_quantity_idx").execute();
  await db.schema.dropIndex("parts_part_number_key_idx").execute();
  await db.schema.alterTable("parts").dropColumn("part_number_key").execute();
  await db.schema.dropTable("part_fitments").execute();
}
