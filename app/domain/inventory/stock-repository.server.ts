import type { DB } from "~/db/db.server";
import type { ImageRef } from "~/domain/media/image-url";
import type { StockCard } from "./inventory";
import { STOCK_KINDS, type StockKind, type StockPath } from "./stock-kinds";
import { statusOrder } from "./stock-status";
import { partRepository } from "./parts.server";
import { firstPhotos, stockCardOf, toImageRef, type StockRepository } from "./stock-rows.server";
import { vehicleRepository } from "./vehicles.server";

/*
 * The reader of each kind's table, chosen by kind ("vehicle") or by its path
 * ("vehicles"), and what every screen asks of either in the same words.
 */

const REPOSITORIES = { vehicle: vehicleRepository, part: partRepository } as const;

/** The kind named by a kind or its path segment. */
function kindOf(kindOrPath: StockKind | StockPath): StockKind {
  return kindOrPath === STOCK_KINDS.vehicle.path || kindOrPath === STOCK_KINDS.vehicle.kind ? "vehicle" : "part";
}

/** The reader of one kind's table; the same calls whichever it is. */
export function repositoryOf(kindOrPath: StockKind | StockPath): StockRepository<unknown> {
  return REPOSITORIES[kindOf(kindOrPath)];
}

/** The first photo of each item, in one query. */
export async function coverImages(
  db: DB,
  kind: StockKind | StockPath,
  ids: readonly number[],
): Promise<Map<number, ImageRef>> {
  return firstPhotos(await repositoryOf(kind).photos.ofItems(db, ids));
}

/** The photos of one item in display order, with their row ids (the edit screen moves them by id). */
export async function itemImages(
  db: DB,
  kind: StockKind | StockPath,
  id: number,
): Promise<(ImageRef & { id: number })[]> {
  const rows = await repositoryOf(kind).photos.ofItem(db, id);
  return rows.map((r) => ({ id: r.id, ...toImageRef(r) }));
}

/** Adds stored photos to an item from `firstPosition` on, in the order given. */
export function insertImages(
  db: DB,
  kind: StockKind | StockPath,
  ownerId: number,
  images: ImageRef[],
  firstPosition: number,
  createdAt: string,
): Promise<void> {
  return repositoryOf(kind).photos.add(db, ownerId, images, firstPosition, createdAt);
}

/** Among the newest listings, what can still be bought comes first: sold stock is no advertisement. */
const LATEST_WINDOW = 10;

/** The newest items as cards, for the home page (SPEC 2 "Home": 6 of each), available before reserved and sold. */
export async function latestStock(db: DB, kind: StockKind, limit: number): Promise<StockCard[]> {
  const repository = repositoryOf(kind);
  // The newest few times the cards wanted, read through the created_at index; then available first.
  const newest = await repository.newest(db, limit * LATEST_WINDOW);
  const rows = newest
    .map((row, i) => ({ row, i }))
    .sort((a, b) => statusOrder(a.row.stock_status) - statusOrder(b.row.stock_status) || a.i - b.i)
    .slice(0, limit)
    .map(({ row }) => row);
  const covers = await coverImages(
    db,
    kind,
    rows.map((r) => r.id),
  );
  return rows.map((r) => stockCardOf(r, covers.get(r.id) ?? null, kind));
}

/** Of these stored files, the ones some vehicle or part still shows. */
export async function keysStillShown(db: DB, keys: readonly string[]): Promise<Set<string>> {
  const stillUsed = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    const found = await Promise.all(Object.values(REPOSITORIES).map((r) => r.photos.keysInUse(db, chunk)));
    for (const key of found.flat()) stillUsed.add(key);
  }
  return stillUsed;
}
