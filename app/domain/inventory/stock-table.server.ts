import { type Kysely, type Selectable, sql } from "kysely";
import { type DB, dialectOf } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { ImageRef } from "~/domain/media/image-url";
import type { StockKind } from "./stock-kinds";
import {
  type AdminStockRow,
  type CardRow,
  cardsInOrder,
  newPhotoRows,
  PHOTO_COLUMNS,
  type PhotoTable,
  type QuoteItem,
  type StockRepository,
  toImageRef,
} from "./stock-rows.server";

/*
 * The one stock repository, written once over the table's name: by id,
 * labels, locks, deletes, counts, photos, cards, details, quote items, the
 * staff's table. Each kind (vehicles.server.ts, parts.server.ts) gives what
 * is its own: the columns its cards and the staff's table read, how its
 * fields become columns and its row a detail, and what it keeps elsewhere
 * (a part's cars).
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

/**
 * Either kind's tables under their own names, with whatever columns a kind
 * names: for the statements that read or write one kind's own columns. The
 * column lists they take are checked against their table where the kind
 * writes them (StockSpec).
 */
type OwnView = Record<StockTables["items"] | StockTables["photos"], Record<string, unknown>>;

function own(db: DB): Kysely<OwnView> {
  return db as unknown as Kysely<OwnView>;
}

/** One kind's photo table. */
function photoTable({ photos: table, owner }: StockTables): PhotoTable {
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
      if (images.length > 0)
        await own(db)
          .insertInto(table)
          .values(newPhotoRows(images, firstPosition, at).map((r) => ({ ...r, [owner]: ownerId })))
          .execute();
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
type SharedCalls = Pick<
  StockRepository<unknown>,
  "labels" | "existing" | "refIdHolder" | "lock" | "remove" | "count" | "idsInOrder" | "adminCount"
>;

function sharedCalls({ items: table }: StockTables, kind: StockKind): SharedCalls {
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

    // From the counts the database keeps (stock_facets): counting the table took 66 to 111 ms at a million vehicles.
    async count(db) {
      const row = await db
        .selectFrom("stock_facets")
        .select((eb) => eb.fn.sum<number>("n").as("n"))
        .where("kind", "=", kind)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async adminCount(db, where, most) {
      const matches = shared(db).selectFrom(table).where(where);
      const row = await (
        most === undefined
          ? matches.select((eb) => eb.fn.countAll<number>().as("n"))
          : shared(db)
              .selectFrom(
                matches
                  .select("id")
                  .limit(most + 1)
                  .as("m"),
              )
              .select((eb) => eb.fn.countAll<number>().as("n"))
      ).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // The window's first id is found in the primary key, from the index alone on PostgreSQL: skipping whole
    // rows to it took 0.5 to 0.9 s for the last sitemap files of a million vehicles. (SQLite's table is its
    // id's index, so there the two are alike.)
    idsInOrder: (db, offset, limit) =>
      shared(db)
        .selectFrom(table)
        .select(["id", "updated_at"])
        .where("id", ">=", (eb) => eb.selectFrom(table).select("id").orderBy("id").limit(1).offset(offset))
        .orderBy("id")
        .limit(limit)
        .execute(),
  };
}

/** A column of one kind's table. */
type ColumnOf<T extends StockTables> = keyof Database[T["items"]] & string;

/** One kind's whole row. */
export type RowOf<T extends StockTables> = Selectable<Database[T["items"]]>;

/** What each kind of stock gives the one repository: what is its own. */
export type StockSpec<T extends StockTables, Detail, Input> = {
  kind: StockKind;
  tables: T;
  /** What its card reads (CardRow). */
  cardColumns: readonly ColumnOf<T>[];
  /** What the staff's table reads of it beyond what every row shows (AdminStockRow). */
  adminColumns: readonly ColumnOf<T>[];
  /** Whether a quote reads a quantity in stock (parts); a vehicle is one of its kind. */
  counted: boolean;
  /** The row's columns from its fields, as listing and editing write them. */
  columns(input: Input): object;
  /** More columns an edit writes (a vehicle's price cut keeps the price it replaced). */
  editColumns?(input: Input, at: string): object;
  /** Writes what the item keeps in other tables (a part's cars), after its row; `replace` on an edit. */
  writeMore?(trx: DB, id: number, input: Input, replace: boolean): Promise<void>;
  /** The item from its whole row, without its photos. */
  detail(db: DB, row: RowOf<T>): Promise<Omit<Detail, "images">>;
};

/** The columns of the staff's stock table that every kind has, in its order. */
const ADMIN_COLUMNS = ["id", "ref_id", "name", "make", "model", "type", "year", "price", "stock_status", "created_at"];

/** The one repository of a kind of stock, from what is its own. */
export function stockRepository<T extends StockTables, Detail, Input>(
  spec: StockSpec<T, Detail, Input>,
): StockRepository<Detail, Input> {
  const { items: table } = spec.tables;
  const photos = photoTable(spec.tables);
  const cardRows = (db: DB) => own(db).selectFrom(table).select(spec.cardColumns);
  return {
    kind: spec.kind,
    photos,
    ...sharedCalls(spec.tables, spec.kind),

    async insert(trx, input, refId, at) {
      const row = await own(trx)
        .insertInto(table)
        .values({ ref_id: refId, ...spec.columns(input), created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      const id = row.id as number;
      await spec.writeMore?.(trx, id, input, false);
      return id;
    },

    async update(trx, id, input, refId, at) {
      await own(trx)
        .updateTable(table)
        .set({ ref_id: refId, ...spec.columns(input), ...spec.editColumns?.(input, at), updated_at: at })
        .where("id", "=", id)
        .execute();
      await spec.writeMore?.(trx, id, input, true);
    },

    async detail(db, id) {
      if (!Number.isSafeInteger(id) || id < 1) return null;
      const row = await own(db).selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      const [images, detail] = await Promise.all([photos.ofItem(db, id), spec.detail(db, row as RowOf<T>)]);
      return { ...detail, images: images.map(toImageRef) } as Detail;
    },

    async cards(db, ids) {
      if (ids.length === 0) return [];
      const rows = await cardRows(db)
        .where("id", "in", [...ids])
        .execute();
      return cardsInOrder(db, spec.kind, photos, ids, rows as CardRow[]);
    },

    newest: (db, limit) =>
      cardRows(db).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute() as Promise<CardRow[]>,

    async quoteItem(db, id) {
      const row = await own(db)
        .selectFrom(table)
        .select(["id", "ref_id", "name", "price", "stock_status"])
        .select(spec.counted ? "quantity" : sql<null>`null`.as("quantity"))
        .where("id", "=", id)
        .executeTakeFirst();
      return (row as QuoteItem | undefined) ?? null;
    },

    async adminPage(db, where, page) {
      const rows = await own(db)
        .selectFrom(table)
        .select([...ADMIN_COLUMNS, ...spec.adminColumns])
        .where(where)
        .orderBy(page.column, page.direction)
        .orderBy("id", page.direction)
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const none = { part_number: null, chassis_number: null, category: null, quantity: null };
      return rows.map((r) => ({ ...none, ...r }) as AdminStockRow);
    },
  };
}
