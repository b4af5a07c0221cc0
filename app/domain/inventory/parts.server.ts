import type { DB } from "~/db/db.server";
import { type Fitment, partNumberKey } from "./fitment";
import type { PartDetail, PartInput } from "./inventory";
import { cardsInOrder, type StockRepository, toImageRef } from "./stock-rows.server";
import { photoTable, sharedCalls } from "./stock-table.server";

/*
 * The one reader of the parts table, its photos (part_images) and the cars
 * each part fits (part_fitments): by id, as cards, as labels, in bulk; and the
 * columns a part's fields are written to. The public list's search builds its
 * own filter conditions over these tables (search/list-where.server.ts).
 */

/** What a part card reads. */
export const PART_CARD_COLUMNS = [
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
] as const;

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
    part_number_key: partNumberKeyOf(input.partNumber),
    category: input.category,
    condition: input.condition,
    quantity: input.quantity,
    stock_status: input.stockStatus,
  };
}

/** The part number as the search finds it (partNumberKey); null without one, or with no letter or digit in it. */
export function partNumberKeyOf(partNumber: string | null): string | null {
  const key = partNumber === null ? "" : partNumberKey(partNumber);
  return key === "" ? null : key;
}

/** Rows of part_fitments for several parts in one statement, and at most this many at a time. */
const FITMENT_BATCH = 1000;

/**
 * Writes the cars of new parts, each part's in the order given. With
 * `replace`, the parts' earlier cars go first (an edit writes the whole list).
 */
export async function writeFitments(
  trx: DB,
  parts: readonly { partId: number; fitment: readonly Fitment[] }[],
  replace = false,
): Promise<void> {
  if (replace && parts.length > 0)
    await trx
      .deleteFrom("part_fitments")
      .where(
        "part_id",
        "in",
        parts.map((p) => p.partId),
      )
      .execute();
  const rows = parts.flatMap(({ partId, fitment }) =>
    fitment.map((f, position) => ({
      part_id: partId,
      position,
      make: f.make,
      model: f.model,
      model_code: f.modelCode,
      year_from: f.yearFrom,
      year_to: f.yearTo,
    })),
  );
  for (let i = 0; i < rows.length; i += FITMENT_BATCH)
    await trx
      .insertInto("part_fitments")
      .values(rows.slice(i, i + FITMENT_BATCH))
      .execute();
}

/** The cars these parts fit, each part's in order; a part that lists none has an empty list. */
export async function fitmentsOf(db: DB, partIds: readonly number[]): Promise<Map<number, Fitment[]>> {
  const fits = new Map<number, Fitment[]>(partIds.map((id) => [id, []]));
  const ids = [...fits.keys()];
  for (let i = 0; i < ids.length; i += FITMENT_BATCH) {
    const rows = await db
      .selectFrom("part_fitments")
      .select(["part_id", "make", "model", "model_code", "year_from", "year_to"])
      .where("part_id", "in", ids.slice(i, i + FITMENT_BATCH))
      .orderBy("part_id")
      .orderBy("position")
      .execute();
    for (const r of rows)
      fits.get(r.part_id)!.push({
        make: r.make,
        model: r.model,
        modelCode: r.model_code,
        yearFrom: r.year_from,
        yearTo: r.year_to,
      });
  }
  return fits;
}

/**
 * The cars the parts' lists name, for "Fits my car": each make with its
 * models, in alphabetical order, one spelling each whatever the case (the
 * first in the list's order: "Toyota" before "toyota"). Read from the index
 * of cars (part_fitments_car_idx), not the table.
 */
export async function fitmentCars(db: DB): Promise<Record<string, string[]>> {
  const rows = await db.selectFrom("part_fitments").select(["make", "model"]).distinct().execute();
  rows.sort((a, b) =>
    a.make < b.make ? -1 : a.make > b.make ? 1 : a.model < b.model ? -1 : a.model > b.model ? 1 : 0,
  );
  const makes = new Map<string, { name: string; models: Map<string, string> }>();
  for (const { make, model } of rows) {
    let entry = makes.get(make.toLowerCase());
    if (!entry) makes.set(make.toLowerCase(), (entry = { name: make, models: new Map() }));
    if (!entry.models.has(model.toLowerCase())) entry.models.set(model.toLowerCase(), model);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, "en");
  return Object.fromEntries(
    [...makes.values()]
      .sort((a, b) => byName(a.name, b.name))
      .map((m) => [m.name, [...m.models.values()].sort(byName)]),
  );
}

/** The parts table, its photos and their owner column. */
const PART_TABLES = { items: "parts", photos: "part_images", owner: "part_id" } as const;

const partPhotos = photoTable(PART_TABLES, (db, partId, rows) =>
  db
    .insertInto("part_images")
    .values(rows.map((r) => ({ ...r, part_id: partId })))
    .execute(),
);

export const partRepository: StockRepository<PartDetail, PartInput> = {
  kind: "part",
  photos: partPhotos,
  ...sharedCalls(PART_TABLES),

  async insert(trx, input, refId, at) {
    const row = await trx
      .insertInto("parts")
      .values({ ref_id: refId, ...partColumns(input), created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeFitments(trx, [{ partId: row.id, fitment: input.fitment }]);
    return row.id;
  },

  async update(trx, id, input, refId, at) {
    await trx
      .updateTable("parts")
      .set({ ref_id: refId, ...partColumns(input), updated_at: at })
      .where("id", "=", id)
      .execute();
    await writeFitments(trx, [{ partId: id, fitment: input.fitment }], true);
  },

  async detail(db, id) {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    const row = await db.selectFrom("parts").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    const [images, fits] = await Promise.all([partPhotos.ofItem(db, id), fitmentsOf(db, [id])]);
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
      fitment: fits.get(id) ?? [],
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      images: images.map(toImageRef),
    };
  },

  async cards(db, ids) {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom("parts")
      .select(PART_CARD_COLUMNS)
      .where("id", "in", [...ids])
      .execute();
    return cardsInOrder(db, "part", partPhotos, ids, rows);
  },

  newest: (db, limit) =>
    db
      .selectFrom("parts")
      .select(PART_CARD_COLUMNS)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),

  quoteItem: (db, id) =>
    db
      .selectFrom("parts")
      .select(["id", "ref_id", "name", "price", "stock_status", "quantity"])
      .where("id", "=", id)
      .executeTakeFirst()
      .then((row) => row ?? null),

  async pairs(db) {
    const [models, subTypes] = await Promise.all([
      db.selectFrom("parts").select(["make", "model"]).distinct().execute(),
      db.selectFrom("parts").select(["type", "sub_type"]).distinct().execute(),
    ]);
    return {
      models: models.map((r) => [r.make, r.model]),
      subTypes: subTypes.map((r) => [r.type, r.sub_type]),
    };
  },

  adminPage: (db, where, page) =>
    db
      .selectFrom("parts")
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
        "part_number",
        "category",
        "quantity",
      ])
      .where(where)
      .orderBy(page.column, page.direction)
      .orderBy("id", page.direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, chassis_number: null }))),
};
