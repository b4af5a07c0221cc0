import { type DB, nowIso } from "~/db/db.server";
import type { ImageRef } from "~/domain/media/image-url";
import type { StockStatus } from "~/domain/inventory/inventory";
import { coverImages } from "~/domain/inventory/inventory.server";

/** Favourites belong to one buyer: every function takes the buyer's id from the session, never from the form. */

export type FavouriteItem = {
  vehicleId: number;
  refId: string;
  name: string;
  price: number;
  stockStatus: StockStatus;
  image: ImageRef | null;
  addedAt: string;
};

export async function isFavourite(db: DB, customerId: number, vehicleId: number): Promise<boolean> {
  const row = await db
    .selectFrom("favourites")
    .select("vehicle_id")
    .where("customer_id", "=", customerId)
    .where("vehicle_id", "=", vehicleId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Saves or forgets a favourite. Returns the stored state, or null when the vehicle does not exist. */
export async function setFavourite(
  db: DB,
  customerId: number,
  vehicleId: number,
  on: boolean,
): Promise<boolean | null> {
  const vehicle = await db.selectFrom("vehicles").select("id").where("id", "=", vehicleId).executeTakeFirst();
  if (!vehicle) return null;
  if (on) {
    await db
      .insertInto("favourites")
      .values({ customer_id: customerId, vehicle_id: vehicleId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(["customer_id", "vehicle_id"]).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom("favourites")
      .where("customer_id", "=", customerId)
      .where("vehicle_id", "=", vehicleId)
      .execute();
  }
  return on;
}

/** A page of the buyer's favourites, newest first, with the total. */
export async function listFavourites(db: DB, customerId: number, page: number, perPage: number) {
  const total = Number(
    (
      await db
        .selectFrom("favourites")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("customer_id", "=", customerId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const rows = await db
    .selectFrom("favourites")
    .innerJoin("vehicles", "vehicles.id", "favourites.vehicle_id")
    .select([
      "vehicles.id",
      "vehicles.ref_id",
      "vehicles.name",
      "vehicles.price",
      "vehicles.stock_status",
      "favourites.created_at",
    ])
    .where("favourites.customer_id", "=", customerId)
    .orderBy("favourites.created_at", "desc")
    .orderBy("vehicles.id", "desc")
    .limit(perPage)
    .offset((Math.max(1, page) - 1) * perPage)
    .execute();
  const covers = await coverImages(
    db,
    "vehicle_images",
    "vehicle_id",
    rows.map((r) => r.id),
  );
  const items: FavouriteItem[] = rows.map((r) => ({
    vehicleId: r.id,
    refId: r.ref_id,
    name: r.name,
    price: Number(r.price),
    stockStatus: r.stock_status,
    image: covers.get(r.id) ?? null,
    addedAt: r.created_at,
  }));
  return { items, total };
}
