import { containsPattern } from "~/db/like";
import { isStockStatus } from "./stock-status";
import { parseYen } from "~/domain/inventory/price";
import { type Expression, type SqlBool, sql } from "kysely";
import { type DB, dialectOf } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import type { ImageRef } from "~/domain/media/image-url";
import type { MediaStore } from "~/domain/media/media-store.server";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { coverImages, keysStillShown, repositoryOf } from "./stock-repository.server";
import type { StockNames, StockStatus } from "./inventory";
import { clampPage, readAdminPaging } from "~/domain/lists/pagination";
import { appliedStockFilters, LOW_STOCK_BELOW } from "./admin-stock";
import type { StockPath } from "./stock-kinds";
import { ADMIN_SORTS, type AdminSort, readSort, SORT_ORDERS } from "~/domain/lists/sorts";

/*
 * The owner's stock tables (SPEC 2 "All Vehicles and All Parts", 5, 9): search,
 * filters, sort and pages in the database, and bulk delete that also removes
 * the photos from the media store.
 */

export type AdminQuery = {
  q: string;
  make: string;
  type: string;
  status: "" | StockStatus;
  band: string;
  min: number | null;
  max: number | null;
  /** Parts: "low" lists only low stock (isLowStock). */
  stock: "" | "low";
  sort: AdminSort;
  page: number;
  perPage: number;
};

/**
 * Low stock as the database reads it: the same rule as isLowStock. The index
 * parts_low_stock_idx (migration 2026-12-05-02) repeats its `stock_status <>
 * 'sold'`, without which SQLite would not use it: change both together.
 */
export const LOW_STOCK_CONDITION = sql<SqlBool>`(quantity < ${LOW_STOCK_BELOW} and stock_status <> 'sold')`;

/** A price bound as the owner types it (the shop's one yen rule); anything else is no bound. */
function int(value: string | null): number | null {
  const yen = parseYen(value);
  return yen !== null && yen < 10_000_000_000 ? yen : null;
}

/** Reads the table's query string; never throws. */
export function readAdminQuery(params: URLSearchParams): AdminQuery {
  const sort = params.get("sort");
  const status = params.get("status");
  return {
    // Control characters read as spaces: chr(31) joins the searched columns (searchText).
    q: (params.get("q") ?? "")
      .replace(/\p{Cc}/gu, " ")
      .trim()
      .slice(0, 100),
    make: (params.get("make") ?? "").trim().slice(0, 60),
    type: (params.get("type") ?? "").trim().slice(0, 60),
    status: isStockStatus(status) ? status : "",
    band: (params.get("band") ?? "").slice(0, 20),
    min: int(params.get("min")),
    max: int(params.get("max")),
    stock: params.get("stock") === "low" ? "low" : "",
    sort: readSort(sort, ADMIN_SORTS),
    ...readAdminPaging(params),
  };
}

export type AdminRow = StockNames & {
  type: string | null;
  year: number | null;
  price: number;
  stockStatus: StockStatus;
  createdAt: string;
  partNumber: string | null;
  chassisNumber: string | null;
  category: string | null;
  quantity: number | null;
  image: ImageRef | null;
};

/** The columns the owner's search looks in, for a phrase found within any one of them. */
const SEARCH_COLUMNS: Record<StockPath, string[]> = {
  vehicles: ["name", "make", "model", "ref_id", "chassis_number"],
  parts: ["name", "make", "model", "part_number", "category", "ref_id"],
};

/**
 * The searched columns lowered and joined by chr(31), which no search holds
 * (readAdminQuery), so a phrase is found within one column, never across
 * two. On PostgreSQL the expression of a trigram index (migration
 * 2026-12-05-03; change both together): read row by row, a search of a
 * million vehicles took 1.0 s.
 */
function searchText(db: DB, kind: StockPath) {
  const separator = dialectOf(db) === "postgres" ? "chr(31)" : "char(31)";
  return sql.raw(`lower(${SEARCH_COLUMNS[kind].map((c) => `coalesce(${c}, '')`).join(` || ${separator} || `)})`);
}

/**
 * The most a search by phrase counts on PostgreSQL; past it the table says
 * "1,000+" and offers its pages up to there. Each match found by the trigram
 * index is read from its row: the 41,667 vehicles holding "corolla" at a
 * million took 330 to 780 ms to count, where 1,001 take 30 ms, and a page
 * past the thousandth match would walk on through the table. SQLite counts
 * every match, as it reads every row.
 */
export const SEARCH_COUNT_LIMIT = 1000;

/** The owner's search: the phrase within a searched column, or the stock's id when it is a number. */
function searchCondition(db: DB, kind: StockPath, q: string): Expression<SqlBool> {
  const found = sql<SqlBool>`${searchText(db, kind)} like ${containsPattern(q.toLowerCase())} escape '\\'`;
  // "or id": the owner may type the number from an address.
  return /^\d{1,12}$/.test(q) ? sql<SqlBool>`(${found} or id = ${Number(q)})` : found;
}

/** The table's filters as the database reads them; nothing filtered is "1 = 1" and no conditions. */
export function adminWhere(db: DB, kind: StockPath, query: AdminQuery) {
  const c: Expression<SqlBool>[] = [];
  if (query.q) c.push(searchCondition(db, kind, query.q));
  const f = appliedStockFilters(kind, query);
  if (f.make) c.push(sql<SqlBool>`make = ${f.make}`);
  if (f.type) c.push(sql<SqlBool>`type = ${f.type}`);
  if (f.status) c.push(sql<SqlBool>`stock_status = ${f.status}`);
  if (f.band?.min !== undefined) c.push(sql<SqlBool>`price >= ${f.band.min}`);
  if (f.band?.max !== undefined) c.push(sql<SqlBool>`price <= ${f.band.max}`);
  if (f.min !== null) c.push(sql<SqlBool>`price >= ${f.min}`);
  if (f.max !== null) c.push(sql<SqlBool>`price <= ${f.max}`);
  if (f.lowStock) c.push(LOW_STOCK_CONDITION);
  return {
    filtered: c.length > 0,
    where: c.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(c, sql` and `)}`,
  };
}

export async function adminListStock(db: DB, kind: StockPath, query: AdminQuery) {
  const { filtered, where } = adminWhere(db, kind, query);
  const repository = repositoryOf(kind);
  // Unfiltered, the counts the database keeps say it: counting a million vehicles took 66 to 100 ms.
  const most = query.q && dialectOf(db) === "postgres" ? SEARCH_COUNT_LIMIT : undefined;
  const counted = filtered ? await repository.adminCount(db, where, most) : await repository.count(db);
  const more = most !== undefined && counted > most;
  const total = more ? most : counted;
  const { page, pageCount } = clampPage(query.page, total, query.perPage);
  const { column, direction } = SORT_ORDERS[query.sort];
  const rows = await repository.adminPage(db, where, {
    column,
    direction,
    limit: query.perPage,
    offset: (page - 1) * query.perPage,
  });
  const covers = await coverImages(
    db,
    kind,
    rows.map((r) => r.id),
  );
  const items: AdminRow[] = rows.map((r) => ({
    id: r.id,
    refId: r.ref_id,
    name: r.name,
    make: r.make,
    model: r.model,
    type: r.type,
    year: r.year,
    price: Number(r.price),
    stockStatus: r.stock_status,
    createdAt: r.created_at,
    partNumber: r.part_number,
    chassisNumber: r.chassis_number,
    category: r.category,
    quantity: r.quantity,
    image: covers.get(r.id) ?? null,
  }));
  return { items, total, more, page, pageCount };
}

/**
 * Deletes stock by id, with its photos (rows in one transaction, then the
 * files), and records each in the activity log. Returns how many were found.
 */
export async function deleteStock(db: DB, media: MediaStore, kind: StockPath, ids: number[], staff: Staff) {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))].slice(0, 500);
  if (wanted.length === 0) return { deleted: 0, missing: 0 };
  const repository = repositoryOf(kind);
  const { found, images } = await db.transaction().execute(async (trx) => {
    const found = await repository.labels(trx, wanted);
    const ids = found.map((r) => r.id);
    const images = await repository.photos.ofItems(trx, ids);
    await repository.remove(trx, ids);
    for (const r of found) {
      await logActivity(trx, {
        actor: { kind: "staff", id: staff.adminId },
        action: kind === "vehicles" ? "vehicle.deleted" : "part.deleted",
        subject: { kind: kind === "vehicles" ? "vehicle" : "part", id: String(r.id) },
        summary: `${kind === "vehicles" ? "Vehicle" : "Part"} deleted: ${r.name} (${r.ref_id})`,
      });
    }
    return { found, images };
  });
  await removeUnusedPhotos(db, media, images);
  return { deleted: found.length, missing: wanted.length - found.length };
}

/** Removes stored photos that no vehicle or part shows any more. */
export async function removeUnusedPhotos(db: DB, media: MediaStore, images: { media_key: string; variants: string }[]) {
  const stillUsed = await keysStillShown(db, [...new Set(images.map((i) => i.media_key))]);
  await Promise.all(
    images
      .filter((i) => !stillUsed.has(i.media_key))
      .map((i) => media.remove({ key: i.media_key, variants: i.variants.split(",").map(Number) })),
  );
}
