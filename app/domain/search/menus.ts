import {
  COLORS,
  DRIVES,
  FUELS,
  HOME_MAKES,
  HOME_TYPES,
  mergeOptions,
  PART_MODELS,
  PART_SUB_TYPES,
  PART_TYPES,
  PART_MAKES,
  PUBLIC_FIRST_YEAR,
  STEERING,
  TRANSMISSIONS,
  VEHICLE_MAKES,
  VEHICLE_MODELS,
  VEHICLE_SUB_TYPES,
  VEHICLE_TYPES,
  yearsFrom,
} from "~/domain/inventory/catalogue";
import { capitalise } from "~/domain/inventory/inventory";
import { shopYear } from "~/i18n/format";
import type { Facets, MenuCounts } from "./list";

/*
 * The public Make and Type lists are what is in stock, with counts, joined with
 * the reference lists of SPEC 3 and 9 (DECISIONS "Inventory"). Browser-safe.
 */

type Counted = { name: string; count: number };
/** A menu entry: its count under the list's other filters, or null when not counted. */
export type MenuEntry = { name: string; count: number | null };

/** What the menus count under: the list's other filters (see menuCounts), or the whole stock when not given. */
export type Filtered = { makes: MenuCounts; types: MenuCounts };

function withCounts(reference: readonly string[], inStock: Counted[], filtered?: MenuCounts): MenuEntry[] {
  const counts = new Map(inStock.map((c) => [c.name, c.count]));
  return mergeOptions(reference, [...counts.keys()]).map((name) => ({
    name,
    count: filtered === undefined ? (counts.get(name) ?? 0) : filtered === null ? null : (filtered[name] ?? 0),
  }));
}

function mergeGroups(reference: Record<string, readonly string[]>, inStock: Record<string, string[]>) {
  const keys = mergeOptions(Object.keys(reference), Object.keys(inStock));
  return Object.fromEntries(keys.map((k) => [k, mergeOptions(reference[k] ?? [], inStock[k] ?? [])]));
}

const labelled = (values: readonly string[]) => values.map((v) => ({ value: v, label: capitalise(v) }));

/*
 * The loader sends only what depends on the stock (makes and types with their
 * counts, models and subtypes) and the shop's year; the page adds the fixed
 * lists (`withFixedLists`), so they are not sent twice, in the HTML and again
 * in its data.
 */

/** The public filters' years: YearFrom rises, YearTo falls (SPEC 5). */
function yearMenus(thisYear: number) {
  const years = yearsFrom(PUBLIC_FIRST_YEAR, thisYear).map(String);
  return { yearsFrom: [...years].reverse(), yearsTo: years };
}

export function vehicleMenus(facets: Facets, filtered?: Filtered, now = new Date()) {
  const makes = withCounts([...new Set([...VEHICLE_MAKES, ...HOME_MAKES])], facets.makes, filtered?.makes);
  const types = withCounts([...new Set([...VEHICLE_TYPES, ...HOME_TYPES])], facets.types, filtered?.types);
  return {
    makes,
    types,
    models: mergeGroups(VEHICLE_MODELS, facets.models),
    subTypes: mergeGroups(VEHICLE_SUB_TYPES, facets.subTypes),
    year: shopYear(now),
  };
}

export function partMenus(facets: Facets, filtered?: Filtered, now = new Date()) {
  return {
    makes: withCounts(PART_MAKES, facets.makes, filtered?.makes),
    types: withCounts(PART_TYPES, facets.types, filtered?.types),
    models: mergeGroups(PART_MODELS, facets.models),
    subTypes: mergeGroups(PART_SUB_TYPES, facets.subTypes),
    year: shopYear(now),
  };
}

const VEHICLE_LISTS = {
  transmissions: labelled(TRANSMISSIONS),
  fuels: labelled(FUELS),
  drives: labelled(DRIVES),
  steering: labelled(STEERING),
  colors: labelled(COLORS),
};

/** A vehicle list's menus with the fixed lists added: years, transmissions, fuels, drives, steering, colours. */
export function withVehicleLists<M extends { year: number }>(menus: M) {
  return { ...menus, ...yearMenus(menus.year), ...VEHICLE_LISTS };
}

/** A part list's menus with the years added. */
export function withPartLists<M extends { year: number }>(menus: M) {
  return { ...menus, ...yearMenus(menus.year) };
}
