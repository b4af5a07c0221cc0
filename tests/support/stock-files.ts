import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import type { DB } from "~/db/db.server";
import type { StockPath } from "~/domain/inventory/stock-kinds";
import type { MultipartForm, UploadedFile } from "~/domain/media/multipart.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { stockCsvLines } from "~/domain/stock-io/stock-export.server";
import { confirmImport, getImport, stageImport, type ImportView } from "~/domain/stock-io/stock-import.server";
import { problemText } from "~/i18n/problem";
import { serverT } from "~/i18n/request.server";
import { createTestDb, type TestDb } from "./test-db";

/*
 * Stock files as the owner uploads them (issue 23): a CSV file and a ZIP of
 * photos, previewed and imported through the shop's own services, and the
 * export read back.
 */

export const STOCK_STAFF = { id: 1, adminId: "owner" };
export const en = serverT("en", "admin");

/** A CSV file of these lines, as a spreadsheet saves it. */
export const csv = (lines: string[]) => Buffer.from(lines.join("\r\n") + "\r\n", "utf8");

/** A 640×480 JPEG, different for each hue. */
export const photo = (hue: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 80, b: 120 } } })
    .jpeg()
    .toBuffer();

/** Each row's line, ref id and outcome. */
export const outcomes = (view: ImportView) => view.preview.rows.map((r) => [r.line, r.refId, r.outcome]);

export type StockServices = { db: DB; media: MediaStore; documents: DocumentStore };

/** The preview of a file (and its photos' ZIP): nothing is written yet. */
export async function previewStock(
  services: StockServices,
  kind: "vehicle" | "part",
  file: Buffer,
  zip: Buffer | null = null,
): Promise<ImportView> {
  const staged = await stageImport(
    services,
    STOCK_STAFF,
    kind,
    { name: "stock.csv", data: file },
    zip && { name: "photos.zip", data: zip },
  );
  if (!staged.ok) throw new Error(`refused: ${problemText(en, staged.problem)}`);
  return (await getImport(services.db, staged.id))!;
}

/** A file previewed, then imported on the owner's word; the import as it ended. */
export async function importStock(
  services: StockServices,
  kind: "vehicle" | "part",
  file: Buffer,
  zip: Buffer | null = null,
): Promise<ImportView> {
  const view = await previewStock(services, kind, file, zip);
  const confirmed = await confirmImport(services, STOCK_STAFF, view.id);
  if (!confirmed.ok) throw new Error("not confirmed");
  await confirmed.run;
  return (await getImport(services.db, view.id))!;
}

/** The export of all vehicles or parts, as the owner downloads it. */
export async function exportedStock(db: DB, kind: "vehicle" | "part"): Promise<string> {
  let text = "";
  for await (const chunk of stockCsvLines(db, kind)) text += chunk;
  return text;
}

/** How many files a folder holds, in all its subfolders. */
export const filesIn = (dir: string): number =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile()).length
    : 0;

/**
 * This test file's shop for stock files: a fresh database and a folder of media and documents, made before
 * its tests and removed after them. `db` and `t` are read once the tests run.
 */
export function stockFilesForFile(name: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const media = new MediaStore(localDriver(path.join(root, "media")));
  const documents = new DocumentStore(localDriver(path.join(root, "documents")));
  let test: TestDb | undefined;
  beforeAll(async () => {
    test = await createTestDb();
  });
  afterAll(async () => {
    await test?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const shop = {
    root,
    media,
    documents,
    get t(): TestDb {
      if (!test) throw new Error("The database is made before the tests run: read it inside a test.");
      return test;
    },
    get db(): DB {
      return shop.t.db;
    },
    services: (): StockServices => ({ db: shop.db, media, documents }),
    preview: (kind: "vehicle" | "part", file: Buffer, zip: Buffer | null = null) =>
      previewStock(shop.services(), kind, file, zip),
    importFile: (kind: "vehicle" | "part", file: Buffer, zip: Buffer | null = null) =>
      importStock(shop.services(), kind, file, zip),
    exported: (kind: "vehicle" | "part") => exportedStock(shop.db, kind),
    async vehicleCount() {
      const row = await shop.db
        .selectFrom("vehicles")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
  return shop;
}

/** The edit screen's fields of a vehicle or part as stored, the photos aside. */
export async function storedFields(db: DB, kind: StockPath, id: number): Promise<Record<string, string>> {
  if (kind === "vehicles") {
    const v = await db.selectFrom("vehicles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    return {
      refId: v.ref_id,
      name: v.name,
      make: v.make,
      model: v.model,
      year: String(v.year),
      price: String(v.price),
      stockStatus: v.stock_status,
      description: v.description,
    };
  }
  const p = await db.selectFrom("parts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return {
    refId: p.ref_id,
    name: p.name,
    make: p.make,
    model: p.model,
    type: p.type,
    subType: p.sub_type,
    price: String(p.price),
    quantity: String(p.quantity),
    stockStatus: p.stock_status,
    description: p.description,
  };
}

/** A form as the shop's multipart reader gives it: each field sent once, and these files. */
export const multipartOf = (fields: Record<string, string | string[]>, files: UploadedFile[] = []): MultipartForm => ({
  fields: new Map(Object.entries(fields).map(([k, v]) => [k, [v].flat()])),
  files,
});
