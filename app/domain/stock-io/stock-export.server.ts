import type { DB } from "~/db/db.server";
import type { Fitment } from "~/domain/inventory/fitment";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import { log } from "~/utils/log.server";
import { textStream } from "~/utils/text-stream.server";
import { CSV_BOM, csvLine } from "~/utils/csv";
import {
  headerCells,
  partRecord,
  recordCells,
  vehicleRecord,
  type PartRow,
  type VehicleRow,
} from "./stock-record.server";
import { partFitments } from "./import-plan.server";
import { currentSheets } from "~/domain/proof/auction-sheets.server";

/*
 * The owner's stock as CSV (issue 23), in the import's columns, so a file
 * exported, edited in a spreadsheet and imported again changes only what was
 * edited. Read in batches by id and written as it is read: the whole stock
 * never sits in memory.
 */

const BATCH = 1_000;

/** The stock of one kind as CSV lines, a batch at a time. */
export async function* stockCsvLines(db: DB, kind: StockKind): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(headerCells(kind));
  let after = 0;
  for (;;) {
    const rows =
      kind === "vehicle"
        ? await db.selectFrom("vehicles").selectAll().where("id", ">", after).orderBy("id").limit(BATCH).execute()
        : await db.selectFrom("parts").selectAll().where("id", ">", after).orderBy("id").limit(BATCH).execute();
    if (rows.length === 0) return;
    const fits: Map<number, Fitment[]> =
      kind === "part"
        ? await partFitments(
            db,
            rows.map((r) => r.id),
          )
        : new Map<number, Fitment[]>();
    const sheets =
      kind === "vehicle"
        ? await currentSheets(
            db,
            rows.map((r) => r.id),
          )
        : new Map();
    let chunk = "";
    for (const row of rows) {
      const record =
        kind === "vehicle"
          ? vehicleRecord(row as VehicleRow, sheets.get(row.id)?.fields ?? null)
          : partRecord(row as PartRow, fits.get(row.id) ?? []);
      chunk += csvLine(recordCells(kind, record));
    }
    yield chunk;
    after = rows[rows.length - 1]!.id;
  }
}

/** The stock as a streamed CSV response body; an error midway ends the stream with it (and the log says so). */
export function stockCsvStream(db: DB, kind: StockKind): ReadableStream<Uint8Array> {
  return textStream(stockCsvLines(db, kind), (error) =>
    log("error", "stock export stopped", { kind, error: String(error) }),
  );
}
