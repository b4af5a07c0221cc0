import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { stockFilesForFile } from "../../../tests/support/stock-files";
import { readAuctionSheet } from "~/domain/proof/auction-sheets.server";
import { disagreements } from "~/domain/proof/paper-check";
import { vehicleReadings } from "~/domain/proof/paper-readings.server";
import { seedDemoSheets } from "./demo-sheets.server";
import { seedStock } from "./seed.server";

/*
 * The demo's auction sheets (issue 45.6), on SQLite and PostgreSQL: every
 * third vehicle of a seeded stock gets a drawn sheet and its translation,
 * one with a repair history and one with an unknown mileage, and a second
 * run adds nothing.
 */

const s = stockFilesForFile("demo-sheets");
const NOW = new Date("2026-12-03T03:00:00Z");
let vehicles: { id: number }[] = [];

beforeAll(async () => {
  ({ vehicles } = await seedStock(s.db, s.media, { vehicles: 12, parts: 0, photos: [1, 1], seed: 11 }));
});

const count = async (table: "auction_sheets" | "vehicle_papers") =>
  Number(
    (
      await s.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the demo's auction sheets", () => {
  it("go to a third of the vehicles, two of them flagged, each with its picture", async () => {
    expect(await seedDemoSheets(s.db, s.documents, 2026, NOW)).toBe(4);

    const sheets = [];
    for (const v of vehicles) {
      const sheet = await readAuctionSheet(s.db, v.id);
      if (sheet) sheets.push({ id: v.id, sheet });
    }
    expect(Math.abs(sheets.length - vehicles.length / 3)).toBeLessThanOrEqual(1);
    // Every third vehicle by id, the first included.
    expect(sheets.map((x) => x.id)).toEqual(vehicles.filter((_, i) => i % 3 === 0).map((v) => v.id));

    const repaired = sheets.filter((x) => x.sheet.fields.flags.includes("repaired"));
    const unknown = sheets.filter((x) => x.sheet.fields.flags.includes("mileage_unknown"));
    expect(repaired).toHaveLength(1);
    expect(unknown).toHaveLength(1);
    expect(repaired[0]!.id).not.toBe(unknown[0]!.id);
    expect(repaired[0]!.sheet.fields.overallGrade).toBe("R");
    expect(unknown[0]!.sheet.fields.mileageKm).toBeNull();
    // One car's papers disagree on mileage: its export certificate reads fewer kilometres than its sheet.
    const disagreeing = [];
    for (const v of vehicles)
      if (disagreements(await vehicleReadings(s.db, v.id)).some((d) => d.field === "mileage")) disagreeing.push(v.id);
    expect(disagreeing).toHaveLength(1);

    for (const { id, sheet } of sheets) {
      const f = sheet.fields;
      const row = await s.db
        .selectFrom("vehicles")
        .select(["mileage", "auction_grade"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      // The vehicle's grade is the sheet's; only the repaired one is R.
      expect(row.auction_grade).toBe(f.overallGrade);
      if (!f.flags.includes("repaired")) expect(f.overallGrade).not.toMatch(/^R/);
      if (!f.flags.includes("mileage_unknown")) {
        expect(Math.abs(f.mileageKm! - row.mileage!)).toBeLessThanOrEqual(300);
      }
      expect(["USS Tokyo", "USS Nagoya", "TAA Kinki", "JU Gifu", "CAA Tokyo", "HAA Kobe"]).toContain(f.auctionHouse);
      expect(f.auctionDate < "2026-12-03").toBe(true);
      expect(f.auctionDate >= "2026-10-22").toBe(true);
      expect(f.marks.length).toBeLessThanOrEqual(4);
      expect(f.notes).toMatch(/^[\x20-\x7e]+$/);

      expect(sheet.paper).toMatchObject({ version: 1, contentType: "image/jpeg" });
      const file = await s.db
        .selectFrom("vehicle_papers")
        .select("file_key")
        .where("vehicle_id", "=", id)
        .executeTakeFirstOrThrow();
      const stored = await s.documents.read(file.file_key);
      expect(stored).not.toBeNull();
      const meta = await sharp(await buffer(stored!.body)).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: 900, height: 1200 });
    }
  });

  it("adds nothing the second time", async () => {
    const [sheets, papers] = [await count("auction_sheets"), await count("vehicle_papers")];
    expect(await seedDemoSheets(s.db, s.documents, 2026, NOW)).toBe(0);
    expect([await count("auction_sheets"), await count("vehicle_papers")]).toEqual([sheets, papers]);
  });
});
