import type { StockKind } from "~/domain/inventory/stock-kinds";
import type { StockPath } from "~/domain/inventory/stock-kinds";
import { SORT_ORDERS } from "./sorts";
import { containsPattern } from "~/db/like";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { type DB, dialectOf } from "~/db/db.server";
import type { Database } from "~/db/schema";
import {
  CHILD_FILTER,
  type ListQuery,
  type PartFilters,
  pricesInYen,
  setFilters,
  type Sort,
  type ResolvedVehicleFilters,
  type VehicleFilters,
  withoutFilter,
} from "./filters";
import { displayRate } from "~/domain/rates/rates.server";
import type { ImportLimit } from "~/domain/imports/import-rules";
import {
  getImportSettings,
  importCondition,
  importLimit,
  ruleForCountry,
  shippingMonths,
} from "~/domain/imports/import-rules.server";
import { partNumberKey } from "~/domain/inventory/fitment";
import { repositoryOf } from "~/domain/inventory/stock-repository.server";
import { type CardRow, toImageRef } from "~/domain/inventory/stock-rows.server";
import type { Facets, ListResult, MenuCounts, WayOut } from "./list";
import { clampPage } from "./pagination";

/*
 * Every public list is answered by the database: filters, keyword, sort, the
 * filtered total and one page of rows. The same statements run on SQLite and
 * PostgreSQL; only the keyword condition differs (see migration 02).
 */

type StockTable = StockPath;

/** One word found in any of the searched columns, checked on the row itself (ASCII case-insensitive). */
function wordInRow(table: StockTable, word: string): Expression<SqlBool> {
  const like = containsPattern(word);
  const columns = ["name", "description", "model", "ref_id"].map(
    (c) => sql<SqlBool>`lower(${sql.ref(`${table}.${c}`)}) like ${like} escape '\\'`,
  );
  return sql<SqlBool>`(${sql.join(columns, sql` or `)})`;
}

/**
 * Keyword condition: every word must appear, case-insensitively, in the name,
 * description, model or ref id. On SQLite, words of 3 or more characters go
 * through the trigram index, shorter ones are checked on the row. When the
 * index says the words match many rows (`dense`, see pageStrategy) and they
 * are plain ASCII, the rows are checked directly instead: walking the sort
 * index then finds a page after a few hundred rows, without fetching every
 * match and sorting them. "member" keeps the trigram index but only as a set
 * each row is checked against: the rows then come through another filter's
 * index (the menus' counts under a make and a common word, see menuKeywordRead).
 */
function keywordCondition(db: DB, table: StockTable, keyword: string, dense: boolean | "member"): Expression<SqlBool> {
  const words = [...new Set(keyword.toLowerCase().split(" ").filter(Boolean))];
  const parts: Expression<SqlBool>[] = [];
  if (dialectOf(db) === "sqlite") {
    const checkRows = dense === true && /^[\x20-\x7e]*$/.test(keyword);
    const indexed = checkRows ? [] : words.filter((w) => [...w].length >= 3);
    if (indexed.length > 0) {
      const match = indexed.map((w) => `"${w.replace(/"/g, '""')}"`).join(" AND ");
      // "+id" when dense or "member": a membership test, so another index can still be walked.
      const id = sql.raw(dense ? `+${table}.id` : `${table}.id`);
      const fts = sql.raw(`${table}_fts`);
      parts.push(sql<SqlBool>`${id} in (select rowid from ${fts} where ${fts} match ${match})`);
    }
    for (const w of words.filter((w) => checkRows || [...w].length < 3)) parts.push(wordInRow(table, w));
  } else {
    for (const w of words) {
      // The same expression as the trigram index of migration 02.
      parts.push(
        sql<SqlBool>`lower(name || ' ' || description || ' ' || model || ' ' || ref_id) like ${containsPattern(w)}`,
      );
    }
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * The filters as the database reads them: prices in yen, at the stored rate of
 * the currency they were given in (the rate the buyer's prices are shown at),
 * and "Only what I can import" as what the country's rule admits for a
 * vehicle ordered at `now`. Every search, count and alert takes its filters
 * through here.
 */
export async function resolveVehicleFilters(
  db: DB,
  f: VehicleFilters,
  now = new Date(),
): Promise<ResolvedVehicleFilters> {
  const { ImportTo: country, ...rest } = f;
  let resolved: ResolvedVehicleFilters = rest as ResolvedVehicleFilters;
  if (f.Currency) {
    const rate = await displayRate(db, f.Currency);
    resolved = pricesInYen(rest, rate?.rate ?? null) as ResolvedVehicleFilters;
  }
  if (country) {
    const [rule, settings] = await Promise.all([ruleForCountry(db, country), getImportSettings(db)]);
    resolved = { ...resolved, ImportTo: importLimit(country, rule, shippingMonths(settings, now)) };
  }
  return resolved;
}

/**
 * The filters a vehicle search takes: resolved ones, or a list's own when
 * they carry neither a currency nor a country (checked when the search runs).
 */
type SearchFilters = VehicleFilters | ResolvedVehicleFilters;

/** Prices in another currency would be read as yen, a country's name as no rule: every search, count and alert takes them through resolveVehicleFilters first. */
function mustBeResolved(filters: object) {
  const f = filters as { Currency?: unknown; ImportTo?: unknown };
  if (f.Currency) throw new Error("vehicle filters with prices in another currency: convert them to yen first");
  if (typeof f.ImportTo === "string")
    throw new Error("vehicle filters with a country to import into: resolve its rule first");
}

/** The list's filter condition on vehicles; saved-search alerts match with the same one. */
export function vehicleWhere(db: DB, f: SearchFilters, dense: boolean | "member" = false) {
  mustBeResolved(f);
  return (eb: ExpressionBuilder<Database, "vehicles">) => {
    const c: Expression<SqlBool>[] = [];
    if (f.Make) c.push(eb("vehicles.make", "=", f.Make));
    if (f.Model) c.push(eb("vehicles.model", "=", f.Model));
    if (f.Type) c.push(eb("vehicles.type", "=", f.Type));
    if (f.SubType) c.push(eb("vehicles.sub_type", "=", f.SubType));
    if (f.Transmission) c.push(eb("vehicles.transmission", "=", f.Transmission));
    if (f.Fuel) c.push(eb("vehicles.fuel", "=", f.Fuel));
    if (f.Steering) c.push(eb("vehicles.steering", "=", f.Steering));
    if (f.Color) c.push(eb("vehicles.color", "=", f.Color));
    if (f.Drive) c.push(eb("vehicles.drive", "=", f.Drive));
    if (f.YearFrom !== undefined) c.push(eb("vehicles.year", ">=", f.YearFrom));
    if (f.YearTo !== undefined) c.push(eb("vehicles.year", "<=", f.YearTo));
    if (f.PriceFrom !== undefined) c.push(eb("vehicles.price", ">=", f.PriceFrom));
    if (f.PriceTo !== undefined) c.push(eb("vehicles.price", "<=", f.PriceTo));
    if (f.MileageFrom !== undefined) c.push(eb("vehicles.mileage", ">=", f.MileageFrom));
    if (f.MileageTo !== undefined) c.push(eb("vehicles.mileage", "<=", f.MileageTo));
    if (f.Keyword) c.push(keywordCondition(db, "vehicles", f.Keyword, dense));
    // Checked by mustBeResolved: a limit, never a name.
    if (f.ImportTo) c.push(importCondition(eb, f.ImportTo as ImportLimit, dialectOf(db)));
    return eb.and(c);
  };
}

/**
 * A keyword that may be a part number, as the parts' part_number_key holds
 * them (partNumberKey): 4 or more letters and digits, one a digit at least.
 * "04465 33450", "0446533450" and "04465-33450" are one number.
 */
export function partNumberSearch(keyword: string | undefined): string | null {
  if (!keyword) return null;
  const key = partNumberKey(keyword);
  return key.length >= 4 && /\p{N}/u.test(key) ? key : null;
}

/**
 * "Fits my car": the parts listing a car of this make (and model), whatever
 * the case, whose years hold the car's year (a range open at an end is open
 * there; one without years fits every year). The expressions are those of
 * part_fitments_car_idx (migration 2026-11-26-01), which holds the part ids:
 * the matches are found in the index, and a list walking its own order checks
 * each part against them.
 */
function fitsCarCondition(db: DB, car: { FitMake: string; FitModel?: string; FitYear?: number }) {
  const make = sql.ref("part_fitments.make");
  const model = sql.ref("part_fitments.model");
  let fits = db
    .selectFrom("part_fitments")
    .select("part_fitments.part_id")
    .where(sql<string>`lower(${make})`, "=", car.FitMake.toLowerCase());
  if (car.FitModel !== undefined) fits = fits.where(sql<string>`lower(${model})`, "=", car.FitModel.toLowerCase());
  const year = car.FitYear;
  if (year !== undefined)
    fits = fits.where((eb) =>
      eb.and([
        eb.or([eb("part_fitments.year_from", "is", null), eb("part_fitments.year_from", "<=", year)]),
        eb.or([eb("part_fitments.year_to", "is", null), eb("part_fitments.year_to", ">=", year)]),
      ]),
    );
  return fits;
}

export function partWhere(db: DB, f: PartFilters, dense: boolean | "member" = false) {
  return (eb: ExpressionBuilder<Database, "parts">) => {
    const c: Expression<SqlBool>[] = [];
    if (f.Make) c.push(eb("parts.make", "=", f.Make));
    if (f.Model) c.push(eb("parts.model", "=", f.Model));
    if (f.Type) c.push(eb("parts.type", "=", f.Type));
    if (f.SubType) c.push(eb("parts.sub_type", "=", f.SubType));
    // A part with no year (a new part that fits many) is left out of a year range.
    if (f.YearFrom !== undefined) c.push(eb("parts.year", ">=", f.YearFrom));
    if (f.YearTo !== undefined) c.push(eb("parts.year", "<=", f.YearTo));
    if (f.FitMake) c.push(eb("parts.id", "in", fitsCarCondition(db, { ...f, FitMake: f.FitMake })));
    if (f.Keyword) {
      // The words in the part's text, or the part number whatever its dashes, spaces and case.
      const words = keywordCondition(db, "parts", f.Keyword, dense);
      const number = partNumberSearch(f.Keyword);
      c.push(number === null ? words : eb.or([words, eb("parts.part_number_key", "=", number)]));
    }
    return eb.and(c);
  };
}

/**
 * The sort key of a list. When the matches are to be sorted (see pageStrategy)
 * it is written as an expression no index holds, with the same values and so
 * the same order: the planner then cannot walk the sort index in the hope of
 * meeting the matches early, and fetches them through the filters' indexes.
 */
function sortKey(table: StockTable, column: "created_at" | "price", sortMatches: boolean) {
  const ref = sql.ref(`${table}.${column}`);
  if (!sortMatches) return ref;
  return column === "price" ? sql`${ref} + 0` : sql`${ref} || ''`;
}

/**
 * The most a list filtered by a keyword alone counts on PostgreSQL; past it
 * the list says "1,000+". Its trigram index finds the candidates but each must
 * be checked on its row: counting the 25,000 vehicles "hybrid" matches at
 * 100,000 took 46 ms, where a count stopped at 1,001 takes a few (SQLite
 * counts from its trigram index alone, exactly). With another filter the
 * count is exact: that filter's index leaves fewer rows to check. The same
 * as the menus' limit.
 */
export const LIST_COUNT_LIMIT = 1000;

/** The most this list's count goes to, or null when it counts every match (see LIST_COUNT_LIMIT). */
export function countLimit(db: DB, filters: object): number | null {
  const set = setFilters(filters);
  return dialectOf(db) === "postgres" && set.length === 1 && set[0]![0] === "Keyword" ? LIST_COUNT_LIMIT : null;
}

/** The statements of a vehicle list, unexecuted: the query-plan test and the benchmark read them too. */
export function vehicleListQueries(
  db: DB,
  query: ListQuery<SearchFilters>,
  offset = 0,
  denseKeyword = false,
  sortMatches = false,
) {
  const { column, direction } = SORT_ORDERS[query.sort];
  const where = vehicleWhere(db, query.filters, denseKeyword);
  const limit = countLimit(db, query.filters);
  return {
    count:
      limit === null
        ? db
            .selectFrom("vehicles")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where(where)
        : db
            .selectFrom(
              db
                .selectFrom("vehicles")
                .select("vehicles.id")
                .where(where)
                .limit(limit + 1)
                .as("m"),
            )
            .select((eb) => eb.fn.countAll<number>().as("n")),
    page: db
      .selectFrom("vehicles")
      .select([
        "id",
        "ref_id",
        "name",
        "price",
        "make",
        "model",
        "type",
        "sub_type",
        "year",
        "mileage",
        "engine_cc",
        "transmission",
        "fuel",
        "steering",
        "color",
        "stock_status",
        "manufactured_month",
        "registered_month",
      ])
      .where(where)
      .orderBy(sortKey("vehicles", column, sortMatches), direction)
      .orderBy("vehicles.id", direction)
      .limit(query.perPage)
      .offset(offset),
  };
}

export function partListQueries(
  db: DB,
  query: ListQuery<PartFilters>,
  offset = 0,
  denseKeyword = false,
  sortMatches = false,
) {
  const { column, direction } = SORT_ORDERS[query.sort];
  const where = partWhere(db, query.filters, denseKeyword);
  const limit = countLimit(db, query.filters);
  return {
    count:
      limit === null
        ? db
            .selectFrom("parts")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where(where)
        : db
            .selectFrom(
              db
                .selectFrom("parts")
                .select("parts.id")
                .where(where)
                .limit(limit + 1)
                .as("m"),
            )
            .select((eb) => eb.fn.countAll<number>().as("n")),
    page: db
      .selectFrom("parts")
      .select(["id", "ref_id", "name", "price", "make", "model", "type", "sub_type", "year", "stock_status"])
      .where(where)
      .orderBy(sortKey("parts", column, sortMatches), direction)
      .orderBy("parts.id", direction)
      .limit(query.perPage)
      .offset(offset),
  };
}

/** Above this many keyword matches, a page may be found by walking the sort index (see keywordCondition, pageStrategy). */
const DENSE_MATCHES = 2000;

/** PostgreSQL's estimate of how many items the filters match (EXPLAIN, without running the statement). */
async function estimatedMatches(db: DB, table: StockTable, filters: object): Promise<number> {
  const matches =
    table === "vehicles"
      ? db
          .selectFrom("vehicles")
          .select("vehicles.id")
          .where(vehicleWhere(db, filters as SearchFilters))
      : db
          .selectFrom("parts")
          .select("parts.id")
          .where(partWhere(db, filters as PartFilters));
  const { rows } = await sql<{
    "QUERY PLAN": [{ Plan: { "Plan Rows": number } }];
  }>`explain (format json) ${matches}`.execute(db);
  return Number(rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0);
}

/**
 * How many items the keyword matches, read from the SQLite trigram index alone
 * (a few milliseconds even for 25,000 matches). Null on PostgreSQL or when a
 * word is too short for the index.
 */
async function indexedKeywordMatches(db: DB, table: StockTable, keyword: string | undefined): Promise<number | null> {
  if (!keyword || dialectOf(db) !== "sqlite") return null;
  // A part number the keyword names matches beyond the text: the count is then not the index's.
  const number = table === "parts" ? partNumberSearch(keyword) : null;
  if (number !== null) {
    const named = await db
      .selectFrom("parts")
      .select("id")
      .where("part_number_key", "=", number)
      .limit(1)
      .executeTakeFirst();
    if (named) return null;
  }
  const words = [...new Set(keyword.toLowerCase().split(" ").filter(Boolean))];
  if (words.some((w) => [...w].length < 3)) return null;
  const match = words.map((w) => `"${w.replace(/"/g, '""')}"`).join(" AND ");
  const fts = sql.raw(`${table}_fts`);
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${fts} where ${fts} match ${match}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export const FACET_FILTERS = new Set(["Make", "Model", "Type", "SubType"]);

/** The total of a list filtered only by make, model, type and subtype, from the stock counts. */
async function facetTotal(db: DB, kind: StockKind, filters: object): Promise<number | null> {
  if (setFilters(filters).some(([k]) => !FACET_FILTERS.has(k))) return null;
  const f = filters as { Make?: string; Model?: string; Type?: string; SubType?: string };
  let q = db
    .selectFrom("stock_facets")
    .select((eb) => eb.fn.sum<number>("n").as("n"))
    .where("kind", "=", kind);
  if (f.Make) q = q.where("make", "=", f.Make);
  if (f.Model) q = q.where("model", "=", f.Model);
  if (f.Type) q = q.where("type", "=", f.Type);
  if (f.SubType) q = q.where("sub_type", "=", f.SubType);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The filtered total, the cheapest way that is exact; `counted` when it took
 * the count statement. Also the keyword's matches in the trigram index, when
 * read.
 */
async function listTotal(
  db: DB,
  table: StockTable,
  filters: { Keyword?: string },
  count: { executeTakeFirstOrThrow: () => Promise<{ n: number }> },
): Promise<{ total: number; more: boolean; keywordMatches: number | null; counted: boolean }> {
  const keywordMatches = await indexedKeywordMatches(db, table, filters.Keyword);
  const onlyKeyword = Object.entries(filters).every(([k, v]) => k === "Keyword" || v === undefined);
  if (keywordMatches !== null && onlyKeyword)
    return { total: keywordMatches, more: false, keywordMatches, counted: false };
  const fromFacets = await facetTotal(db, table === "vehicles" ? "vehicle" : "part", filters);
  if (fromFacets !== null) return { total: fromFacets, more: false, keywordMatches, counted: false };
  const n = Number((await count.executeTakeFirstOrThrow()).n);
  const limit = countLimit(db, filters);
  if (limit !== null && n > limit) return { total: limit, more: true, keywordMatches, counted: true };
  return { total: n, more: false, keywordMatches, counted: true };
}

/** How many vehicles or parts there are, from the stock counts. */
async function stockSize(db: DB, table: StockTable): Promise<number> {
  const row = await db
    .selectFrom("stock_facets")
    .select((eb) => eb.fn.sum<number>("n").as("n"))
    .where("kind", "=", table === "vehicles" ? "vehicle" : "part")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Vehicles' year, price and mileage ranges: one index holds all three, and two
 * wide ranges may match few rows together that it cannot find without reading
 * most of the table. Parts have one range, the year, with an index of its own
 * (migration 2026-11-23-02), which finds its matches by itself.
 */
const RANGE_FILTERS = new Set(["YearFrom", "YearTo", "PriceFrom", "PriceTo", "MileageFrom", "MileageTo"]);

/** Whether an index finds the matches of one of the filters by itself. */
function hasIndexedFilter(table: StockTable, filters: object): boolean {
  return Object.entries(filters).some(([key, value]) => {
    if (value === undefined || (table === "vehicles" && RANGE_FILTERS.has(key))) return false;
    // Both trigram indexes need a word of 3 or more characters.
    if (key === "Keyword")
      return String(value)
        .split(" ")
        .some((w) => [...w].length >= 3);
    return true;
  });
}

/**
 * How a page is found once the exact total is known. Walking the sort index
 * finds it after about (offset + perPage) × stock / total rows if the matches
 * are spread evenly; sorting the matches reads the total, when an index finds
 * them. The planners only estimate the total and chose long walks at 100,000
 * vehicles: PostgreSQL read 50,000 to 65,000 rows for page 200 of a filter
 * matching 6,000 to 17,000, SQLite's keyword walk (`denseKeyword`) 62,000
 * (tests/db/query-plans.test.ts). So when a filter has an index of its own,
 * the matches are sorted (`sortMatches`, see sortKey) whenever that reads
 * fewer rows than the walk would, and always in price order when they are a
 * fifth of the stock or fewer: price goes with make, fuel and age, so a walk by
 * price may meet the matches only after most of the stock (PostgreSQL read
 * 50,000 rows for the first page of low-mileage diesels). Left to the planner:
 * a list of one make or one type only, which an index holds in both orders;
 * and year, price and mileage ranges alone, since two wide ranges may match
 * few rows together that no index finds without reading most of the table
 * (PostgreSQL then read all of it, where its walk read 22,000 to 38,000 rows).
 * A fifth rather than a tenth since issue 24: India's 10,309 vehicles by
 * rising price walked 40,764 rows on PostgreSQL (22 to 28 ms); sorted, 13 ms.
 * When the count stopped at its limit (LIST_COUNT_LIMIT), `total` is the
 * planner's estimate of the matches instead.
 */
export function pageStrategy(p: {
  table: StockTable;
  filters: object;
  sort: Sort;
  offset: number;
  perPage: number;
  total: number;
  stock: number;
  keywordMatches: number | null;
}): { sortMatches: boolean; denseKeyword: boolean } {
  const set = Object.entries(p.filters)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  const ownOrder = p.table === "vehicles" && set.length === 1 && (set[0] === "Make" || set[0] === "Type");
  const walk = ((p.offset + p.perPage) * p.stock) / Math.max(1, p.total);
  const sortMatches =
    hasIndexedFilter(p.table, p.filters) &&
    !ownOrder &&
    (walk > p.total || (SORT_ORDERS[p.sort].column === "price" && p.total * 5 <= p.stock));
  const denseKeyword = !sortMatches && p.keywordMatches !== null && p.keywordMatches > DENSE_MATCHES;
  return { sortMatches, denseKeyword };
}

/**
 * What a list settles before it fetches its page: the total, the page within
 * the list, and how the page is found. The query-plan test follows it too.
 */
export async function listPlan(
  db: DB,
  table: StockTable,
  query: ListQuery<{ Keyword?: string }>,
  count: { executeTakeFirstOrThrow: () => Promise<{ n: number }> },
) {
  const { total, more, keywordMatches, counted } = await listTotal(db, table, query.filters, count);
  const { page, pageCount } = clampPage(query.page, total, query.perPage);
  const offset = (page - 1) * query.perPage;
  // The size of the stock matters only when the matches may be sorted.
  const stock = total > 0 && hasIndexedFilter(table, query.filters) ? await stockSize(db, table) : 0;
  const { filters, sort, perPage } = query;
  // Past the count's limit, how many there are is the planner's estimate ("hybrid 2020": 1,408 for 1,352).
  const matches = more ? Math.max(total + 1, await estimatedMatches(db, table, filters)) : total;
  return {
    total,
    more,
    page,
    pageCount,
    offset,
    counted,
    ...pageStrategy({ table, filters, sort, offset, perPage, total: matches, stock, keywordMatches }),
  };
}

/** How many photos a list card carries: the cover and up to 4 more (SPEC 2). */
const CARD_PHOTOS = 5;

/** A row of a list page: the card's facts, and a vehicle's few more. */
type ListRow = CardRow & { fuel?: string | null; color?: string | null };

/** One page of a list, with its photos, as the list shows it. */
async function listResult(
  db: DB,
  table: StockTable,
  query: ListQuery<{ Keyword?: string }>,
  statements: (
    offset?: number,
    denseKeyword?: boolean,
    sortMatches?: boolean,
  ) => {
    count: { executeTakeFirstOrThrow: () => Promise<{ n: number }> };
    page: { execute: () => Promise<ListRow[]> };
  },
): Promise<ListResult> {
  const { total, more, page, pageCount, offset, denseKeyword, sortMatches } = await listPlan(
    db,
    table,
    query,
    statements().count,
  );
  const rows = total === 0 ? [] : await statements(offset, denseKeyword, sortMatches).page.execute();
  const photos = await repositoryOf(table).photos.ofItems(
    db,
    rows.map((r) => r.id),
  );
  const byItem = new Map<number, typeof photos>();
  for (const photo of photos) {
    const own = byItem.get(photo.owner_id);
    if (own) own.push(photo);
    else byItem.set(photo.owner_id, [photo]);
  }
  return {
    total,
    more,
    page,
    pageCount,
    perPage: query.perPage,
    items: rows.map((r) => {
      const own = byItem.get(r.id) ?? [];
      return {
        id: r.id,
        refId: r.ref_id,
        name: r.name,
        price: Number(r.price),
        make: r.make,
        model: r.model,
        type: r.type,
        subType: r.sub_type,
        year: r.year,
        mileage: r.mileage ?? null,
        engineCc: r.engine_cc ?? null,
        transmission: r.transmission ?? null,
        fuel: r.fuel ?? null,
        steering: r.steering ?? null,
        color: r.color ?? null,
        stockStatus: r.stock_status,
        manufactured: r.manufactured_month ?? null,
        registered: r.registered_month ?? null,
        images: own.slice(0, CARD_PHOTOS).map(toImageRef),
        imageCount: own.length,
      };
    }),
  };
}

/** One page of vehicles matching the filters, with the filtered total. */
export function searchVehicles(db: DB, query: ListQuery<SearchFilters>): Promise<ListResult> {
  return listResult(db, "vehicles", query, (...page) => vehicleListQueries(db, query, ...page));
}

/** One page of parts matching the filters, with the filtered total. */
export function searchParts(db: DB, query: ListQuery<PartFilters>): Promise<ListResult> {
  return listResult(db, "parts", query, (...page) => partListQueries(db, query, ...page));
}

/** What is in stock, counted by make and by type: read from the counts the database keeps. */
export async function stockFacets(db: DB, table: StockTable): Promise<Facets> {
  const rows = await db
    .selectFrom("stock_facets")
    .select(["make", "model", "type", "sub_type", "n", "unsold"])
    .where("kind", "=", table === "vehicles" ? "vehicle" : "part")
    .where("n", ">", 0)
    .execute();
  const makes = new Map<string, number>();
  const unsold = new Map<string, number>();
  const types = new Map<string, number>();
  const models: Record<string, string[]> = {};
  const subTypes: Record<string, string[]> = {};
  for (const r of rows) {
    const n = Number(r.n);
    makes.set(r.make, (makes.get(r.make) ?? 0) + n);
    unsold.set(r.make, (unsold.get(r.make) ?? 0) + Number(r.unsold));
    if (!(models[r.make] ??= []).includes(r.model)) models[r.make]!.push(r.model);
    if (r.type) {
      types.set(r.type, (types.get(r.type) ?? 0) + n);
      const list = (subTypes[r.type] ??= []);
      if (r.sub_type && !list.includes(r.sub_type)) list.push(r.sub_type);
    }
  }
  const sorted = (m: Map<string, number>) =>
    [...m].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name));
  for (const list of [...Object.values(models), ...Object.values(subTypes)]) list.sort((a, b) => a.localeCompare(b));
  return {
    makes: sorted(makes).map((m) => ({ ...m, unsold: unsold.get(m.name) ?? 0 })),
    types: sorted(types),
    models,
    subTypes,
  };
}

/**
 * The most matches a menu's counts are made from when a filter other than
 * make, model, type and subtype is set: the matches are read (through the
 * filters' indexes) and grouped, and past this many the menu shows no counts
 * rather than guessed ones. Measured in docs/performance.md.
 */
export const MENU_COUNT_LIMIT = 1000;

/** Which filters each menu ignores: its own and the one that depends on it. */
export const MENU_OWN_FILTERS = {
  make: ["Make", CHILD_FILTER.Make],
  type: ["Type", CHILD_FILTER.Type],
} as const;

/** The filters a menu's counts are made under: all the list's filters but the menu's own. */
export function otherFilters(filters: object, menu: "make" | "type"): Record<string, unknown> {
  const own = new Set<string>(MENU_OWN_FILTERS[menu]);
  return Object.fromEntries(setFilters(filters).filter(([k]) => !own.has(k)));
}

/**
 * How the menus' read goes through a keyword on SQLite, from the trigram
 * index's count of its matches (a few milliseconds):
 * - "over": the keyword is the only filter and matches more than the menus
 *   count; nothing needs reading (the matches of the read are exactly those);
 * - "member": a common keyword with other filters; the rows come through
 *   those filters' indexes and each is checked against the keyword's set,
 *   without reading its text (10,000 Toyotas so checked in a few ms, where
 *   fetching each of 19,000 keyword matches took 15 to 30 ms);
 * - false: through the trigram index (few matches, PostgreSQL, short words).
 */
export async function menuKeywordRead(
  db: DB,
  table: StockTable,
  filters: Record<string, unknown>,
  /** The keyword's count when already asked (both menus share one keyword). */
  keywordMatches?: Promise<number | null>,
): Promise<false | "member" | "over"> {
  const matches = await (keywordMatches ?? indexedKeywordMatches(db, table, filters.Keyword as string | undefined));
  if (matches === null || matches <= MENU_COUNT_LIMIT) return false;
  return Object.keys(filters).length === 1 ? "over" : "member";
}

/**
 * The statement that groups at most MENU_COUNT_LIMIT + 1 matches of `filters`
 * by make and type (the query-plan test reads it).
 */
export function menuCountQuery(db: DB, table: StockTable, filters: object, keywordRead: false | "member" = false) {
  const matches =
    table === "vehicles"
      ? db
          .selectFrom("vehicles")
          .select(["vehicles.make", "vehicles.type"])
          .where(vehicleWhere(db, filters as ResolvedVehicleFilters, keywordRead))
          .limit(MENU_COUNT_LIMIT + 1)
      : db
          .selectFrom("parts")
          .select(["parts.make", "parts.type"])
          .where(partWhere(db, filters as PartFilters, keywordRead))
          .limit(MENU_COUNT_LIMIT + 1);
  return sql<{
    make: string;
    type: string | null;
    n: number;
  }>`select m.make as make, m.type as type, count(*) as n from (${matches}) m group by m.make, m.type`;
}

/** The matches of `filters` by make and type, or null past MENU_COUNT_LIMIT. */
async function menuRead(
  db: DB,
  table: StockTable,
  filters: Record<string, unknown>,
  keywordMatches?: Promise<number | null>,
) {
  const keywordRead = await menuKeywordRead(db, table, filters, keywordMatches);
  if (keywordRead === "over") return null;
  const { rows } = await menuCountQuery(db, table, filters, keywordRead).execute(db);
  return rows.reduce((sum, r) => sum + Number(r.n), 0) > MENU_COUNT_LIMIT ? null : rows;
}

/**
 * How many items each make and each type would show under the list's other
 * filters (choosing Toyota keeps the price and fuel chosen). Filtered only by
 * make, model, type and subtype, read from the stock counts; otherwise from
 * the matches themselves (one read for both menus when neither's own filter
 * is set), or null (no counts shown) past MENU_COUNT_LIMIT.
 */
export async function menuCounts(
  db: DB,
  table: StockTable,
  filters: object,
): Promise<{ makes: MenuCounts; types: MenuCounts }> {
  mustBeResolved(filters);
  const kind = table === "vehicles" ? "vehicle" : "part";
  const onlyFacets = (others: object) => Object.keys(others).every((k) => FACET_FILTERS.has(k));
  const fromFacets = async (menu: "make" | "type", others: Record<string, unknown>): Promise<MenuCounts> => {
    const f = others as { Make?: string; Model?: string; Type?: string; SubType?: string };
    let q = db
      .selectFrom("stock_facets")
      .select([`${menu} as name`, (eb) => eb.fn.sum<number>("n").as("n")])
      .where("kind", "=", kind);
    if (f.Make) q = q.where("make", "=", f.Make);
    if (f.Model) q = q.where("model", "=", f.Model);
    if (f.Type) q = q.where("type", "=", f.Type);
    if (f.SubType) q = q.where("sub_type", "=", f.SubType);
    const counts: Record<string, number> = {};
    for (const r of await q.groupBy(menu).execute())
      if (r.name !== null && Number(r.n) > 0) counts[String(r.name)] = Number(r.n);
    return counts;
  };
  const grouped = new Map<string, Promise<{ make: string; type: string | null; n: number }[] | null>>();
  // The keyword is in both menus' filters (neither menu drops it): its count is asked once.
  let keywordMatches: Promise<number | null> | undefined;
  const fromMatches = async (menu: "make" | "type", others: Record<string, unknown>): Promise<MenuCounts> => {
    const key = JSON.stringify(others);
    if (!grouped.has(key)) {
      keywordMatches ??= indexedKeywordMatches(db, table, (filters as { Keyword?: string }).Keyword);
      grouped.set(key, menuRead(db, table, others, keywordMatches));
    }
    const rows = await grouped.get(key)!;
    if (rows === null) return null;
    const counts: Record<string, number> = {};
    for (const r of rows) {
      const name = menu === "make" ? r.make : r.type;
      if (name !== null) counts[name] = (counts[name] ?? 0) + Number(r.n);
    }
    return counts;
  };
  const one = (menu: "make" | "type") => {
    const others = otherFilters(filters, menu);
    return onlyFacets(others) ? fromFacets(menu, others) : fromMatches(menu, others);
  };
  const [makes, types] = await Promise.all([one("make"), one("type")]);
  return { makes, types };
}

/** How many a list would show with one filter fewer; the count statement is the list's own. */
async function totalWithout(
  db: DB,
  table: StockTable,
  filters: object,
  key: string,
): Promise<{ total: number; more: boolean }> {
  const rest = Object.fromEntries(setFilters(withoutFilter(filters, key)));
  const count =
    table === "vehicles"
      ? vehicleListQueries(db, { filters: rest as ResolvedVehicleFilters, sort: "newest", page: 1, perPage: 1 }).count
      : partListQueries(db, { filters: rest as PartFilters, sort: "newest", page: 1, perPage: 1 }).count;
  const { total, more } = await listTotal(db, table, rest, count);
  return { total, more };
}

/**
 * The nearest ways out of an empty list: each filter that, dropped alone,
 * would show something, with how many, the most first.
 */
export async function waysOut(db: DB, table: StockTable, filters: object): Promise<WayOut[]> {
  mustBeResolved(filters);
  const keys = setFilters(filters).map(([k]) => k);
  const found = await Promise.all(
    keys.map(async (drop) => ({ drop, ...(await totalWithout(db, table, filters, drop)) })),
  );
  return (
    found
      .filter((w) => w.total > 0)
      // "1,000+" is more than 1,000.
      .sort(
        (a, b) => b.total + Number(b.more) - (a.total + Number(a.more)) || keys.indexOf(a.drop) - keys.indexOf(b.drop),
      )
  );
}
