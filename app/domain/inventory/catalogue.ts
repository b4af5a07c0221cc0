import { shopYear } from "~/i18n/format";
import type { StockKind } from "./stock-kinds";
import { SPECIAL_PURPOSE } from "./vehicle-kind";
/*
 * Option lists of the shop (SPEC 3 and 9). Browser-safe: the upload forms and
 * the public filters both read them.
 */

/** Vehicle makes and their models, as the upload and edit forms offer them (SPEC 3). */
export const VEHICLE_MODELS: Record<string, readonly string[]> = {
  Toyota: ["Land Cruiser", "Corolla", "Hiace"],
  Honda: ["Civic", "Fit", "Vezel"],
  Nissan: ["X-Trail", "Note", "Serena"],
  Mazda: ["CX-5", "Demio", "Axela"],
  Mitsubishi: ["Pajero", "Outlander", "EK Wagon"],
  Suzuki: ["Alto", "Wagon R", "Spacia"],
  Subaru: ["Forester", "Impreza", "Legacy"],
  Daihatsu: ["Move", "Tanto", "Hijet"],
};
export const VEHICLE_MAKES = Object.keys(VEHICLE_MODELS);

/** Vehicle types and their subtypes (SPEC 3). */
export const VEHICLE_SUB_TYPES: Record<string, readonly string[]> = {
  SUV: ["Compact SUV", "Full-size SUV", "Crossover"],
  Sedan: ["Compact Sedan", "Mid-size Sedan", "Luxury Sedan"],
  Truck: ["Mini Truck", "Pickup", "Heavy Duty"],
  Van: ["Mini Van", "Passenger Van", "Cargo Van"],
  Wagon: ["Standard Wagon", "Crossover Wagon"],
  // Ambulances, fire engines, tow and crane trucks: countries give them an age limit of their own (Sri Lanka 10 years).
  [SPECIAL_PURPOSE]: ["Ambulance", "Fire Engine", "Tow Truck", "Crane Truck"],
};
export const VEHICLE_TYPES = Object.keys(VEHICLE_SUB_TYPES);

export const FUELS = ["petrol", "diesel", "electric", "hybrid"] as const;
export const TRANSMISSIONS = ["automatic", "manual"] as const;
export const DRIVES = ["2WD", "4WD", "AWD"] as const;
export const SEATS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "10+"] as const;
export const DOORS = [2, 3, 4, 5] as const;
export const STEERING = ["Left", "Right"] as const;
export const GRADES = ["A", "B", "C", "D", "E"] as const;
/** Japanese auction sheets' overall grades, best first (R and RA: repaired). */
export const AUCTION_GRADES = ["S", "6", "5", "4.5", "4", "3.5", "3", "2", "1", "R", "RA"] as const;
export const COLORS = [
  "White",
  "Pearl White",
  "Black",
  "Silver",
  "Gray",
  "Blue",
  "Red",
  "Green",
  "Beige",
  "Brown",
] as const;

/** The ten makes linked from the home page (SPEC 9). */
export const HOME_MAKES = [
  "Toyota",
  "Lexus",
  "Honda",
  "Mazda",
  "Suzuki",
  "Subaru",
  "Mitsubishi",
  "Daihatsu",
  "BMW",
  "Benz",
] as const;

/** The ten decorative vehicle types on the home page (SPEC 9). */
export const HOME_TYPES = [
  "Sedan",
  "SUV",
  "Truck",
  "Van",
  "Wagon",
  "Convertible",
  "Mini Truck",
  "Hatchback",
  "Coupe",
  "Bus",
] as const;

/**
 * Part makes and models. SPEC 3 names the makes and says four models each
 * without naming them; these are real models whose parts the trade sees most.
 */
export const PART_MODELS: Record<string, readonly string[]> = {
  Toyota: ["Corolla", "Hiace", "Land Cruiser", "Prius"],
  Honda: ["Civic", "Fit", "CR-V", "Accord"],
  Ford: ["Ranger", "Focus", "Transit", "Everest"],
  BMW: ["3 Series", "5 Series", "X3", "X5"],
  Mercedes: ["C-Class", "E-Class", "Sprinter", "GLC"],
};
export const PART_MAKES = Object.keys(PART_MODELS);

/** Part types and their five subtypes each (SPEC 3 leaves the subtypes unnamed). */
export const PART_SUB_TYPES: Record<string, readonly string[]> = {
  Engine: ["Complete Engine", "Cylinder Head", "Turbocharger", "Fuel Injector", "Radiator"],
  Transmission: ["Automatic Gearbox", "Manual Gearbox", "Clutch Kit", "Drive Shaft", "Differential"],
  Suspension: ["Shock Absorber", "Coil Spring", "Control Arm", "Stabilizer Link", "Wheel Hub"],
  Electrical: ["Alternator", "Starter Motor", "Headlight", "ECU", "Wiring Harness"],
  Body: ["Front Bumper", "Door", "Bonnet", "Side Mirror", "Tail Light"],
};
export const PART_TYPES = Object.keys(PART_SUB_TYPES);

export const PART_CONDITIONS = ["New", "Used", "Rebuilt"] as const;

/** Each kind's makes with their models, and types with their subtypes. */
export const KIND_CHOICES: Record<StockKind, { models: typeof VEHICLE_MODELS; subTypes: typeof VEHICLE_SUB_TYPES }> = {
  vehicle: { models: VEHICLE_MODELS, subTypes: VEHICLE_SUB_TYPES },
  part: { models: PART_MODELS, subTypes: PART_SUB_TYPES },
};

/** First year of the public filters (SPEC 5); they run to the current year (DECISIONS). */
export const PUBLIC_FIRST_YEAR = 1981;
/** First year of the upload form (SPEC 9). */
export const UPLOAD_FIRST_YEAR = 1980;

/** Years from `first` to this year (or to the year given), newest first. */
export function yearsFrom(first: number, now: Date | number = new Date()): number[] {
  const years: number[] = [];
  for (let y = typeof now === "number" ? now : shopYear(now); y >= first; y--) years.push(y);
  return years;
}

/** Adds the values found in stock to a reference list, keeping the list's order first. */
export function mergeOptions(reference: readonly string[], inStock: readonly string[]): string[] {
  const seen = new Set(reference);
  const extra = inStock.filter((v) => v && !seen.has(v)).sort((a, b) => a.localeCompare(b));
  return [...reference, ...new Set(extra)];
}
