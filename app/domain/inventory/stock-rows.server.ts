import type { Expression, Selectable, SqlBool } from "kysely";
import type { Database } from "~/db/schema";
import type { StockKind } from "./stock-kinds";
import type { StockCard, StockStatus } from "./inventory";
import type { DB } from "~/db/db.server";
import { sizeClassOf } from "./size-class";
import type { ImageRef } from "~/domain/media/image-url";
import type { SortColumn } from "~/domain/lists/sorts";
import { vehicleKind } from "./vehicle-kind";

/*
 * What the two stock tables have in common, written once: the shape of a
 * photo row and of a card row, how they become the shop's objects, and what
 * each table's reader offers (StockRepository). The readers themselves are
 * vehicles.server.ts and parts.server.ts, each naming its own tables, so
 * every query is checked against that table's columns; the calls that read
 * only the columns both tables share are stock-table.server.ts's.
 */

/** A stored photo as its table holds it. */
export type PhotoRow = { position: number; media_key: string; width: number; height: number; variants: string };

/** The columns every photo read selects. */
export const PHOTO_COLUMNS = ["position", "media_key", "width", "height", "variants"] as const;

export function toImageRef(row: PhotoRow): ImageRef {
  return {
    key: row.media_key,
    width: row.width,
    height: row.height,
    variants: row.variants.split(",").map(Number),
  };
}

/** The rows of new photos from `firstPosition` on, in the order given; the table adds the owner. */
export function newPhotoRows(images: readonly ImageRef[], firstPosition: number, createdAt: string) {
  return images.map((image, i) => ({
    position: firstPosition + i,
    media_key: image.key,
    width: image.width,
    height: image.height,
    variants: image.variants.join(","),
    created_at: createdAt,
  }));
}

/** One photo table (vehicle_images or part_images), each read and write written against its own columns. */
export interface PhotoTable {
  /** The photos of these items, each item's in display order. */
  ofItems(db: DB, ids: readonly number[]): Promise<(PhotoRow & { owner_id: number })[]>;
  /** One item's photos in display order, with their row ids (the edit screen moves them by id). */
  ofItem(db: DB, id: number): Promise<(PhotoRow & { id: number })[]>;
  /** Adds photos to an item from `firstPosition` on. */
  add(db: DB, ownerId: number, images: readonly ImageRef[], firstPosition: number, at: string): Promise<void>;
  /** Takes these photo rows away. */
  remove(db: DB, photoIds: readonly number[]): Promise<void>;
  /** Puts a photo at a place in its item's order. */
  move(db: DB, photoId: number, position: number): Promise<void>;
  /** Of these stored files, the ones this table still shows. */
  keysInUse(db: DB, keys: readonly string[]): Promise<string[]>;
  /** Notes the file a stored photo was made from (a stock import), so the same file again changes nothing. */
  setSourceHash(db: DB, mediaKey: string, hash: string): Promise<void>;
}

/** The first photo of each item. */
export function firstPhotos(rows: readonly (PhotoRow & { owner_id: number })[]): Map<number, ImageRef> {
  const covers = new Map<number, ImageRef>();
  for (const row of rows) if (!covers.has(row.owner_id)) covers.set(row.owner_id, toImageRef(row));
  return covers;
}

/** What every card reads, in this order; a vehicle's card reads more after them. */
export const CARD_COLUMNS = [
  "id",
  "ref_id",
  "name",
  "price",
  "make",
  "model",
  "year",
  "stock_status",
  "type",
  "sub_type",
] as const;

/** What a card is made from; vehicles add their size and the facts read first. */
export type CardRow = {
  id: number;
  ref_id: string;
  name: string;
  price: number | string;
  make: string;
  model: string;
  year: number | null;
  stock_status: StockStatus;
  type: string | null;
  sub_type: string | null;
  engine_cc?: number | null;
  mileage?: number | null;
  transmission?: string | null;
  steering?: string | null;
  manufactured_month?: number | null;
  registered_month?: number | null;
  seats?: string | null;
};

/** What a card and a list row show of any item, from its row. */
export function cardFacts(r: CardRow) {
  return {
    id: r.id,
    refId: r.ref_id,
    name: r.name,
    price: Number(r.price),
    make: r.make,
    model: r.model,
    year: r.year,
    stockStatus: r.stock_status,
  };
}

/** What a card and a list row show of a vehicle after its name; each null for a part, whose row has none of them. */
export function vehicleFacts(r: Partial<CardRow>) {
  return {
    mileage: r.mileage ?? null,
    engineCc: r.engine_cc ?? null,
    transmission: r.transmission ?? null,
    steering: r.steering ?? null,
    manufactured: r.manufactured_month ?? null,
    registered: r.registered_month ?? null,
    // Which age limit of a country applies to it (a part's is never read).
    importKind: vehicleKind({ type: r.type ?? null, subType: r.sub_type ?? null, seats: r.seats ?? null }),
  };
}

/** A card from its row and cover; vehicles get their freight size class. */
export function stockCardOf(r: CardRow, image: StockCard["image"], kind: StockKind): StockCard {
  const vehicle = kind === "vehicle";
  return {
    kind,
    ...cardFacts(r),
    image,
    sizeClass: vehicle ? sizeClassOf({ type: r.type, subType: r.sub_type, engineCc: r.engine_cc ?? null }) : null,
    ...vehicleFacts(vehicle ? r : {}),
  };
}

/** Cards of rows in the order of `ids`, with their covers; ids without a row are left out. */
export async function cardsInOrder(
  db: DB,
  kind: StockKind,
  photos: PhotoTable,
  ids: readonly number[],
  rows: readonly CardRow[],
): Promise<StockCard[]> {
  const covers = firstPhotos(
    await photos.ofItems(
      db,
      rows.map((r) => r.id),
    ),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [stockCardOf(r, covers.get(id) ?? null, kind)] : [];
  });
}

/** The fields of a detail that both kinds read from the same columns, typed as the kind's row has them. */
export function commonFields<R extends Selectable<Database["vehicles"]> | Selectable<Database["parts"]>>(row: R) {
  return {
    id: row.id,
    refId: row.ref_id,
    name: row.name,
    make: row.make,
    model: row.model,
    type: row.type as R["type"],
    subType: row.sub_type as R["sub_type"],
    year: row.year as R["year"],
    price: Number(row.price),
    mileage: row.mileage,
    color: row.color,
    fuel: row.fuel,
    description: row.description,
    stockStatus: row.stock_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What lists of the staff panel and the quote lists show of an item. */
export type ItemLabel = { id: number; ref_id: string; name: string; make: string; year: number | null };

/** What a quote is written from. */
export type QuoteItem = {
  id: number;
  ref_id: string;
  name: string;
  price: number | string;
  stock_status: StockStatus;
  quantity: number | null;
};

/** A row of the staff's stock table. */
export type AdminStockRow = {
  id: number;
  ref_id: string;
  name: string;
  make: string;
  model: string;
  type: string | null;
  year: number | null;
  price: number | string;
  stock_status: StockStatus;
  created_at: string;
  part_number: string | null;
  /** Vehicles: the whole chassis number (the owner's table). */
  chassis_number: string | null;
  category: string | null;
  quantity: number | null;
};

/** The order and window of a page of the staff's stock table. */
export type AdminPage = {
  column: SortColumn;
  direction: "asc" | "desc";
  limit: number;
  offset: number;
};

/**
 * The one reader (and writer of whole rows) of a stock table. Everything
 * that reads vehicles or parts by id, as cards, as labels or in bulk goes
 * through it; the public list's filtered search builds its own conditions
 * (search/list-where.server.ts) but takes its photos and shapes from here.
 */
export interface StockRepository<Detail, Input = unknown> {
  kind: StockKind;
  photos: PhotoTable;
  /** Writes a new item's row from its fields; its id. */
  insert(trx: DB, input: Input, refId: string, at: string): Promise<number>;
  /** Writes an item's fields (a vehicle's price cut is kept, see price-cut.server). */
  update(trx: DB, id: number, input: Input, refId: string, at: string): Promise<void>;
  /** The item with every photo in order, or null. */
  detail(db: DB, id: number): Promise<Detail | null>;
  /** Cards of these items in the order given; ids not found are left out. */
  cards(db: DB, ids: readonly number[]): Promise<StockCard[]>;
  /** Card rows of the newest `limit` items, newest first. */
  newest(db: DB, limit: number): Promise<CardRow[]>;
  /** What a quote is written from: a part's quantity in stock, null for a vehicle. */
  quoteItem(db: DB, id: number): Promise<QuoteItem | null>;
  /** Name, ref id, make and year of these items. */
  labels(db: DB, ids: readonly number[]): Promise<ItemLabel[]>;
  /** Which of these ids exist. */
  existing(db: DB, ids: readonly number[]): Promise<Set<number>>;
  /** The id of the item holding this ref id (other than `except`), or null. */
  refIdHolder(db: DB, refId: string, except?: number): Promise<number | null>;
  /** Locks the item's row until the transaction ends (PostgreSQL); false when it does not exist. */
  lock(trx: DB, id: number): Promise<boolean>;
  /** Deletes these items (their photo rows and favourites go with them). */
  remove(trx: DB, ids: readonly number[]): Promise<void>;
  /** How many items the table holds. */
  count(db: DB): Promise<number>;
  /** Ids and last changes in id order, a window at a time (the sitemap). */
  idsInOrder(db: DB, offset: number, limit: number): Promise<{ id: number; updated_at: string }[]>;
  /** The staff's stock table: how many match (counting no further than `most` + 1), and one page of them. */
  adminCount(db: DB, where: Expression<SqlBool>, most?: number): Promise<number>;
  adminPage(db: DB, where: Expression<SqlBool>, page: AdminPage): Promise<AdminStockRow[]>;
}
