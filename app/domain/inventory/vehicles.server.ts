import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { defaultVehicleName, type VehicleDetail, type VehicleInput } from "./inventory";
import { vehiclePriceColumns } from "./price-cut.server";
import { cardsInOrder, type StockRepository, toImageRef } from "./stock-rows.server";
import { photoTable, sharedCalls } from "./stock-table.server";

/*
 * The one reader of the vehicles table and its photos (vehicle_images): by
 * id, as cards, as labels, in bulk; and the columns a vehicle's fields are
 * written to. The public list's search and the alert run build their own
 * filter conditions (search/list-where.server.ts) over this table.
 */

/** What a vehicle card reads: the card's facts and what its freight size is worked out from. */
export const VEHICLE_CARD_COLUMNS = [
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
  "engine_cc",
  "mileage",
  "transmission",
  "steering",
  "manufactured_month",
  "registered_month",
] as const;

/** The vehicle listed with this chassis number, other than `except`; null when none. */
export async function chassisHolder(
  db: DB,
  chassis: string,
  except?: number,
): Promise<{ id: number; refId: string } | null> {
  const row = await db
    .selectFrom("vehicles")
    .select(["id", "ref_id"])
    .where("chassis_number", "=", chassis)
    .$if(except !== undefined, (q) => q.where("id", "!=", except!))
    .executeTakeFirst();
  return row ? { id: row.id, refId: row.ref_id } : null;
}

/** A vehicle's columns from its fields: listing, editing and the bulk loader write the same ones (the name defaults). */
export function vehicleColumns(input: VehicleInput) {
  return {
    name: input.name?.trim() || defaultVehicleName(input),
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
    manufactured_month: input.manufactured ?? null,
    registered_month: input.registered ?? null,
    chassis_number: input.chassisNumber ?? null,
    model_code: input.modelCode ?? null,
    auction_grade: input.auctionGrade ?? null,
  };
}

/** The vehicles table, its photos and their owner column. */
const VEHICLE_TABLES = { items: "vehicles", photos: "vehicle_images", owner: "vehicle_id" } as const;

const vehiclePhotos = photoTable(VEHICLE_TABLES, (db, vehicleId, rows) =>
  db
    .insertInto("vehicle_images")
    .values(rows.map((r) => ({ ...r, vehicle_id: vehicleId })))
    .execute(),
);

export const vehicleRepository: StockRepository<VehicleDetail, VehicleInput> = {
  kind: "vehicle",
  photos: vehiclePhotos,
  ...sharedCalls(VEHICLE_TABLES),

  async insert(trx, input, refId, at) {
    const row = await trx
      .insertInto("vehicles")
      .values({ ref_id: refId, ...vehicleColumns(input), created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(trx, id, input, refId, at) {
    await trx
      .updateTable("vehicles")
      .set({ ref_id: refId, ...vehicleColumns(input), ...vehiclePriceColumns(input.price, at), updated_at: at })
      .where("id", "=", id)
      .execute();
  },

  async detail(db, id) {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    const row = await db.selectFrom("vehicles").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    const images = await vehiclePhotos.ofItem(db, id);
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
      images: images.map(toImageRef),
      manufactured: row.manufactured_month,
      registered: row.registered_month,
      chassisNumber: row.chassis_number,
      modelCode: row.model_code,
      auctionGrade: row.auction_grade,
    };
  },

  async cards(db, ids) {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom("vehicles")
      .select(VEHICLE_CARD_COLUMNS)
      .where("id", "in", [...ids])
      .execute();
    return cardsInOrder(db, "vehicle", vehiclePhotos, ids, rows);
  },

  newest: (db, limit) =>
    db
      .selectFrom("vehicles")
      .select(VEHICLE_CARD_COLUMNS)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),

  quoteItem: (db, id) =>
    db
      .selectFrom("vehicles")
      .select(["id", "ref_id", "name", "price", "stock_status", sql<null>`null`.as("quantity")])
      .where("id", "=", id)
      .executeTakeFirst()
      .then((row) => row ?? null),

  async pairs(db) {
    const [models, subTypes] = await Promise.all([
      db.selectFrom("vehicles").select(["make", "model"]).distinct().execute(),
      db.selectFrom("vehicles").select(["type", "sub_type"]).distinct().where("type", "is not", null).execute(),
    ]);
    return {
      models: models.map((r) => [r.make, r.model]),
      subTypes: subTypes.map((r) => [r.type ?? "", r.sub_type]),
    };
  },

  async adminPage(db, where, page) {
    const rows = await db
      .selectFrom("vehicles")
      .select([
        "id",
        "ref_id",
        "name",
        "make",
        "model",
        "type",
        "year",
        "price",
        "stock_status",
        "created_at",
        "chassis_number",
      ])
      .where(where)
      .orderBy(page.column, page.direction)
      .orderBy("id", page.direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map((r) => ({ ...r, part_number: null, category: null, quantity: null }));
  },
};
