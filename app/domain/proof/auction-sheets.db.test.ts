import { createHash } from "node:crypto";
import { sql } from "kysely";
import { dialectOf } from "~/db/db.server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { inEnglish } from "../../../tests/support/english";
import { filesIn, STOCK_STAFF, stockFilesForFile } from "../../../tests/support/stock-files";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { readAuctionSheet, saveAuctionSheet, type SheetUpload } from "./auction-sheets.server";
import { sheetView } from "./sheet-words.server";

/*
 * A vehicle's auction sheet and its translation (issue 45.1, 45.7), on
 * SQLite and PostgreSQL: saved with its file's SHA-256, read back in the
 * buyer's language, each new file and each save a new version with the old
 * kept; bad input refused with its reason and nothing stored.
 */

const s = stockFilesForFile("auction-sheets");
const docsDir = () => `${s.root}/documents`;
let made = 0;

async function vehicle(): Promise<number> {
  made += 1;
  const v = await createVehicle(s.db, vehicleFactory(createRng(700 + made), made, { refId: `SHEET-${made}` }), [], {
    kind: "system",
    id: null,
  });
  return v.id;
}

async function sheetPhoto(hue = 40): Promise<SheetUpload> {
  const data = await sharp({ create: { width: 60, height: 80, channels: 3, background: { r: hue, g: 200, b: 220 } } })
    .jpeg()
    .toBuffer();
  return { data, filename: "sheet.jpg" };
}

const FIELDS = {
  auctionHouse: "USS Tokyo",
  lotNumber: "30512",
  auctionDate: "2026-10-14",
  overallGrade: "4.5",
  exteriorGrade: "B",
  interiorGrade: "A",
  mileageKm: "58,000",
  manufactured: "2019-03",
  registered: "05/2019",
  markCode: ["A1", "", "u2", ""],
  markPlace: ["front_bumper", "", "bonnet", ""],
  flags: ["repaired"],
  notes: "Small scratch on the front bumper. Non-smoker.",
};

const NOW = new Date("2026-12-03T03:00:00Z");
const save = async (id: number, fields: Record<string, unknown>, upload: SheetUpload | null) =>
  inEnglish(await saveAuctionSheet(s.db, s.documents, id, fields, upload, STOCK_STAFF, NOW));

describe("a vehicle's auction sheet", () => {
  it("is saved with its file's SHA-256, sets the vehicle's grades and reads back in the buyer's language", async () => {
    const id = await vehicle();
    const upload = await sheetPhoto();
    const outcome = await save(id, FIELDS, upload);
    expect(outcome).toMatchObject({ ok: true, version: 1, message: "Auction sheet saved." });

    const sheet = (await readAuctionSheet(s.db, id))!;
    expect(sheet.fields).toEqual({
      auctionHouse: "USS Tokyo",
      lotNumber: "30512",
      auctionDate: "2026-10-14",
      overallGrade: "4.5",
      exteriorGrade: "B",
      interiorGrade: "A",
      mileageKm: 58000,
      manufactured: 2019 * 12 + 2,
      registered: 2019 * 12 + 4,
      marks: [
        { code: "A1", place: "front_bumper" },
        { code: "U2", place: "bonnet" },
      ],
      flags: ["repaired"],
      notes: "Small scratch on the front bumper. Non-smoker.",
    });
    // The hash is of the file as the shop keeps it (a picture is written again without its metadata).
    const stored = await s.db.selectFrom("vehicle_papers").selectAll().where("vehicle_id", "=", id).execute();
    expect(stored).toHaveLength(1);
    expect(sheet.paper).toMatchObject({ version: 1, sha256: stored[0]!.sha256, contentType: "image/jpeg" });
    const kept = await s.documents.read(stored[0]!.file_key);
    const chunks: Buffer[] = [];
    for await (const chunk of kept!.body) chunks.push(chunk as Buffer);
    expect(createHash("sha256").update(Buffer.concat(chunks)).digest("hex")).toBe(sheet.paper!.sha256);

    const grades = await s.db
      .selectFrom("vehicles")
      .select(["auction_grade", "exterior_grade", "interior_grade"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(grades).toEqual({ auction_grade: "4.5", exterior_grade: "B", interior_grade: "A" });

    const en = sheetView(sheet, id, "en");
    expect(en.rows.map((r) => `${r.label}: ${r.value}`)).toEqual([
      "Auction: USS Tokyo",
      "Lot: 30512",
      "Auction date: 14 Oct 2026",
      "Overall grade: 4.5 (very good)",
      "Exterior: B (good)",
      "Interior: A (excellent)",
      "Mileage on the sheet: 58,000 km",
    ]);
    expect(en.marks.map((m) => m.text)).toEqual([
      "A1: small scratch on the front bumper",
      "U2: medium dent on the bonnet",
    ]);
    expect(en.flags).toEqual([{ key: "repaired", text: "Repair history (accident)", japanese: "修復歴" }]);
    expect(en.file).toMatchObject({ url: `/vehicles/${id}/auction-sheet/1`, image: true });
  });

  it("keeps every file and every translation: a new file is a new version, the same file again is not", async () => {
    const id = await vehicle();
    const first = await sheetPhoto(10);
    expect((await save(id, FIELDS, first)).ok).toBe(true);
    const files = filesIn(docsDir());
    // The translation corrected, the same file sent again: a new translation, still file 1, no second copy.
    expect(await save(id, { ...FIELDS, overallGrade: "4" }, first)).toMatchObject({ ok: true, version: 2 });
    expect(filesIn(docsDir())).toBe(files);
    // No file: the translation reads the current one.
    expect(await save(id, { ...FIELDS, overallGrade: "R" }, null)).toMatchObject({ ok: true, version: 3 });
    expect((await readAuctionSheet(s.db, id))!.paper!.version).toBe(1);
    // A new file: version 2, the first kept.
    expect(await save(id, FIELDS, await sheetPhoto(200))).toMatchObject({ ok: true, version: 4 });
    const papers = await s.db
      .selectFrom("vehicle_papers")
      .select(["version", "sha256"])
      .where("vehicle_id", "=", id)
      .orderBy("version")
      .execute();
    expect(papers.map((p) => p.version)).toEqual([1, 2]);
    expect(papers[0]!.sha256).not.toBe(papers[1]!.sha256);
    const sheets = await s.db
      .selectFrom("auction_sheets")
      .select("version")
      .where("vehicle_id", "=", id)
      .orderBy("version")
      .execute();
    expect(sheets.map((r) => r.version)).toEqual([1, 2, 3, 4]);
    expect((await readAuctionSheet(s.db, id))!.paper!.version).toBe(2);
  });

  it("refuses bad input with its reason, keeps what was typed, and stores nothing", async () => {
    const id = await vehicle();
    const filesBefore = filesIn(docsDir());
    const cases: [Record<string, unknown>, SheetUpload | null, string, string][] = [
      [FIELDS, { data: Buffer.from("<html><script>alert(1)</script></html>"), filename: "sheet.jpg" }, "sheet", "PDF"],
      [{ ...FIELDS, overallGrade: "7" }, await sheetPhoto(), "overallGrade", "Choose a"],
      [{ ...FIELDS, exteriorGrade: "F" }, await sheetPhoto(), "exteriorGrade", "Choose a"],
      [{ ...FIELDS, mileageKm: "58000.5" }, await sheetPhoto(), "mileageKm", "whole number"],
      [{ ...FIELDS, mileageKm: "about 60k" }, await sheetPhoto(), "mileageKm", "whole number"],
      [{ ...FIELDS, markCode: ["A1", "Z9"], markPlace: ["roof", "roof"] }, await sheetPhoto(), "marks", '"Z9"'],
      [{ ...FIELDS, markCode: ["A1", "W2"], markPlace: ["roof", ""] }, await sheetPhoto(), "marks", "Mark 2 (W2)"],
      [{ ...FIELDS, auctionDate: "2026-02-30" }, await sheetPhoto(), "auctionDate", "must be a day"],
      [{ ...FIELDS, auctionDate: "2027-01-05" }, await sheetPhoto(), "auctionDate", "after today"],
      [{ ...FIELDS, auctionHouse: "  " }, await sheetPhoto(), "auctionHouse", "Auction"],
      [{ ...FIELDS, flags: ["repaired", "stolen"] }, await sheetPhoto(), "flags", "Choose a"],
      [{ ...FIELDS, registered: "2019-01" }, await sheetPhoto(), "registered", "before"],
      [{ ...FIELDS, manufactured: "2027-01" }, await sheetPhoto(), "manufactured", "future"],
      // The first save needs the sheet itself.
      [FIELDS, null, "sheet", "Add the auction sheet's file"],
    ];
    for (const [fields, upload, field, words] of cases) {
      const outcome = await save(id, fields, upload);
      expect(outcome.ok, `${field}: ${words}`).toBe(false);
      if (outcome.ok) continue;
      expect(["invalid", "too-large"]).toContain(outcome.refusal);
      expect(String((outcome.errors as Record<string, unknown>)[field]), field).toContain(words);
      // What was typed goes back to the form, rows and all.
      expect(outcome.values.lotNumber).toBe("30512");
      expect(outcome.lists.markCode).toEqual([fields.markCode].flat());
    }
    expect(await readAuctionSheet(s.db, id)).toBeNull();
    expect(await s.db.selectFrom("vehicle_papers").select("id").where("vehicle_id", "=", id).execute()).toEqual([]);
    expect(filesIn(docsDir())).toBe(filesBefore);
    const grade = await s.db.selectFrom("vehicles").select("auction_grade").where("id", "=", id).executeTakeFirst();
    expect(grade!.auction_grade).not.toBe("7");
  });

  it("leaves no file behind when the write fails after the file was stored", async () => {
    const id = await vehicle();
    const before = filesIn(docsDir());
    const dialect = dialectOf(s.db);
    if (dialect === "sqlite")
      await sql
        .raw(
          "CREATE TRIGGER sheets_fail BEFORE INSERT ON auction_sheets BEGIN SELECT RAISE(ABORT, 'failed on purpose'); END",
        )
        .execute(s.db);
    else {
      await sql
        .raw(
          "CREATE FUNCTION sheets_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'failed on purpose'; END $$",
        )
        .execute(s.db);
      await sql
        .raw("CREATE TRIGGER sheets_fail BEFORE INSERT ON auction_sheets FOR EACH ROW EXECUTE FUNCTION sheets_fail()")
        .execute(s.db);
    }
    try {
      await expect(save(id, FIELDS, await sheetPhoto(90))).rejects.toThrow(/failed on purpose/);
    } finally {
      await sql
        .raw(dialect === "sqlite" ? "DROP TRIGGER sheets_fail" : "DROP TRIGGER sheets_fail ON auction_sheets")
        .execute(s.db);
      if (dialect !== "sqlite") await sql.raw("DROP FUNCTION sheets_fail()").execute(s.db);
    }
    expect(filesIn(docsDir())).toBe(before);
    expect(await s.db.selectFrom("vehicle_papers").select("id").where("vehicle_id", "=", id).execute()).toEqual([]);
  });

  it("takes a PDF sheet and says so to the page", async () => {
    const id = await vehicle();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const outcome = await save(
      id,
      { ...FIELDS, flags: [], markCode: [], markPlace: [] },
      { data: pdf, filename: "s.pdf" },
    );
    expect(outcome.ok).toBe(true);
    const view = sheetView((await readAuctionSheet(s.db, id))!, id, "vi");
    expect(view.file).toMatchObject({ image: false });
    expect(view.marks).toEqual([]);
  });

  it("is refused for a vehicle that does not exist", async () => {
    const outcome = await save(999_999, FIELDS, await sheetPhoto());
    expect(outcome).toMatchObject({ ok: false, refusal: "not-found" });
  });
});
