import type { DB } from "~/db/db.server";
import { defaultVehicleName, type VehicleDetail, type VehicleInput } from "./inventory";
import { vehiclePriceColumns } from "./price-cut.server";
import { CARD_COLUMNS, commonFields, type StockRepository } from "./stock-rows.server";
import { stockRepository } from "./stock-table.server";

/*
 * The one reader of the vehicles table and its photos (vehicle_images): by
 * id, as cards, as labels, in bulk; and the columns a vehicle's fields are
 * written to. The public list's search and the alert run build their own
 * filter conditions (search/list-where.server.ts) over this table.
 */

/** What a vehicle card reads: the card's facts and what its freight size is worked out from. */
export const VEHICLE_CARD_COLUMNS = [
  ...CARD_COLUMNS,
  "engine_cc",
  "mileage",
  "transmission",
  "steering",
  "manufactured_month",
  "registered_month",
  "seats",
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

export const vehicleRepository: StockRepository<VehicleDetail, VehicleInput> = stockRepository({
  kind: "vehicle",
  tables: { items: "vehicles", photos: "vehicle_images", owner: "vehicle_id" },
  cardColumns: VEHICLE_CARD_COLUMNS,
  adminColumns: ["chassis_number"],
  counted: false,
  columns: vehicleColumns,
  editColumns: (input, at) => vehiclePriceColumns(input.price, at),
  detail: async (_db, row) => ({
    ...commonFields(row),
    engineCc: row.engine_cc,
    transmission: row.transmission,
    drive: row.drive,
    seats: row.seats,
    doors: row.doors,
    steering: row.steering,
    exteriorGrade: row.exterior_grade,
    interiorGrade: row.interior_grade,
    manufactured: row.manufactured_month,
    registered: row.registered_month,
    chassisNumber: row.chassis_number,
    modelCode: row.model_code,
    auctionGrade: row.auction_grade,
  }),
});
