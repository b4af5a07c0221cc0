import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { type Fitment, partNumberKey } from "./fitment";
import type { PartDetail, PartInput } from "./inventory";
import { CARD_COLUMNS, commonFields, type StockRepository } from "./stock-rows.server";
import { stockRepository } from "./stock-table.server";

/*
 * The one reader of the parts table, its photos (part_images) and the cars
 * each part fits (part_fitments): by id, as cards, as labels, in bulk; and the
 * columns a part's fields are written to. The public list's search builds its
 * own filter conditions over these tables (search/list-where.server.ts).
 */

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
 * Each make and model the parts name as spelt, each found from the one before
 * (see fitmentCars): the next model of the same make, or else the first of
 * the next make, each one seek in the index of spellings. Written so that
 * SQLite seeks too: with a row comparison, "(make, model) > (?, ?)", it
 * searched by the make alone and read the make's earlier models again.
 */
export function fitmentCarsStatement() {
  const laterModel = "from part_fitments f where f.make = c.make and f.model > c.model order by f.model limit 1";
  const nextMake = "(select g.make from part_fitments g where g.make > c.make order by g.make limit 1)";
  return sql<{ make: string; model: string }>`
    with recursive cars(make, model) as (
      select make, model from (select make, model from part_fitments order by make, model limit 1) as first_car
      union all
      select
        coalesce((select f.make ${sql.raw(laterModel)}), ${sql.raw(nextMake)}),
        coalesce(
          (select f.model ${sql.raw(laterModel)}),
          (select f.model from part_fitments f where f.make = ${sql.raw(nextMake)} order by f.model limit 1)
        )
      from cars c where c.make is not null
    )
    select make, model from cars where make is not null`;
}

/**
 * The cars the parts' lists name, for "Fits my car": each make with its
 * models, in alphabetical order, one spelling each whatever the case (the
 * first in the list's order: "Toyota" before "toyota"). Each make and model
 * as spelt is found from the one before in the index of spellings
 * (migration 2026-12-05-01): a few dozen steps, where a distinct read went
 * through every car the parts fit (22 to 94 ms at 100,000 parts).
 */
export async function fitmentCars(db: DB): Promise<Record<string, string[]>> {
  const { rows } = await fitmentCarsStatement().execute(db);
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

export const partRepository: StockRepository<PartDetail, PartInput> = stockRepository({
  kind: "part",
  tables: { items: "parts", photos: "part_images", owner: "part_id" },
  cardColumns: CARD_COLUMNS,
  adminColumns: ["part_number", "category", "quantity"],
  counted: true,
  columns: partColumns,
  writeMore: (trx, partId, input, replace) => writeFitments(trx, [{ partId, fitment: input.fitment }], replace),
  async detail(db, row) {
    const fits = await fitmentsOf(db, [row.id]);
    return {
      ...commonFields(row),
      partNumber: row.part_number,
      category: row.category,
      condition: row.condition,
      quantity: row.quantity,
      fitment: fits.get(row.id) ?? [],
    };
  },
});
