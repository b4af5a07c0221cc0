import { describe, expect, it } from "vitest";
import { makeZip } from "../../../tests/support/zip";
import { csv, en, outcomes, STOCK_STAFF, stockFilesForFile } from "../../../tests/support/stock-files";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { monthNumber } from "~/domain/inventory/months";
import { problemText } from "~/i18n/problem";
import { shopYear } from "~/i18n/format";
import { confirmImport, getImport, stageImport } from "./stock-import.server";

/*
 * Stock in bulk (issue 23), on both databases: a file is previewed row by row
 * without writing anything, imported in one transaction on the owner's word,
 * changes nothing when imported again, and what a file may leave out.
 */

const s = stockFilesForFile("stock-import");

describe("importing vehicles from a CSV file", () => {
  const header = "ref_id,make,model,year,price,mileage,steering,manufactured,chassis_number,description";

  it("previews every row without writing, then writes the good rows in one go; the same file again changes nothing", async () => {
    const before = await s.vehicleCount();
    const file = csv([
      header,
      'IMP-1,Toyota,Corolla,2019,"1,250,000",45000,Right,2019-03,NZE161-1111111,"Clean, one owner"',
      "IMP-2,honda,fit,2018,980000,,right,,,",
      "IMP-3,Toyota,Corolla,2020,abc,,,,,",
    ]);
    const view = await s.preview("vehicle", file);
    expect(outcomes(view)).toEqual([
      [2, "IMP-1", "new"],
      [3, "IMP-2", "new"],
      [4, "IMP-3", "error"],
    ]);
    expect(view.preview.rows[2]!.problems.map((p) => [p.cell, p.column, problemText(en, p.message)])).toEqual([
      ["E4", "price", "Price must be a whole number of yen (no minus sign)"],
    ]);
    expect(await s.vehicleCount()).toBe(before);

    const confirmed = await confirmImport(s.services(), STOCK_STAFF, view.id);
    expect(confirmed.ok).toBe(true);
    // A second word while it runs starts nothing more.
    expect(await confirmImport(s.services(), STOCK_STAFF, view.id)).toMatchObject({ ok: false, refusal: "conflict" });
    await (confirmed as { run: Promise<void> }).run;
    const done = (await getImport(s.db, view.id))!;
    expect(done.status).toBe("done");
    expect(done.result).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(done.result!.failed.map((f) => f.line)).toEqual([4]);
    const fit = await s.db.selectFrom("vehicles").selectAll().where("ref_id", "=", "IMP-2").executeTakeFirstOrThrow();
    // Choices are read whatever their case and kept as the lists spell them.
    expect([fit.make, fit.model, fit.steering, fit.name]).toEqual(["Honda", "Fit", "Right", "2018 Honda Fit"]);
    const corolla = await s.db
      .selectFrom("vehicles")
      .selectAll()
      .where("ref_id", "=", "IMP-1")
      .executeTakeFirstOrThrow();
    expect([corolla.price, corolla.manufactured_month, corolla.chassis_number, corolla.description]).toEqual([
      1_250_000,
      monthNumber(2019, 3),
      "NZE161-1111111",
      "Clean, one owner",
    ]);

    const again = await s.importFile("vehicle", file);
    expect(outcomes(again)).toEqual([
      [2, "IMP-1", "unchanged"],
      [3, "IMP-2", "unchanged"],
      [4, "IMP-3", "error"],
    ]);
    expect(again.result).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await s.vehicleCount()).toBe(before + 2);
  });

  it("updates only the columns the file gives, says which change, and finds a vehicle by its chassis number", async () => {
    const view = await s.importFile(
      "vehicle",
      csv([
        "ref_id,chassis_number,make,model,year,price",
        "IMP-1,,Toyota,Corolla,2019,1200000",
        ",NZE161-1111111,Toyota,Corolla,2019,1200000",
      ]),
    );
    // The second row names the same vehicle by its chassis number: the file lists it twice.
    expect(outcomes(view)).toEqual([
      [2, "IMP-1", "update"],
      [3, "IMP-1", "error"],
    ]);
    expect(view.preview.rows[1]!.problems.map((p) => [p.cell, problemText(en, p.message)])).toEqual([
      ["B3", "Ref id IMP-1 is also on line 2: each listing once per file."],
    ]);
    expect(view.preview.rows[0]!.changes).toEqual(["price", "chassis_number"]);
    const corolla = await s.db
      .selectFrom("vehicles")
      .selectAll()
      .where("ref_id", "=", "IMP-1")
      .executeTakeFirstOrThrow();
    // Mileage and the description were not in the file: they stay. The price cut is news for saved searches.
    expect([corolla.price, corolla.previous_price, corolla.mileage, corolla.description]).toEqual([
      1_200_000,
      1_250_000,
      45000,
      "Clean, one owner",
    ]);
  });

  it("names each mistake by its cell: a year of 1850, a duplicate ref id, a taken chassis number, a row without identity", async () => {
    await createVehicle(
      s.db,
      {
        make: "Toyota",
        model: "Hiace",
        type: null,
        subType: null,
        year: 2017,
        price: 2_000_000,
        mileage: null,
        engineCc: null,
        color: null,
        fuel: null,
        transmission: null,
        drive: null,
        seats: null,
        doors: null,
        steering: null,
        exteriorGrade: null,
        interiorGrade: null,
        description: "",
        stockStatus: "available",
        refId: "HELD-1",
        chassisNumber: "KDH200-2222222",
      },
      [],
      { kind: "system", id: null },
    );
    const view = await s.preview(
      "vehicle",
      csv([
        "ref_id;make;model;year;price;chassis_number",
        "BAD-1;Toyota;Corolla;1850;900000;",
        "BAD-2;Toyota;Corolla;2019;900000;",
        "BAD-2;Toyota;Corolla;2019;900000;",
        "BAD-3;Toyota;Corolla;2019;900000;kdh200-2222222",
        ";Toyota;Corolla;2019;900000;",
        "BAD-4;Toyota;Cressida;2019;900000;",
      ]),
    );
    const problems = view.preview.rows.map((r) => [
      r.line,
      r.problems.map((p) => `${p.cell} ${problemText(en, p.message)}`),
    ]);
    expect(problems).toEqual([
      [2, [`D2 Year must be from 1980 to ${shopYear(new Date())}`]],
      [3, []],
      [4, ["A4 Ref id BAD-2 is also on line 3: each listing once per file."]],
      [5, ["F5 This chassis number is already listed on HELD-1."]],
      [6, ["A6 Give the row a ref id or a chassis number, so a second import updates it instead of listing it twice."]],
      [7, ["C7 Choose a Toyota model from the list"]],
    ]);
  });

  it("refuses a file it cannot read as a whole, with a message and nothing kept", async () => {
    const refused = async (data: Buffer, kind: "vehicle" | "part" = "vehicle") => {
      const staged = await stageImport(s.services(), STOCK_STAFF, kind, { name: "x.csv", data }, null);
      return staged.ok ? "staged" : problemText(en, staged.problem);
    };
    const before = await s.db
      .selectFrom("stock_imports")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(await refused(makeZip([{ path: "xl/workbook.xml", data: Buffer.from("<x/>") }]))).toMatch(/Excel workbook/);
    expect(await refused(Buffer.from("\uFEFFref_id,make", "utf16le"))).toMatch(/UTF-16/);
    expect(
      await refused(
        Buffer.concat([
          Buffer.from("ref_id,make,model,year,price\nV-1,"),
          Buffer.from([0x83, 0x67, 0x83, 0x88]),
          Buffer.from(",x,2019,1\n"),
        ]),
      ),
    ).toMatch(/not saved as UTF-8 \(line 2/);
    expect(await refused(Buffer.from(""))).toMatch(/empty/);
    expect(await refused(csv(["ref_id,name,price"]))).toMatch(/no rows/);
    expect(await refused(csv(["name,colour", "x,y"]))).toMatch(/needs a ref_id or chassis_number column/);
    expect(await refused(csv(["name,price", "x,1"]), "part")).toMatch(/needs a ref_id column/);
    expect(await refused(csv(["ref_id,make,model,year,price,milage,mileage", "V,a,b,2019,1,2,3"]))).toMatch(
      /Columns F \(milage\) and G \(mileage\) give the same field/,
    );
    expect(await refused(csv(["make,model,year,price", "Toyota,Corolla,2019,1"]))).toMatch(
      /needs a ref_id or chassis_number column/,
    );
    const many = [
      "ref_id,make,model,year,price",
      ...Array.from({ length: 50_000 }, (_, i) => `R-${i},Toyota,Corolla,2019,1`),
    ];
    expect(await refused(csv(many))).toMatch(/more than 10,000 rows/);
    expect(await refused(csv(["ref_id,make,model,year,price", 'V-1,Toyota,"Corolla,2019,1']))).toMatch(/never closed/);
    const after = await s.db
      .selectFrom("stock_imports")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("reads SPEC's old column names, a byte-order mark and semicolons, as Excel saves them", async () => {
    const view = await s.preview(
      "vehicle",
      Buffer.from(
        '\uFEFFref_id;Make;Model;year;price;milage;e_capacity;wheel;ExteriorCond;desc;images;createdAt\r\nOLD-1;Toyota;Corolla;2018;900000;61000;1500;Left;b;"Good; clean";https://x/a.jpg;2026-01-01\r\n',
        "utf8",
      ),
    );
    expect(outcomes(view)).toEqual([[2, "OLD-1", "new"]]);
    expect(view.preview.shopColumns).toEqual(["images", "createdAt"]);
    expect(view.preview.unknownColumns).toEqual([]);
  });
});

describe("what a file may leave out or write its own way", () => {
  it("a list of ref ids and prices updates prices only; a new listing's row says what it lacks", async () => {
    const view = await s.importFile("vehicle", csv(["ref_id,price", "IMP-2,975000", "NEW-9,500000"]));
    expect(outcomes(view)).toEqual([
      [2, "IMP-2", "update"],
      [3, "NEW-9", "error"],
    ]);
    expect(view.preview.rows[0]!.changes).toEqual(["price"]);
    expect(view.preview.rows[1]!.problems.map((p) => [p.cell, p.column])).toEqual([
      [null, "make"],
      [null, "model"],
      [null, "year"],
    ]);
    const fit = await s.db.selectFrom("vehicles").selectAll().where("ref_id", "=", "IMP-2").executeTakeFirstOrThrow();
    expect([fit.price, fit.make, fit.model, fit.steering]).toEqual([975_000, "Honda", "Fit", "Right"]);
  });

  it("finds a listing by its ref id in any case, reads a model before its make, and line ends as any program writes them", async () => {
    await s.importFile(
      "vehicle",
      csv(["ref_id,make,model,year,price,description", 'CASE-1,Toyota,Corolla,2019,1,"one\ntwo"']),
    );
    const view = await s.preview(
      "vehicle",
      Buffer.from('model,make,ref_id,year,price,description\r\ncorolla,toyota,case-1,2019,1,"one\r\ntwo"\r\n'),
    );
    expect(outcomes(view)).toEqual([[2, "CASE-1", "unchanged"]]);
  });
});

describe("a listing changed between the preview and the owner's word", () => {
  it("is left out, not written over", async () => {
    const view = await s.preview("vehicle", csv(["ref_id,price", "IMP-2,960000", "CASE-1,2"]));
    expect(outcomes(view)).toEqual([
      [2, "IMP-2", "update"],
      [3, "CASE-1", "update"],
    ]);
    // A deal reserves IMP-2 meanwhile.
    await s.db.updateTable("vehicles").set({ stock_status: "reserved" }).where("ref_id", "=", "IMP-2").execute();
    const confirmed = await confirmImport(s.services(), STOCK_STAFF, view.id);
    await (confirmed as { run: Promise<void> }).run;
    const done = (await getImport(s.db, view.id))!;
    expect(done.result).toMatchObject({ updated: 1 });
    expect(done.result!.failed.map((f) => [f.line, problemText(en, f.problems[0]!.message)])).toEqual([
      [2, expect.stringMatching(/^This listing was changed after the preview/)],
    ]);
    const held = await s.db.selectFrom("vehicles").selectAll().where("ref_id", "=", "IMP-2").executeTakeFirstOrThrow();
    expect([held.price, held.stock_status]).toEqual([975_000, "reserved"]);
  });
});
