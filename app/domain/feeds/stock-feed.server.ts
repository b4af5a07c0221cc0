import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { repositoryOf } from "~/domain/inventory/stock-repository.server";
import type { StockPath } from "~/domain/inventory/stock-kinds";
import { toImageRef } from "~/domain/inventory/stock-rows.server";
import type { ImageRef } from "~/domain/media/image-url";
import { CSV_BOM, csvLine } from "~/utils/csv";
import { log } from "~/utils/log.server";
import { textStream } from "~/utils/text-stream.server";
import {
  type FeedColumns,
  FEED_SHARED_COLUMNS,
  feedCells,
  feedHeader,
  FEED_STATUSES,
  type FeedLinks,
  PART_FEED_COLUMNS,
  type PartFeedRow,
  VEHICLE_FEED_COLUMNS,
  type VehicleFeedRow,
} from "./feed-columns";

/*
 * The stock feeds, written from the database in one pass while they are
 * sent: rows are read in batches by id (keyset: each batch starts after the
 * last id of the one before, along the primary key), each batch's photos in
 * one query, and a batch is read only when the client has taken the one
 * before (textStream). So a feed of 100,000 vehicles never sits in memory.
 */

/** Rows per batch: one query for the rows and one for their photos. */
export const FEED_BATCH = 500;

/** What one kind's feed is made of: its columns, and how a batch of its rows is read. */
type Feed<Row extends { id: number }> = {
  columns: FeedColumns<Row>;
  batch: (db: DB, afterId: number, limit: number) => Promise<Row[]>;
};

/**
 * One batch of the vehicles feed: the next `limit` listed vehicles after
 * `afterId` along the primary key (keyset), so each batch is a search of the
 * key, never a sort or an offset that reads the rows before it again.
 */
export function vehicleFeedBatch(db: DB, afterId: number, limit: number) {
  return db
    .selectFrom("vehicles")
    .select([
      ...FEED_SHARED_COLUMNS,
      "year",
      "mileage",
      "color",
      "fuel",
      "transmission",
      "registered_month",
      "auction_grade",
      "sheet_state",
    ])
    .where("id", ">", afterId)
    .where("stock_status", "in", FEED_STATUSES)
    .orderBy("id")
    .limit(limit);
}

/** One batch of the parts feed, as vehicleFeedBatch. */
export function partFeedBatch(db: DB, afterId: number, limit: number) {
  return db
    .selectFrom("parts")
    .select([...FEED_SHARED_COLUMNS, "part_number", "condition", "quantity"])
    .where("id", ">", afterId)
    .where("stock_status", "in", FEED_STATUSES)
    .orderBy("id")
    .limit(limit);
}

const FEEDS: { vehicles: Feed<VehicleFeedRow>; parts: Feed<PartFeedRow> } = {
  vehicles: {
    columns: VEHICLE_FEED_COLUMNS,
    batch: (db, afterId, limit) => vehicleFeedBatch(db, afterId, limit).execute(),
  },
  parts: {
    columns: PART_FEED_COLUMNS,
    batch: (db, afterId, limit) => partFeedBatch(db, afterId, limit).execute(),
  },
};

/** "vehicles.csv" → "vehicles"; null for any other name. */
export function feedOfFile(file: string): StockPath | null {
  return file === "vehicles.csv" ? "vehicles" : file === "parts.csv" ? "parts" : null;
}

/** Each item's photos in display order, for one batch, in one query. */
async function photosOf(db: DB, kind: StockPath, ids: readonly number[]): Promise<Map<number, ImageRef[]>> {
  const byItem = new Map<number, ImageRef[]>();
  for (const row of await repositoryOf(kind).photos.ofItems(db, ids)) {
    const list = byItem.get(row.owner_id) ?? [];
    list.push(toImageRef(row));
    byItem.set(row.owner_id, list);
  }
  return byItem;
}

/** The lines of one batch of rows, as text. */
async function batchText<Row extends { id: number }>(
  db: DB,
  kind: StockPath,
  feed: Feed<Row>,
  rows: readonly Row[],
  to: FeedLinks,
): Promise<string> {
  const photos = await photosOf(
    db,
    kind,
    rows.map((r) => r.id),
  );
  return rows.map((row) => csvLine(feedCells(feed.columns, row, photos.get(row.id) ?? [], to), "start")).join("");
}

/** A feed's text: the byte-order mark and header, then one batch of lines at a time. */
async function* feedLines<Row extends { id: number }>(
  db: DB,
  kind: StockPath,
  feed: Feed<Row>,
  to: FeedLinks,
  batchSize: number,
  progress: { afterId: number },
): AsyncGenerator<string, void> {
  yield CSV_BOM + csvLine(feedHeader(feed.columns));
  for (;;) {
    const rows = await feed.batch(db, progress.afterId, batchSize);
    if (rows.length === 0) return;
    const text = await batchText(db, kind, feed, rows, to);
    progress.afterId = rows[rows.length - 1]!.id;
    yield text;
    if (rows.length < batchSize) return;
  }
}

/**
 * One kind's feed as a stream of UTF-8 CSV, read from the database while it
 * is sent (textStream). A failure part way is logged with the last id sent
 * and cuts the answer off.
 */
export function stockFeedStream(
  db: DB,
  kind: StockPath,
  to: FeedLinks,
  { batchSize = FEED_BATCH }: { batchSize?: number } = {},
): ReadableStream<Uint8Array> {
  const progress = { afterId: 0 };
  const lines =
    kind === "vehicles"
      ? feedLines(db, kind, FEEDS.vehicles, to, batchSize, progress)
      : feedLines(db, kind, FEEDS.parts, to, batchSize, progress);
  return textStream(lines, (error) =>
    log("error", "a stock feed stopped part way", { feed: kind, afterId: progress.afterId, error: String(error) }),
  );
}

/** How many items each feed lists, by status (sold is never listed). */
export async function feedCounts(db: DB): Promise<Record<StockPath, Record<(typeof FEED_STATUSES)[number], number>>> {
  // What is not sold, from the counts the database keeps, less the few reserved, found through the status's
  // index (statuses are available, reserved and sold): reading every available vehicle took 180 ms at a
  // million. One statement, so both are read at one moment.
  const count = async (table: StockPath) => {
    const { rows } = await sql<{ unsold: number | string | null; reserved: number | string }>`
      select
        (select sum(unsold) from stock_facets where kind = ${repositoryOf(table).kind}) as unsold,
        (select count(*) from ${sql.table(table)} where stock_status = 'reserved') as reserved`.execute(db);
    const held = Number(rows[0]?.reserved ?? 0);
    return { available: Number(rows[0]?.unsold ?? 0) - held, reserved: held };
  };
  const [vehicles, parts] = await Promise.all([count("vehicles"), count("parts")]);
  return { vehicles, parts };
}
