/** The stock's type of special-purpose vehicles (catalogue.ts lists its subtypes). */
export const SPECIAL_PURPOSE = "Special Purpose";

/**
 * The kinds of vehicle a country may limit differently (Sri Lanka: cars and
 * pickups 3 years, goods vehicles and buses 5, special-purpose vehicles 10;
 * Pakistan: cars 3, the others 5). Read from the vehicle's type, subtype and
 * seats by vehicleKind, and by the same test in SQL
 * (imports/import-rules.server.ts, kindExpression).
 */
export const VEHICLE_KINDS = ["car", "pickup", "goods", "bus", "special"] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];
/**
 * The kind of a vehicle: special-purpose (ambulances, tow trucks...), a pickup, a goods vehicle (trucks, cargo
 * vans), a bus (10 seats or more), else a car.
 */
export function vehicleKind(v: { type: string | null; subType: string | null; seats: string | null }): VehicleKind {
  if (v.type === SPECIAL_PURPOSE) return "special";
  if (v.subType === "Pickup") return "pickup";
  if (v.type === "Truck" || v.type === "Mini Truck" || v.subType === "Cargo Van") return "goods";
  if (v.type === "Bus" || v.seats === "10" || v.seats === "10+") return "bus";
  return "car";
}
