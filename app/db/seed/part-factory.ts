import { COLORS, PART_CONDITIONS, PART_MODELS, PART_SUB_TYPES } from "~/domain/inventory/catalogue";
import type { PartInput, StockStatus } from "~/domain/inventory/inventory";
import type { Fitment } from "~/domain/inventory/fitment";
import { between, createRng, pick, type Rng } from "./rng";

/* Made-up parts, with the cars they fit, for the demo and the tests (factories.ts). */

const PART_BASE_PRICE: Record<string, number> = {
  "Complete Engine": 280_000,
  "Cylinder Head": 65_000,
  Turbocharger: 48_000,
  "Fuel Injector": 9_500,
  Radiator: 14_000,
  "Automatic Gearbox": 120_000,
  "Manual Gearbox": 85_000,
  "Clutch Kit": 18_000,
  "Drive Shaft": 16_000,
  Differential: 42_000,
  "Shock Absorber": 7_800,
  "Coil Spring": 4_500,
  "Control Arm": 6_900,
  "Stabilizer Link": 2_800,
  "Wheel Hub": 8_500,
  Alternator: 15_000,
  "Starter Motor": 12_000,
  Headlight: 22_000,
  ECU: 26_000,
  "Wiring Harness": 19_000,
  "Front Bumper": 24_000,
  Door: 32_000,
  Bonnet: 27_000,
  "Side Mirror": 9_800,
  "Tail Light": 11_000,
};

/** The fuel of the cars a part model's engine parts come from. */
const PART_MODEL_FUEL: Record<string, "petrol" | "diesel" | "hybrid"> = {
  Corolla: "petrol",
  Hiace: "diesel",
  "Land Cruiser": "diesel",
  Prius: "hybrid",
  Civic: "petrol",
  Fit: "petrol",
  "CR-V": "petrol",
  Accord: "hybrid",
  Ranger: "diesel",
  Focus: "petrol",
  Transit: "diesel",
  Everest: "diesel",
  "3 Series": "petrol",
  "5 Series": "diesel",
  X3: "diesel",
  X5: "petrol",
  "C-Class": "petrol",
  "E-Class": "diesel",
  Sprinter: "diesel",
  GLC: "petrol",
};

/** Parts that wear with the car's distance: taken from a car, they have its mileage. */
const RUN_PARTS = new Set([
  "Complete Engine",
  "Cylinder Head",
  "Turbocharger",
  "Automatic Gearbox",
  "Manual Gearbox",
  "Differential",
]);
/** Parts made for one fuel. */
const FUEL_PARTS = new Set(["Complete Engine", "Cylinder Head", "Turbocharger", "Fuel Injector", "ECU"]);
/** Painted panels: taken from a car, they have its colour (new ones come in primer). */
const PAINTED_PARTS = new Set(["Front Bumper", "Door", "Bonnet", "Side Mirror"]);

/** A model's generations: the maker's model code and the years it was built (open when still built). */
type Generation = { code: string; from: number; to: number | null };

/** "NZE141 2006-2012": a model code and the years it was built; "GR3 2020-" is still built. */
function generation(text: string): Generation {
  const [code, years] = text.split(" ");
  const [from, to] = years!.split("-");
  return { code: code!, from: Number(from), to: to ? Number(to) : null };
}

/** "Land Cruiser Prado GRJ150 2009-": a model that shares the part, and its generation. */
function sibling(text: string): [model: string, Generation] {
  const words = text.split(" ");
  return [words.slice(0, -2).join(" "), generation(words.slice(-2).join(" "))];
}

/**
 * The generations of every part model of the catalogue, oldest first, then
 * after "|" the models that share their parts.
 */
const GENERATION_LINES: Record<string, string> = {
  Corolla:
    "NZE141 2006-2012, NZE161 2012-2019, ZRE212 2019- | Corolla Fielder NZE161G 2012-2019, Auris NZE181H 2012-2018",
  Hiace: "KDH200 2004-2019, TRH200 2004-, GDH201 2017- | Regius Ace TRH200 2004-2016",
  "Land Cruiser": "UZJ200 2007-2015, VDJ200 2007-2021, FJA300 2021- | Land Cruiser Prado GRJ150 2009-",
  Prius: "NHW20 2003-2009, ZVW30 2009-2015, ZVW50 2015-2022 | Prius Alpha ZVW40 2011-2021, Camry ACV40 2006-2011",
  Civic: "FD1 2005-2011, FK7 2017-2021, FL1 2021- | Civic Type R FK8 2017-2021",
  Fit: "GE6 2007-2013, GK3 2013-2020, GR3 2020- | Fit Shuttle GG7 2011-2015, Vezel RU1 2013-2021",
  "CR-V": "RE4 2006-2011, RM4 2011-2016, RW1 2018-2022",
  Accord: "CU2 2008-2013, CR6 2013-2020, CV3 2020-",
  Ranger: "PJ 2006-2011, PX 2011-2022, RA 2022- | BT-50 UP 2011-2020",
  Focus: "DA3 2004-2011, DYB 2011-2018, DEH 2018-",
  Transit: "V347 2006-2014, V363 2014-",
  Everest: "UA 2015-2022, UB 2022- | Ranger PX 2015-2022",
  "3 Series": "E90 2005-2012, F30 2012-2019, G20 2019- | 4 Series F32 2013-2020",
  "5 Series": "E60 2003-2010, F10 2010-2017, G30 2017-2023 | 6 Series F06 2012-2018",
  X3: "F25 2010-2017, G01 2017- | X4 F26 2014-2018",
  X5: "E70 2006-2013, F15 2013-2018, G05 2018- | X6 F16 2014-2019",
  "C-Class": "W204 2007-2014, W205 2014-2021, W206 2021- | GLC X253 2015-2022",
  "E-Class": "W212 2009-2016, W213 2016-2023",
  Sprinter: "W906 2006-2018, W907 2018-",
  GLC: "X253 2015-2022, X254 2022- | C-Class W205 2014-2021",
};

const GENERATIONS: Record<string, { generations: Generation[]; siblings: [model: string, Generation][] }> =
  Object.fromEntries(
    Object.entries(GENERATION_LINES).map(([model, line]) => {
      const [own, shared] = line.split(" | ");
      return [
        model,
        { generations: own!.split(", ").map(generation), siblings: shared ? shared.split(", ").map(sibling) : [] },
      ];
    }),
  );

const fitOf = (make: string, model: string, g: Generation, withCode = true): Fitment => ({
  make,
  model,
  modelCode: withCode ? g.code : null,
  yearFrom: g.from,
  yearTo: g.to,
});

/**
 * The cars a part fits, as its maker's catalogue would list them: the
 * generation of the car it came from (a used part) or one or two generations
 * (a new one); some fit a model that shares the part, some every code of the
 * model. Drawn from a generator of its own, so that the rest of the stock is
 * what it was before parts listed their cars.
 */
export function fitmentFor(index: number, make: string, model: string, year: number | null): Fitment[] {
  const rng = createRng(1_000_003 + index);
  const known = GENERATIONS[model];
  if (!known) return [];
  const { generations, siblings } = known;
  const inYear = year === null ? -1 : generations.findIndex((g) => g.from <= year && (g.to === null || year <= g.to));
  const first = inYear >= 0 ? inYear : between(rng, 0, generations.length - 1);
  const fits: Fitment[] = [];
  // One part in ten fits every code of its model over the years given.
  const everyCode = rng() < 0.1;
  fits.push(fitOf(make, model, generations[first]!, !everyCode));
  // A new part is often made for the next generation too; one taken from a car is known to fit its own.
  const next = year === null ? 0.5 : 0.25;
  if (first + 1 < generations.length && rng() < next)
    fits.push(fitOf(make, model, generations[first + 1]!, !everyCode));
  if (siblings.length > 0 && rng() < 0.35) {
    const [sibling, g] = pick(rng, siblings);
    fits.push(fitOf(make, sibling, g));
  }
  return fits;
}

/**
 * A part number in its maker's way of writing it, from two drawn numbers:
 * Toyota 04465-33450, Honda 45022-T5A-J01, Ford EB3B-2K021-AC, BMW
 * 34 11 6 858 652, Mercedes A 000 420 53 02.
 */
function partNumberFor(make: string, a: number, b: number): string {
  const five = String(a).padStart(5, "0");
  const three = String(b).padStart(3, "0");
  const letter = (n: number) => String.fromCharCode(65 + (n % 26));
  switch (make) {
    case "Toyota":
      return `${five}-${three}${String(a % 100).padStart(2, "0")}`;
    case "Honda":
      return `${five}-${letter(b)}${b % 10}${letter(a)}-${letter(a + b)}0${b % 10}`;
    case "Ford":
      return `${letter(a)}${letter(b)}${b % 10}${letter(a + 1)}-${b % 10}${letter(b + 3)}${five.slice(2)}-A${letter(a + b)}`;
    case "BMW":
      return `${five.slice(0, 2)} ${five.slice(2, 4)} ${five[4]} ${three} ${String(a % 1000).padStart(3, "0")}`;
    case "Mercedes":
      return `A ${three} ${five.slice(0, 3)} ${five.slice(3)} ${String(b % 100).padStart(2, "0")}`;
    default:
      return `${make.slice(0, 2).toUpperCase()}${a}-${b}`;
  }
}

/**
 * A part as the owner would list it; `index` walks makes and part types. A
 * part taken from a car (used or rebuilt) has the car's year, and its mileage
 * or colour where they matter; a new one fits many years and has none.
 */
export function partFactory(rng: Rng, index: number, overrides: Partial<PartInput> = {}): PartInput {
  const makes = Object.keys(PART_MODELS);
  const types = Object.keys(PART_SUB_TYPES);
  const make = makes[index % makes.length]!;
  const type = types[Math.floor(index / makes.length) % types.length]!;
  const model = pick(rng, PART_MODELS[make]!);
  const subType = pick(rng, PART_SUB_TYPES[type]!);
  const condition = pick(rng, PART_CONDITIONS);
  const factor = condition === "New" ? 1.6 : condition === "Rebuilt" ? 1.2 : 1;
  const price = Math.round(((PART_BASE_PRICE[subType] ?? 10_000) * factor * (0.85 + rng() * 0.3)) / 100) * 100;
  const year = between(rng, 2008, new Date().getUTCFullYear() - 1);
  const partNumber = partNumberFor(make, between(rng, 10000, 99999), between(rng, 100, 999));
  const quantity = between(rng, 1, 40);
  const stockStatus: StockStatus = rng() < 0.92 ? "available" : "sold";
  const fromCar = condition !== "New";
  const age = new Date().getUTCFullYear() - year;
  const mileage = Math.round((age * between(rng, 6_000, 14_000)) / 1000) * 1000;
  const color = pick(rng, COLORS);
  const fits = fromCar ? `${make} ${model} (${year})` : `${make} ${model}`;
  return {
    refId: null,
    name: `${make} ${model} ${subType}`,
    make,
    model,
    type,
    subType,
    price,
    description:
      `${condition} ${subType.toLowerCase()} for ${fits}. Part number ${partNumber}. ` +
      `Checked and cleaned in our Yokohama warehouse; photos show the actual item. Packed for sea or air freight.`,
    year: fromCar ? year : null,
    mileage: fromCar && RUN_PARTS.has(subType) ? mileage : null,
    color: fromCar && PAINTED_PARTS.has(subType) ? color : null,
    fuel: FUEL_PARTS.has(subType) ? (PART_MODEL_FUEL[model] ?? null) : null,
    partNumber,
    category: type,
    condition,
    quantity,
    stockStatus,
    fitment: fitmentFor(index, make, model, fromCar ? year : null),
    ...overrides,
  };
}
