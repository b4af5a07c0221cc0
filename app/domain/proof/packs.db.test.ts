import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { STOCK_STAFF, stockFilesForFile } from "../../../tests/support/stock-files";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { checkCode, VERIFY_LIMIT } from "~/domain/sale/verify.server";
import { saveAuctionSheet } from "./auction-sheets.server";
import { findPack, packCodeOf } from "./packs.server";
import { savePaperReadings } from "./paper-readings.server";
import { packView } from "./sheet-words.server";

/*
 * A vehicle's proof pack at /verify (issue 45.4), on SQLite and PostgreSQL:
 * its code made with the first paper, found as an invoice's code is (any
 * case, dashes or none), unknown codes answered as unknown, lookups limited
 * per address; every file's SHA-256 as kept, and a changed file or
 * translation listed as a new version with the old one still there.
 */

const s = stockFilesForFile("proof-packs");
const NOW = new Date("2026-12-03T03:00:00Z");
let made = 0;

async function vehicle(): Promise<number> {
  made += 1;
  const input = vehicleFactory(createRng(950 + made), made, {
    refId: `PACK-${made}`,
    manufactured: null,
    registered: null,
  });
  return (await createVehicle(s.db, input, [], { kind: "system", id: null })).id;
}

const picture = async (hue: number) => ({
  data: await sharp({ create: { width: 30, height: 40, channels: 3, background: { r: hue, g: 90, b: 90 } } })
    .jpeg()
    .toBuffer(),
  filename: "sheet.jpg",
});

const sheet = async (id: number, grade: string, hue: number | null) =>
  saveAuctionSheet(
    s.db,
    s.documents,
    id,
    { auctionHouse: "TAA Kinki", lotNumber: "77", auctionDate: "2026-10-01", overallGrade: grade, mileageKm: "40000" },
    hue === null ? null : await picture(hue),
    STOCK_STAFF,
    NOW,
  );

let address = 0;
const ip = () => `203.0.113.${++address}`;
const check = (typed: string, from = ip()) => checkCode(s.db, typed, from, (code) => findPack(s.db, code), NOW);

describe("a vehicle's proof pack", () => {
  it("has a code from its first paper, found at /verify in any way it is typed", async () => {
    const id = await vehicle();
    expect(await packCodeOf(s.db, id)).toBeNull();
    expect((await sheet(id, "4", 10)).ok).toBe(true);
    const code = (await packCodeOf(s.db, id))!;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    for (const typed of [code, code.toLowerCase(), code.replace(/-/g, " "), code.replace(/-/g, "")]) {
      const found = await check(typed);
      expect(found.status, typed).toBe("other");
    }
    // The same code after more papers: one pack per vehicle.
    expect(
      (
        await savePaperReadings(
          s.db,
          s.documents,
          id,
          "inspection",
          { reference: "JEVIC 2026-1", issuedOn: "2026-11-20", mileageKm: "40,010" },
          null,
          STOCK_STAFF,
          NOW,
        )
      ).ok,
    ).toBe(true);
    expect(await packCodeOf(s.db, id)).toBe(code);
  });

  it("lists every file's SHA-256 as kept, and a changed file or translation as a new version beside the old", async () => {
    const id = await vehicle();
    const first = await picture(20);
    expect((await sheet(id, "4", 20)).ok).toBe(true);
    expect((await sheet(id, "3.5", null)).ok).toBe(true);
    expect((await sheet(id, "3.5", 200)).ok).toBe(true);
    const found = await check((await packCodeOf(s.db, id))!);
    if (found.status !== "other") throw new Error(`pack not found: ${found.status}`);
    const pack = found.found;
    expect(pack.files.auction_sheet!.map((e) => [e.version, e.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(pack.translations.map((e) => [e.version, e.current])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    // The first file's fingerprint is the one of the file as the shop keeps it.
    const kept = await s.db
      .selectFrom("vehicle_papers")
      .select("file_key")
      .where("vehicle_id", "=", id)
      .where("version", "=", 1)
      .executeTakeFirstOrThrow();
    const stored = await s.documents.read(kept.file_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect(pack.files.auction_sheet![1]!.sha256).toBe(createHash("sha256").update(Buffer.concat(chunks)).digest("hex"));
    expect(first.data.length).toBeGreaterThan(0);
    // Two translations that differ have different fingerprints.
    expect(pack.translations[1]!.sha256).not.toBe(pack.translations[2]!.sha256);

    const view = packView(pack, "en");
    expect(view.sections.map((x) => x.title)).toEqual(["Auction sheet", "Our translation of the auction sheet"]);
    expect(view.sections[0]!.entries.map((e) => `${e.version} ${e.state}`)).toEqual([
      "Version 2 current",
      "Version 1 replaced",
    ]);
    expect(view.sheetLink!.href).toBe(`/vehicles/${id}/auction-sheet/2`);
  });

  it("answers an unknown or malformed code as not found, and limits lookups per address", async () => {
    expect((await check("7KQ2-M9XD-4HRT-WB3N")).status).toBe("not-found");
    expect((await check("not a code")).status).toBe("not-found");
    const from = ip();
    for (let i = 0; i < VERIFY_LIMIT.tries; i++) await check("7KQ2-M9XD-4HRT-WB3N", from);
    expect((await check("7KQ2-M9XD-4HRT-WB3N", from)).status).toBe("too-many");
  });
});
