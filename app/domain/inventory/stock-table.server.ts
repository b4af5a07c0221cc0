import type { Kysely } from "kysely";
import { type DB, dialectOf } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { ImageRef } from "~/domain/media/image-url";
import { newPhotoRows, PHOTO_COLUMNS, type PhotoTable, type StockRepository } from "./stock-rows.server";

/*
 * The calls both stock tables answer in the same words (by id, labels, locks,
 * deletes, counts, photos), written once over the table's name. Each kind's
 * repository (vehicles.server.ts, parts.server.ts) adds what reads or writes
 * its own columns: cards, details, quote items, the staff's table, its fields.
 */

/** A stock table, its photo table and the photo column naming the item: one kind's tables, never mixed. */
export type StockTables =
  | { items: "vehicles"; photos: "vehicle_images"; owner: "vehicle_id" }
  | { items: "parts"; photos: "part_images"; owner: "part_id" };

type Both<A extends keyof Database, B extends keyof Database> = keyof Database[A] & keyof Database[B];
type ItemColumn = Both<"vehicles", "parts">;
type PhotoColumn = Both<"vehicle_images", "part_images">;

/**
 * The stock tables as a query over either sees them: only the columns both
 * have, each with its own table's type, so Kysely rejects a column that one
 * of them lacks (a query over `"vehicles" | "parts"` on the whole schema
 * would take a column of either). The photo tables add their owner column,
 * which StockTables pairs with its table. Nothing is inserted through it: an
 * insert names its own table, whose other columns this view does not hold.
 */
type SharedView = {
  vehicles: Pick<Database["vehicles"], ItemColumn>;
  parts: Pick<Database["parts"], ItemColumn>;
  vehicle_images: Pick<Database["vehicle_images"], PhotoColumn | "vehicle_id">;
  part_images: Pick<Database["part_images"], PhotoColumn | "part_id">;
};

/** The database (or transaction) through the shared view: fewer columns, the same connection. */
function shared(db: DB): Kysely<SharedView> {
  return db as unknown as Kysely<SharedView>;
}

/** One kind's photo table; `insert` writes new rows, the one statement that names the owner column by hand. */
export function photoTable(
  { photos: table, owner }: StockTables,
  insert: (db: DB, ownerId: number, rows: ReturnType<typeof newPhotoRows>) => Promise<unknown>,
): PhotoTable {
  return {
    ofItems: (db, ids) =>
      ids.length === 0
        ? Promise.resolve([])
        : shared(db)
            .selectFrom(table)
            .select((eb) => [eb.ref(owner).as("owner_id"), ...PHOTO_COLUMNS])
            .where(owner, "in", [...ids])
            .orderBy(owner)
            .orderBy("position")
            .execute(),
    ofItem: (db, id) =>
      shared(db)
        .selectFrom(table)
        .select(["id", ...PHOTO_COLUMNS])
        .where(owner, "=", id)
        .orderBy("position")
        .execute(),
    async add(db, ownerId, images: readonly ImageRef[], firstPosition, at) {
      if (images.length > 0) await insert(db, ownerId, newPhotoRows(images, firstPosition, at));
    },
    async remove(db, photoIds) {
      if (photoIds.length > 0)
        await shared(db)
          .deleteFrom(table)
          .where("id", "in", [...photoIds])
          .execute();
    },
    async move(db, photoId, position) {
      await shared(db).updateTable(table).set({ position }).where("id", "=", photoId).execute();
    },
    async keysInUse(db, keys) {
      if (keys.length === 0) return [];
      const rows = await shared(db)
        .selectFrom(table)
        .select("media_key")
        .where("media_key", "in", [...keys])
        .execute();
      return rows.map((r) => r.media_key);
    },
    async setSourceHash(db, mediaKey, hash) {
      await shared(db).updateTable(table).set({ source_hash: hash }).where("media_key", "=", mediaKey).execute();
    },
  };
}

/** The repository's calls that read no column of one kind's own. */
export type SharedCalls = Pick<
  StockRepository<unknown>,
  "labels" | "existing" | "refIdHolder" | "lock" | "remove" | "count" | "idsInOrder" | "adminCount"
>;

export function sharedCalls({ items: table }: StockTables): SharedCalls {
  const count = async (db: DB, where?: Parameters<SharedCalls["adminCount"]>[1]) => {
    const row = await shared(db)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .$if(where !== undefined, (q) => q.where(where!))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    labels: (db, ids) =>
      ids.length === 0
        ? Promise.resolve([])
        : shared(db)
            .selectFrom(table)
            .select(["id", "ref_id", "name", "make", "year"])
            .where("id", "in", [...ids])
            .execute(),

    async existing(db, ids) {
      if (ids.length === 0) return new Set();
      const rows = await shared(db)
        .selectFrom(table)
        .select("id")
        .where("id", "in", [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async refIdHolder(db, refId, except) {
      const row = await shared(db)
        .selectFrom(table)
        .select("id")
        .where("ref_id", "=", refId)
        .$if(except !== undefined, (q) => q.where("id", "!=", except!))
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async lock(trx, id) {
      const row = await shared(trx)
        .selectFrom(table)
        .select("id")
        .where("id", "=", id)
        .$if(dialectOf(trx) === "postgres", (q) => q.forUpdate())
        .executeTakeFirst();
      return Boolean(row);
    },

    async remove(trx, ids) {
      if (ids.length > 0)
        await shared(trx)
          .deleteFrom(table)
          .where("id", "in", [...ids])
          .execute();
    },

    count: (db) => count(db),
    adminCount: count,

    idsInOrder: (db, offset, limit) =>
      shared(db).selectFrom(table).select(["id", "updated_at"]).orderBy("id").limit(limit).offset(offset).execute(),
  };
}
