import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { STOCK_STAFF, stockFilesForFile } from "../../../tests/support/stock-files";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { migrateToLatest, migratorFor } from "~/db/migrate.server";
import { canonicalVehicleQuery } from "~/domain/alerts/saved-searches";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { saveAuctionSheet } from "~/domain/proof/auction-sheets.server";
import { readVehicleQuery } from "./filters";
import { menuCounts, waysOut } from "./menu-counts.server";
import { searchVehicles } from "./search.server";

/*
 * The vehicle list by what the auction sheet says (issue 45.5), on SQLite and
 * PostgreSQL: "with the sheet", "grade 4 or better", "leave out cars the sheet
 * flags". The sheets are saved as the owner saves them, so the lists read
 * what the save wrote on the vehicle; a later version that flags the car
 * takes it out.
 */

const s = stockFilesForFile("sheet-filters");
const NOW = new Date("2026-12-03T03:00:00Z");
let sheetsSaved = false;

async function sheetPhoto(hue: number) {
  const data = await sharp({ create: { width: 40, height: 60, channels: 3, background: { r: hue, g: 180, b: 200 } } })
    .jpeg()
    .toBuffer();
  return { data, filename: "sheet.jpg" };
}

/** The stock: ref id, the vehicle's own grade, and the sheet's grade and flags when it has one. */
const STOCK: { ref: string; grade: string | null; sheet?: { grade: string; flags: string[] } }[] = [
  { ref: "CLEAN-45", grade: "4", sheet: { grade: "4.5", flags: [] } },
  { ref: "REPAIRED-4", grade: "4", sheet: { grade: "4", flags: ["repaired"] } },
  { ref: "HAIL-35", grade: "3.5", sheet: { grade: "3.5", flags: ["hail", "ex_rental"] } },
  { ref: "GRADE-R", grade: "R", sheet: { grade: "R", flags: [] } },
  { ref: "METER-5", grade: "5", sheet: { grade: "5", flags: ["meter_replaced"] } },
  { ref: "NOSHEET-45", grade: "4.5" },
  { ref: "NOSHEET-R", grade: "R" },
  { ref: "NOSHEET-NONE", grade: null },
  // Saved clear, then again with a flood (below): the list follows the current version.
  { ref: "FLOOD-LATER", grade: "5", sheet: { grade: "5", flags: [] } },
];

async function stock() {
  if (sheetsSaved) return;
  sheetsSaved = true;
  for (const [i, v] of STOCK.entries()) {
    const input = vehicleFactory(createRng(900 + i), i, { refId: v.ref, auctionGrade: v.grade });
    const { id } = await createVehicle(s.db, input, [], { kind: "system", id: null });
    if (!v.sheet) continue;
    const fields = {
      auctionHouse: "USS Tokyo",
      lotNumber: String(30_000 + i),
      auctionDate: "2026-10-14",
      overallGrade: v.sheet.grade,
      flags: v.sheet.flags,
    };
    const saved = await saveAuctionSheet(s.db, s.documents, id, fields, await sheetPhoto(i * 20), STOCK_STAFF, NOW);
    expect(saved.ok, v.ref).toBe(true);
    if (v.ref === "FLOOD-LATER") {
      const again = await saveAuctionSheet(
        s.db,
        s.documents,
        id,
        { ...fields, flags: ["flood"] },
        null,
        STOCK_STAFF,
        NOW,
      );
      expect(again.ok).toBe(true);
    }
  }
}

const refs = async (qs: string) => {
  await stock();
  const found = await searchVehicles(s.db, { ...readVehicleQuery(new URLSearchParams(qs)), perPage: 100 });
  return { total: found.total, refs: found.items.map((v) => v.refId).sort() };
};
const sorted = (...r: string[]) => ({ total: r.length, refs: [...r].sort() });

describe("the vehicle list by auction sheet", () => {
  it("'with the sheet' shows the vehicles with a current translation, and no other", async () => {
    expect(await refs("AuctionSheet=yes")).toEqual(
      sorted("CLEAN-45", "REPAIRED-4", "HAIL-35", "GRADE-R", "METER-5", "FLOOD-LATER"),
    );
    expect(await refs("")).toMatchObject({ total: STOCK.length });
  });

  it("a grade floor keeps that grade and better, in the sheets' order, and never R or RA", async () => {
    expect(await refs("GradeFrom=4.5")).toEqual(sorted("CLEAN-45", "METER-5", "NOSHEET-45", "FLOOD-LATER"));
    expect(await refs("GradeFrom=4")).toEqual(sorted("CLEAN-45", "REPAIRED-4", "METER-5", "NOSHEET-45", "FLOOD-LATER"));
    // "1 or better" is every graded car but the repaired grades.
    expect((await refs("GradeFrom=1")).refs).not.toContain("GRADE-R");
    expect((await refs("GradeFrom=1")).total).toBe(6);
  });

  it("leaving out flagged cars drops repair history, a doubtful meter, flood and grade R, keeps hail and cars without a sheet", async () => {
    expect(await refs("SheetFlags=hide")).toEqual(sorted("CLEAN-45", "HAIL-35", "NOSHEET-45", "NOSHEET-NONE"));
    // All three together: a sheet, 4 or better, nothing flagged.
    expect(await refs("AuctionSheet=yes&GradeFrom=4&SheetFlags=hide")).toEqual(sorted("CLEAN-45"));
  });

  it("counts the menus and offers the ways out under these filters as under any other", async () => {
    await stock();
    const { filters } = readVehicleQuery(new URLSearchParams("AuctionSheet=yes"));
    const counts = await menuCounts(s.db, "vehicles", filters);
    expect(Object.values(counts.makes!).reduce((a, b) => a + b, 0)).toBe(6);
    // Nothing graded S with a sheet: dropping the grade shows the six with a sheet.
    const empty = readVehicleQuery(new URLSearchParams("AuctionSheet=yes&GradeFrom=S")).filters;
    expect(await refs("AuctionSheet=yes&GradeFrom=S")).toEqual(sorted());
    expect(await waysOut(s.db, "vehicles", empty)).toEqual([{ drop: "GradeFrom", total: 6, more: false }]);
  });

  it("reads the filters from an address as links write them, and saves them in one form", () => {
    expect(readVehicleQuery(new URLSearchParams("AuctionSheet=1&GradeFrom=4.5&SheetFlags=yes")).filters).toEqual({
      AuctionSheet: "yes",
      GradeFrom: "4.5",
      SheetFlags: "hide",
    });
    // Not a floor of the scale (R, RA, 7, words): ignored, as any value a list cannot read.
    for (const bad of ["R", "RA", "7", "good", ""])
      expect(readVehicleQuery(new URLSearchParams({ GradeFrom: bad })).filters, bad).toEqual({});
    expect(readVehicleQuery(new URLSearchParams("AuctionSheet=no&SheetFlags=show")).filters).toEqual({});
    expect(canonicalVehicleQuery("SheetFlags=on&gradefrom=4&GradeFrom=s&AuctionSheet=TRUE&Make=Toyota")).toBe(
      "Make=Toyota&AuctionSheet=yes&GradeFrom=S&SheetFlags=hide",
    );
  });

  it("the migration fills the column from each vehicle's latest translation, as the saves would have", async () => {
    await stock();
    const before = await s.db.selectFrom("vehicles").select(["ref_id", "sheet_state"]).orderBy("ref_id").execute();
    expect(new Set(before.map((v) => v.sheet_state))).toEqual(new Set(["none", "clear", "flagged"]));
    // Back to before it (with whatever came after), and forward again.
    const back = await (await migratorFor(s.db)).migrateTo("2026-12-03-09-order-photos");
    expect(back.error).toBeUndefined();
    expect(back.results?.map((r) => r.migrationName)).toContain("2026-12-03-10-sheet-filters");
    expect(await migrateToLatest(s.db)).toContain("2026-12-03-10-sheet-filters");
    expect(await s.db.selectFrom("vehicles").select(["ref_id", "sheet_state"]).orderBy("ref_id").execute()).toEqual(
      before,
    );
  });
});
