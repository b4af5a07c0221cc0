import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { inEnglish } from "../../../tests/support/english";
import { filesIn, STOCK_STAFF, stockFilesForFile } from "../../../tests/support/stock-files";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createVehicle } from "~/domain/inventory/inventory.server";
import type { ImportRule } from "~/domain/imports/import-rules";
import { saveAuctionSheet } from "./auction-sheets.server";
import { currentPaperReadings, savePaperReadings, vehicleReadings } from "./paper-readings.server";
import { papersView } from "./sheet-words.server";

/*
 * Mileage and dates from each paper (issue 45.2), on SQLite and PostgreSQL:
 * the export certificate's and inspection's readings saved as versions, set
 * beside the listing's and the auction sheet's, with the warning a buyer and
 * the owner see when they disagree, and the paper a country's rule takes its
 * date from.
 */

const s = stockFilesForFile("paper-readings");
const NOW = new Date("2026-12-03T03:00:00Z");
let made = 0;

async function vehicle(mileage: number): Promise<number> {
  made += 1;
  const input = vehicleFactory(createRng(900 + made), made, {
    refId: `PAPERS-${made}`,
    mileage,
    manufactured: null,
    registered: null,
  });
  return (await createVehicle(s.db, input, [], { kind: "system", id: null })).id;
}

const photo = async () => ({
  data: await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } })
    .png()
    .toBuffer(),
  filename: "paper.png",
});

const sheet = async (id: number, mileageKm: string) =>
  saveAuctionSheet(
    s.db,
    s.documents,
    id,
    { auctionHouse: "USS Tokyo", lotNumber: "1", auctionDate: "2026-10-14", overallGrade: "4", mileageKm },
    await photo(),
    STOCK_STAFF,
    NOW,
  );

const certificate = (
  id: number,
  fields: Record<string, string>,
  upload: { data: Buffer; filename: string } | null = null,
) =>
  savePaperReadings(
    s.db,
    s.documents,
    id,
    "export_certificate",
    { reference: "EX-2026-0042", issuedOn: "2026-11-02", ...fields },
    upload,
    STOCK_STAFF,
    NOW,
  ).then(inEnglish);

const RULE = { usedVehicles: true, maxAgeYears: 8, ageFrom: "registration" } as ImportRule;

describe("a vehicle's papers side by side", () => {
  it("agree when the export certificate reads what the sheet did, and name the paper a rule's date comes from", async () => {
    const id = await vehicle(58_000);
    expect((await sheet(id, "58,000")).ok).toBe(true);
    const view = () => vehicleReadings(s.db, id).then((r) => papersView(r, { country: "Kenya", rule: RULE }, "en")!);
    // No paper gives the first registration yet: the rule's date is the listing's word only.
    expect((await view()).rule).toBe(
      "Kenya counts a car's age from its first registration: not confirmed by a paper yet.",
    );

    const saved = await certificate(id, { mileageKm: "58 020", registered: "2019-05" }, await photo());
    expect(saved).toMatchObject({ ok: true, version: 1, disagree: false, message: "Papers saved." });
    const agreed = await view();
    expect(agreed.warnings).toEqual([]);
    expect(agreed.agree).toBe("The papers agree with each other and with this listing.");
    expect(agreed.rule).toBe(
      "Kenya counts a car's age from its first registration: May 2019, as the export certificate gives it.",
    );
    expect(agreed.rows.map((row) => row.cells.slice(0, 2))).toEqual([
      ["This listing", "58,000 km"],
      ["Auction sheet", "58,000 km"],
      ["Export certificate", "58,020 km"],
    ]);
    const kept = await currentPaperReadings(s.db, id);
    expect(kept.export_certificate).toMatchObject({
      reference: "EX-2026-0042",
      mileageKm: 58_020,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("warn when a later paper reads less than the auction sheet, and keep the earlier readings", async () => {
    const id = await vehicle(58_000);
    expect((await sheet(id, "58,000")).ok).toBe(true);
    expect((await certificate(id, { mileageKm: "58,010" })).ok).toBe(true);
    const saved = await certificate(id, { mileageKm: "31,000" });
    expect(saved).toMatchObject({ ok: true, version: 2, disagree: true });
    const view = papersView(await vehicleReadings(s.db, id), { country: null, rule: null }, "en")!;
    expect(view.warnings).toEqual([
      "The export certificate reads fewer kilometres than the earlier auction sheet. An odometer does not go back: ask us before you buy.",
    ]);
    expect(view.agree).toBeNull();
    const versions = await s.db
      .selectFrom("paper_readings")
      .select(["version", "mileage_km"])
      .where("vehicle_id", "=", id)
      .orderBy("version")
      .execute();
    expect(versions).toEqual([
      { version: 1, mileage_km: 58_010 },
      { version: 2, mileage_km: 31_000 },
    ]);
  });

  it("do not say they agree when nothing could be compared, or when the sheet doubts its meter", async () => {
    const id = await vehicle(40_000);
    expect((await sheet(id, "")).ok).toBe(true);
    const alone = papersView(await vehicleReadings(s.db, id), { country: null, rule: null }, "en")!;
    expect(alone.warnings).toEqual([]);
    expect(alone.agree).toBeNull();
    const other = await vehicle(40_000);
    expect((await sheet(other, "40,000")).ok).toBe(true);
    const readings = await vehicleReadings(s.db, other);
    expect(papersView(readings, { country: null, rule: null }, "en")!.agree).not.toBeNull();
    expect(papersView(readings, { country: null, rule: null }, "en", ["meter_replaced"])!.agree).toBeNull();
  });

  it("are not shown when the vehicle has no paper", async () => {
    const id = await vehicle(10_000);
    expect(papersView(await vehicleReadings(s.db, id), { country: null, rule: null }, "en")).toBeNull();
  });

  it("refuse a mileage that is not whole, a date to come or a file that is not a paper, storing nothing", async () => {
    const id = await vehicle(10_000);
    const before = filesIn(`${s.root}/documents`);
    for (const [fields, upload, field] of [
      [{ mileageKm: "10000.5" }, null, "mileageKm"],
      [{ issuedOn: "2027-03-01" }, null, "issuedOn"],
      [{ reference: "" }, null, "reference"],
      [{}, { data: Buffer.from("MZ not a paper"), filename: "paper.pdf" }, "file"],
    ] as const) {
      const outcome = await certificate(id, fields, upload);
      expect(outcome.ok, field).toBe(false);
      if (!outcome.ok) expect(Object.keys(outcome.errors)).toContain(field);
    }
    expect(await currentPaperReadings(s.db, id)).toEqual({});
    expect(filesIn(`${s.root}/documents`)).toBe(before);
  });
});
