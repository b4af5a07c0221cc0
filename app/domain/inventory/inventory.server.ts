import { randomInt } from "node:crypto";
import { type DB, nowIso } from "~/db/db.server";
import type { ImageRef } from "~/domain/media/image-url";
import { logActivity } from "~/domain/activity/activity.server";
import type { PartInput, VehicleDetail, VehicleInput } from "./inventory";
import { maskedChassis } from "./chassis";
import { partRepository } from "./parts.server";
import { STOCK_KINDS, type StockKind } from "./stock-kinds";
import { latestStock, repositoryOf } from "./stock-repository.server";
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
 * Lists a vehicle with its images (already stored through the media store, in
 * display order; the first is the cover). One transaction: the vehicle, its
 * images and the activity entry are written together or not at all.
 */
export async function createVehicle(
  db: DB,
  input: VehicleInput,
  images: ImageRef[],
  actor: Actor,
  createdAt = nowIso(),
): Promise<{ id: number; refId: string }> {
  const refId = input.refId?.trim() || (await uniqueRefId(db, "vehicle"));
  const name = vehicleColumns(input).name;
  return db.transaction().execute(async (trx) => {
    const id = await vehicleRepository.insert(trx, input, refId, createdAt);
    await vehicleRepository.photos.add(trx, id, images, 0, createdAt);
    await logActivity(trx, {
      actor,
      action: "vehicle.created",
      subject: { kind: "vehicle", id: String(id) },
      summary: `New vehicle listed: ${name} (${refId})`,
      at: createdAt,
    });
    return { id, refId };
  });
}

/** Lists a part with its images; same rules as createVehicle. */
export async function createPart(
  db: DB,
  input: PartInput,
  images: ImageRef[],
  actor: Actor,
  createdAt = nowIso(),
): Promise<{ id: number; refId: string }> {
  const refId = input.refId?.trim() || (await uniqueRefId(db, "part"));
  return db.transaction().execute(async (trx) => {
    const id = await partRepository.insert(trx, input, refId, createdAt);
    await partRepository.photos.add(trx, id, images, 0, createdAt);
    await logActivity(trx, {
      actor,
      action: "part.created",
      subject: { kind: "part", id: String(id) },
      summary: `New part listed: ${input.name} (${refId})`,
      at: createdAt,
    });
    return { id, refId };
  });
}

export const latestVehicles = (db: DB, limit = 6) => latestStock(db, "vehicle", limit);
export const latestParts = (db: DB, limit = 6) => latestStock(db, "part", limit);

/** Distinct make/model and type/subtype pairs in stock, for the search boxes. */
export async function stockOptions(db: DB) {
  const [vehicles, parts] = await Promise.all([vehicleRepository.pairs(db), partRepository.pairs(db)]);
  const group = (pairs: [string, string | null][]) => {
    const map: Record<string, string[]> = {};
    for (const [key, value] of pairs) {
      if (!key) continue;
      map[key] ??= [];
      if (value && !map[key].includes(value)) map[key].push(value);
    }
    return map;
  };
  return {
    vehicleModels: group(vehicles.models),
    vehicleSubTypes: group(vehicles.subTypes),
    partModels: group(parts.models),
    partSubTypes: group(parts.subTypes),
  };
}

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
