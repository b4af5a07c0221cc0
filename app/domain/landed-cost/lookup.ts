import type { Fuel } from "./landed-cost";
import type { TableRow } from "./tables";

/*
 * Which row of an owner's valuation table is this vehicle's: Kenya's CRSP
 * list, Uganda's guide, Tanzania's values. The lists name a model and an
 * engine size as the authority rounds it (1,496 cc is listed as 1,500), so
 * the engine is matched to the nearest row within a tenth of its size. Two
 * rows as near: the higher value, so an estimate errs on the side of more
 * tax rather than less. No row: null, and the page says the car is not in
 * the table.
 */

/** The facts of a vehicle a valuation table is read with. */
export type ValuedVehicle = { make: string; model: string; year: number; engineCc: number | null; fuel: Fuel | null };

/** Make and model as lists write them: case and spacing do not count ("LandCruiser" is "Land Cruiser"). */
// Stryker disable next-line MethodExpression: both sides are written the same way, upper or lower case.
const norm = (text: string) => text.replace(/\s/g, "").toLowerCase();

/*
 * A guide holds tens of thousands of rows: each is filed once under its make,
 * model and year (or fuel), so a page finds a car's few rows without reading
 * them all (2 ms a car in a guide of 18,000 rows before; bench:landed). Kept
 * with the rows, which the shop keeps until the owner loads another version.
 */
const indexes = new WeakMap<object, Map<string, unknown[]>>();
function rowsFiled<R extends object>(rows: R[], key: (row: R) => string, wanted: string): R[] {
  let index = indexes.get(rows) as Map<string, R[]> | undefined;
  // Stryker disable next-line ConditionalExpression: filing the rows again finds the same rows, only slower.
  if (!index) {
    index = new Map();
    for (const row of rows) {
      const k = key(row);
      const filed = index.get(k);
      if (filed) filed.push(row);
      else index.set(k, [row]);
    }
    // Stryker disable next-line CallExpression: not keeping the index finds the same rows, only slower.
    indexes.set(rows, index as Map<string, unknown[]>);
  }
  // Stryker disable next-line ArrayDeclaration: a row that is not a row has no engine size, so nearest passes it over.
  return index.get(wanted) ?? [];
}
const byModelAndFuel = (r: { make: string; model: string; fuel: string }) =>
  `${norm(r.make)}|${norm(r.model)}|${r.fuel}`;
const byModelAndYear = (r: { make: string; model: string; year: number }) =>
  `${norm(r.make)}|${norm(r.model)}|${r.year}`;

/** The row with the nearest engine size within 10 % of the vehicle's; the higher value on a tie. */
function nearest<R extends { engine_cc: number }>(rows: R[], cc: number, value: (r: R) => number): R | null {
  let best: R | null = null;
  for (const row of rows) {
    const gap = Math.abs(row.engine_cc - cc);
    if (gap * 10 > cc) continue;
    const bestGap = best === null ? Infinity : Math.abs(best.engine_cc - cc);
    // Stryker disable next-line EqualityOperator: of two rows as near with the same value, either gives that value.
    if (gap < bestGap || (gap === bestGap && value(row) > value(best!))) best = row;
  }
  return best;
}

/** Kenya's CRSP for the vehicle (make, model, fuel, engine), in whole KES; null when the list has none. */
export function crspFor(rows: TableRow<"kenya_crsp">[], v: ValuedVehicle): number | null {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: no engine or fuel files under no row either; said here for the types.
  if (v.engineCc === null || v.fuel === null) return null;
  const fits = rowsFiled(rows, byModelAndFuel, byModelAndFuel({ ...v, fuel: v.fuel }));
  return nearest(fits, v.engineCc, (r) => r.value_kes)?.value_kes ?? null;
}

/** Uganda's guide value for the vehicle (make, model, year, engine), in whole UGX; null when the guide has none. */
export function ugandaGuideFor(rows: TableRow<"uganda_guide">[], v: ValuedVehicle): number | null {
  // Stryker disable next-line ConditionalExpression: no engine is within a tenth of any row either; said here for the types.
  if (v.engineCc === null) return null;
  const fits = rowsFiled(rows, byModelAndYear, byModelAndYear(v));
  return nearest(fits, v.engineCc, (r) => r.value_ugx)?.value_ugx ?? null;
}

/** Tanzania's value for the vehicle (make, model, year, engine), in whole TZS; null when the table has none. */
export function tanzaniaValueFor(rows: TableRow<"tanzania_valuation">[], v: ValuedVehicle): number | null {
  // Stryker disable next-line ConditionalExpression: no engine is within a tenth of any row either; said here for the types.
  if (v.engineCc === null) return null;
  const fits = rowsFiled(rows, byModelAndYear, byModelAndYear(v));
  return nearest(fits, v.engineCc, (r) => r.value_tzs)?.value_tzs ?? null;
}
