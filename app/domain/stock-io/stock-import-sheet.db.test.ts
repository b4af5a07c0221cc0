import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { csv, en, outcomes, STOCK_STAFF, stockFilesForFile } from "../../../tests/support/stock-files";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { readAuctionSheet, saveAuctionSheet } from "~/domain/proof/auction-sheets.server";
import { readVehicleQuery } from "~/domain/search/filters";
import { searchVehicles } from "~/domain/search/search.server";
import { problemText } from "~/i18n/problem";
import type { ImportView } from "./stock-import.server";
import { parseCsv } from "~/utils/csv";

/*
 * The auction sheet's translation in the stock file (issue 45.5), on both
 * databases: exported in its columns, imported back unchanged without a new
 * version, edited in the file into the next version (through the owner's
 * form's checks, and the lists follow it), and refused row by row with the
 * cell and the reason, nothing of the row written.
 */

const s = stockFilesForFile("stock-import-sheet");
const NOW = new Date("2026-12-03T03:00:00Z");
let made = 0;

async function vehicleWithSheet(ref: string, withSheet = true) {
  made += 1;
  const input = vehicleFactory(createRng(300 + made), made, { refId: ref, auctionGrade: "4" });
  const { id } = await createVehicle(s.db, input, [], { kind: "system", id: null });
  if (!withSheet) return id;
  const data = await sharp({
    create: { width: 40, height: 60, channels: 3, background: { r: made * 30, g: 90, b: 9 } },
  })
    .jpeg()
    .toBuffer();
  const fields = {
    auctionHouse: "USS Nagoya",
    lotNumber: "40123",
    auctionDate: "2026-10-20",
    overallGrade: "4.5",
    exteriorGrade: "B",
    mileageKm: "58000",
    markCode: ["A1", "U2"],
    markPlace: ["front_bumper", "bonnet"],
    flags: ["repaired"],
    notes: "Scratch on the bumper.",
  };
  const saved = await saveAuctionSheet(s.db, s.documents, id, fields, { data, filename: "s.jpg" }, STOCK_STAFF, NOW);
  expect(saved.ok).toBe(true);
  return id;
}

const versions = async (id: number) =>
  Number(
    (
      await s.db
        .selectFrom("auction_sheets")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("vehicle_id", "=", id)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The exported vehicles as rows of cells by header. */
async function exportedRows() {
  const text = await s.exported("vehicle");
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""), ",", { maxRecords: 100, maxCellLength: 10_000 });
  return rows.map((r) => Object.fromEntries(header!.cells.map((h, i) => [h, r.cells[i] ?? ""])));
}

const problems = (view: ImportView, row: number) =>
  view.preview.rows[row]!.problems.map((p) => [p.cell, p.column, problemText(en, p.message)]);

describe("the auction sheet in the stock file", () => {
  it("is exported in its columns, and the same file imported again makes no new version", async () => {
    const id = await vehicleWithSheet("SHEET-RT");
    const row = (await exportedRows()).find((r) => r.ref_id === "SHEET-RT")!;
    expect(row).toMatchObject({
      auction_grade: "4.5",
      exterior_grade: "B",
      sheet_auction_house: "USS Nagoya",
      sheet_lot_number: "40123",
      sheet_auction_date: "2026-10-20",
      sheet_mileage: "58000",
      sheet_flags: "repaired",
      sheet_marks: "A1 front_bumper; U2 bonnet",
      sheet_notes: "Scratch on the bumper.",
    });
    const again = await s.importFile("vehicle", Buffer.from(await s.exported("vehicle"), "utf8"));
    expect(outcomes(again)).toEqual([[2, "SHEET-RT", "unchanged"]]);
    // The same words written otherwise ("58,000", the sheet's Japanese, another order) are no change either,
    // also in a row that changes the price.
    const file = csv([
      "ref_id,price,sheet_auction_house,sheet_mileage,sheet_flags,sheet_marks",
      'SHEET-RT,1234000,USS Nagoya,"58,000",修復歴,"a1 front_bumper;U2 bonnet"',
    ]);
    const respelled = await s.importFile("vehicle", file);
    expect(outcomes(respelled)).toEqual([[2, "SHEET-RT", "update"]]);
    expect(respelled.preview.rows[0]!.changes).toEqual(["price"]);
    expect(await versions(id)).toBe(1);
  });

  it("writes the next version from edited cells, through the form's checks, and the lists follow it", async () => {
    const id = await vehicleWithSheet("SHEET-ED");
    const file = csv([
      "ref_id,auction_grade,sheet_lot_number,sheet_flags,sheet_notes",
      'SHEET-ED,4,40999,"flood; repaired",Water line under the seats.',
    ]);
    const view = await s.importFile("vehicle", file);
    expect(outcomes(view)).toEqual([[2, "SHEET-ED", "update"]]);
    expect(view.preview.rows[0]!.changes).toEqual(["auction_grade", "sheet_lot_number", "sheet_flags", "sheet_notes"]);
    expect(view.result).toMatchObject({ updated: 1, failed: [] });
    const sheet = (await readAuctionSheet(s.db, id))!;
    expect(sheet.version).toBe(2);
    // What the file left out is the current version's: the auction, the date, the marks, the mileage.
    expect(sheet.fields).toMatchObject({
      auctionHouse: "USS Nagoya",
      lotNumber: "40999",
      auctionDate: "2026-10-20",
      overallGrade: "4",
      mileageKm: 58000,
      flags: ["flood", "repaired"],
      marks: [
        { code: "A1", place: "front_bumper" },
        { code: "U2", place: "bonnet" },
      ],
      notes: "Water line under the seats.",
    });
    const hidden = await searchVehicles(
      s.db,
      readVehicleQuery(new URLSearchParams("SheetFlags=hide&Keyword=SHEET-ED")),
    );
    const listed = await searchVehicles(s.db, readVehicleQuery(new URLSearchParams("AuctionSheet=yes&GradeFrom=4")));
    expect(hidden.total).toBe(0);
    expect(listed.items.map((v) => v.refId)).toContain("SHEET-ED");
  });

  it("takes a grade changed in the file as the sheet's next version, so the lists and the sheet agree", async () => {
    const id = await vehicleWithSheet("SHEET-GR");
    const view = await s.importFile("vehicle", csv(["ref_id,auction_grade", "SHEET-GR,R"]));
    expect(outcomes(view)).toEqual([[2, "SHEET-GR", "update"]]);
    const sheet = (await readAuctionSheet(s.db, id))!;
    expect([sheet.version, sheet.fields.overallGrade]).toEqual([2, "R"]);
    const hidden = await searchVehicles(
      s.db,
      readVehicleQuery(new URLSearchParams("SheetFlags=hide&AuctionSheet=yes&Keyword=SHEET-GR")),
    );
    expect(hidden.total).toBe(0);
  });

  it("refuses a row with a bad sheet cell, saying which cell and why, and writes nothing of that row", async () => {
    const id = await vehicleWithSheet("SHEET-BAD");
    const noFile = await vehicleWithSheet("NO-SHEET-FILE", false);
    const stored = () =>
      s.db
        .selectFrom("vehicles")
        .select(["price", "sheet_state", "auction_grade"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const before = await stored();
    // A flag, a damage code and a day the sheet form refuses, each with a price the row would change.
    for (const [column, cell, message] of [
      ["sheet_flags", "smoked", "Choose a term from the list"],
      ["sheet_marks", "Z9 bonnet", 'Mark 1: "Z9" is not a mark of the damage map; choose one from the list.'],
      ["auction_grade", "7", "Choose a valid auction grade from the list"],
    ] as const) {
      const view = await s.importFile("vehicle", csv([`ref_id,price,${column}`, `SHEET-BAD,999000,${cell}`]));
      expect(outcomes(view), cell).toEqual([[2, "SHEET-BAD", "error"]]);
      expect(problems(view, 0), cell).toEqual([["C2", column, message]]);
    }
    const badDay = await s.importFile(
      "vehicle",
      csv(["ref_id,price,sheet_auction_date", "SHEET-BAD,999000,2026-13-40"]),
    );
    expect(problems(badDay, 0).map(([cell, column]) => [cell, column])).toEqual([["C2", "sheet_auction_date"]]);
    // A translation reads a sheet the shop holds: none from a file for a vehicle without its file.
    const without = await s.importFile(
      "vehicle",
      csv([
        "ref_id,auction_grade,sheet_auction_house,sheet_lot_number,sheet_auction_date",
        "NO-SHEET-FILE,4,JU Gifu,777,2026-10-20",
      ]),
    );
    expect(problems(without, 0)).toEqual([
      ["C2", "sheet_auction_house", "Add the auction sheet's file (a photo or PDF) with its first translation."],
    ]);
    // Nothing of those rows: not the price, not a version, not the flag state.
    expect(await versions(id)).toBe(1);
    expect(await versions(noFile)).toBe(0);
    expect(await stored()).toEqual(before);
    expect(before.sheet_state).toBe("flagged");
  });
});
