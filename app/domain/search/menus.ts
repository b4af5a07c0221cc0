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
import type { Facets } from "./list";

/*
 * The public Make and Type lists are what is in stock, with counts, joined with
 * the reference lists of SPEC 3 and 9 (DECISIONS "Inventory"). Browser-safe.
 */

type Counted = { name: string; count: number };

function withCounts(reference: readonly string[], inStock: Counted[]): Counted[] {
  const counts = new Map(inStock.map((c) => [c.name, c.count]));
  return mergeOptions(reference, [...counts.keys()]).map((name) => ({ name, count: counts.get(name) ?? 0 }));
}

function mergeGroups(reference: Record<string, readonly string[]>, inStock: Record<string, string[]>) {
  const keys = mergeOptions(Object.keys(reference), Object.keys(inStock));
  return Object.fromEntries(keys.map((k) => [k, mergeOptions(reference[k] ?? [], inStock[k] ?? [])]));
}

const labelled = (values: readonly string[]) => values.map((v) => ({ value: v, label: capitalise(v) }));

/** The public filters' years: YearFrom rises, YearTo falls (SPEC 5). */
function yearMenus(now: Date) {
  const years = yearsFrom(PUBLIC_FIRST_YEAR, now).map(String);
  return { yearsFrom: [...years].reverse(), yearsTo: years };
}

export function vehicleMenus(facets: Facets, now = new Date()) {
  const makes = withCounts([...new Set([...VEHICLE_MAKES, ...HOME_MAKES])], facets.makes);
  const types = withCounts([...new Set([...VEHICLE_TYPES, ...HOME_TYPES])], facets.types);
  return {
    makes,
    types,
    models: mergeGroups(VEHICLE_MODELS, facets.models),
    subTypes: mergeGroups(VEHICLE_SUB_TYPES, facets.subTypes),
    ...yearMenus(now),
    transmissions: labelled(TRANSMISSIONS),
    fuels: labelled(FUELS),
    drives: labelled(DRIVES),
    steering: labelled(STEERING),
    colors: labelled(COLORS),
  };
}

export function partMenus(facets: Facets, now = new Date()) {
  return {
    makes: withCounts(PART_MAKES, facets.makes),
    types: withCounts(PART_TYPES, facets.types),
    models: mergeGroups(PART_MODELS, facets.models),
    subTypes: mergeGroups(PART_SUB_TYPES, facets.subTypes),
    ...yearMenus(now),
  };
}
