import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeContext } from "../../../tests/support/route-context";
import { STOCK_STAFF } from "../../../tests/support/stock-files";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "~/config.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { localDriver } from "~/domain/media/media-store.server";
import { saveAuctionSheet } from "~/domain/proof/auction-sheets.server";
import { loader } from "./auction-sheet";

/*
 * The public address of a vehicle's auction sheet (issue 45.1): the current
 * version of that vehicle's sheet only, never an older one or another
 * vehicle's; a picture shown sandboxed, a PDF as a download.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sheet-route-"));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: "https://shop.example" });
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let made = 0;
async function vehicleWithSheet(files: { data: Buffer; filename: string }[]): Promise<number> {
  made += 1;
  const input = vehicleFactory(createRng(990 + made), made, { refId: `ROUTE-${made}` });
  const id = (await createVehicle(t.db, input, [], { kind: "system", id: null })).id;
  const store = new DocumentStore(localDriver(config.documentsDir));
  for (const file of files) {
    const fields = { auctionHouse: "USS", lotNumber: "1", auctionDate: "2026-10-01", overallGrade: "4" };
    expect((await saveAuctionSheet(t.db, store, id, fields, file, STOCK_STAFF)).ok).toBe(true);
  }
  return id;
}

const jpeg = async (hue: number) => ({
  data: await sharp({ create: { width: 50, height: 60, channels: 3, background: { r: hue, g: 0, b: 0 } } })
    .jpeg()
    .toBuffer(),
  filename: "s.jpg",
});

async function get(id: number | string, version: number | string, search = ""): Promise<Response> {
  const request = new Request(`https://shop.example/vehicles/${id}/auction-sheet/${version}${search}`);
  try {
    return (await loader({
      request,
      params: { id: String(id), version: String(version) },
      context: routeContext(config, t.db),
    } as never)) as Response;
  } catch (thrown) {
    // A refusal is thrown as data(…, { status }).
    return new Response(null, { status: (thrown as { init?: { status?: number } }).init?.status ?? 500 });
  }
}

describe("the auction sheet's address", () => {
  it("serves the current version, sandboxed, and a smaller picture for phones", async () => {
    const id = await vehicleWithSheet([await jpeg(10), await jpeg(200)]);
    const current = await get(id, 2);
    expect(current.status).toBe(200);
    expect(current.headers.get("content-type")).toBe("image/jpeg");
    expect(current.headers.get("content-security-policy")).toContain("sandbox");
    expect(current.headers.get("x-content-type-options")).toBe("nosniff");
    const small = await get(id, 2, "?w=960");
    expect(small.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(50);
  });

  it("never serves a replaced version, another vehicle's, or a made-up one", async () => {
    const id = await vehicleWithSheet([await jpeg(30), await jpeg(60)]);
    const other = await vehicleWithSheet([await jpeg(90)]);
    expect((await get(id, 1)).status).toBe(404);
    expect((await get(other, 2)).status).toBe(404);
    expect((await get(other, 1)).status).toBe(200);
    for (const [badId, badVersion] of [
      ["1e3", 1],
      [id, "01x"],
      ["99999999", 1],
      [id, 0],
    ] as const)
      expect((await get(badId, badVersion)).status, `${badId}/${badVersion}`).toBe(404);
  });

  it("sends a PDF sheet as a download", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const id = await vehicleWithSheet([{ data: pdf, filename: "s.pdf" }]);
    const answer = await get(id, 1);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment/);
  });
});
