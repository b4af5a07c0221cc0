import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AMAL, dealWorld, DEAL, paymentFields, STAFF, type DealWorld } from "../../../tests/support/deal-world";
import { english } from "../../../tests/support/english";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { recordPayment } from "./orders.server";
import { stockCsvLines } from "~/domain/stock-io/stock-export.server";
import type { ImportView } from "~/domain/stock-io/stock-import.server";
import { csv, importStock, multipartOf, storedFields } from "../../../tests/support/stock-files";
import { formatDate } from "~/i18n/format";
import { parseCsv } from "~/utils/csv";
import { editStock } from "~/domain/stock-io/stock-edit.server";
import { statusByHandRefusal } from "./status-by-hand.server";
import { uploadVehicle } from "~/domain/stock-io/stock-upload.server";
import type { StockStatus } from "~/domain/inventory/stock-status";

/*
 * A vehicle's Reserved and Sold follow its deal (issue 40), on both
 * databases: while a buyer's hold or a paid order keeps a vehicle, neither the
 * edit form nor a stock import moves its status (the import refuses that row
 * only, with the hold's quote and expiry); no hand marks a vehicle Reserved;
 * Sold by hand with no deal (an offline sale) still goes through.
 */

let w: DealWorld;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "status-by-hand-"));
const media = new MediaStore(localDriver(path.join(root, "media")));
const documents = new DocumentStore(localDriver(path.join(root, "documents")));

beforeAll(async () => {
  // A country with no import rule: the offer's import check has nothing to say of these cars.
  w = await dealWorld({ buyers: [AMAL], port: { country: "Chile", port: "Valparaiso" } });
});
afterAll(async () => {
  await w.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

const vehicle = (status: StockStatus = "available") => w.vehicle(1_000_000, { stockStatus: status });
const row = (id: number) => w.db.selectFrom("vehicles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const statusOf = async (id: number) => (await row(id)).stock_status;
const activeHold = (id: number) =>
  w.db.selectFrom("holds").selectAll().where("vehicle_id", "=", id).where("ended_at", "is", null).executeTakeFirst();

/** A buyer without an account accepts an offer for the vehicle through its link: the vehicle is held (Reserved). */
async function held(vehicleId: number) {
  const { number, quoteNumber } = await w.accepted({ vehicleId, guest: true });
  expect(await statusOf(vehicleId)).toBe("reserved");
  const hold = (await activeHold(vehicleId))!;
  return {
    quote: quoteNumber,
    order: number,
    reason: `Held for quote ${quoteNumber} until ${formatDate(hold.expires_at, "en")}: the deal sets this status.`,
  };
}

const edit = async (id: number, changes: Record<string, string>) =>
  editStock(
    w.db,
    media,
    "vehicles",
    id,
    multipartOf({ ...(await storedFields(w.db, "vehicles", id)), ...changes }),
    STAFF,
  );

/** Why the edit screen refused the status, in English; null when it saved. */
async function editRefusal(id: number, changes: Record<string, string>) {
  const outcome = await edit(id, changes);
  if (outcome.ok) return null;
  expect(Object.keys(outcome.errors)).toEqual(["stockStatus"]);
  return english(outcome.errors.stockStatus!);
}

const importFile = (file: Buffer) => importStock({ db: w.db, media, documents }, "vehicle", file);

/** Each row's outcome, and the reasons of a refused one with their cells' columns. */
const rowsOf = (view: ImportView) =>
  view.preview.rows.map((r) => [r.refId, r.outcome, ...r.problems.map((p) => `${p.column}: ${english(p.message)}`)]);

describe("the edit form", () => {
  it("cannot move a held vehicle to Available or Sold; nothing is written, and the deal's hold stays", async () => {
    const id = await vehicle();
    const { reason } = await held(id);
    expect(reason).toMatch(/until \d{1,2} [A-Z][a-z]{2,3} \d{4}: /);
    for (const to of ["available", "sold"]) {
      const outcome = await edit(id, { stockStatus: to, name: "Typed meanwhile", price: "900000" });
      expect(outcome).toMatchObject({ ok: false, refusal: "conflict" });
      if (!outcome.ok) expect(english(outcome.errors.stockStatus!)).toBe(reason);
    }
    expect([await statusOf(id), (await row(id)).name, (await row(id)).price]).toEqual([
      "reserved",
      expect.not.stringMatching("Typed meanwhile"),
      1_000_000,
    ]);
    expect(await activeHold(id)).toBeDefined();
    // The rest of the form is the owner's: kept Reserved, the edit saves.
    expect(await edit(id, { name: "Renamed while held" })).toEqual({ ok: true });
    expect([await statusOf(id), (await row(id)).name]).toEqual(["reserved", "Renamed while held"]);
  });

  it("cannot mark Reserved a vehicle no deal holds", async () => {
    const id = await vehicle();
    expect(await editRefusal(id, { stockStatus: "reserved" })).toBe(
      "Only a deal reserves a vehicle: it becomes Reserved when a buyer accepts an offer, and Available again when the hold ends.",
    );
    expect(await statusOf(id)).toBe("available");
  });

  it("marks Sold by hand a vehicle with no deal (an offline sale), and back; frees a stale Reserved", async () => {
    const id = await vehicle();
    expect(await edit(id, { stockStatus: "sold" })).toEqual({ ok: true });
    expect(await statusOf(id)).toBe("sold");
    expect(await edit(id, { stockStatus: "available" })).toEqual({ ok: true });
    expect(await statusOf(id)).toBe("available");
    const stale = await vehicle("reserved");
    expect(await edit(stale, { stockStatus: "available" })).toEqual({ ok: true });
    expect(await statusOf(stale)).toBe("available");
  });

  it("leaves a vehicle its paid order sold: Sold stays, the order is named", async () => {
    const id = await vehicle();
    const { order } = await held(id);
    expect(await recordPayment(w.db, DEAL, order, paymentFields("1,000,000"), STAFF)).toMatchObject({ ok: true });
    expect([await statusOf(id), await activeHold(id)]).toEqual(["sold", undefined]);
    expect(await editRefusal(id, { stockStatus: "available" })).toBe(
      `Order ${order} has money in or has shipped: the deal sets this status.`,
    );
    expect(await statusOf(id)).toBe("sold");
  });
});

describe("the upload form", () => {
  it("cannot list a new vehicle as Reserved: nothing is stored", async () => {
    const before = await w.db
      .selectFrom("vehicles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const fields = {
      make: "Toyota",
      model: "Corolla",
      year: "2021",
      price: "980,000",
      steering: "Right",
      refId: "UP-RES-1",
      stockStatus: "reserved",
    };
    const outcome = await uploadVehicle(w.db, media, multipartOf(fields), STAFF);
    expect(outcome.ok ? null : [outcome.refusal, english(outcome.errors.stockStatus!)]).toEqual([
      "invalid",
      english(statusByHandRefusal(null, "reserved", undefined)!),
    ]);
    const after = await w.db
      .selectFrom("vehicles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("the stock import", () => {
  it("refuses only the rows that would move a held vehicle, with its quote and expiry; the rest of the file goes in", async () => {
    const [a, b, c] = [await vehicle(), await vehicle(), await vehicle()];
    const [refA, refB, refC] = [(await row(a)).ref_id, (await row(b)).ref_id, (await row(c)).ref_id];
    const dealA = await held(a);
    const dealB = await held(b);
    const view = await importFile(
      csv(["ref_id,stock_status,price", `${refA},available,950000`, `${refB},sold,950000`, `${refC},available,950000`]),
    );
    expect(rowsOf(view)).toEqual([
      [refA, "error", `stock_status: ${dealA.reason}`],
      [refB, "error", `stock_status: ${dealB.reason}`],
      [refC, "update"],
    ]);
    expect(view.result).toMatchObject({ updated: 1 });
    expect(view.result!.failed.map((f) => [f.refId, english(f.problems[0]!.message)])).toEqual([
      [refA, dealA.reason],
      [refB, dealB.reason],
    ]);
    expect([await statusOf(a), await statusOf(b), (await row(a)).price, (await row(c)).price]).toEqual([
      "reserved",
      "reserved",
      1_000_000,
      950_000,
    ]);
    expect(await activeHold(a)).toBeDefined();
    expect(await activeHold(b)).toBeDefined();
  });

  it("the owner's export, a buyer's acceptance, the edited file again: the held car's row is refused, its hold stays", async () => {
    const [a, b] = [await vehicle(), await vehicle()];
    const [refA, refB] = [(await row(a)).ref_id, (await row(b)).ref_id];
    let exported = "";
    for await (const chunk of stockCsvLines(w.db, "vehicle")) exported += chunk;
    const { reason } = await held(a);
    // The owner edits B's price in the spreadsheet; A's row still says Available, as it was exported.
    const records = parseCsv(exported, ",", { maxRecords: 1000, maxCellLength: 10_000 });
    const priceAt = records[0]!.cells.indexOf("price");
    const edited = records
      .map((r) => r.cells.map((cell, j) => (r.cells[0] === refB && j === priceAt ? "880000" : cell)))
      .map((cells) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(","))
      .join("\r\n");
    const view = await importFile(Buffer.from(edited, "utf8"));
    const rowA = view.preview.rows.find((r) => r.refId === refA)!;
    expect([rowA.outcome, rowA.problems.map((p) => english(p.message))]).toEqual(["error", [reason]]);
    expect(view.preview.rows.find((r) => r.refId === refB)).toMatchObject({ outcome: "update", changes: ["price"] });
    expect(view.preview.rows.filter((r) => r.refId !== refA && r.refId !== refB).map((r) => r.outcome)).not.toContain(
      "update",
    );
    expect([await statusOf(a), (await row(a)).price, await statusOf(b), (await row(b)).price]).toEqual([
      "reserved",
      1_000_000,
      "available",
      880_000,
    ]);
    expect(await activeHold(a)).toBeDefined();
  });

  it("lets a held vehicle's unchanged status through: the file exported now, imported again, changes nothing", async () => {
    const id = await vehicle();
    const ref = (await row(id)).ref_id;
    await held(id);
    let exported = "";
    for await (const chunk of stockCsvLines(w.db, "vehicle")) exported += chunk;
    const view = await importFile(Buffer.from(exported, "utf8"));
    expect(view.preview.counts).toMatchObject({ error: 0, new: 0, update: 0 });
    // And a price change of the held car, its status as stored, goes in.
    const priced = await importFile(csv(["ref_id,stock_status,price", `${ref},reserved,990000`]));
    expect(rowsOf(priced)).toEqual([[ref, "update"]]);
    expect([await statusOf(id), (await row(id)).price]).toEqual(["reserved", 990_000]);
  });

  it("marks no vehicle Reserved, new or stored, and marks Sold by hand one with no deal", async () => {
    const [a, b] = [await vehicle(), await vehicle()];
    const [refA, refB] = [(await row(a)).ref_id, (await row(b)).ref_id];
    const only =
      "Only a deal reserves a vehicle: it becomes Reserved when a buyer accepts an offer, and Available again when the hold ends.";
    const stored = await importFile(csv(["ref_id,stock_status", `${refA},reserved`, `${refB},sold`]));
    expect(rowsOf(stored)).toEqual([
      [refA, "error", `stock_status: ${only}`],
      [refB, "update"],
    ]);
    const listed = await importFile(
      csv(["ref_id,stock_status,make,model,year,price", "SH-NEW-1,reserved,Toyota,Corolla,2019,900000"]),
    );
    expect(rowsOf(listed)).toEqual([["SH-NEW-1", "error", `stock_status: ${only}`]]);
    expect([await statusOf(a), await statusOf(b)]).toEqual(["available", "sold"]);
  });
});
