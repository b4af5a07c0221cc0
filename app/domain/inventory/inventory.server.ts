import type { StockPath } from "./stock-kinds";
import { statusOrder } from "./stock-status";
import { sizeClassOf } from "~/domain/freight/freight";
import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import { type DB, nowIso } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { ImageRef } from "~/domain/media/image-url";
import { logActivity } from "~/domain/activity/activity.server";
import {
  defaultVehicleName,
  type PartDetail,
  type PartInput,
  type StockCard,
  type VehicleDetail,
  type VehicleInput,
} from "./inventory";

type ImageRow = { position: number; media_key: string; width: number; height: number; variants: string };

function toImageRef(row: ImageRow): ImageRef {
  return {
    key: row.media_key,
    width: row.width,
    height: row.height,
    variants: row.variants.split(",").map(Number),
  };
}

/** A fresh reference like "V-482913": letters for the kind, six digits. */
function newRefId(prefix: "V" | "P"): string {
  return `${prefix}-${randomInt(100_000, 1_000_000)}`;
}

async function uniqueRefId(db: DB, table: StockPath, prefix: "V" | "P"): Promise<string> {
  for (;;) {
    const refId = newRefId(prefix);
    const taken = await db.selectFrom(table).select("id").where("ref_id", "=", refId).executeTakeFirst();
    if (!taken) return refId;
  }
}

export type Actor = { kind: "staff" | "system"; id: string | null };

/** Adds stored photos to an item from `firstPosition` on, in the order given. */
export async function insertImages(
  db: Kysely<Database>,
  kind: StockPath,
  ownerId: number,
  images: ImageRef[],
  firstPosition: number,
  createdAt: string,
): Promise<void> {
  if (images.length === 0) return;
  const rows = images.map((image, i) => ({
    position: firstPosition + i,
    media_key: image.key,
    width: image.width,
    height: image.height,
    variants: image.variants.join(","),
    created_at: createdAt,
  }));
  if (kind === "vehicles") {
    await db
      .insertInto("vehicle_images")
      .values(rows.map((r) => ({ ...r, vehicle_id: ownerId })))
      .execute();
  } else {
    await db
      .insertInto("part_images")
      .values(rows.map((r) => ({ ...r, part_id: ownerId })))
      .execute();
  }
}

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
  const refId = input.refId?.trim() || (await uniqueRefId(db, "vehicles", "V"));
  const name = input.name?.trim() || defaultVehicleName(input);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("vehicles")
      .values({
        ref_id: refId,
        name,
        make: input.make,
        model: input.model,
        type: input.type,
        sub_type: input.subType,
        year: input.year,
        price: input.price,
        mileage: input.mileage,
        engine_cc: input.engineCc,
        color: input.color,
        fuel: input.fuel,
        transmission: input.transmission,
        drive: input.drive,
        seats: input.seats,
        doors: input.doors,
        steering: input.steering,
        exterior_grade: input.exteriorGrade,
        interior_grade: input.interiorGrade,
        description: input.description,
        stock_status: input.stockStatus,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertImages(trx, "vehicles", row.id, images, 0, createdAt);
    await logActivity(trx, {
      actor,
      action: "vehicle.created",
      subject: { kind: "vehicle", id: String(row.id) },
      summary: `New vehicle listed: ${name} (${refId})`,
      at: createdAt,
    });
    return { id: row.id, refId };
  });
}

/** A part's columns from its fields: listing, editing and the bulk loader write the same ones. */
export function partColumns(input: PartInput) {
  return {
    name: input.name,
    make: input.make,
    model: input.model,
    type: input.type,
    sub_type: input.subType,
    price: input.price,
    description: input.description,
    year: input.year,
    mileage: input.mileage,
    color: input.color,
    fuel: input.fuel,
    part_number: input.partNumber,
    category: input.category,
    condition: input.condition,
    quantity: input.quantity,
    stock_status: input.stockStatus,
  };
}

/** Lists a part with its images; same rules as createVehicle. */
export async function createPart(
  db: DB,
  input: PartInput,
  images: ImageRef[],
  actor: Actor,
  createdAt = nowIso(),
): Promise<{ id: number; refId: string }> {
  const refId = input.refId?.trim() || (await uniqueRefId(db, "parts", "P"));
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("parts")
      .values({ ref_id: refId, ...partColumns(input), created_at: createdAt, updated_at: createdAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertImages(trx, "parts", row.id, images, 0, createdAt);
    await logActivity(trx, {
      actor,
      action: "part.created",
      subject: { kind: "part", id: String(row.id) },
      summary: `New part listed: ${input.name} (${refId})`,
      at: createdAt,
    });
    return { id: row.id, refId };
  });
}

/** The newest items with their cover image, for the home page (SPEC 2 "Home": 6 of each). */
/** Among the newest listings, what can still be bought comes first: sold stock is no advertisement. */
const LATEST_WINDOW = 10;

async function latestStock(db: DB, table: StockPath, limit: number): Promise<StockCard[]> {
  // The newest few times the cards wanted, read through the created_at index; then available first.
  const newest = await db
    .selectFrom(table as "vehicles")
    .select(["id", "ref_id", "name", "price", "make", "model", "year", "stock_status", "type", "sub_type"])
    .$if(table === "vehicles", (q) => q.select(["engine_cc", "mileage", "transmission"]))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit * LATEST_WINDOW)
    .execute();
  const rows = newest
    .map((row, i) => ({ row, i }))
    .sort((a, b) => statusOrder(a.row.stock_status) - statusOrder(b.row.stock_status) || a.i - b.i)
    .slice(0, limit)
    .map(({ row }) => row);
  const covers =
    table === "vehicles"
      ? await coverImages(
          db,
          "vehicle_images",
          "vehicle_id",
          rows.map((r) => r.id),
        )
      : await coverImages(
          db,
          "part_images",
          "part_id",
          rows.map((r) => r.id),
        );
  return rows.map((r) => stockCardOf(r, covers.get(r.id) ?? null, table === "vehicles"));
}

type CardRow = {
  id: number;
  ref_id: string;
  name: string;
  price: number | string;
  make: string;
  model: string;
  year: number | null;
  stock_status: StockCard["stockStatus"];
  type: string | null;
  sub_type: string | null;
  engine_cc?: number | null;
  mileage?: number | null;
  transmission?: string | null;
};

/** A card from its row and cover; vehicles get their freight size class. */
export function stockCardOf(r: CardRow, image: StockCard["image"], vehicle: boolean): StockCard {
  return {
    kind: vehicle ? "vehicle" : "part",
    id: r.id,
    refId: r.ref_id,
    name: r.name,
    price: Number(r.price),
    make: r.make,
    model: r.model,
    year: r.year,
    stockStatus: r.stock_status,
    image,
    sizeClass: vehicle ? sizeClassOf({ type: r.type, subType: r.sub_type, engineCc: r.engine_cc ?? null }) : null,
    mileage: vehicle ? (r.mileage ?? null) : null,
    engineCc: vehicle ? (r.engine_cc ?? null) : null,
    transmission: vehicle ? (r.transmission ?? null) : null,
  };
}

export const latestVehicles = (db: DB, limit = 6) => latestStock(db, "vehicles", limit);
export const latestParts = (db: DB, limit = 6) => latestStock(db, "parts", limit);

/** The first image of each item, in one query. */
export async function coverImages(
  db: DB,
  table: "vehicle_images" | "part_images",
  owner: "vehicle_id" | "part_id",
  ids: number[],
): Promise<Map<number, ImageRef>> {
  const covers = new Map<number, ImageRef>();
  if (ids.length === 0) return covers;
  const rows = await db
    .selectFrom(table as "vehicle_images")
    .select([`${owner as "vehicle_id"} as owner_id`, "position", "media_key", "width", "height", "variants"])
    .where(owner as "vehicle_id", "in", ids)
    .orderBy("position")
    .execute();
  for (const row of rows) {
    if (!covers.has(row.owner_id)) covers.set(row.owner_id, toImageRef(row));
  }
  return covers;
}

/** Distinct make/model and type/subtype pairs in stock, for the search boxes. */
export async function stockOptions(db: DB) {
  const [vehicleMakes, vehicleTypes, partMakes, partTypes] = await Promise.all([
    db.selectFrom("vehicles").select(["make", "model"]).distinct().execute(),
    db.selectFrom("vehicles").select(["type", "sub_type"]).distinct().where("type", "is not", null).execute(),
    db.selectFrom("parts").select(["make", "model"]).distinct().execute(),
    db.selectFrom("parts").select(["type", "sub_type"]).distinct().execute(),
  ]);
  const group = (pairs: { key: string | null; value: string | null }[]) => {
    const map: Record<string, string[]> = {};
    for (const { key, value } of pairs) {
      if (!key) continue;
      map[key] ??= [];
      if (value && !map[key].includes(value)) map[key].push(value);
    }
    return map;
  };
  return {
    vehicleModels: group(vehicleMakes.map((r) => ({ key: r.make, value: r.model }))),
    vehicleSubTypes: group(vehicleTypes.map((r) => ({ key: r.type, value: r.sub_type }))),
    partModels: group(partMakes.map((r) => ({ key: r.make, value: r.model }))),
    partSubTypes: group(partTypes.map((r) => ({ key: r.type, value: r.sub_type }))),
  };
}

/** The photos of one item in display order, with their row ids (the edit screen moves them by id). */
export async function itemImages(db: DB, kind: StockPath, id: number): Promise<(ImageRef & { id: number })[]> {
  const rows =
    kind === "vehicles"
      ? await db
          .selectFrom("vehicle_images")
          .select(["id", "position", "media_key", "width", "height", "variants"])
          .where("vehicle_id", "=", id)
          .orderBy("position")
          .execute()
      : await db
          .selectFrom("part_images")
          .select(["id", "position", "media_key", "width", "height", "variants"])
          .where("part_id", "=", id)
          .orderBy("position")
          .execute();
  return rows.map((r) => ({ id: r.id, ...toImageRef(r) }));
}

/** A vehicle with all its photos in order, or null. */
export async function getVehicle(db: DB, id: number): Promise<VehicleDetail | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = await db.selectFrom("vehicles").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const images = await itemImages(db, "vehicles", id);
  return {
    id: row.id,
    refId: row.ref_id,
    name: row.name,
    make: row.make,
    model: row.model,
    type: row.type,
    subType: row.sub_type,
    year: row.year,
    price: Number(row.price),
    mileage: row.mileage,
    engineCc: row.engine_cc,
    color: row.color,
    fuel: row.fuel,
    transmission: row.transmission,
    drive: row.drive,
    seats: row.seats,
    doors: row.doors,
    steering: row.steering,
    exteriorGrade: row.exterior_grade,
    interiorGrade: row.interior_grade,
    description: row.description,
    stockStatus: row.stock_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    images: images.map(({ id: _id, ...image }) => image),
  };
}

/** A part with all its photos in order, or null. */
export async function getPart(db: DB, id: number): Promise<PartDetail | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = await db.selectFrom("parts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const images = await itemImages(db, "parts", id);
  return {
    id: row.id,
    refId: row.ref_id,
    name: row.name,
    make: row.make,
    model: row.model,
    type: row.type,
    subType: row.sub_type,
    price: Number(row.price),
    description: row.description,
    year: row.year,
    mileage: row.mileage,
    color: row.color,
    fuel: row.fuel,
    partNumber: row.part_number,
    category: row.category,
    condition: row.condition,
    quantity: row.quantity,
    stockStatus: row.stock_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    images: images.map(({ id: _id, ...image }) => image),
  };
}
