import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { type DB, dialectOf } from "~/db/db.server";
import { containsPattern } from "~/db/like";
import type { Database } from "~/db/schema";
import type { ImportLimit } from "~/domain/imports/import-rules";
import {
  getImportSettings,
  importCondition,
  importLimit,
  ruleForCountry,
  shippingMonths,
} from "~/domain/imports/import-rules.server";
import { partNumberKey } from "~/domain/inventory/fitment";
import type { StockPath } from "~/domain/inventory/stock-kinds";
import { STOCK_STATUSES, type StockStatus } from "~/domain/inventory/stock-status";
import { displayRate } from "~/domain/rates/rates.server";
import { REPAIRED_GRADES } from "~/domain/proof/auction-sheets.server";
import { AUCTION_GRADES } from "~/domain/inventory/catalogue";
import type { SheetState } from "~/db/schema";
import { gradesFrom, type PartFilters, pricesInYen, type ResolvedVehicleFilters, type VehicleFilters } from "./filters";
import { type PartWords, readPartWords } from "./part-words.server";

/*
 * The conditions of a filtered public list, as the database reads them: the
 * filters of vehicles and of parts, the keyword, "Fits my car". The lists
 * (search.server.ts), the menus' counts (menu-counts.server.ts) and the
 * saved-search alerts all filter through these.
 */

export type StockTable = StockPath;

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
      // Under the trigram index: a vehicle's words kept lowered (migration 2026-12-04-03); a part's joined afresh.
      const text =
        table === "vehicles"
          ? sql`vehicles.keyword_text`
          : sql`lower(name || ' ' || description || ' ' || model || ' ' || ref_id)`;
      parts.push(sql<SqlBool>`${text} like ${containsPattern(w)}`);
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
export type SearchFilters = VehicleFilters | ResolvedVehicleFilters;

/** Prices in another currency would be read as yen, a country's name as no rule: every search, count and alert takes them through resolveVehicleFilters first. */
export function mustBeResolved(filters: object) {
  const f = filters as { Currency?: unknown; ImportTo?: unknown };
  if (f.Currency) throw new Error("vehicle filters with prices in another currency: convert them to yen first");
  if (typeof f.ImportTo === "string")
    throw new Error("vehicle filters with a country to import into: resolve its rule first");
}

/**
 * The filters that read one column, each with its column, in the order the
 * conditions are written: a choice asks for its value, a ...From filter is
 * the least and a ...To filter the most.
 */
const CHOICES = { Make: "make", Model: "model", Type: "type", SubType: "sub_type" };
const VEHICLE_COLUMNS = {
  ...CHOICES,
  Transmission: "transmission",
  Fuel: "fuel",
  Steering: "steering",
  Color: "color",
  Drive: "drive",
  YearFrom: "year",
  YearTo: "year",
  PriceFrom: "price",
  PriceTo: "price",
  MileageFrom: "mileage",
  MileageTo: "mileage",
};
const PART_COLUMNS = { ...CHOICES, YearFrom: "year", YearTo: "year" };

/** A condition on its column for each filter of `columns` that is set: a choice when not empty, a bound when given. */
function columnConditions(table: StockTable, f: object, columns: Record<string, string>): Expression<SqlBool>[] {
  const values = f as Record<string, string | number | undefined>;
  return Object.entries(columns).flatMap(([filter, column]) => {
    const value = values[filter];
    const op = filter.endsWith("From") ? ">=" : filter.endsWith("To") ? "<=" : "=";
    if (op === "=" ? !value : value === undefined) return [];
    return [sql<SqlBool>`${sql.ref(`${table}.${column}`)} ${sql.raw(op)} ${value}`];
  });
}

/**
 * Items of one status, or of any other, written so that neither database
 * takes it into its choice of plan: a list of available items, or of what a
 * buyer can import (never sold), then finds its rows as the list of all
 * would. SQLite would sort every available item through the status index
 * ("+" keeps it out); PostgreSQL, counting on a fifth fewer matches, sorted
 * 10,479 parts from the table where it walks the price index (29 ms against
 * 6) and read the table for Kenya under a price: an expression without
 * statistics it takes to match nearly every row, so "=" is written as "not
 * one of the others" (the column holds one of STOCK_STATUSES, migration 01).
 */
export function statusCondition(db: DB, table: StockTable, op: "=" | "<>", status: StockStatus) {
  const column = sql.ref(`${table}.stock_status`);
  if (dialectOf(db) === "sqlite")
    return op === "=" ? sql<SqlBool>`+${column} = ${status}` : sql<SqlBool>`${column} <> ${status}`;
  if (op === "<>") return sql<SqlBool>`(${column} || '') <> ${status}`;
  const others = STOCK_STATUSES.filter((s) => s !== status);
  return sql<SqlBool>`(${column} || '') not in (${sql.join(others)})`;
}

/**
 * The list's filter condition on vehicles; saved-search alerts match with the
 * same one. `unsold` when the statement asks for available or reserved
 * vehicles itself (a page's part, see pageRows): what a buyer can import then
 * needs no "not sold".
 */
export function vehicleWhere(
  db: DB,
  f: SearchFilters,
  dense: boolean | "member" = false,
  unsold = false,
  /** The page walks the sort index: conditions on broad columns stay out of the planner's choice (sheetConditions). */
  walk = false,
) {
  mustBeResolved(f);
  return (eb: ExpressionBuilder<Database, "vehicles">) => {
    const c = columnConditions("vehicles", f, VEHICLE_COLUMNS);
    if (f.Keyword) c.push(keywordCondition(db, "vehicles", f.Keyword, dense));
    // Checked by mustBeResolved: a limit, never a name.
    if (f.ImportTo) c.push(importCondition(eb, f.ImportTo as ImportLimit, dialectOf(db)));
    // What the buyer can import is what they can still buy.
    if (f.ImportTo && !unsold) c.push(statusCondition(db, "vehicles", "<>", "sold"));
    c.push(...sheetConditions(db, f, walk));
    return eb.and(c);
  };
}

/** A column written as no index holds it ("+column" on SQLite, "(column || '')" on PostgreSQL). */
function column(db: DB, name: string) {
  const ref = sql.ref(`vehicles.${name}`);
  return dialectOf(db) === "sqlite" ? sql`+${ref}` : sql`(${ref} || '')`;
}

/** What vehicles.sheet_state holds (its check, migration 2026-12-03-10). */
const SHEET_STATES: readonly SheetState[] = ["none", "clear", "flagged"];

/**
 * What the auction sheet says (issue 45.5), read from the vehicle's own
 * columns, which the sheet's save keeps (auction-sheets.server.ts): never
 * the sheets' JSON. Both are in vehicles_sheet_menus_idx, the grade in
 * vehicles_grade_menus_idx, both in vehicles_ranges_idx (migration
 * 2026-12-03-10). A car the sheet flags
 * is left out, and so is one graded R or RA (repaired) without a sheet;
 * a car without a sheet is not flagged (decision 25).
 *
 * `walk`: the page is found by walking the sort index (pageStrategy), so the
 * columns are written as no index holds them, as statusCondition does. A
 * third or half of the stock matches them: SQLite otherwise fetched the
 * 34,970 vehicles with a sheet through their index and sorted them for a
 * page of 20 (tests/db/query-plans.test.ts). Counts and menus keep the index.
 */
function sheetConditions(db: DB, f: SearchFilters, walk: boolean): Expression<SqlBool>[] {
  /**
   * The rows whose column holds one of `values`, of all it may hold. Walking, SQLite reads "+column"
   * as no index's; PostgreSQL, which takes an expression it has no statistics of for a few rows and
   * then sorted the table rather than walk (page 200 of "with the sheet"), is told "none of the
   * others" (the column holds only `all`), as statusCondition does.
   */
  const oneOf = (name: "sheet_state" | "auction_grade", values: readonly string[], all: readonly string[]) => {
    const ref = sql.ref(`vehicles.${name}`);
    if (!walk) return sql<SqlBool>`${ref} in (${sql.join(values)})`;
    if (dialectOf(db) === "sqlite") return sql<SqlBool>`+${ref} in (${sql.join(values)})`;
    const others = all.filter((v) => !values.includes(v));
    return others.length === 0
      ? sql<SqlBool>`${ref} is not null`
      : sql<SqlBool>`(${ref} || '') not in (${sql.join(others)})`;
  };
  const c: Expression<SqlBool>[] = [];
  if (f.AuctionSheet) c.push(oneOf("sheet_state", ["clear", "flagged"], SHEET_STATES));
  if (f.GradeFrom) c.push(oneOf("auction_grade", gradesFrom(f.GradeFrom), AUCTION_GRADES));
  if (f.SheetFlags) {
    const grade = walk ? column(db, "auction_grade") : sql.ref("vehicles.auction_grade");
    c.push(
      sql<SqlBool>`(${oneOf("sheet_state", ["none", "clear"], SHEET_STATES)} and (${grade} is null or ${grade} not in (${sql.join(REPAIRED_GRADES)})))`,
    );
  }
  return c;
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
    // A part with no year (a new part that fits many) is left out of a year range.
    const c = columnConditions("parts", f, PART_COLUMNS);
    if (f.FitMake) c.push(eb("parts.id", "in", fitsCarCondition(db, { ...f, FitMake: f.FitMake })));
    if (f.Keyword) {
      // The words in the part's text, or the part number whatever its dashes, spaces and case, or
      // the categories the words name in a buyer's language.
      const ways: Expression<SqlBool>[] = [keywordCondition(db, "parts", f.Keyword, dense)];
      const number = partNumberSearch(f.Keyword);
      if (number !== null) ways.push(eb("parts.part_number_key", "=", number));
      const named = readPartWords(f.Keyword);
      if (named !== null) ways.push(namedCategories(db, eb, named));
      c.push(ways.length === 1 ? ways[0]! : eb.or(ways));
    }
    return eb.and(c);
  };
}

/**
 * Parts in the categories a buyer's words name ("đèn pha toyota"): for each
 * phrase, a part of one of its categories or whose text has the category's
 * English name; and the other words in the part's text.
 */
function namedCategories(db: DB, eb: ExpressionBuilder<Database, "parts">, named: PartWords): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = named.phrases.map(({ categories }) =>
    eb.or(
      categories.flatMap((category) => [
        eb(sql.ref<string>(`parts.${category.column}`), "=", category.name),
        keywordCondition(db, "parts", category.name, false),
      ]),
    ),
  );
  if (named.rest.length > 0) c.push(keywordCondition(db, "parts", named.rest.join(" "), false));
  return eb.and(c);
}
