import { type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "~/db/schema";
import { type DB, dialectOf, KEPT_PLAN } from "~/db/db.server";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import { repositoryOf } from "~/domain/inventory/stock-repository.server";
import { STOCK_STATUSES, type StockStatus } from "~/domain/inventory/stock-status";
import { cardFacts, type CardRow, toImageRef, vehicleFacts } from "~/domain/inventory/stock-rows.server";
import { type ListQuery, type PartFilters, type ResolvedVehicleFilters, setFilters, type Sort } from "./filters";
import type { ListCount, ListResult } from "./list";
import {
  partNumberSearch,
  partWhere,
  type SearchFilters,
  statusCondition,
  type StockTable,
  vehicleWhere,
} from "./list-where.server";
import { readPartWords } from "./part-words.server";
import type { ImportLimit } from "~/domain/imports/import-rules";
import { importYearCondition, importYearRanges, latestStartYear } from "~/domain/imports/import-rules.server";
import { clampPage } from "~/domain/lists/pagination";
import { SORT_ORDERS } from "~/domain/lists/sorts";

/*
 * Every public list is answered by the database: filters, keyword, sort, the
 * filtered total and one page of rows. The same statements run on SQLite and
 * PostgreSQL; only the keyword condition differs (see migration 02). The
 * conditions are list-where.server.ts's; the menus' counts and the ways out
 * of an empty list, menu-counts.server.ts's.
 */

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
 * counts from its trigram index alone, exactly). With another filter that
 * filter's index leaves fewer rows to check: the count is exact, or in a
 * large stock stops at BROAD_COUNT_LIMIT, which also tells the page's way
 * (pageStrategy) that there are at least 10,001. The same as the menus'
 * limit.
 */
export const LIST_COUNT_LIMIT = 1000;

/**
 * A keyword alone that PostgreSQL's statistics put at this many matches or
 * more, and at 1 % of the stock or more, is not counted at all: the list
 * says "1,000+" at once. Counting even to LIST_COUNT_LIMIT first builds the
 * trigram index's bitmap of every match: 20 to 40 ms for "corolla" in 4 % of
 * a million vehicles, where the estimate takes under a millisecond. The
 * words' statistics hold 1,001 samples (migration 2026-12-05-04): 1 % of the
 * stock is 10 of them, and a word with no more than LIST_COUNT_LIMIT matches
 * (a tenth of that, or less) is about one. The rows written since the
 * statistics were taken are taken off the estimate, as each may have been a
 * match deleted or changed: statistics left stale by a large delete would
 * otherwise overstate a word, and its first page walk the whole table for
 * matches that are gone. Should the estimate still stand for more than there
 * are, the list counts when a page comes back short (listResult).
 */
export const TRUSTED_ESTIMATE = 10 * LIST_COUNT_LIMIT;

/** Whether the planner's estimate of a keyword's matches in a stock of `stock` stands for its count (TRUSTED_ESTIMATE). */
export function estimateTrusted(estimate: number, stock: number): boolean {
  return estimate >= Math.max(TRUSTED_ESTIMATE, stock / 100);
}

/**
 * The most any other filtered list of a large stock counts on PostgreSQL;
 * past it the list says "10,000+" and offers its pages up to there (500 of
 * 20), as the large marketplaces do. Counting is reading every match: at 1,000,000
 * vehicles the 300,000 Kenya admits took 99 ms (p50) from the import index
 * alone, where 10,001 take a few. A stock of EXACT_COUNT_STOCK or fewer is
 * counted exactly, as before: the page is then chosen from the true number
 * (from the planner's estimate, the matches of Kenya above 500,000 yen were
 * sorted from the whole table at 100,000, young cars being the dear ones).
 * A list filtered only by make, model, type and subtype is counted exactly
 * from the stock counts (facetTotal); SQLite counts exactly.
 */
export const BROAD_COUNT_LIMIT = 10_000;
export const EXACT_COUNT_STOCK = 200_000;

/**
 * The most this list's count goes to, or null when it counts every match (see
 * LIST_COUNT_LIMIT); BROAD_COUNT_LIMIT holds only in a large stock (listTotal).
 */
export function countLimit(db: DB, filters: object): number | null {
  if (dialectOf(db) !== "postgres") return null;
  const set = setFilters(filters);
  return set.length === 1 && set[0]![0] === "Keyword" ? LIST_COUNT_LIMIT : BROAD_COUNT_LIMIT;
}

/** The columns of a list row both kinds have, in the order the list reads them. */
const LIST_COLUMNS = ["id", "ref_id", "name", "price", "make", "model", "type", "sub_type", "year"] as const;

/**
 * The statements of a list, unexecuted, from the statement of its matches:
 * their count (stopped at LIST_COUNT_LIMIT for a keyword alone; a broad one
 * stops only when listTotal asks, through `upTo`) and one page of their `rows`. With a `status`, the page is taken from the
 * matches of that status only, and `statusCount` counts them (see pageRows).
 */
function listStatements<T extends StockTable, Row>(
  db: DB,
  table: T,
  matches: SelectQueryBuilder<Database, T, object>,
  statements: { ids: SelectQueryBuilder<Database, T, { id: number }>; rows: SelectQueryBuilder<Database, T, Row> },
  query: ListQuery<object>,
  offset: number,
  sortMatches: boolean,
  segment?: Segment,
) {
  const { column, direction } = SORT_ORDERS[query.sort];
  const limit = countLimit(db, query.filters);
  const status = segment && segment.status !== "ranked" ? segment.status : "available";
  const ofStatus = statusCondition(db, table, "=", status);
  const rows = segment && segment.status !== "ranked" ? statements.rows.where(ofStatus) : statements.rows;
  const column_ = sql.ref(`${table}.stock_status`);
  // Sorted matches are all read anyway: what can still be bought first costs no more (see pageRows).
  const ranked = segment?.status === "ranked";
  const rank = sql`case ${column_} when 'available' then 0 when 'reserved' then 1 else 2 end`;
  // The count stopped one past `most` (see LIST_COUNT_LIMIT, BROAD_COUNT_LIMIT).
  const upTo = (most: number) =>
    db.selectFrom(statements.ids.limit(most + 1).as("m")).select((eb) => eb.fn.countAll<number>().as("n"));
  return {
    count:
      limit === null || limit === BROAD_COUNT_LIMIT
        ? Object.assign(
            matches.select((eb) => eb.fn.countAll<number>().as("n")),
            { upTo },
          )
        : upTo(limit),
    page: (ranked ? rows.orderBy(rank) : rows)
      .orderBy(sortKey(table, column, sortMatches), direction)
      .orderBy(sql.ref(`${table}.id`), direction)
      .limit(segment?.limit ?? query.perPage)
      .offset(offset),
    /** How many matches have the page's status, counting no further than `atMost`. */
    statusCount: (atMost: number) =>
      db
        .selectFrom(statements.ids.where(ofStatus).limit(atMost).as("m"))
        .select((eb) => eb.fn.countAll<number>().as("n")),
  };
}

/**
 * Part of a page: up to `limit` matches of one status; or, "ranked", the page
 * from every match sorted by status first (see pageRows).
 */
type Segment = { status: StockStatus | "ranked"; limit: number };

/**
 * Where a page starts, and how it is found (see pageStrategy): from the first
 * match, walking the sort index; with a segment, among the matches of its
 * status; with a last year, merging each year's matches (see importPriceList).
 */
export type PageWay = [
  offset?: number,
  denseKeyword?: boolean,
  sortMatches?: boolean,
  segment?: Segment,
  lastYear?: number,
];

/** The most years and steerings a merged page reads (see mergedYears): each is a statement to plan. */
const MERGE_MOST_RANGES = 60;

/**
 * The country's limit of a list of what a country admits alone, by price;
 * null for any other list. At 1,000,000 vehicles on PostgreSQL neither way of
 * the others serves it: sorting the 101,675 vehicles India admits took 600 to
 * 860 ms, and walking the price index from the cheapest passed 374,829
 * older ones first (1.7 s), young vehicles being the dear ones. Each year's
 * vehicles of one steering and status are held in price order by the index
 * of migration 2026-12-04-01: the page is the first of each year's, merged
 * (PostgreSQL's Merge Append), some 1.5 ms. On SQLite (the same indexes,
 * migration 2026-12-04-04), Kenya's 29,259 of 100,000 by rising price walked
 * past the cheap old vehicles for 49 to 109 ms; merged, 5 to 9. With any
 * other filter, that filter's index finds the matches as before.
 */
function importPriceList(db: DB, query: ListQuery<object>): (ImportLimit & { admits: true }) | null {
  if (SORT_ORDERS[query.sort].column !== "price") return null;
  const set = setFilters(query.filters);
  if (set.length !== 1 || set[0]![0] !== "ImportTo" || typeof set[0]![1] !== "object") return null;
  const limit = set[0]![1] as ImportLimit;
  return limit.admits ? limit : null;
}

/**
 * The last year a merged page reads (see importPriceList): the latest the
 * stock's ages start in, read from the import index; null when the page is
 * found another way (no age limit, too many years and steerings to merge, or,
 * on SQLite, a rule that admits more than half the stock).
 */
async function mergedYears(
  db: DB,
  query: ListQuery<object>,
  total: number,
  stock: () => Promise<number>,
): Promise<number | null> {
  const limit = importPriceList(db, query);
  if (!limit) return null;
  // SQLite reads each year's first matches whole before it merges them (PostgreSQL reads them as the merge
  // needs): where a rule admits most of the stock, the price index's walk finds the page sooner (Uganda's
  // 69,886 of 100,000: 25 to 32 ms merged, 2 to 3 walked). The stock counts the sold too, as the walk meets them.
  if (dialectOf(db) === "sqlite" && total * 2 > (await stock())) return null;
  const lastYear = await latestStartYear(db, limit.from);
  const ranges = lastYear === null ? null : importYearRanges(limit, lastYear);
  return ranges && ranges.length <= MERGE_MOST_RANGES ? lastYear : null;
}

/** The statements of a vehicle list, unexecuted: the query-plan test and the benchmark read them too. */
export function vehicleListQueries(db: DB, query: ListQuery<SearchFilters>, ...page: PageWay) {
  const [offset = 0, denseKeyword = false, sortMatches = false, segment, lastYear] = page;
  // A page of available or reserved vehicles needs no "not sold"; a ranked page and a page of sold ones do.
  const unsold = segment?.status === "available" || segment?.status === "reserved";
  const matches = db.selectFrom("vehicles").where(vehicleWhere(db, query.filters, denseKeyword, unsold));
  const own = ["mileage", "engine_cc", "transmission", "fuel", "steering", "color", "seats"] as const;
  const columns = [...LIST_COLUMNS, ...own, "stock_status", "manufactured_month", "registered_month"] as const;
  // A page that walks the sort index checks the sheet's columns on each row it meets (sheetConditions).
  const rows = db
    .selectFrom("vehicles")
    .where(vehicleWhere(db, query.filters, denseKeyword, unsold, !sortMatches))
    .select(columns);
  const ids = matches.select("vehicles.id");
  const statements = listStatements(db, "vehicles", matches, { ids, rows }, query, offset, sortMatches, segment);
  const limit = importPriceList(db, query);
  const ranges = limit && lastYear !== undefined ? importYearRanges(limit, lastYear) : null;
  if (!limit || !ranges || sortMatches || !segment || segment.status === "ranked") return statements;
  // Each year's first matches of the page's status in price order, merged; then their rows, in that order.
  const { direction } = SORT_ORDERS[query.sort];
  const enough = offset + segment.limit;
  // SQLite takes a limit inside a compound select only from a subquery.
  const arm = dialectOf(db) === "sqlite" ? (q: unknown) => sql`select * from (${q})` : (q: unknown) => sql`(${q})`;
  const years = ranges.map((range) =>
    arm(
      db
        .selectFrom("vehicles")
        .select(["vehicles.id", "vehicles.price"])
        // The steering as the range gives it, written as the index holds it: the rule's own "steering =" beside
        // it would read as a second condition, and the planner, expecting few rows, sorted each year's.
        .where(vehicleWhere(db, { ImportTo: { ...limit, steering: null } } as ResolvedVehicleFilters, false, unsold))
        .where(sql<SqlBool>`vehicles.stock_status = ${segment.status}`)
        .where(importYearCondition(limit, range))
        .orderBy("vehicles.price", direction)
        .orderBy("vehicles.id", direction)
        .limit(enough),
    ),
  );
  const order = sql.raw(direction);
  const first = sql<{
    id: number;
    price: number | null;
  }>`(select u.id, u.price from (${sql.join(years, sql` union all `)}) u order by u.price ${order}, u.id ${order} limit ${segment.limit} offset ${offset})`;
  const mergedPage = db
    .selectFrom(first.as("m"))
    // Its plan is kept per connection: planning the years' reads cost 20 times running them (see KEPT_PLAN).
    .modifyFront(KEPT_PLAN)
    .innerJoin("vehicles", "vehicles.id", "m.id")
    .select(columns.map((c) => `vehicles.${c}` as const))
    .orderBy("m.price", direction)
    .orderBy("m.id", direction);
  return { ...statements, page: mergedPage };
}

export function partListQueries(db: DB, query: ListQuery<PartFilters>, ...page: PageWay) {
  const [offset = 0, denseKeyword = false, sortMatches = false, segment] = page;
  const matches = db.selectFrom("parts").where(partWhere(db, query.filters, denseKeyword));
  // The condition: a used part's card says when the buyer's country refuses it.
  const rows = matches.select([...LIST_COLUMNS, "stock_status", "condition"]);
  const ids = matches.select("parts.id");
  return listStatements(db, "parts", matches, { ids, rows }, query, offset, sortMatches, segment);
}

/** Above this many keyword matches, a page may be found by walking the sort index (see keywordCondition, pageStrategy). */
const DENSE_MATCHES = 2000;

/** PostgreSQL's estimate of how many items the filters match (EXPLAIN, without running the statement). */
export async function estimatedMatches(db: DB, table: StockTable, filters: object): Promise<number> {
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
export async function indexedKeywordMatches(
  db: DB,
  table: StockTable,
  keyword: string | undefined,
): Promise<number | null> {
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
  // Words naming a category in a buyer's language match beyond the text as well.
  if (table === "parts" && readPartWords(keyword) !== null) return null;
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
 * read, and the planner's `estimate` when a keyword alone was not counted
 * for it (TRUSTED_ESTIMATE; `exact` asks for the count all the same).
 */
export async function listTotal(
  db: DB,
  table: StockTable,
  filters: { Keyword?: string },
  count: Counted,
  exact = false,
): Promise<{ total: number; more: boolean; keywordMatches: number | null; counted: boolean; estimate?: number }> {
  const keywordMatches = await indexedKeywordMatches(db, table, filters.Keyword);
  const onlyKeyword = Object.entries(filters).every(([k, v]) => k === "Keyword" || v === undefined);
  if (keywordMatches !== null && onlyKeyword)
    return { total: keywordMatches, more: false, keywordMatches, counted: false };
  const fromFacets = await facetTotal(db, table === "vehicles" ? "vehicle" : "part", filters);
  if (fromFacets !== null) return { total: fromFacets, more: false, keywordMatches, counted: false };
  // A broad count stops at its limit in a large stock only (see EXACT_COUNT_STOCK).
  let limit = countLimit(db, filters);
  if (limit === BROAD_COUNT_LIMIT && (!count.upTo || (await stockSize(db, table)) <= EXACT_COUNT_STOCK)) limit = null;
  if (limit === LIST_COUNT_LIMIT && !exact) {
    const [estimate, { stock, modified }] = await Promise.all([
      estimatedMatches(db, table, filters),
      stockSinceAnalyze(db, table),
    ]);
    if (estimateTrusted(estimate - modified, stock))
      return { total: limit, more: true, keywordMatches, counted: false, estimate };
  }
  const counting = limit === BROAD_COUNT_LIMIT && count.upTo ? count.upTo(limit) : count;
  const n = Number((await counting.executeTakeFirstOrThrow()).n);
  if (limit !== null && n > limit) return { total: limit, more: true, keywordMatches, counted: true };
  return { total: n, more: false, keywordMatches, counted: true };
}

/**
 * How many vehicles or parts there are (the stock counts), and how many rows
 * of their table were written since PostgreSQL last took its statistics.
 */
async function stockSinceAnalyze(db: DB, table: StockTable): Promise<{ stock: number; modified: number }> {
  const kind = table === "vehicles" ? "vehicle" : "part";
  const { rows } = await sql<{ stock: number | null; modified: number | null }>`
    select (select sum(n) from stock_facets where kind = ${kind}) as stock,
      pg_stat_get_mod_since_analyze(${table}::regclass) as modified`.execute(db);
  return { stock: Number(rows[0]?.stock ?? 0), modified: Number(rows[0]?.modified ?? 0) };
}

/** How many vehicles or parts there are, from the stock counts. */
const stockSize = (db: DB, table: StockTable) => repositoryOf(table).count(db);

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
 * When the count stopped at its limit (LIST_COUNT_LIMIT, BROAD_COUNT_LIMIT),
 * `total` is the planner's estimate of the matches instead.
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
  count: Counted,
  exact = false,
) {
  const { total, more, keywordMatches, counted, estimate } = await listTotal(db, table, query.filters, count, exact);
  const { page, pageCount } = clampPage(query.page, total, query.perPage);
  const offset = (page - 1) * query.perPage;
  const common = { total, more, page, pageCount, offset, counted, estimated: estimate !== undefined };
  // A country's list by price merges each year's first matches (see importPriceList and mergedYears).
  // The size of the stock, read once whichever asks first.
  let size: Promise<number> | undefined;
  const stockOnce = () => (size ??= stockSize(db, table));
  const lastYear = table === "vehicles" && total > 0 ? await mergedYears(db, query, total, stockOnce) : null;
  if (lastYear !== null) return { ...common, sortMatches: false, denseKeyword: false, lastYear };
  // The size of the stock matters only when the matches may be sorted.
  const stock = total > 0 && hasIndexedFilter(table, query.filters) ? await stockOnce() : 0;
  const { filters, sort, perPage } = query;
  // Past the count's limit, how many there are is the planner's estimate ("hybrid 2020": 1,408 for 1,352).
  const matches = more ? Math.max(total + 1, estimate ?? (await estimatedMatches(db, table, filters))) : total;
  return {
    ...common,
    ...pageStrategy({ table, filters, sort, offset, perPage, total: matches, stock, keywordMatches }),
    lastYear: undefined,
  };
}

/** A count statement; a broad one can also stop one past a number of matches (see BROAD_COUNT_LIMIT). */
type Counted = { executeTakeFirstOrThrow: () => Promise<{ n: number }>; upTo?: (most: number) => Counted };

/** A list's statements, for a page found one way (see PageWay). */
type ListStatements<Row> = (...page: PageWay) => {
  count: Counted;
  page: { execute: () => Promise<Row[]> };
  statusCount: (atMost: number) => Counted;
};

/**
 * One page of a list whose order puts what can still be bought first:
 * available items, then reserved, then sold (issue 44.3), each in the order
 * the buyer chose. When the matches are sorted (see pageStrategy) they are
 * sorted by status first, in one statement. When a sort index is walked, the
 * page is taken from each status's matches in turn, so the index serves as
 * it does for one order: a page inside the available ones (nearly every
 * page) is one statement. A page that starts past them counts the statuses
 * it skips, and a status is not read once the total says nothing is left (a
 * list of what the buyer can import counts no sold item).
 */
export async function pageRows<Row>(
  statements: ListStatements<Row>,
  plan: {
    total: number;
    more: boolean;
    offset: number;
    denseKeyword: boolean;
    sortMatches: boolean;
    lastYear?: number;
  },
  perPage: number,
): Promise<Row[]> {
  if (plan.sortMatches)
    return statements(plan.offset, plan.denseKeyword, true, { status: "ranked", limit: perPage }).page.execute();
  const rows: Row[] = [];
  let skip = plan.offset;
  // The matches of the statuses already passed; past the total nothing is left (unless the count stopped early).
  let passed = 0;
  for (const status of STOCK_STATUSES) {
    const limit = perPage - rows.length;
    if (limit === 0 || (!plan.more && passed >= plan.total)) break;
    const s = statements(skip, plan.denseKeyword, plan.sortMatches, { status, limit }, plan.lastYear);
    const found = await s.page.execute();
    rows.push(...found);
    if (found.length > 0) {
      // The page began inside this status: it held `skip` + found matches, or more if the page is full.
      passed += skip + found.length;
      skip = 0;
    } else if (skip > 0) {
      // The page begins past this status: it holds `skip` matches or fewer.
      const n = Number((await s.statusCount(skip).executeTakeFirstOrThrow()).n);
      passed += n;
      skip -= n;
    }
  }
  return rows;
}

/** How many photos a list card carries: the cover and up to 4 more (SPEC 2). */
const CARD_PHOTOS = 5;

/** A row of a list page: the card's facts, and a vehicle's few more. */
type ListRow = CardRow & { fuel?: string | null; color?: string | null; condition?: string | null };

/** One page of a list, with its photos, as the list shows it. */
async function listResult(
  db: DB,
  table: StockTable,
  query: ListQuery<{ Keyword?: string }>,
  statements: ListStatements<ListRow>,
  counted?: (count: ListCount) => void,
): Promise<ListResult> {
  let plan = await listPlan(db, table, query, statements().count);
  // An estimate may yet be put right by a short page (below).
  if (!plan.estimated) counted?.({ total: plan.total, more: plan.more });
  let rows = plan.total === 0 ? [] : await pageRows(statements, plan, query.perPage);
  // Where a keyword's estimate stood for its count, a short page is its last: the total is then known, or
  // for an empty page past the first, counted, and the last page shown.
  if (plan.estimated && rows.length < query.perPage) {
    if (rows.length > 0 || plan.page === 1) {
      const total = plan.offset + rows.length;
      plan = { ...plan, total, more: false, pageCount: plan.page };
    } else {
      plan = await listPlan(db, table, query, statements().count, true);
      rows = plan.total === 0 ? [] : await pageRows(statements, plan, query.perPage);
    }
  }
  const { total, more, page, pageCount } = plan;
  counted?.({ total, more });
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
        ...cardFacts(r),
        ...vehicleFacts(r),
        type: r.type,
        subType: r.sub_type,
        fuel: r.fuel ?? null,
        color: r.color ?? null,
        condition: r.condition ?? null,
        images: own.slice(0, CARD_PHOTOS).map(toImageRef),
        imageCount: own.length,
      };
    }),
  };
}

/** One page of vehicles matching the filters, with the filtered total; `counted` is told the total first. */
export function searchVehicles(
  db: DB,
  query: ListQuery<SearchFilters>,
  counted?: (count: ListCount) => void,
): Promise<ListResult> {
  return listResult(db, "vehicles", query, (...page) => vehicleListQueries(db, query, ...page), counted);
}

/** One page of parts matching the filters, with the filtered total; `counted` is told the total first. */
export function searchParts(
  db: DB,
  query: ListQuery<PartFilters>,
  counted?: (count: ListCount) => void,
): Promise<ListResult> {
  return listResult(db, "parts", query, (...page) => partListQueries(db, query, ...page), counted);
}
