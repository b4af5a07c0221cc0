import { sql } from "kysely";
import { type DB, dialectOf } from "~/db/db.server";
import { partColumns, writeFitments } from "~/domain/inventory/parts.server";
import { vehicleColumns } from "~/domain/inventory/vehicles.server";
import type { ImageRef } from "~/domain/media/image-url";
import { monthNumber, monthOfDate } from "~/domain/inventory/months";
import { between, createRng, partFactory, type Rng, vehicleFactory } from "./factories";

/**
 * The months the import rules read (issue 22), as a stock carries them: most
 * vehicles with the month of manufacture, most of those first registered in
 * Japan within a year of it (never after this month), some with neither.
 */
function importFacts(rng: Rng, year: number, thisMonth: number) {
  const manufactured = rng() < 0.9 ? monthNumber(year, between(rng, 1, 12)) : null;
  const registered =
    rng() < 0.85 ? Math.min(thisMonth, (manufactured ?? monthNumber(year, 1)) + between(rng, 0, 12)) : null;
  return { manufactured_month: manufactured, registered_month: registered };
}

/**
 * What an auction sheet says of a vehicle (issue 45.5), as a stock carries
 * it: about a third with a sheet, one in twelve of those flagged.
 */
function sheetFacts(rng: Rng) {
  const sheet = rng() < 0.35;
  return { sheet_state: !sheet ? ("none" as const) : rng() < 0.08 ? ("flagged" as const) : ("clear" as const) };
}

/**
 * Large stock for benchmarks and query-plan tests: the demo's factories,
 * written in batches without the per-item work (activity log, photo encoding).
 * Every item points at one of the given stored photos.
 */
export async function bulkInsertStock(db: DB, options: BulkOptions) {
  if (dialectOf(db) !== "sqlite") return withIndexesBuiltAfter(db, () => loadStock(db, options));
  // A load is a run a test or benchmark throws away if it fails: nothing is synced to disk while it
  // runs, and the indexes' pages stay in memory, where a 16 MB cache read them back from the file.
  const setting = async (name: "synchronous" | "cache_size") =>
    Number(Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0]);
  const was = { synchronous: await setting("synchronous"), cache_size: await setting("cache_size") };
  await sql`pragma synchronous = OFF`.execute(db);
  await sql`pragma cache_size = -262144`.execute(db);
  try {
    await loadStock(db, options);
  } finally {
    for (const [name, value] of Object.entries(was)) await sql.raw(`pragma ${name} = ${value}`).execute(db);
  }
}

/** The tables a load writes, whose indexes PostgreSQL builds after it (see withIndexesBuiltAfter). */
const LOADED_TABLES = ["vehicles", "vehicle_images", "parts", "part_images", "part_fitments"];

/**
 * Runs a PostgreSQL load with the loaded tables' indexes dropped, then builds
 * them again from their own definitions: kept up row by row, the trigram and
 * the forty other indexes took most of a load (100,000 vehicles in 31 s).
 * The keys and unique indexes stay: the load's ids, references and chassis
 * numbers are checked as they are written. A column's statistics target
 * (set by a migration, not part of the definition) is set again. The
 * indexes are built again even when the load fails, so a kept bench schema
 * never lacks one.
 */
async function withIndexesBuiltAfter(db: DB, load: () => Promise<void>) {
  const { rows: indexes } = await sql<{ name: string; definition: string; oid: number }>`
    select i.indexname as name, i.indexdef as definition, c.oid
    from pg_indexes i
    join pg_namespace n on n.nspname = i.schemaname
    join pg_class c on c.relname = i.indexname and c.relnamespace = n.oid
    where i.schemaname = current_schema() and i.tablename in (${sql.join(LOADED_TABLES)})
      and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
      and not exists (select 1 from pg_index x where x.indexrelid = c.oid and x.indisunique)
    order by i.indexname`.execute(db);
  const { rows: targets } = indexes.length
    ? await sql<{ name: string; column: number; target: number }>`
        select c.relname as name, a.attnum as column, a.attstattarget as target
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        where a.attrelid in (${sql.join(indexes.map((x) => x.oid))}) and a.attstattarget >= 0`.execute(db)
    : { rows: [] };
  let loaded = false;
  try {
    for (const { name } of indexes) await sql`drop index if exists ${sql.id(name)}`.execute(db);
    await load();
    loaded = true;
  } finally {
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
        for (const { definition } of indexes)
          await sql.raw(definition.replace(/^CREATE INDEX /, "CREATE INDEX IF NOT EXISTS ")).execute(trx);
        for (const { name, column, target } of targets)
          await sql`alter index ${sql.id(name)} alter column ${sql.raw(String(Number(column)))} set statistics ${sql.raw(String(Number(target)))}`.execute(
            trx,
          );
      })
      // After a failed load, its own error is the one to tell.
      .catch((error: unknown) => {
        if (loaded) throw error;
        console.error(`The indexes could not be built again after the failed load: ${String(error)}`);
      });
  }
}

type BulkOptions = {
  vehicles: number;
  parts: number;
  photos: ImageRef[];
  seed?: number;
};

/** Statements of 500 rows, fifty to a transaction: each commit writes again every index page it changed. */
const BATCH = 500;
const PER_TRANSACTION = 25_000;

async function loadStock(db: DB, options: BulkOptions) {
  const rng = createRng(options.seed ?? 99);
  // A generator of their own, so that the rest of the stock is what it was before vehicles had these months.
  const factsRng = createRng((options.seed ?? 99) + 1);
  const sheetRng = createRng((options.seed ?? 99) + 2);
  const thisMonth = monthOfDate(new Date());
  const start = Date.now() - 3 * 365 * 24 * 3600 * 1000;
  const span = 3 * 365 * 24 * 3600 * 1000;
  for (let first = 0; first < options.vehicles; first += PER_TRANSACTION)
    await db.transaction().execute(async (trx) => {
      const end = Math.min(options.vehicles, first + PER_TRANSACTION);
      for (let offset = first; offset < end; offset += BATCH) {
        const count = Math.min(BATCH, end - offset);
        const rows = Array.from({ length: count }, (_, k) => {
          const i = offset + k;
          const v = vehicleFactory(rng, i);
          const at = new Date(start + Math.floor((span * i) / options.vehicles)).toISOString();
          return {
            ref_id: `B-${String(i + 1).padStart(7, "0")}`,
            ...vehicleColumns(v),
            ...importFacts(factsRng, v.year, thisMonth),
            ...sheetFacts(sheetRng),
            created_at: at,
            updated_at: at,
          };
        });
        const ids = await trx.insertInto("vehicles").values(rows).returning("id").execute();
        if (options.photos.length > 0) {
          const images = ids.flatMap(({ id }) =>
            Array.from({ length: between(rng, 1, 8) }, (_, position) => {
              const photo = options.photos[(id + position) % options.photos.length]!;
              return {
                vehicle_id: id,
                position,
                media_key: photo.key,
                width: photo.width,
                height: photo.height,
                variants: photo.variants.join(","),
                created_at: rows[0]!.created_at,
              };
            }),
          );
          for (let i = 0; i < images.length; i += 1000)
            await trx
              .insertInto("vehicle_images")
              .values(images.slice(i, i + 1000))
              .execute();
        }
      }
    });
  for (let first = 0; first < options.parts; first += PER_TRANSACTION)
    await db.transaction().execute(async (trx) => {
      const end = Math.min(options.parts, first + PER_TRANSACTION);
      for (let offset = first; offset < end; offset += BATCH) {
        const count = Math.min(BATCH, end - offset);
        const parts = Array.from({ length: count }, (_, k) => partFactory(rng, offset + k));
        const rows = parts.map((p, k) => {
          const i = offset + k;
          const at = new Date(start + Math.floor((span * i) / options.parts)).toISOString();
          return { ref_id: `BP-${String(i + 1).padStart(7, "0")}`, ...partColumns(p), created_at: at, updated_at: at };
        });
        const ids = await trx.insertInto("parts").values(rows).returning("id").execute();
        await writeFitments(
          trx,
          ids.map(({ id }, k) => ({ partId: id, fitment: parts[k]!.fitment })),
        );
        if (options.photos.length > 0) {
          await trx
            .insertInto("part_images")
            .values(
              ids.map(({ id }) => {
                const photo = options.photos[id % options.photos.length]!;
                return {
                  part_id: id,
                  position: 0,
                  media_key: photo.key,
                  width: photo.width,
                  height: photo.height,
                  variants: photo.variants.join(","),
                  created_at: rows[0]!.created_at,
                };
              }),
            )
            .execute();
        }
      }
    });
}
