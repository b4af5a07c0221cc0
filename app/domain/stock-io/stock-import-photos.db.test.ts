import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { makeZip } from "../../../tests/support/zip";
import { csv, en, filesIn, outcomes, photo, STOCK_STAFF, stockFilesForFile } from "../../../tests/support/stock-files";
import { dialectOf } from "~/db/db.server";
import { problemText } from "~/i18n/problem";
import { stageImport } from "./stock-import.server";

/*
 * Photos beside a stock file (issue 23), on both databases: a ZIP matched by
 * ref id and number, refused when it climbs out of its folder, and a failure
 * while writing that leaves nothing behind.
 */

const s = stockFilesForFile("stock-import-photos");

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
    const first = await s.importFile("vehicle", file, zip);
    expect(first.preview.rows.map((r) => r.photos)).toEqual([2, 1]);
    expect(first.preview.photosWithoutRow).toEqual(["GONE-9"]);
    expect(first.preview.photosUnnamed).toEqual(["notes.txt"]);
    expect(first.result).toMatchObject({ created: 2, photos: 3 });
    const images = await s.db
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
    const stored = filesIn(path.join(s.root, "media"));
    expect(stored).toBeGreaterThan(0);
    // The staged ZIP is gone once the import has run.
    expect(filesIn(path.join(s.root, "documents"))).toBe(0);

    const again = await s.importFile("vehicle", file, zip);
    expect(outcomes(again)).toEqual([
      [2, "PIC-1", "unchanged"],
      [3, "PIC-2", "unchanged"],
    ]);
    expect(filesIn(path.join(s.root, "media"))).toBe(stored);

    // Other photos for one listing replace its own; the old files leave the storage.
    const swapped = await s.importFile("vehicle", file, makeZip([{ path: "PIC-2_1.jpg", data: a! }]));
    expect(swapped.preview.rows.map((r) => [r.outcome, r.changes])).toEqual([
      ["unchanged", []],
      ["update", ["photos"]],
    ]);
    expect(filesIn(path.join(s.root, "media"))).toBe(stored);
  });

  it("refuses a ZIP that climbs out of its folder, and a photo that is not an image, by name", async () => {
    const file = csv(["ref_id,make,model,year,price", "PIC-3,Toyota,Corolla,2019,900000"]);
    const staged = await stageImport(
      s.services(),
      STOCK_STAFF,
      "vehicle",
      { name: "s.csv", data: file },
      { name: "p.zip", data: makeZip([{ path: "../../x.jpg", data: Buffer.from("x") }]) },
    );
    expect(staged.ok ? null : [staged.field, problemText(en, staged.problem)]).toEqual([
      "photos",
      "The ZIP holds a file whose path leaves its folder (../../x.jpg), so it was not read. Make the ZIP again from the photos' folder.",
    ]);
    const view = await s.preview(
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
    const db = s.db;
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
      const before = await s.vehicleCount();
      const storedBefore = filesIn(path.join(s.root, "media"));
      const view = await s.importFile(
        "vehicle",
        csv(["ref_id,make,model,year,price", "FAIL-1,Toyota,Corolla,2019,900000", "FAIL-2,Honda,Fit,2018,800000"]),
        makeZip([{ path: "FAIL-1_1.jpg", data: await photo(60) }]),
      );
      expect(view.status).toBe("failed");
      expect(problemText(en, view.result!.problem!)).toMatch(/^The import stopped and nothing was written/);
      expect(await s.vehicleCount()).toBe(before);
      expect(filesIn(path.join(s.root, "media"))).toBe(storedBefore);
    } finally {
      if (dialectOf(db) === "sqlite") await sql.raw("DROP TRIGGER import_fails").execute(db);
      else {
        await sql.raw("DROP TRIGGER import_fails ON activity_log").execute(db);
        await sql.raw("DROP FUNCTION import_fails()").execute(db);
      }
    }
  });
});
