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

/** Make and model as lists write them: case and spacing do not count. */
const same = (a: string, b: string) =>
  a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/** The row with the nearest engine size within 10 % of the vehicle's; the higher value on a tie. */
function nearest<R extends { engine_cc: number }>(rows: R[], cc: number, value: (r: R) => number): R | null {
  let best: R | null = null;
  for (const row of rows) {
    const gap = Math.abs(row.engine_cc - cc);
    if (gap * 10 > cc) continue;
    const bestGap = best === null ? Infinity : Math.abs(best.engine_cc - cc);
    if (gap < bestGap || (gap === bestGap && value(row) > value(best!))) best = row;
  }
  return best;
}

/** Kenya's CRSP for the vehicle (make, model, fuel, engine), in whole KES; null when the list has none. */
export function crspFor(rows: TableRow<"kenya_crsp">[], v: ValuedVehicle): number | null {
  if (v.engineCc === null || v.fuel === null) return null;
  const fits = rows.filter((r) => same(r.make, v.make) && same(r.model, v.model) && r.fuel === v.fuel);
  return nearest(fits, v.engineCc, (r) => r.value_kes)?.value_kes ?? null;
}

/** Uganda's guide value for the vehicle (make, model, year, engine), in whole UGX; null when the guide has none. */
export function ugandaGuideFor(rows: TableRow<"uganda_guide">[], v: ValuedVehicle): number | null {
  if (v.engineCc === null) return null;
  const fits = rows.filter((r) => same(r.make, v.make) && same(r.model, v.model) && r.year === v.year);
  return nearest(fits, v.engineCc, (r) => r.value_ugx)?.value_ugx ?? null;
}

/** Tanzania's value for the vehicle (make, model, year, engine), in whole TZS; null when the table has none. */
export function tanzaniaValueFor(rows: TableRow<"tanzania_valuation">[], v: ValuedVehicle): number | null {
  if (v.engineCc === null) return null;
  const fits = rows.filter((r) => same(r.make, v.make) && same(r.model, v.model) && r.year === v.year);
  return nearest(fits, v.engineCc, (r) => r.value_tzs)?.value_tzs ?? null;
}
