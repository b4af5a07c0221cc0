import { randomInt } from "node:crypto";
import { type DB, nowIso } from "~/db/db.server";
import type { ImageRef } from "~/domain/media/image-url";
import { logActivity } from "~/domain/activity/activity.server";
import type { PartInput, VehicleDetail, VehicleInput } from "./inventory";
import { maskedChassis } from "./chassis";
import { partRepository } from "./parts.server";
import { STOCK_KINDS, type StockKind } from "./stock-kinds";
import { latestStock, repositoryOf } from "./stock-repository.server";
import type { StockRepository } from "./stock-rows.server";
import { vehicleColumns, vehicleRepository } from "./vehicles.server";

/** A fresh reference like "V-482913": letters for the kind, six digits. */
function newRefId(prefix: "V" | "P"): string {
  return `${prefix}-${randomInt(100_000, 1_000_000)}`;
}

export async function uniqueRefId(db: DB, kind: StockKind): Promise<string> {
  for (;;) {
    const refId = newRefId(STOCK_KINDS[kind].refPrefix);
    if ((await repositoryOf(kind).refIdHolder(db, refId)) === null) return refId;
  }
}

export type Actor = { kind: "staff" | "system"; id: string | null };

/**
 * Lists an item with its images (already stored through the media store, in
 * display order; the first is the cover). One transaction: the item, its
 * images and the activity entry are written together or not at all.
 */
async function listItem<Input extends { refId?: string | null }>(
  db: DB,
  repository: StockRepository<unknown, Input>,
  item: { input: Input; name: string; images: ImageRef[] },
  actor: Actor,
  createdAt: string,
): Promise<{ id: number; refId: string }> {
  const { kind } = repository;
  const refId = item.input.refId?.trim() || (await uniqueRefId(db, kind));
  return db.transaction().execute(async (trx) => {
    const id = await repository.insert(trx, item.input, refId, createdAt);
    await repository.photos.add(trx, id, item.images, 0, createdAt);
    const summary = `New ${kind} listed: ${item.name} (${refId})`;
    await logActivity(trx, {
      actor,
      action: `${kind}.created`,
      subject: { kind, id: String(id) },
      summary,
      at: createdAt,
    });
    return { id, refId };
  });
}

/** Lists a vehicle with its images; its name defaults to year, make and model. */
export function createVehicle(db: DB, input: VehicleInput, images: ImageRef[], actor: Actor, createdAt = nowIso()) {
  return listItem(db, vehicleRepository, { input, name: vehicleColumns(input).name, images }, actor, createdAt);
}

/** Lists a part with its images. */
export function createPart(db: DB, input: PartInput, images: ImageRef[], actor: Actor, createdAt = nowIso()) {
  return listItem(db, partRepository, { input, name: input.name, images }, actor, createdAt);
}

export const latestVehicles = (db: DB, limit = 6) => latestStock(db, "vehicle", limit);
export const latestParts = (db: DB, limit = 6) => latestStock(db, "part", limit);

/** A vehicle with all its photos in order, or null. */
export const getVehicle = (db: DB, id: number) => vehicleRepository.detail(db, id);

/**
 * A vehicle as public pages may show it: the chassis number partly hidden
 * (the whole one is for the owner and the buyer's invoice), through the same
 * reader as the owner's, so a vehicle is public exactly when it exists.
 */
export async function getPublicVehicle(db: DB, id: number): Promise<VehicleDetail | null> {
  const v = await getVehicle(db, id);
  return v && { ...v, chassisNumber: v.chassisNumber && maskedChassis(v.chassisNumber) };
}

/** A part with all its photos in order, or null. */
export const getPart = (db: DB, id: number) => partRepository.detail(db, id);
