import { PUBLIC_FIRST_YEAR } from "~/domain/inventory/catalogue";
import { parseYen } from "~/domain/inventory/price";

/*
 * The public list filters live in the URL with SPEC's parameter names. Reading
 * them never fails: a value that makes no sense is ignored or clamped, so a
 * shared or hand-edited link always shows a list (issue "Bad input").
 */

export const SORTS = ["newest", "oldest", "price_asc", "price_desc"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABEL: Record<Sort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
};

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
  PriceFrom?: number;
  PriceTo?: number;
  MileageFrom?: number;
  MileageTo?: number;
  Steering?: string;
  Color?: string;
  Drive?: string;
};

export type PartFilters = Pick<
  VehicleFilters,
  "Type" | "SubType" | "Make" | "Model" | "YearFrom" | "YearTo" | "Keyword"
>;

export type ListQuery<F> = { filters: F; sort: Sort; page: number; perPage: number };

/** Order of the parameters in links we make, so one list has one address. */
export const VEHICLE_FILTER_KEYS = [
  "Type",
  "SubType",
  "Make",
  "Model",
  "YearFrom",
  "YearTo",
  "PriceFrom",
  "PriceTo",
  "MileageFrom",
  "MileageTo",
  "Transmission",
  "Fuel",
  "Steering",
  "Drive",
  "Color",
  "Keyword",
] as const satisfies readonly (keyof VehicleFilters)[];

export const PART_FILTER_KEYS = [
  "Type",
  "SubType",
  "Make",
  "Model",
  "YearFrom",
  "YearTo",
  "Keyword",
] as const satisfies readonly (keyof PartFilters)[];

const TEXT_KEYS = new Set(["Type", "SubType", "Make", "Model", "Transmission", "Fuel", "Steering", "Color", "Drive"]);

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
  return y >= PUBLIC_FIRST_YEAR && y <= now.getUTCFullYear() ? y : undefined;
}

function amount(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const n = parseYen(value);
  // A whole number of yen or kilometres below ten billion; anything else is ignored.
  return n !== null && n < 10_000_000_000 ? n : undefined;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^-?\d{1,12}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

function readSortAndPage(params: URLSearchParams) {
  const sortValue = params.get("Sort");
  const sort: Sort = SORTS.includes(sortValue as Sort) ? (sortValue as Sort) : "newest";
  const perPageValue = positiveInt(params.get("PerPage"));
  const perPage =
    perPageValue === undefined
      ? DEFAULT_PER_PAGE
      : perPageValue > 100
        ? 100
        : (PER_PAGE_CHOICES as readonly number[]).includes(perPageValue)
          ? perPageValue
          : DEFAULT_PER_PAGE;
  const pageValue = positiveInt(params.get("Page"));
  // Pages past the end are brought back to the last page once the total is known.
  const page = pageValue === undefined || pageValue < 1 ? 1 : pageValue;
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
  for (const key of keys) {
    const value = (query.filters as Record<string, unknown>)[key];
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  if (query.sort && query.sort !== "newest") params.set("Sort", query.sort);
  if (query.perPage && query.perPage !== DEFAULT_PER_PAGE) params.set("PerPage", String(query.perPage));
  if (query.page && query.page > 1) params.set("Page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export function hasFilters(filters: object): boolean {
  return Object.values(filters).some((v) => v !== undefined);
}
