import { AUCTION_GRADES, PUBLIC_FIRST_YEAR } from "~/domain/inventory/catalogue";
import { parseAmount } from "~/domain/inventory/price";
import { readPage } from "~/domain/lists/pagination";
import { readSort, type Sort, SORTS } from "~/domain/lists/sorts";
import { shopYear } from "~/i18n/format";
import { type Currency, isCurrency } from "~/domain/rates/currencies";
import type { ImportLimit } from "~/domain/imports/import-rules";

/*
 * The public list filters live in the URL with SPEC's parameter names. Reading
 * them never fails: a value that makes no sense is ignored or clamped, so a
 * shared or hand-edited link always shows a list (issue "Bad input").
 */

export { type Sort, SORTS } from "~/domain/lists/sorts";

export const PER_PAGE_CHOICES = [20, 40, 60, 80, 100] as const;
export const DEFAULT_PER_PAGE = 20;
export const KEYWORD_MAX = 100;
const TEXT_MAX = 60;

export type VehicleFilters = {
  Type?: string;
  SubType?: string;
  Make?: string;
  Model?: string;
  YearFrom?: number;
  YearTo?: number;
  Transmission?: string;
  Fuel?: string;
  Keyword?: string;
  /** In `Currency` when it is set, else in yen. */
  PriceFrom?: number;
  PriceTo?: number;
  /** The currency PriceFrom and PriceTo are in, when not yen: the buyer filters in the currency they see. */
  Currency?: Exclude<Currency, "JPY">;
  MileageFrom?: number;
  MileageTo?: number;
  Steering?: string;
  Color?: string;
  Drive?: string;
  /** "Only what I can import": the country, as the address names it. */
  ImportTo?: string;
  /** Only vehicles with an auction sheet and its translation (issue 45.5). */
  AuctionSheet?: "yes";
  /** The lowest overall auction grade wanted, on the sheets' scale (GRADE_FLOORS). */
  GradeFrom?: GradeFloor;
  /** Leave out the vehicles their sheet flags: repair history, flood, fire, mileage in doubt (decision 25). */
  SheetFlags?: "hide";
};

/**
 * The grades a buyer may ask "this or better" of: the sheets' scale, best
 * first, down to 1. R and RA (repaired) are below every one of them.
 */
export const GRADE_FLOORS = AUCTION_GRADES.slice(0, AUCTION_GRADES.indexOf("1") + 1);
export type GradeFloor = (typeof GRADE_FLOORS)[number];

/** The grades at or above a floor, in the scale's order ("4": S, 6, 5, 4.5, 4). */
export function gradesFrom(floor: GradeFloor): string[] {
  return AUCTION_GRADES.slice(0, AUCTION_GRADES.indexOf(floor) + 1);
}

/**
 * The filters as the database reads them (resolveVehicleFilters): prices in
 * yen, and the country as what its rule admits today.
 */
export type ResolvedVehicleFilters = Omit<VehicleFilters, "ImportTo" | "Currency"> & {
  Currency?: undefined;
  ImportTo?: ImportLimit;
};

export type PartFilters = Pick<
  VehicleFilters,
  "Type" | "SubType" | "Make" | "Model" | "YearFrom" | "YearTo" | "Keyword"
> & {
  /**
   * "Fits my car" (issue 23): the buyer's car, as the parts' lists of cars
   * name it (any case). A model or year is read only with a make.
   */
  FitMake?: string;
  FitModel?: string;
  FitYear?: number;
};

export type ListQuery<F> = { filters: F; sort: Sort; page: number; perPage: number };

/** Order of the parameters in links we make, so one list has one address. */
/** The filters both lists start with, in this order. */
const SHARED_FILTER_KEYS = ["Type", "SubType", "Make", "Model", "YearFrom", "YearTo"] as const;

export const VEHICLE_FILTER_KEYS = [
  ...SHARED_FILTER_KEYS,
  "PriceFrom",
  "PriceTo",
  "Currency",
  "MileageFrom",
  "MileageTo",
  "Transmission",
  "Fuel",
  "Steering",
  "Drive",
  "Color",
  "Keyword",
  "ImportTo",
  "AuctionSheet",
  "GradeFrom",
  "SheetFlags",
] as const satisfies readonly (keyof VehicleFilters)[];

export const PART_FILTER_KEYS = [
  ...SHARED_FILTER_KEYS,
  "FitMake",
  "FitModel",
  "FitYear",
  "Keyword",
] as const satisfies readonly (keyof PartFilters)[];

const TEXT_KEYS = new Set([
  "Type",
  "SubType",
  "Make",
  "Model",
  "Transmission",
  "Fuel",
  "Steering",
  "Color",
  "Drive",
  "ImportTo",
]);

function text(value: string | null): string | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim().replace(/\s+/g, " ");
  if (trimmed === "" || trimmed.length > TEXT_MAX) return undefined;
  return trimmed;
}

function keyword(value: string | null): string | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim().replace(/\s+/g, " ").slice(0, KEYWORD_MAX).trim();
  return trimmed === "" ? undefined : trimmed;
}

function year(value: string | null, now: Date): number | undefined {
  if (value === null || !/^\d{4}$/.test(value.trim())) return undefined;
  const y = Number(value.trim());
  return y >= PUBLIC_FIRST_YEAR && y <= shopYear(now) ? y : undefined;
}

/** The largest price or mileage the stock's columns hold (a 32-bit integer on PostgreSQL). */
export const AMOUNT_MAX = 2_147_483_647;

/** A price or mileage as typed, by the shop's one rule for amounts (parseAmount). */
/** A price or mileage typed in the filter form: any currency's amount, or kilometres ("90,000 km"). */
export function filterAmount(value: string): number | null {
  return parseAmount(value.replace(/\s*km\s*$/i, ""));
}

function amount(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const n = filterAmount(value);
  // A whole number of yen or kilometres below ten billion; anything else is ignored. Past what a
  // column holds it means "no limit" in practice, so it is kept at the largest a column holds.
  return n !== null && n < 10_000_000_000 ? Math.min(n, AMOUNT_MAX) : undefined;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^-?\d{1,12}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

function readSortAndPage(params: URLSearchParams) {
  const sort: Sort = readSort(params.get("Sort"), SORTS);
  const perPageValue = positiveInt(params.get("PerPage"));
  const perPage =
    perPageValue === undefined
      ? DEFAULT_PER_PAGE
      : perPageValue > 100
        ? 100
        : (PER_PAGE_CHOICES as readonly number[]).includes(perPageValue)
          ? perPageValue
          : DEFAULT_PER_PAGE;
  // Pages past the end are brought back to the last page once the total is known.
  const page = readPage(params);
  return { sort, page, perPage };
}

/**
 * YearFrom and YearTo of a vehicle or parts list: years of the public filters
 * only (SPEC 5), inclusive, swapped when given the wrong way round.
 */
function readYearRange(params: URLSearchParams, filters: Pick<VehicleFilters, "YearFrom" | "YearTo">, now: Date) {
  let yearFrom = year(params.get("YearFrom"), now);
  let yearTo = year(params.get("YearTo"), now);
  if (yearFrom !== undefined && yearTo !== undefined && yearFrom > yearTo) [yearFrom, yearTo] = [yearTo, yearFrom];
  if (yearFrom !== undefined) filters.YearFrom = yearFrom;
  if (yearTo !== undefined) filters.YearTo = yearTo;
}

/** Reads /vehicles query parameters. Never throws. */
export function readVehicleQuery(params: URLSearchParams, now = new Date()): ListQuery<VehicleFilters> {
  const filters: VehicleFilters = {};
  for (const key of TEXT_KEYS) {
    const v = text(params.get(key));
    if (v !== undefined) (filters as Record<string, string>)[key] = v;
  }
  const k = keyword(params.get("Keyword"));
  if (k) filters.Keyword = k;
  readYearRange(params, filters, now);
  for (const [from, to] of [
    ["PriceFrom", "PriceTo"],
    ["MileageFrom", "MileageTo"],
  ] as const) {
    let a = amount(params.get(from));
    let b = amount(params.get(to));
    if (a !== undefined && b !== undefined && a > b) [a, b] = [b, a];
    if (a !== undefined) filters[from] = a;
    if (b !== undefined) filters[to] = b;
  }
  const currency = params.get("Currency")?.trim().toUpperCase();
  if (isCurrency(currency) && currency !== "JPY" && carriesCurrency({ ...filters, Currency: currency }))
    filters.Currency = currency;
  // What the auction sheet says (issue 45.5): any case, and "1" or "true" for yes, as links from outside write it.
  if (/^(yes|1|true|on)$/i.test(params.get("AuctionSheet")?.trim() ?? "")) filters.AuctionSheet = "yes";
  const floor = params.get("GradeFrom")?.trim().toUpperCase();
  const grade = GRADE_FLOORS.find((g) => g === floor);
  if (grade) filters.GradeFrom = grade;
  if (/^(hide|yes|1|true|on)$/i.test(params.get("SheetFlags")?.trim() ?? "")) filters.SheetFlags = "hide";
  // A model without its make, or a subtype without its type, still filters: links from outside may carry only those.
  return { filters, ...readSortAndPage(params) };
}

/** Reads /parts query parameters. Never throws. */
export function readPartQuery(params: URLSearchParams, now = new Date()): ListQuery<PartFilters> {
  const filters: PartFilters = {};
  for (const key of ["Type", "SubType", "Make", "Model"] as const) {
    const v = text(params.get(key));
    if (v !== undefined) filters[key] = v;
  }
  const k = keyword(params.get("Keyword"));
  if (k) filters.Keyword = k;
  readYearRange(params, filters, now);
  // A car is found by its make: its model and year alone name no car.
  const fitMake = text(params.get("FitMake"));
  if (fitMake !== undefined) {
    filters.FitMake = fitMake;
    const fitModel = text(params.get("FitModel"));
    if (fitModel !== undefined) filters.FitModel = fitModel;
    const fitYear = year(params.get("FitYear"), now);
    if (fitYear !== undefined) filters.FitYear = fitYear;
  }
  return { filters, ...readSortAndPage(params) };
}

/**
 * The address of a list: only the parameters that are set, in a fixed order;
 * sort, page and page size only when they differ from the defaults.
 */
export function listSearch(
  keys: readonly string[],
  query: { filters: object; sort?: Sort; page?: number; perPage?: number },
): string {
  const params = new URLSearchParams();
  const filters = query.filters as Record<string, unknown>;
  const set = (value: unknown) => value !== undefined && value !== null && value !== "";
  for (const key of keys) {
    const value = filters[key];
    if (key === "Currency" && !carriesCurrency(filters)) continue;
    if (set(value)) params.set(key, String(value));
  }
  if (query.sort && query.sort !== "newest") params.set("Sort", query.sort);
  if (query.perPage && query.perPage !== DEFAULT_PER_PAGE) params.set("PerPage", String(query.perPage));
  if (query.page && query.page > 1) params.set("Page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** The currency goes only with the amounts it is the unit of, and yen is said by saying nothing. */
function carriesCurrency(filters: Record<string, unknown>): boolean {
  const set = (value: unknown) => value !== undefined && value !== null && value !== "";
  return set(filters.Currency) && filters.Currency !== "JPY" && (set(filters.PriceFrom) || set(filters.PriceTo));
}

/** A filter whose choices follow another's: a model is of a make, a subtype of a type. */
export const CHILD_FILTER = { Make: "Model", Type: "SubType" } as const;

/** Filters that mean nothing without another: the buyer's car is found by its make. */
const DEPENDS_ON: Record<string, string[]> = { FitMake: ["FitModel", "FitYear"] };

/** The filters without one of them; a make goes with its model, a type with its subtype, a car's make with the car. */
export function withoutFilter<F extends object>(filters: F, key: string): F {
  const rest = { ...filters } as Record<string, unknown>;
  delete rest[key];
  const child = (CHILD_FILTER as Record<string, string>)[key];
  if (child) delete rest[child];
  for (const dependent of DEPENDS_ON[key] ?? []) delete rest[dependent];
  return rest as F;
}

/** The filters that are set; a unit (Currency) is not a filter of its own. */
export function setFilters(filters: object): [string, unknown][] {
  return Object.entries(filters).filter(([key, v]) => key !== "Currency" && v !== undefined && v !== "");
}

export function hasFilters(filters: object): boolean {
  return setFilters(filters).length > 0;
}

/**
 * The filters with their prices in yen, given the rate of their currency
 * (units for one yen). The bounds are those of the prices a buyer sees: a
 * car shown at "≈ US$5,000" is in "from 5000" and in "to 5000". Without a
 * rate the prices cannot be read and are dropped.
 */
export function pricesInYen(filters: VehicleFilters, rate: number | null): VehicleFilters {
  const { Currency: currency, ...rest } = filters;
  if (!currency) return rest;
  if (rate === null || !(rate > 0)) {
    delete rest.PriceFrom;
    delete rest.PriceTo;
    return rest;
  }
  // Shown as round(yen × rate): at least `from` from (from − ½) / rate up, at most `to` below (to + ½) / rate.
  const inYen = (n: number) => Math.min(AMOUNT_MAX, Math.max(0, n));
  if (rest.PriceFrom !== undefined) rest.PriceFrom = inYen(Math.ceil((rest.PriceFrom - 0.5) / rate));
  if (rest.PriceTo !== undefined) rest.PriceTo = inYen(Math.ceil((rest.PriceTo + 0.5) / rate) - 1);
  return rest;
}
