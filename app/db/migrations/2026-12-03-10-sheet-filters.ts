import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// The public list filters of issue 45.5: "with an auction sheet", "auction
// grade from", "leave out cars the sheet flags". What a vehicle's current
// sheet says is kept on the vehicle (`sheet_state`: none, clear, flagged),
// written where a sheet is saved (auction-sheets.server.ts), so a list reads
// one column, never the sheets' JSON. Filled here from each vehicle's latest
// translation, by the rule of that day: flagged when the sheet marks a
// repair history, flood, fire, or a mileage it cannot vouch for, or grades
// the car R or RA. The indexes hold make and type as the other filters'
// indexes do (2026-11-24-02), so the menus count from them alone, and the
// auction grade, so "with a sheet, grade 4 and above" and the flag filter's
// "not graded R" are read from the index. The ranges' index holds both too
// (same name as before): "leave out flagged cars" matches nearly every car,
// and a year or mileage range with it was counted from the table on both
// databases. Frozen once landed.

const FLAGGED = ["repaired", "flood", "fire", "mileage_unknown", "meter_replaced", "meter_tampered"];
const REPAIRED_GRADES = ["R", "RA"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("vehicles")
    .addColumn("sheet_state", "text", (c) =>
      c
        .notNull()
        .defaultTo("none")
        .check(sql`sheet_state in ('none', 'clear', 'flagged')`),
    )
    .execute();
  const sheets = await db
    .selectFrom("auction_sheets")
    .select(["vehicle_id", "version", "fields"])
    .orderBy("vehicle_id")
    .orderBy("version")
    .execute();
  const latest = new Map<number, string>();
  for (const s of sheets) latest.set(Number(s.vehicle_id), String(s.fields));
  for (const [vehicleId, text] of latest) {
    let fields: { flags?: unknown; overallGrade?: unknown } = {};
    try {
      fields = JSON.parse(text) as typeof fields;
    } catch {
      // Unreadable: the page shows no translation either; the vehicle counts as having none.
      continue;
    }
    const flags = Array.isArray(fields.flags) ? fields.flags : [];
    const flagged =
      flags.some((f) => FLAGGED.includes(String(f))) || REPAIRED_GRADES.includes(String(fields.overallGrade));
    await db
      .updateTable("vehicles")
      .set({ sheet_state: flagged ? "flagged" : "clear" })
      .where("id", "=", vehicleId)
      .execute();
  }
  await db.schema
    .createIndex("vehicles_sheet_menus_idx")
    .on("vehicles")
    .columns(["sheet_state", "auction_grade", "make", "type"])
    .execute();
  await db.schema
    .createIndex("vehicles_grade_menus_idx")
    .on("vehicles")
    .columns(["auction_grade", "make", "type"])
    .execute();
  await ranges(db, true);
}

/** The ranges' index as migration 2026-12-03-05 left it, with the sheet's columns last when `sheet`. */
async function ranges(db: Kysely<any>, sheet: boolean) {
  const postgres = dialectOf(db) === "postgres";
  const more = sheet ? ", sheet_state, auction_grade" : "";
  await db.schema.dropIndex("vehicles_ranges_idx").execute();
  await sql
    .raw(
      `create index vehicles_ranges_idx on vehicles ${postgres ? `(year, price, mileage) include (stock_status${more})` : `(year, price, mileage, stock_status${more})`}`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await ranges(db, false);
  await db.schema.dropIndex("vehicles_grade_menus_idx").execute();
  await db.schema.dropIndex("vehicles_sheet_menus_idx").execute();
  await db.schema.alterTable("vehicles").dropColumn("sheet_state").execute();
}
