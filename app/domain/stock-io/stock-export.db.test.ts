import { describe, expect, it } from "vitest";
import { csv, en, outcomes, stockFilesForFile } from "../../../tests/support/stock-files";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { monthNumber } from "~/domain/inventory/months";
import { problemText } from "~/i18n/problem";
import { parseCsv } from "~/utils/csv";

/*
 * The stock export (issue 23), on both databases: it imports back as
 * unchanged whole, vehicles and parts with the cars they fit.
 */

const s = stockFilesForFile("stock-export");

describe("the export", () => {
  it("imports back as unchanged, whatever the text holds", async () => {
    await createVehicle(
      s.db,
      {
        make: "Nissan",
        model: "Note",
        type: "Wagon",
        subType: "Standard Wagon",
        year: 2016,
        price: 540_000,
        mileage: 88_000,
        engineCc: 1200,
        color: "Pearl White",
        fuel: "petrol",
        transmission: "automatic",
        drive: "2WD",
        seats: "5",
        doors: 5,
        steering: "Right",
        exteriorGrade: "B",
        interiorGrade: "A",
        refId: "RT-1",
        name: '=HYPERLINK("x") Note; "special"',
        description: "Line one\nline two, with commas; and semicolons\n-5 and +94 and @home\nසුනිල් 王伟",
        stockStatus: "reserved",
        manufactured: monthNumber(2015, 12),
        registered: monthNumber(2016, 2),
        chassisNumber: "E12-3333333",
        modelCode: "DBA-E12",
        auctionGrade: "4.5",
      },
      [],
      { kind: "system", id: null },
    );
    const text = await s.exported("vehicle");
    expect(text.startsWith('\uFEFF"ref_id","name","make","model"')).toBe(true);
    const view = await s.importFile("vehicle", Buffer.from(text, "utf8"));
    expect(view.preview.counts).toMatchObject({ new: 0, update: 0, error: 0 });
    expect(view.preview.counts.unchanged).toBe(await s.vehicleCount());

    // One price edited in the spreadsheet: one update, of the price only.
    const records = parseCsv(text, ",", { maxRecords: 1000, maxCellLength: 10_000 });
    const priceAt = records[0]!.cells.indexOf("price");
    const edited = records.map((r, i) =>
      r.cells.map((c, j) => (i > 0 && r.cells[0] === "RT-1" && j === priceAt ? "500000" : c)),
    );
    const back = edited.map((cells) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(",")).join("\r\n");
    const update = await s.importFile("vehicle", Buffer.from(back, "utf8"));
    expect(update.preview.rows.filter((r) => r.outcome !== "unchanged").map((r) => [r.refId, r.changes])).toEqual([
      ["RT-1", ["price"]],
    ]);
  });
});

describe("parts, with the cars they fit", () => {
  const header = "ref_id,name,part_number,make,model,type,sub_type,price,quantity,condition,fits";

  it("import the cars a part fits, export them in the same words, and read back unchanged; an edited list is an update of fits", async () => {
    const file = csv([
      header,
      'PT-1,Brake pads,04465-33450,Toyota,Corolla,Suspension,Wheel Hub,12000,24,new,"Toyota / Camry / ACV40 / 2006-2011; Toyota / Corolla"',
      "PT-2,Alternator,27060-0T010,Toyota,Prius,Electrical,Alternator,38000,3,Used,",
    ]);
    const first = await s.importFile("part", file);
    expect(outcomes(first)).toEqual([
      [2, "PT-1", "new"],
      [3, "PT-2", "new"],
    ]);
    const pads = await s.db.selectFrom("parts").selectAll().where("ref_id", "=", "PT-1").executeTakeFirstOrThrow();
    expect([pads.condition, pads.quantity]).toEqual(["New", 24]);
    const fits = await s.db
      .selectFrom("part_fitments")
      .select(["make", "model", "model_code", "year_from", "year_to"])
      .where("part_id", "=", pads.id)
      .orderBy("position")
      .execute();
    expect(fits).toEqual([
      { make: "Toyota", model: "Camry", model_code: "ACV40", year_from: 2006, year_to: 2011 },
      { make: "Toyota", model: "Corolla", model_code: null, year_from: null, year_to: null },
    ]);

    const text = await s.exported("part");
    expect(text).toContain('"Toyota / Camry / ACV40 / 2006-2011; Toyota / Corolla"');
    const back = await s.importFile("part", Buffer.from(text, "utf8"));
    expect(back.preview.counts).toMatchObject({ new: 0, update: 0, error: 0 });

    const edited = await s.importFile("part", csv(["ref_id,fits", "PT-1,Toyota / Camry / ACV40 / 2006-2012"]));
    expect(edited.preview.rows.map((r) => [r.outcome, r.changes])).toEqual([["update", ["fits"]]]);
    const bad = await s.preview("part", csv(["ref_id,fits", "PT-2,Toyota Corolla 2012"]));
    expect(bad.preview.rows[0]!.problems.map((p) => [p.cell, problemText(en, p.message)])).toEqual([
      ["B2", expect.stringMatching(/^Car 1 \(Toyota Corolla 2012\): write it as Make \/ Model/)],
    ]);
  });
});
