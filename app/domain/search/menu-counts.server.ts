import { sql } from "kysely";
import { type DB, dialectOf } from "~/db/db.server";
import { withinTime } from "~/db/time-bound.server";
import { CHILD_FILTER, type PartFilters, type ResolvedVehicleFilters, setFilters, withoutFilter } from "./filters";
import type { Facets, ListCount, MenuCounts, WayOut } from "./list";
import { mustBeResolved, partWhere, type StockTable, vehicleWhere } from "./list-where.server";
import {
  estimatedMatches,
  FACET_FILTERS,
  indexedKeywordMatches,
  listTotal,
  partListQueries,
  vehicleListQueries,
} from "./search.server";

/*
 * What a list shows around its page: what is in stock by make and type (the
 * home page's and the menus' choices), how many each make and type would show
 * under the other filters, and the ways out of an empty list.
 */

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
 * rather than guessed ones. On PostgreSQL a keyword with other filters is
 * not read where the planner expects more than this (menuKeywordRead), and
 * no count waits past OPTIONAL_COUNT_MS. Measured in docs/performance.md.
 */
export const MENU_COUNT_LIMIT = 1000;

/**
 * The longest each statement of a menu's counts or of a way out's count may
 * take on PostgreSQL; past it the menu shows no counts and the way out is
 * not offered. At a million vehicles every read the bench makes takes 1 to
 * 15 ms; a filter no one measured, whose plan reads the table, would have
 * kept the page waiting (a common keyword with a make it never goes with
 * took 550 to 880 ms before menuKeywordRead asked the planner first). Room
 * for a busy server: at 50 ms a count of 4,800 vehicles was given up while
 * the machine ran other work.
 */
export const OPTIONAL_COUNT_MS = 200;

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
 * How the menus' read goes through a keyword:
 * - "over": nothing is read, the menus show no counts. On SQLite the
 *   keyword is the only filter and its trigram index counts more matches
 *   than the menus count (the matches of the read are exactly those). On
 *   PostgreSQL the planner expects more matches than that of the keyword
 *   with the other filters: a common word matches through the trigram
 *   index only after a bitmap of all its matches is made, or by reading
 *   rows until enough match, and with a make it never goes with ("diesel",
 *   Honda) that read was the whole table, 550 to 880 ms at a million
 *   vehicles. The planner multiplies the word's share by the filters', so
 *   a word that rarely goes with them is not counted either, though it
 *   matches few: the menus then show names without numbers.
 * - "member" (SQLite): a common keyword with other filters; the rows come
 *   through those filters' indexes and each is checked against the
 *   keyword's set, without reading its text (10,000 Toyotas so checked in a
 *   few ms, where fetching each of 19,000 keyword matches took 15 to 30 ms);
 * - false: through the trigram index (few matches, short words).
 */
export async function menuKeywordRead(
  db: DB,
  table: StockTable,
  filters: Record<string, unknown>,
  /** The keyword's count when already asked (both menus share one keyword). */
  keywordMatches?: Promise<number | null>,
): Promise<false | "member" | "over"> {
  if (!filters.Keyword) return false;
  if (dialectOf(db) === "postgres")
    return (await estimatedMatches(db, table, filters)) > MENU_COUNT_LIMIT ? "over" : false;
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
  const rows = await withinTime(
    db,
    OPTIONAL_COUNT_MS,
    async (db) => (await menuCountQuery(db, table, filters, keywordRead).execute(db)).rows,
  );
  if (rows === null) return null;
  return rows.reduce((sum, r) => sum + Number(r.n), 0) > MENU_COUNT_LIMIT ? null : rows;
}

/**
 * How many items each make and each type would show under the list's other
 * filters (choosing Toyota keeps the price and fuel chosen). Filtered only by
 * make, model, type and subtype, read from the stock counts; otherwise from
 * the matches themselves (one read for both menus when neither's own filter
 * is set), or null (no counts shown) past MENU_COUNT_LIMIT, past what
 * PostgreSQL's planner expects of a keyword, or past OPTIONAL_COUNT_MS.
 */
export async function menuCounts(
  db: DB,
  table: StockTable,
  filters: object,
  /**
   * The list's own count, when the list is being made: a menu that drops none of the list's filters counts
   * under the same ones, and past MENU_COUNT_LIMIT it shows no counts without reading any match.
   */
  listCount?: Promise<ListCount>,
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
      // The keyword's count is asked only by a read that is made, once for both menus.
      const read = () =>
        menuRead(
          db,
          table,
          others,
          (keywordMatches ??= indexedKeywordMatches(db, table, (filters as { Keyword?: string }).Keyword)),
        );
      // A country's list alone read 1,001 of its matches for each page only to show no counts: 7 to 22 ms
      // at a million vehicles, beside the list's own count to 10,001.
      const sameFilters = listCount && setFilters(others).length === setFilters(filters).length;
      grouped.set(
        key,
        sameFilters
          ? listCount.then(({ total, more }) => (more || total > MENU_COUNT_LIMIT ? null : total === 0 ? [] : read()))
          : read(),
      );
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

/**
 * How many a list would show with one filter fewer, the count statement the
 * list's own; null when counting took longer than OPTIONAL_COUNT_MS.
 */
async function totalWithout(
  db: DB,
  table: StockTable,
  filters: object,
  key: string,
): Promise<{ total: number; more: boolean } | null> {
  const rest = Object.fromEntries(setFilters(withoutFilter(filters, key)));
  return withinTime(db, OPTIONAL_COUNT_MS, async (db) => {
    const count =
      table === "vehicles"
        ? vehicleListQueries(db, { filters: rest as ResolvedVehicleFilters, sort: "newest", page: 1, perPage: 1 }).count
        : partListQueries(db, { filters: rest as PartFilters, sort: "newest", page: 1, perPage: 1 }).count;
    const { total, more } = await listTotal(db, table, rest, count);
    return { total, more };
  });
}

/**
 * The nearest ways out of an empty list: each filter that, dropped alone,
 * would show something, with how many, the most first (one whose count took
 * too long is left out).
 */
export async function waysOut(db: DB, table: StockTable, filters: object): Promise<WayOut[]> {
  mustBeResolved(filters);
  const keys = setFilters(filters).map(([k]) => k);
  const found = await Promise.all(
    keys.map(async (drop) => {
      const counted = await totalWithout(db, table, filters, drop);
      return counted && { drop, ...counted };
    }),
  );
  return (
    found
      .filter((w): w is WayOut => w !== null && w.total > 0)
      // "1,000+" is more than 1,000.
      .sort(
        (a, b) => b.total + Number(b.more) - (a.total + Number(a.more)) || keys.indexOf(a.drop) - keys.indexOf(b.drop),
      )
  );
}
