import type { DB } from "~/db/db.server";
import type { KeptRead } from "~/db/kept-reads.server";
import { landedPrice, type Destination } from "~/domain/freight/freight";
import { vehicleKind } from "~/domain/imports/import-rules";
import type { Importing } from "~/domain/imports/import-rules.server";
import { sizeClassOf } from "~/domain/inventory/size-class";
import type { MonthNumber } from "~/domain/inventory/months";
import { estimateWithTables, type EstimatedVehicle, type TableEstimate } from "./estimate";
import { landedCountry, type LandedCountry, type YenCosts } from "./landed-cost";
import { loadedTables } from "./landed-tables.server";

/*
 * The estimate a page shows beside a price: for the country the buyer imports
 * into, with the costs to their port (the vehicle page) or the offer's own
 * (a quote). The tables are read once and kept until the owner loads another
 * version (app/db/kept-reads.server.ts), so a page pays only the arithmetic.
 */

/** What a page draws: the estimate, or why there is none yet. */
export type PageLanded =
  | { state: "no_port" | "no_freight"; country: LandedCountry }
  | {
      state: "estimate";
      country: LandedCountry;
      /** The port the costs run to. */
      port: string;
      /** The month the duties are counted at (the expected arrival). */
      assessedIn: MonthNumber;
      result: TableEstimate;
      /** Costs an offer left out (FOB, C&F), counted at the freight table's rates. */
      filled?: ("freight" | "insurance")[];
    };

/** The listing's facts the estimate reads. */
export type LandedVehicle = Omit<EstimatedVehicle, "kind"> & {
  price: number;
  type: string | null;
  subType: string | null;
  seats: string | null;
  lengthMm?: number | null;
};

/** The kept tables, read once per change of any of them. */
export const keptLandedTables = (db: DB, keep: KeptRead) => keep("landed tables", () => loadedTables(db));

function facts(v: LandedVehicle): EstimatedVehicle {
  return {
    make: v.make,
    model: v.model,
    year: v.year,
    manufactured: v.manufactured,
    fuel: v.fuel,
    engineCc: v.engineCc,
    kind: vehicleKind(v),
  };
}

/** The estimate for a vehicle page: null when the buyer's country is not one the shop estimates. */
export async function vehicleLanded(
  db: DB,
  keep: KeptRead,
  place: { destination: Destination | null; importing: Importing },
  vehicle: LandedVehicle & Parameters<typeof sizeClassOf>[0],
): Promise<PageLanded | null> {
  const country = place.importing.country ? landedCountry(place.importing.country) : null;
  if (!country) return null;
  const { destination } = place;
  if (!destination) return { state: "no_port", country };
  const landed = landedPrice(vehicle.price, sizeClassOf(vehicle), destination);
  if (!landed) return { state: "no_freight", country };
  const { months } = place.importing;
  const costs: YenCosts = {
    fob: landed.fob,
    freight: landed.freight,
    insurance: landed.insurance,
    inspection: landed.inspection,
  };
  return estimateFor(db, keep, country, destination.port, facts(vehicle), costs, months.ship + months.sea);
}

/** The estimate for costs already known (an offer's): the same tables, the same lines. */
export async function estimateFor(
  db: DB,
  keep: KeptRead,
  country: LandedCountry,
  port: string,
  vehicle: EstimatedVehicle,
  costs: YenCosts,
  assessedIn: MonthNumber,
): Promise<PageLanded> {
  const tables = await keptLandedTables(db, keep);
  return {
    state: "estimate",
    country,
    port,
    assessedIn,
    result: estimateWithTables(tables, { country, vehicle, costs, assessedIn }),
  };
}
