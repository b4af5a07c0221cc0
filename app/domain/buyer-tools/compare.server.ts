import type { DB } from "~/db/db.server";
import type { VehicleDetail } from "~/domain/inventory/inventory";
import { getPublicVehicle } from "~/domain/inventory/inventory.server";
import { MAX_COMPARE } from "./compare";

/**
 * The vehicles of a comparison, in the order asked, through the same reader
 * as the detail page (the chassis number partly hidden), so a vehicle is shown here exactly when its own page
 * would be. Ids that are not found are left out (the page counts them).
 */
export async function compareVehicles(db: DB, ids: readonly number[]): Promise<VehicleDetail[]> {
  const found = await Promise.all(ids.slice(0, MAX_COMPARE).map((id) => getPublicVehicle(db, id)));
  return found.filter((v): v is VehicleDetail => v !== null);
}
