import { SPECIAL_PURPOSE } from "./vehicle-kind";

/*
 * The slot a vehicle takes on a ship, which its freight is priced by.
 * Browser-safe.
 */

export const SIZE_CLASSES = ["small", "medium", "large"] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number];

/** Engines up to 1,000 cc are Japan's kei class: the smallest freight slot. */
const KEI_CC = 1000;
const SMALL_SUB_TYPES = new Set(["Mini Truck", "Mini Van"]);
const LARGE_SUB_TYPES = new Set(["Full-size SUV", "Pickup", "Heavy Duty", "Passenger Van", "Cargo Van"]);

/**
 * The freight slot a vehicle takes on a ship, from what the stock records say:
 * kei cars and mini trucks and vans are small; full-size SUVs, pickups, heavy
 * trucks, full-size vans and special-purpose vehicles are large; everything else (sedans, wagons,
 * compact SUVs, vehicles with no type) is medium.
 */
export function sizeClassOf(v: { type: string | null; subType: string | null; engineCc: number | null }): SizeClass {
  if (v.type === SPECIAL_PURPOSE) return "large";
  if (v.subType && SMALL_SUB_TYPES.has(v.subType)) return "small";
  if (v.subType && LARGE_SUB_TYPES.has(v.subType)) return "large";
  if (v.engineCc !== null && v.engineCc > 0 && v.engineCc <= KEI_CC) return "small";
  return "medium";
}
