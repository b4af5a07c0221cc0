import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { makeZip } from "../../../tests/support/zip";
import { dialectOf } from "~/db/db.server";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/sale/document-store.server";
import { monthNumber } from "~/domain/inventory/months";
import { problemText } from "~/i18n/problem";
import { serverT } from "~/i18n/request.server";
import { parseCsv } from "~/utils/csv";
import { shopYear } from "~/i18n/format";
import { stockCsvLines } from "./stock-export.server";
import { confirmImport, getImport, stageImport, type ImportView } from "./stock-import.server";

/*
 * Stock in bulk (issue 23), on both databases: a file is previewed row by row
 * without writing anything, imported in one transaction on the owner's word,
 * changes nothing when imported again, and the export reads back as
 * "unchanged" whole.
 */

let t: TestDb;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "stock-import-"));
const media = new MediaStore(localDriver(path.join(root, "media")));
const documents = new DocumentStore(localDriver(path.join(root, "documents")));
const staff = { id: 1, adminId: "owner" };
const services = () => ({ db: t.db, media, documents });
const en = serverT("en", "admin");

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

const csv = (lines: string[]) => Buffer.from(lines.join("\r\n") + "\r\n", "utf8");
const photo = (hue: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 80, b: 120 } } })
    .jpeg()
    .toBuffer();

async function preview(kind: "vehicle" | "part", file: Buffer, zip: Buffer | null = null): Promise<ImportView> {
  const staged = await stageImport(
    services(),
    staff,
    kind,
    { name: "stock.csv", data: file },
    zip && { name: "photos.zip", data: zip },
  );
  if (!staged.ok) throw new Error(`refused: ${problemText(en, staged.problem)}`);
  return (await getImport(t.db, staged.id))!;
}

async function importFile(kind: "vehicle" | "part", file: Buffer, zip: Buffer | null = null): Promise<ImportView> {
  const view = await preview(kind, file, zip);
  const confirmed = await confirmImport(services(), staff, view.id);
  if (!confirmed.ok) throw new Error("not confirmed");
  await confirmed.run;
  return (await getImport(t.db, view.id))!;
}

const outcomes = (view: ImportView) => view.preview.rows.map((r) => [r.line, r.refId, r.outcome]);
const vehicleCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("vehicles")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const filesIn = (dir: string): number =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile()).length
    : 0;

async function exported(kind: "vehicle" | "part"): Promise<string> {
  let text = "";
  for await (const chunk of stockCsvLines(t.db, kind)) text += chunk;
  return text;
}

describe("importing vehicles from a CSV file", () => {
  const header = "ref_id,make,model,year,price,mileage,steering,manufactured,chassis_number,description";

  it("previews every row without writing, then writes the good rows in one go; the same file again changes nothing", async () => {
    const before = await vehicleCount();
    const file = csv([
      header,
      'IMP-1,Toyota,Corolla,2019,"1,250,000",45000,Right,2019-03,NZE161-1111111,"Clean, one owner"',
      "IMP-2,honda,fit,2018,980000,,right,,,",
      "IMP-3,Toyota,Corolla,2020,abc,,,,,",
    ]);
    const view = await preview("vehicle", file);
    expect(outcomes(view)).toEqual([
      [2, "IMP-1", "new"],
      [3, "IMP-2", "new"],
      [4, "IMP-3", "error"],
    ]);
    expect(view.preview.rows[2]!.problems.map((p) => [p.cell, p.column, problemText(en, p.message)])).toEqual([
      ["E4", "price", "Price must be a whole number of yen (no minus sign)"],
    ]);
    expect(await vehicleCount()).toBe(before);

    const confirmed = await confirmImport(services(), staff, view.id);
    expect(confirmed.ok).toBe(true);
    // A second word while it runs starts nothing more.
    expect(await confirmImport(services(), staff, view.id)).toMatchObject({ ok: false, status: 409 });
    await (confirmed as { run: Promise<void> }).run;
    const done = (await getImport(t.db, view.id))!;
    expect(done.status).toBe("done");
    expect(done.result).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(done.result!.failed.map((f) => f.line)).toEqual([4]);
    const fit = await t.db.selectFrom("vehicles").selectAll().where("ref_id", "=", "IMP-2").executeTakeFirstOrThrow();
    // Choices are read whatever their case and kept as the lists spell them.
    expect([fit.make, fit.model, fit.steering, fit.name]).toEqual(["Honda", "Fit", "Right", "2018 Honda Fit"]);
    const corolla = await t.db
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

    const again = await importFile("vehicle", file);
    expect(outcomes(again)).toEqual([
      [2, "IMP-1", "unchanged"],
      [3, "IMP-2", "unchanged"],
      [4, "IMP-3", "error"],
    ]);
    expect(again.result).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await vehicleCount()).toBe(before + 2);
  });

  it("updates only the columns the file gives, says which change, and finds a vehicle by its chassis number", async () => {
    const view = await importFile(
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
    const corolla = await t.db
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
      t.db,
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
    const view = await preview(
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
      const staged = await stageImport(services(), staff, kind, { name: "x.csv", data }, null);
      return staged.ok ? "staged" : problemText(en, staged.problem);
    };
    const before = await t.db
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
    const after = await t.db
      .selectFrom("stock_imports")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("reads SPEC's old column names, a byte-order mark and semicolons, as Excel saves them", async () => {
    const view = await preview(
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
    const view = await importFile("vehicle", csv(["ref_id,price", "IMP-2,975000", "NEW-9,500000"]));
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
    const fit = await t.db.selectFrom("vehicles").selectAll().where("ref_id", "=", "IMP-2").executeTakeFirstOrThrow();
    expect([fit.price, fit.make, fit.model, fit.steering]).toEqual([975_000, "Honda", "Fit", "Right"]);
  });

  it("finds a listing by its ref id in any case, reads a model before its make, and line ends as any program writes them", async () => {
    await importFile(
      "vehicle",
      csv(["ref_id,make,model,year,price,description", 'CASE-1,Toyota,Corolla,2019,1,"one\ntwo"']),
    );
    const view = await preview(
      "vehicle",
      Buffer.from('model,make,ref_id,year,price,description\r\ncorolla,toyota,case-1,2019,1,"one\r\ntwo"\r\n'),
    );
    expect(outcomes(view)).toEqual([[2, "CASE-1", "unchanged"]]);
  });
});

describe("a listing changed between the preview and the owner's word", () => {
  it("is left out, not written over", async () => {
    const view = await preview("vehicle", csv(["ref_id,price", "IMP-2,960000", "CASE-1,2"]));
    expect(outcomes(view)).toEqual([
      [2, "IMP-2", "update"],
      [3, "CASE-1", "update"],
    ]);
    // A deal reserves IMP-2 meanwhile.
    await t.db.updateTable("vehicles").set({ stock_status: "reserved" }).where("ref_id", "=", "IMP-2").execute();
    const confirmed = await confirmImport(services(), staff, view.id);
    await (confirmed as { run: Promise<void> }).run;
    const done = (await getImport(t.db, view.id))!;
    expect(done.result).toMatchObject({ updated: 1 });
    expect(done.result!.failed.map((f) => [f.line, problemText(en, f.problems[0]!.message)])).toEqual([
      [2, expect.stringMatching(/^This listing was changed after the preview/)],
    ]);
    const held = await t.db.selectFrom("vehicles").selectAll().where("ref_id", "=", "IMP-2").executeTakeFirstOrThrow();
    expect([held.price, held.stock_status]).toEqual([975_000, "reserved"]);
  });
});

describe("photos in a ZIP beside the file", () => {
  it("are matched by ref id and number, stored through the image pipeline, and the same ZIP again stores nothing", async () => {
    const [a, b, c] = await Promise.all([photo(10), photo(120), photo(240)]);
    const file = csv([
      "ref_id,make,model,year,price",
      "PIC-1,Toyota,Corolla,2019,900000",
      "PIC-2,Honda,Fit,2018,800000",
    ]);
    const zip = makeZip([
      { path: "photos/PIC-1_2.jpg", data: b! },
      { path: "photos/pic-1_1.jpg", data: a! },
      { path: "PIC-2_1.jpg", data: c! },
      { path: "__MACOSX/._PIC-2_1.jpg", data: Buffer.from("x") },
      { path: "notes.txt", data: Buffer.from("hello") },
      { path: "GONE-9_1.jpg", data: a! },
    ]);
    const first = await importFile("vehicle", file, zip);
    expect(first.preview.rows.map((r) => r.photos)).toEqual([2, 1]);
    expect(first.preview.photosWithoutRow).toEqual(["GONE-9"]);
    expect(first.preview.photosUnnamed).toEqual(["notes.txt"]);
    expect(first.result).toMatchObject({ created: 2, photos: 3 });
    const images = await t.db
      .selectFrom("vehicle_images")
      .innerJoin("vehicles", "vehicles.id", "vehicle_images.vehicle_id")
      .select(["vehicles.ref_id", "vehicle_images.position", "vehicle_images.width"])
      .where("vehicles.ref_id", "like", "PIC-%")
      .orderBy("vehicles.ref_id")
      .orderBy("position")
      .execute();
    expect(images.map((i) => [i.ref_id, i.position, i.width])).toEqual([
      ["PIC-1", 0, 640],
      ["PIC-1", 1, 640],
      ["PIC-2", 0, 640],
    ]);
    const stored = filesIn(path.join(root, "media"));
    expect(stored).toBeGreaterThan(0);
    // The staged ZIP is gone once the import has run.
    expect(filesIn(path.join(root, "documents"))).toBe(0);

    const again = await importFile("vehicle", file, zip);
    expect(outcomes(again)).toEqual([
      [2, "PIC-1", "unchanged"],
      [3, "PIC-2", "unchanged"],
    ]);
    expect(filesIn(path.join(root, "media"))).toBe(stored);

    // Other photos for one listing replace its own; the old files leave the storage.
    const swapped = await importFile("vehicle", file, makeZip([{ path: "PIC-2_1.jpg", data: a! }]));
    expect(swapped.preview.rows.map((r) => [r.outcome, r.changes])).toEqual([
      ["unchanged", []],
      ["update", ["photos"]],
    ]);
    expect(filesIn(path.join(root, "media"))).toBe(stored);
  });

  it("refuses a ZIP that climbs out of its folder, and a photo that is not an image, by name", async () => {
    const file = csv(["ref_id,make,model,year,price", "PIC-3,Toyota,Corolla,2019,900000"]);
    const staged = await stageImport(
      services(),
      staff,
      "vehicle",
      { name: "s.csv", data: file },
      { name: "p.zip", data: makeZip([{ path: "../../x.jpg", data: Buffer.from("x") }]) },
    );
    expect(staged.ok ? null : [staged.field, problemText(en, staged.problem)]).toEqual([
      "photos",
      "The ZIP holds a file whose path leaves its folder (../../x.jpg), so it was not read. Make the ZIP again from the photos' folder.",
    ]);
    const view = await preview(
      "vehicle",
      file,
      makeZip([{ path: "PIC-3_1.jpg", data: Buffer.from("<svg onload=alert(1)>") }]),
    );
    expect(view.preview.rows.map((r) => [r.outcome, r.problems.map((p) => problemText(en, p.message))])).toEqual([
      ["error", [expect.stringMatching(/^PIC-3_1\.jpg: /)]],
    ]);
  });
});

describe("a failure while writing", () => {
  it("leaves nothing written and no photo stored", async () => {
    const db = t.db;
    const message = "the database failed on purpose";
    if (dialectOf(db) === "sqlite")
      await sql
        .raw(
          `CREATE TRIGGER import_fails BEFORE INSERT ON activity_log WHEN NEW.action = 'vehicle.imported' BEGIN SELECT RAISE(ABORT, '${message}'); END`,
        )
        .execute(db);
    else {
      await sql
        .raw(
          `CREATE FUNCTION import_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER import_fails BEFORE INSERT ON activity_log FOR EACH ROW WHEN (NEW.action = 'vehicle.imported') EXECUTE FUNCTION import_fails()`,
        )
        .execute(db);
    }
    try {
      const before = await vehicleCount();
      const storedBefore = filesIn(path.join(root, "media"));
      const view = await importFile(
        "vehicle",
        csv(["ref_id,make,model,year,price", "FAIL-1,Toyota,Corolla,2019,900000", "FAIL-2,Honda,Fit,2018,800000"]),
        makeZip([{ path: "FAIL-1_1.jpg", data: await photo(60) }]),
      );
      expect(view.status).toBe("failed");
      expect(problemText(en, view.result!.problem!)).toMatch(/^The import stopped and nothing was written/);
      expect(await vehicleCount()).toBe(before);
      expect(filesIn(path.join(root, "media"))).toBe(storedBefore);
    } finally {
      if (dialectOf(db) === "sqlite") await sql.raw("DROP TRIGGER import_fails").execute(db);
      else {
        await sql.raw("DROP TRIGGER import_fails ON activity_log").execute(db);
        await sql.raw("DROP FUNCTION import_fails()").execute(db);
      }
    }
  });
});

describe("the export", () => {
  it("imports back as unchanged, whatever the text holds", async () => {
    await createVehicle(
      t.db,
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
    const text = await exported("vehicle");
    expect(text.startsWith('\uFEFF"ref_id","name","make","model"')).toBe(true);
    const view = await importFile("vehicle", Buffer.from(text, "utf8"));
    expect(view.preview.counts).toMatchObject({ new: 0, update: 0, error: 0 });
    expect(view.preview.counts.unchanged).toBe(await vehicleCount());

    // One price edited in the spreadsheet: one update, of the price only.
    const records = parseCsv(text, ",", { maxRecords: 1000, maxCellLength: 10_000 });
    const priceAt = records[0]!.cells.indexOf("price");
    const edited = records.map((r, i) =>
      r.cells.map((c, j) => (i > 0 && r.cells[0] === "RT-1" && j === priceAt ? "500000" : c)),
    );
    const back = edited.map((cells) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(",")).join("\r\n");
    const update = await importFile("vehicle", Buffer.from(back, "utf8"));
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
    const first = await importFile("part", file);
    expect(outcomes(first)).toEqual([
      [2, "PT-1", "new"],
      [3, "PT-2", "new"],
    ]);
    const pads = await t.db.selectFrom("parts").selectAll().where("ref_id", "=", "PT-1").executeTakeFirstOrThrow();
    expect([pads.condition, pads.quantity]).toEqual(["New", 24]);
    const fits = await t.db
      .selectFrom("part_fitments")
      .select(["make", "model", "model_code", "year_from", "year_to"])
      .where("part_id", "=", pads.id)
      .orderBy("position")
      .execute();
    expect(fits).toEqual([
      { make: "Toyota", model: "Camry", model_code: "ACV40", year_from: 2006, year_to: 2011 },
      { make: "Toyota", model: "Corolla", model_code: null, year_from: null, year_to: null },
    ]);

    const text = await exported("part");
    expect(text).toContain('"Toyota / Camry / ACV40 / 2006-2011; Toyota / Corolla"');
    const back = await importFile("part", Buffer.from(text, "utf8"));
    expect(back.preview.counts).toMatchObject({ new: 0, update: 0, error: 0 });

    const edited = await importFile("part", csv(["ref_id,fits", "PT-1,Toyota / Camry / ACV40 / 2006-2012"]));
    expect(edited.preview.rows.map((r) => [r.outcome, r.changes])).toEqual([["update", ["fits"]]]);
    const bad = await preview("part", csv(["ref_id,fits", "PT-2,Toyota Corolla 2012"]));
    expect(bad.preview.rows[0]!.problems.map((p) => [p.cell, problemText(en, p.message)])).toEqual([
      ["B2", expect.stringMatching(/^Car 1 \(Toyota Corolla 2012\): write it as Make \/ Model/)],
    ]);
  });
});
