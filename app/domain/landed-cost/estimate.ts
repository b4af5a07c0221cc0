/*
 * One vehicle's estimate from the tables the owner loaded: picks the rows that
 * fit the car (its CRSP, its guide value, the gazette's bands), the
 * destination's customs rate and the owner's fees, and asks the engine. Pure:
 * the caller reads the tables (kept in memory until they change) and the
 * costs to the port. Which table and version each line used travels with the
 * lines' sources, and `samples` says when any of them is a demo sample.
 */

import { FUELS } from "~/domain/inventory/catalogue";
import type { MonthNumber } from "~/domain/inventory/months";
import type { VehicleKind } from "~/domain/imports/import-rules";
import {
  estimateLandedCost,
  type Fuel,
  type LandedCountry,
  type LandedInput,
  type LandedResult,
  type OwnerFees,
  type TableRef,
  type YenCosts,
} from "./landed-cost";
import { crspFor, tanzaniaValueFor, ugandaGuideFor, type ValuedVehicle } from "./lookup";
import { depreciationBands, sriLankaExciseRows, sriLankaLuxuryRows, type LoadableTable, type TableRow } from "./tables";

/** A confirmed version of one table, as the estimate reads it. */
export type LoadedTable<T extends LoadableTable> = { rows: TableRow<T>[]; ref: TableRef; sample: boolean };
export type LoadedTables = { [T in LoadableTable]?: LoadedTable<T> };

/** The listing's facts an estimate reads. */
export type EstimatedVehicle = {
  make: string;
  model: string;
  year: number;
  manufactured: MonthNumber | null;
  fuel: string | null;
  engineCc: number | null;
  kind: VehicleKind;
};

export type EstimateRequest = {
  country: LandedCountry;
  vehicle: EstimatedVehicle;
  costs: YenCosts;
  /** The month it would arrive: ages count to it. */
  assessedIn: MonthNumber;
};

export type TableEstimate = LandedResult & {
  /** True when a table the estimate read is a demo sample, not the authority's. */
  samples: boolean;
  /** The tables read, by name, for the page to say "not in KRA's list of <date>". */
  tables: TableRef[];
};

const fuelOf = (text: string | null): Fuel | null => FUELS.find((f) => f === text?.toLowerCase()) ?? null;

export function estimateWithTables(tables: LoadedTables, request: EstimateRequest): TableEstimate {
  const { country, vehicle, costs, assessedIn } = request;
  const used: LoadedTable<LoadableTable>[] = [];
  const read = <T extends LoadableTable>(name: T): LoadedTable<T> | null => {
    const table = tables[name] as LoadedTable<T> | undefined;
    if (table) used.push(table as unknown as LoadedTable<LoadableTable>);
    return table ?? null;
  };
  const answer = (result: LandedResult): TableEstimate => ({
    ...result,
    samples: used.some((t) => t.sample),
    tables: used.map((t) => t.ref),
  });

  // No duty tables for these yet: the engine's answer, without asking it.
  if (country === "Pakistan" || country === "Bangladesh")
    return answer({ ok: false, problem: { kind: "duty_not_estimated", country, reason: "no_duty_tables" } });
  const fuel = fuelOf(vehicle.fuel);
  if (!fuel) return answer({ ok: false, problem: { kind: "missing_fact", fact: "fuel" } });
  if (fuel !== "electric" && vehicle.engineCc === null)
    return answer({ ok: false, problem: { kind: "missing_fact", fact: "engine_cc" } });

  const rates = read("customs_rates");
  const rateRow = rates?.rows.find((r) => r.country === country);
  const feeTable = read("landed_fees");
  const feeRow = feeTable?.rows.find((r) => r.country === country);
  const common = {
    vehicle: facts(vehicle, fuel),
    costs,
    assessedIn,
    rate: rates && rateRow ? { perYen: rateRow.local_per_yen, table: rates.ref } : null,
    fees:
      feeTable && feeRow
        ? {
            port: feeRow.port_charges,
            clearing: feeRow.clearing,
            registration: feeRow.registration,
            table: feeTable.ref,
          }
        : noFees,
  };
  const valued: ValuedVehicle = {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    engineCc: vehicle.engineCc,
    fuel,
  };
  let input: LandedInput;
  switch (country) {
    case "Kenya": {
      const crsp = read("kenya_crsp");
      const depreciation = read("kenya_depreciation");
      if (!depreciation) return answer({ ok: false, problem: { kind: "no_table_entry", table: "kenya_depreciation" } });
      const value = crsp ? crspFor(crsp.rows, valued) : null;
      input = {
        ...common,
        country,
        tables: {
          crsp: crsp && value !== null ? { valueKes: value, table: crsp.ref } : null,
          depreciation: { bands: depreciationBands(depreciation.rows), table: depreciation.ref },
        },
      };
      break;
    }
    case "Tanzania": {
      const valuation = read("tanzania_valuation");
      const value = valuation ? tanzaniaValueFor(valuation.rows, valued) : null;
      input = {
        ...common,
        country,
        tables: { valuation: valuation && value !== null ? { valueTzs: value, table: valuation.ref } : null },
      };
      break;
    }
    case "Uganda": {
      const guide = read("uganda_guide");
      const value = guide ? ugandaGuideFor(guide.rows, valued) : null;
      input = {
        ...common,
        country,
        tables: { guide: guide && value !== null ? { valueUgx: value, table: guide.ref } : null },
      };
      break;
    }
    case "Sri Lanka": {
      const excise = read("sri_lanka_excise");
      const luxury = read("sri_lanka_luxury");
      if (!excise) return answer({ ok: false, problem: { kind: "no_table_entry", table: "sri_lanka_excise" } });
      if (!luxury) return answer({ ok: false, problem: { kind: "no_table_entry", table: "sri_lanka_luxury" } });
      input = {
        ...common,
        country,
        tables: {
          excise: { rows: sriLankaExciseRows(excise.rows), table: excise.ref },
          luxury: { rows: sriLankaLuxuryRows(luxury.rows), table: luxury.ref },
        },
      };
      break;
    }
  }
  return answer(estimateLandedCost(input));
}

// No fees loaded: each is listed as not included, so the table named here is never shown.
// Stryker disable next-line ObjectLiteral,StringLiteral: see above.
const noFees: OwnerFees = { port: null, clearing: null, registration: null, table: { name: "landed_fees", date: "" } };

function facts(v: EstimatedVehicle, fuel: Fuel) {
  return {
    year: v.year,
    manufactured: v.manufactured,
    fuel,
    engineCc: v.engineCc,
    // The stock does not record a motor's power: Sri Lanka's per-kW excise finds no row for an electric car.
    motorKw: null,
    // Uganda's lower levy is for goods vehicles; a pick-up pays the passenger rate (the estimate errs high).
    use: v.kind === "goods" ? ("goods" as const) : ("passenger" as const),
  };
}
