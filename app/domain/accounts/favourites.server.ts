import type { StockKind } from "~/domain/inventory/stock-kinds";
import { sql } from "kysely";
import { type DB, nowIso } from "~/db/db.server";
import type { ImageRef } from "~/domain/media/image-url";
import type { StockStatus } from "~/domain/inventory/inventory";
import { coverImages, repositoryOf } from "~/domain/inventory/stock-repository.server";

/**
 * Favourites belong to one buyer: every function takes the buyer's id from
 * the session, never from the form. A buyer keeps vehicles and parts; each
 * kind has its own table, so a favourite goes when its vehicle or part does.
 */

export type FavouriteItem = {
  kind: StockKind;
  id: number;
  refId: string;
  name: string;
  price: number;
  stockStatus: StockStatus;
  image: ImageRef | null;
  addedAt: string;
};

export async function isFavourite(db: DB, customerId: number, kind: StockKind, id: number): Promise<boolean> {
  const row =
    kind === "vehicle"
      ? await db
          .selectFrom("favourites")
          .select("vehicle_id")
          .where("customer_id", "=", customerId)
          .where("vehicle_id", "=", id)
          .executeTakeFirst()
      : await db
          .selectFrom("part_favourites")
          .select("part_id")
          .where("customer_id", "=", customerId)
          .where("part_id", "=", id)
          .executeTakeFirst();
  return Boolean(row);
}

/** Saves or forgets a favourite. Returns the stored state, or null when the vehicle or part does not exist. */
export async function setFavourite(
  db: DB,
  customerId: number,
  kind: StockKind,
  id: number,
  on: boolean,
): Promise<boolean | null> {
  if (!(await repositoryOf(kind).existing(db, [id])).has(id)) return null;
  if (kind === "vehicle") {
    if (on)
      await db
        .insertInto("favourites")
        .values({ customer_id: customerId, vehicle_id: id, created_at: nowIso() })
        .onConflict((oc) => oc.columns(["customer_id", "vehicle_id"]).doNothing())
        .execute();
    else await db.deleteFrom("favourites").where("customer_id", "=", customerId).where("vehicle_id", "=", id).execute();
  } else {
    if (on)
      await db
        .insertInto("part_favourites")
        .values({ customer_id: customerId, part_id: id, created_at: nowIso() })
        .onConflict((oc) => oc.columns(["customer_id", "part_id"]).doNothing())
        .execute();
    else
      await db.deleteFrom("part_favourites").where("customer_id", "=", customerId).where("part_id", "=", id).execute();
  }
  return on;
}

/** What the list of both kinds reads of a favourite and its item (aliases f and s in both queries). */
const FAVOURITE_COLUMNS = ["s.id", "s.ref_id", "s.name", "s.price", "s.stock_status", "f.created_at"] as const;

/** One kind's favourites of a buyer, as rows of the same shape (for the list of both). */
const favouriteRows = {
  vehicle: (db: DB, customerId: number) =>
    db
      .selectFrom("favourites as f")
      .innerJoin("vehicles as s", "s.id", "f.vehicle_id")
      .select([sql<StockKind>`${sql.lit("vehicle")}`.as("kind"), ...FAVOURITE_COLUMNS])
      .where("f.customer_id", "=", customerId),
  part: (db: DB, customerId: number) =>
    db
      .selectFrom("part_favourites as f")
      .innerJoin("parts as s", "s.id", "f.part_id")
      .select([sql<StockKind>`${sql.lit("part")}`.as("kind"), ...FAVOURITE_COLUMNS])
      .where("f.customer_id", "=", customerId),
};

/** A page of the buyer's favourites, vehicles and parts together, newest first, with the total. */
export async function listFavourites(db: DB, customerId: number, page: number, perPage: number) {
  const count = async (table: "favourites" | "part_favourites") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("customer_id", "=", customerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [vehicles, parts] = await Promise.all([count("favourites"), count("part_favourites")]);
  const rows = await db
    .selectFrom(favouriteRows.vehicle(db, customerId).unionAll(favouriteRows.part(db, customerId)).as("both"))
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("kind", "desc")
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((Math.max(1, page) - 1) * perPage)
    .execute();
  const ids = (kind: StockKind) => rows.filter((r) => r.kind === kind).map((r) => r.id);
  const [vehicleCovers, partCovers] = await Promise.all([
    coverImages(db, "vehicle", ids("vehicle")),
    coverImages(db, "part", ids("part")),
  ]);
  const items: FavouriteItem[] = rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    refId: r.ref_id,
    name: r.name,
    price: Number(r.price),
    stockStatus: r.stock_status,
    image: (r.kind === "vehicle" ? vehicleCovers : partCovers).get(r.id) ?? null,
    addedAt: r.created_at,
  }));
  return { items, total: vehicles + parts };
}
