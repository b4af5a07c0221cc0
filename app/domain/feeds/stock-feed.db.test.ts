import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type RootOperationNode,
  TableNode,
} from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { DB } from "~/db/db.server";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { monthNumber } from "~/domain/inventory/months";
import { partColumns } from "~/domain/inventory/parts.server";
import { vehicleColumns } from "~/domain/inventory/vehicles.server";
import { insertImages } from "~/domain/inventory/stock-repository.server";
import type { StockPath } from "~/domain/inventory/stock-kinds";
import type { ImageRef } from "~/domain/media/image-url";
import { CSV_BOM, parseCsv } from "~/utils/csv";
import { FEED_MORE_PHOTOS } from "./feed-columns";
import { feedCounts, stockFeedStream } from "./stock-feed.server";
import { writeSheetVersion } from "~/domain/proof/auction-sheets.server";

/*
 * The stock feeds as Merchant Center reads them: the lines (columns, prices,
 * full links, availability, what is left out, formula guards), read back
 * with the shop's own CSV reader; and that a large feed is read from the
 * database in batches while it is being sent.
 */

let t: TestDb;
const rng = createRng(1616);
const TO = { origin: "https://shop.example", mediaBase: "/media" };
const AT = "2026-11-01T00:00:00.000Z";
const SHARED_HEADER = [
  "id",
  "title",
  "description",
  "link",
  "image_link",
  ...Array.from({ length: 10 }, () => "additional_image_link"),
  "availability",
  "price",
  "condition",
  "brand",
];

const photo = (n: number): ImageRef => ({
  key: `ab${String(n).padStart(18, "0")}`,
  width: 2000,
  height: 1500,
  variants: [480, 960, 1600],
});

async function addVehicle(overrides: Parameters<typeof vehicleFactory>[2] = {}, extra: object = {}) {
  const row = await t.db
    .insertInto("vehicles")
    .values({
      ref_id: `V-${Math.floor(rng() * 1e9)}`,
      ...vehicleColumns(vehicleFactory(rng, 0, overrides)),
      created_at: AT,
      updated_at: AT,
      ...extra,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addPart(overrides: Parameters<typeof partFactory>[2] = {}) {
  const row = await t.db
    .insertInto("parts")
    .values({
      ref_id: `P-${Math.floor(rng() * 1e9)}`,
      ...partColumns(partFactory(rng, 0, overrides)),
      created_at: AT,
      updated_at: AT,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The whole feed as text, read to its end (its byte-order mark kept). */
async function feedText(db: DB, kind: StockPath, options: { batchSize?: number } = {}, to = TO): Promise<string> {
  const bytes = await new Response(stockFeedStream(db, kind, to, options)).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

/** The feed's lines as records of header → cell (repeated columns as lists). */
function recordsOf(text: string) {
  const [header, ...rows] = parseCsv(text, ",", { maxRecords: 10_000, maxCellLength: 100_000 });
  return {
    header: header!.cells,
    rows: rows.map(({ cells }) => {
      const record: Record<string, string | string[]> = {};
      header!.cells.forEach((name, i) => {
        if (name === "additional_image_link") record[name] = [...((record[name] as string[]) ?? []), cells[i]!];
        else record[name] = cells[i]!;
      });
      return record;
    }),
  };
}

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.cleanup());

describe("the vehicles feed", () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ids.available = await addVehicle(
      {
        name: "2019 Toyota Corolla Fielder",
        make: "Toyota",
        model: "Corolla",
        type: "Wagon",
        subType: "Standard Wagon",
        year: 2019,
        price: 1_250_000,
        mileage: 85_000,
        color: "Pearl White",
        fuel: "petrol",
        transmission: "automatic",
        stockStatus: "available",
        registered: monthNumber(2019, 3),
      },
      { chassis_number: "NZE161-3012345" },
    );
    await insertImages(
      t.db,
      "vehicles",
      ids.available,
      Array.from({ length: 12 }, (_, i) => photo(i + 1)),
      0,
      AT,
    );
    ids.reserved = await addVehicle({ stockStatus: "reserved", mileage: null, registered: null });
    ids.sold = await addVehicle({ stockStatus: "sold" });
    ids.formula = await addVehicle({
      stockStatus: "available",
      name: "-2+3 special",
      description: '=HYPERLINK("http://evil.example","Click")',
    });
  });

  it("writes Merchant Center's columns: price in yen with its code, full links, mileage in km, the vehicle's facts", async () => {
    const text = await feedText(t.db, "vehicles");
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const { header, rows } = recordsOf(text);
    // Merchant Center's names, as it spells them.
    expect(header).toEqual([
      ...SHARED_HEADER,
      "model",
      "year",
      "mileage",
      "color",
      "body_style",
      "engine",
      "transmission",
      "date_first_registered",
      "auction_grade",
      "auction_sheet",
      "vehicle_fulfillment",
      "google_product_category",
      "product_type",
      "identifier_exists",
    ]);
    const car = rows.find((r) => r.link === `https://shop.example/vehicles/${ids.available}`)!;
    expect(car).toMatchObject({
      title: "2019 Toyota Corolla Fielder",
      availability: "in_stock",
      price: "1250000 JPY",
      condition: "used",
      brand: "Toyota",
      model: "Corolla",
      year: "2019",
      mileage: "85000 km",
      color: "Pearl White",
      body_style: "station wagon",
      engine: "gasoline",
      transmission: "automatic",
      date_first_registered: "2019-03",
      vehicle_fulfillment: "online",
      google_product_category: "916",
      product_type: "Vehicles > Wagon > Standard Wagon",
    });
    // The first photo, then ten more (Merchant Center's limit), each a full address of its largest size.
    expect(car.image_link).toBe(`https://shop.example/media/ab/${photo(1).key}-1600.webp`);
    expect(car.additional_image_link).toHaveLength(FEED_MORE_PHOTOS);
    expect(car.additional_image_link).toEqual(
      Array.from({ length: 10 }, (_, i) => `https://shop.example/media/ab/${photo(i + 2).key}-1600.webp`),
    );
    // The chassis number is kept off the feed, as off the public pages.
    expect(text).not.toContain("3012345");
  });

  it("lists reserved stock as out of stock and leaves sold stock out", async () => {
    const { rows } = recordsOf(await feedText(t.db, "vehicles"));
    const link = (id: number) => `https://shop.example/vehicles/${id}`;
    const reserved = rows.find((r) => r.link === link(ids.reserved!))!;
    expect(reserved.availability).toBe("out_of_stock");
    expect(reserved.mileage).toBe("");
    expect(reserved.image_link).toBe("");
    expect(rows.some((r) => r.link === link(ids.sold!))).toBe(false);
    expect(rows).toHaveLength(3);
    expect((await feedCounts(t.db)).vehicles).toEqual({ available: 2, reserved: 1 });
  });

  it("guards text a spreadsheet would run as a formula", async () => {
    const text = await feedText(t.db, "vehicles");
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(text).toContain(`"'-2+3 special"`);
    expect(text).not.toMatch(/(^|,)"[=+\-@]/m);
  });

  it("takes photo addresses from MEDIA_PUBLIC_URL when photos are served from elsewhere", async () => {
    const { rows } = recordsOf(await feedText(t.db, "vehicles", {}, { ...TO, mediaBase: "https://cdn.example/m" }));
    const car = rows.find((r) => r.link === `https://shop.example/vehicles/${ids.available}`)!;
    expect(car.image_link).toBe(`https://cdn.example/m/ab/${photo(1).key}-1600.webp`);
  });
  it("carries the auction grade, and whether the page shows the auction sheet, as the sheet's save writes them", async () => {
    const id = await addVehicle({ stockStatus: "available", auctionGrade: "4" });
    const line = async () =>
      recordsOf(await feedText(t.db, "vehicles")).rows.find((r) => r.link === `https://shop.example/vehicles/${id}`)!;
    expect(await line()).toMatchObject({ auction_grade: "4", auction_sheet: "no" });
    const fields = {
      auctionHouse: "TAA Kinki",
      lotNumber: "5012",
      auctionDate: "2026-10-02",
      overallGrade: "4.5" as const,
      exteriorGrade: null,
      interiorGrade: null,
      mileageKm: null,
      manufactured: null,
      registered: null,
      marks: [],
      flags: ["flood" as const],
      notes: "",
    };
    await t.db.transaction().execute((trx) => writeSheetVersion(trx, id, fields, null, { adminId: "owner" }, AT));
    // A flagged sheet is still a sheet: the feed says so, the grade is the sheet's.
    expect(await line()).toMatchObject({ auction_grade: "4.5", auction_sheet: "yes" });
  });
});

describe("the parts feed", () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ids.rebuilt = await addPart({
      name: "Toyota Hiace Alternator",
      make: "Toyota",
      type: "Electrical",
      subType: "Alternator",
      partNumber: "27060-0L020",
      condition: "Rebuilt",
      price: 38_000,
      quantity: 4,
      stockStatus: "available",
    });
    ids.noneLeft = await addPart({ partNumber: null, condition: "New", quantity: 0, stockStatus: "available" });
    ids.sold = await addPart({ stockStatus: "sold" });
    ids.held = await addPart({ stockStatus: "reserved" });
  });

  it("counts the parts it lists, available and reserved", async () => {
    expect((await feedCounts(t.db)).parts).toEqual({ available: 2, reserved: 1 });
  });

  it("gives a part's number as its mpn, its condition in Google's words, and none on the shelf as out of stock", async () => {
    const { header, rows } = recordsOf(await feedText(t.db, "parts"));
    expect(header).toEqual([...SHARED_HEADER, "mpn", "identifier_exists", "google_product_category", "product_type"]);
    const link = (id: number) => `https://shop.example/parts/${id}`;
    expect(rows.find((r) => r.link === link(ids.rebuilt!))).toMatchObject({
      title: "Toyota Hiace Alternator",
      price: "38000 JPY",
      availability: "in_stock",
      condition: "refurbished",
      brand: "Toyota",
      mpn: "27060-0L020",
      identifier_exists: "yes",
      google_product_category: "899",
      product_type: "Parts > Electrical > Alternator",
    });
    expect(rows.find((r) => r.link === link(ids.noneLeft!))).toMatchObject({
      availability: "out_of_stock",
      condition: "new",
      mpn: "",
      identifier_exists: "no",
    });
    expect(rows.some((r) => r.link === link(ids.sold!))).toBe(false);
  });
});

/**
 * Counts the queries that read a table; can make the nth read of a table fail
 * (a database that goes away) or wait until released (a slow database).
 */
function watched(db: DB, at?: { table: string; nth: number; fail?: boolean }) {
  const reads: Record<string, number> = {};
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const tableOf = (node: RootOperationNode): string | null => {
    if (node.kind !== "SelectQueryNode") return null;
    const from = node.from?.froms[0];
    return from && TableNode.is(from) ? from.table.identifier.name : null;
  };
  const queries = new Map<unknown, string>();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs) {
      const table = tableOf(node);
      if (table) {
        reads[table] = (reads[table] ?? 0) + 1;
        queries.set(queryId, table);
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs) {
      const table = queries.get(queryId);
      if (at && table === at.table && reads[table] === at.nth) {
        if (at.fail) throw new Error("the database went away");
        await held;
      }
      return result;
    },
  };
  return { db: db.withPlugin(plugin), reads, release };
}

describe("a large feed", () => {
  let large: TestDb;
  const TOTAL = 3000;
  let listed = 0;
  beforeAll(async () => {
    large = await createTestDb();
    const rows = Array.from({ length: TOTAL }, (_, i) => {
      const input = vehicleFactory(rng, i, {
        stockStatus: i % 10 === 0 ? "sold" : i % 10 === 1 ? "reserved" : "available",
      });
      if (input.stockStatus !== "sold") listed++;
      return { ref_id: `L-${i}`, ...vehicleColumns(input), created_at: AT, updated_at: AT };
    });
    for (let i = 0; i < rows.length; i += 500)
      await large.db
        .insertInto("vehicles")
        .values(rows.slice(i, i + 500))
        .execute();
  });
  afterAll(() => large?.cleanup());
  afterEach(() => vi.restoreAllMocks());

  it("counts what it lists from the stock counts: all but the sold, the reserved apart", async () => {
    expect(await feedCounts(large.db)).toEqual({
      vehicles: { available: TOTAL * 0.8, reserved: TOTAL * 0.1 },
      parts: { available: 0, reserved: 0 },
    });
  });

  it("is read in batches of 500, each with one query for its photos, and sends its first lines before the last batch is read", async () => {
    const { db, reads } = watched(large.db);
    const reader = stockFeedStream(db, "vehicles", TO, { batchSize: 500 }).getReader();
    const decoder = new TextDecoder();
    // The header comes at once; the first batch's lines come after one read of the table.
    let text = decoder.decode((await reader.read()).value!, { stream: true });
    text += decoder.decode((await reader.read()).value!, { stream: true });
    expect(text.split("\r\n").length - 2).toBe(500);
    expect(reads.vehicles).toBeLessThanOrEqual(2);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      text += decoder.decode(chunk.value, { stream: true });
    // 2,700 listed: six batches of 500 or fewer, and a last read that finds none.
    expect(text.split("\r\n").length - 2).toBe(listed);
    expect(reads.vehicles).toBe(Math.ceil(listed / 500) + (listed % 500 === 0 ? 1 : 0));
    expect(reads.vehicle_images).toBe(Math.ceil(listed / 500));
    // Each vehicle once, in id order.
    const refs = parseCsv(text, ",", { maxRecords: 10_000, maxCellLength: 100_000 })
      .slice(1)
      .map((r) => Number(r.cells[0]!.slice(2)));
    expect(new Set(refs).size).toBe(listed);
    expect(refs).toEqual([...refs].sort((a, b) => a - b));
  });

  it("stops reading, and logs no failure, when the client goes away while a batch is being read", async () => {
    const logged = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const { db, reads, release } = watched(large.db, { table: "vehicles", nth: 2 });
    const reader = stockFeedStream(db, "vehicles", TO, { batchSize: 500 }).getReader();
    await reader.read();
    await reader.read();
    // The second batch is being read (held) when the client leaves.
    await expect.poll(() => reads.vehicles).toBe(2);
    const gone = reader.cancel();
    release();
    await gone;
    await reader.closed;
    expect(reads.vehicles).toBe(2);
    expect(logged).not.toHaveBeenCalled();
  });

  it("ends with an error, and logs it, when the database fails part way, rather than hang or look complete", async () => {
    const logged = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const { db } = watched(large.db, { table: "vehicles", nth: 3, fail: true });
    const read = new Response(stockFeedStream(db, "vehicles", TO, { batchSize: 500 })).text();
    await expect(read).rejects.toThrow();
    expect(logged.mock.calls.map(([line]) => String(line)).join("")).toContain("a stock feed stopped part way");
  });
});
