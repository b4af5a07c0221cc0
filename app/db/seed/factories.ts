import { monthOfDate } from "~/domain/inventory/months";
import { COLORS, GRADES, PART_CONDITIONS, PART_MODELS, PART_SUB_TYPES } from "~/domain/inventory/catalogue";
import type { PartInput, StockStatus, VehicleInput } from "~/domain/inventory/inventory";
import type { Fitment } from "~/domain/inventory/fitment";

/*
 * Realistic stock, the same for the demo and the tests. Deterministic: the
 * same seed gives the same stock, so a failing test can be replayed.
 */

export type Rng = () => number;

/** mulberry32: small, fast, good enough for made-up stock. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
export const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

type ModelFacts = {
  make: string;
  model: string;
  type: string;
  subType: string;
  engineCc: number;
  fuel: "petrol" | "diesel" | "electric" | "hybrid";
  drive: "2WD" | "4WD" | "AWD";
  seats: string;
  doors: number;
  /** Typical price in yen of a five-year-old one in grade B. */
  basePrice: number;
  grade: string;
};

// Every model of the upload catalogue (SPEC 3) with facts a buyer checks.
const MODELS: ModelFacts[] = [
  {
    make: "Toyota",
    model: "Land Cruiser",
    type: "SUV",
    subType: "Full-size SUV",
    engineCc: 4500,
    fuel: "diesel",
    drive: "4WD",
    seats: "8",
    doors: 5,
    basePrice: 5_200_000,
    grade: "AX G Selection",
  },
  {
    make: "Toyota",
    model: "Corolla",
    type: "Sedan",
    subType: "Compact Sedan",
    engineCc: 1500,
    fuel: "petrol",
    drive: "2WD",
    seats: "5",
    doors: 4,
    basePrice: 980_000,
    grade: "Axio X",
  },
  {
    make: "Toyota",
    model: "Hiace",
    type: "Van",
    subType: "Cargo Van",
    engineCc: 2800,
    fuel: "diesel",
    drive: "2WD",
    seats: "6",
    doors: 5,
    basePrice: 2_450_000,
    grade: "Super GL",
  },
  {
    make: "Honda",
    model: "Civic",
    type: "Sedan",
    subType: "Compact Sedan",
    engineCc: 1500,
    fuel: "petrol",
    drive: "2WD",
    seats: "5",
    doors: 4,
    basePrice: 1_650_000,
    grade: "EX",
  },
  {
    make: "Honda",
    model: "Fit",
    type: "Wagon",
    subType: "Standard Wagon",
    engineCc: 1300,
    fuel: "petrol",
    drive: "2WD",
    seats: "5",
    doors: 5,
    basePrice: 720_000,
    grade: "13G F Package",
  },
  {
    make: "Honda",
    model: "Vezel",
    type: "SUV",
    subType: "Crossover",
    engineCc: 1500,
    fuel: "hybrid",
    drive: "2WD",
    seats: "5",
    doors: 5,
    basePrice: 1_480_000,
    grade: "Hybrid Z",
  },
  {
    make: "Nissan",
    model: "X-Trail",
    type: "SUV",
    subType: "Compact SUV",
    engineCc: 2000,
    fuel: "petrol",
    drive: "4WD",
    seats: "5",
    doors: 5,
    basePrice: 1_350_000,
    grade: "20Xi",
  },
  {
    make: "Nissan",
    model: "Note",
    type: "Wagon",
    subType: "Standard Wagon",
    engineCc: 1200,
    fuel: "hybrid",
    drive: "2WD",
    seats: "5",
    doors: 5,
    basePrice: 890_000,
    grade: "e-Power X",
  },
  {
    make: "Nissan",
    model: "Serena",
    type: "Van",
    subType: "Mini Van",
    engineCc: 2000,
    fuel: "hybrid",
    drive: "2WD",
    seats: "8",
    doors: 5,
    basePrice: 1_280_000,
    grade: "Highway Star",
  },
  {
    make: "Mazda",
    model: "CX-5",
    type: "SUV",
    subType: "Compact SUV",
    engineCc: 2200,
    fuel: "diesel",
    drive: "AWD",
    seats: "5",
    doors: 5,
    basePrice: 1_590_000,
    grade: "XD L Package",
  },
  {
    make: "Mazda",
    model: "Demio",
    type: "Wagon",
    subType: "Standard Wagon",
    engineCc: 1300,
    fuel: "petrol",
    drive: "2WD",
    seats: "5",
    doors: 5,
    basePrice: 560_000,
    grade: "13S",
  },
  {
    make: "Mazda",
    model: "Axela",
    type: "Sedan",
    subType: "Compact Sedan",
    engineCc: 1500,
    fuel: "petrol",
    drive: "2WD",
    seats: "5",
    doors: 4,
    basePrice: 780_000,
    grade: "15S Touring",
  },
  {
    make: "Mitsubishi",
    model: "Pajero",
    type: "SUV",
    subType: "Full-size SUV",
    engineCc: 3200,
    fuel: "diesel",
    drive: "4WD",
    seats: "7",
    doors: 5,
    basePrice: 2_100_000,
    grade: "Exceed",
  },
  {
    make: "Mitsubishi",
    model: "Outlander",
    type: "SUV",
    subType: "Crossover",
    engineCc: 2400,
    fuel: "hybrid",
    drive: "4WD",
    seats: "5",
    doors: 5,
    basePrice: 1_720_000,
    grade: "PHEV G",
  },
  {
    make: "Mitsubishi",
    model: "EK Wagon",
    type: "Wagon",
    subType: "Standard Wagon",
    engineCc: 660,
    fuel: "petrol",
    drive: "2WD",
    seats: "4",
    doors: 5,
    basePrice: 430_000,
    grade: "G",
  },
  {
    make: "Suzuki",
    model: "Alto",
    type: "Wagon",
    subType: "Standard Wagon",
    engineCc: 660,
    fuel: "petrol",
    drive: "2WD",
    seats: "4",
    doors: 5,
    basePrice: 380_000,
    grade: "L",
  },
  {
    make: "Suzuki",
    model: "Wagon R",
    type: "Wagon",
    subType: "Standard Wagon",
    engineCc: 660,
    fuel: "hybrid",
    drive: "2WD",
    seats: "4",
    doors: 5,
    basePrice: 520_000,
    grade: "Hybrid FX",
  },
  {
    make: "Suzuki",
    model: "Spacia",
    type: "Van",
    subType: "Mini Van",
    engineCc: 660,
    fuel: "hybrid",
    drive: "2WD",
    seats: "4",
    doors: 5,
    basePrice: 690_000,
    grade: "Hybrid X",
  },
  {
    make: "Subaru",
    model: "Forester",
    type: "SUV",
    subType: "Compact SUV",
    engineCc: 2000,
    fuel: "petrol",
    drive: "AWD",
    seats: "5",
    doors: 5,
    basePrice: 1_420_000,
    grade: "2.0i-L EyeSight",
  },
  {
    make: "Subaru",
    model: "Impreza",
    type: "Sedan",
    subType: "Compact Sedan",
    engineCc: 1600,
    fuel: "petrol",
    drive: "AWD",
    seats: "5",
    doors: 4,
    basePrice: 890_000,
    grade: "G4 1.6i-L",
  },
  {
    make: "Subaru",
    model: "Legacy",
    type: "Wagon",
    subType: "Crossover Wagon",
    engineCc: 2500,
    fuel: "petrol",
    drive: "AWD",
    seats: "5",
    doors: 5,
    basePrice: 1_150_000,
    grade: "Outback Limit",
  },
  {
    make: "Daihatsu",
    model: "Move",
    type: "Wagon",
    subType: "Standard Wagon",
    engineCc: 660,
    fuel: "petrol",
    drive: "2WD",
    seats: "4",
    doors: 5,
    basePrice: 460_000,
    grade: "X SA III",
  },
  {
    make: "Daihatsu",
    model: "Tanto",
    type: "Van",
    subType: "Mini Van",
    engineCc: 660,
    fuel: "petrol",
    drive: "2WD",
    seats: "4",
    doors: 5,
    basePrice: 640_000,
    grade: "Custom RS",
  },
  {
    make: "Daihatsu",
    model: "Hijet",
    type: "Truck",
    subType: "Mini Truck",
    engineCc: 660,
    fuel: "petrol",
    drive: "4WD",
    seats: "2",
    doors: 2,
    basePrice: 540_000,
    grade: "Jumbo",
  },
];

const EXTRAS = [
  "two keys",
  "full service records",
  "navigation and reversing camera",
  "new tyres fitted",
  "no accident history",
  "non-smoker car",
  "cruise control",
  "alloy wheels",
  "roof rails",
  "cold air conditioning",
];

const STOCK_MIX: StockStatus[] = [
  "available",
  "available",
  "available",
  "available",
  "available",
  "available",
  "available",
  "available",
  "reserved",
  "sold",
];

/**
 * A vehicle as the owner would list it. `index` walks the catalogue so that
 * a stock of 24 or more covers every make and model.
 */
export function vehicleFactory(rng: Rng, index: number, overrides: Partial<VehicleInput> = {}): VehicleInput {
  const facts = MODELS[index % MODELS.length]!;
  const thisYear = new Date().getUTCFullYear();
  const year = between(rng, Math.max(1998, thisYear - 18), thisYear - 1);
  const age = thisYear - year;
  const mileage = Math.round((age * between(rng, 6_000, 14_000) + between(rng, 0, 5_000)) / 100) * 100;
  const exteriorGrade = pick(rng, GRADES.slice(0, 4));
  const interiorGrade = pick(rng, GRADES.slice(0, 3));
  const gradeFactor = { A: 1.15, B: 1, C: 0.88, D: 0.75, E: 0.6 }[exteriorGrade] ?? 1;
  const raw = facts.basePrice * Math.pow(0.88, age - 5) * gradeFactor * (0.9 + rng() * 0.2);
  const price = Math.max(150_000, Math.round(raw / 10_000) * 10_000);
  const color = pick(rng, COLORS);
  const transmission = facts.model === "Hijet" && rng() < 0.5 ? "manual" : rng() < 0.9 ? "automatic" : "manual";
  const extras = [pick(rng, EXTRAS), pick(rng, EXTRAS)].filter((v, i, a) => a.indexOf(v) === i);
  const description =
    `${year} ${facts.make} ${facts.model} ${facts.grade} in ${color.toLowerCase()}, ` +
    `${facts.engineCc.toLocaleString("en-US")} cc ${facts.fuel}, ${transmission}, ${facts.drive}, ` +
    `${mileage.toLocaleString("en-US")} km. Auction grade ${exteriorGrade === "A" ? "4.5" : exteriorGrade === "B" ? "4" : "3.5"}, ` +
    `exterior ${exteriorGrade} / interior ${interiorGrade}; ${extras.join(", ")}. ` +
    `Inspected in Japan before shipping; export certificate and English translation included.`;
  return {
    refId: null,
    name: `${year} ${facts.make} ${facts.model} ${facts.grade}`,
    make: facts.make,
    model: facts.model,
    type: facts.type,
    subType: facts.subType,
    year,
    price,
    mileage,
    engineCc: facts.engineCc,
    color,
    fuel: facts.fuel,
    transmission,
    drive: facts.drive,
    seats: facts.seats,
    doors: facts.doors,
    steering: rng() < 0.92 ? "Right" : "Left",
    exteriorGrade,
    interiorGrade,
    ...exportPapers(index, year, facts.model),
    auctionGrade: ({ A: "4.5", B: "4", C: "3.5", D: "3" } as Record<string, string>)[exteriorGrade] ?? null,
    description,
    stockStatus: pick(rng, STOCK_MIX),
    ...overrides,
  };
}

/**
 * What a vehicle's export certificate says, from its place in the stock
 * (drawn without the random source, so the stock's other facts stay as they
 * were): made in a month of its year, first registered up to six months later.
 */
function exportPapers(index: number, year: number, model: string) {
  const manufactured = year * 12 + ((index * 7) % 12);
  const thisMonth = monthOfDate(new Date());
  const code = `${model
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 3)
    .toUpperCase()}${10 + (index % 80)}`;
  return {
    manufactured,
    registered: Math.min(manufactured + ((index * 5) % 7), thisMonth),
    modelCode: `DBA-${code}`,
  };
}

/** A chassis number for the vehicle at `index`: each index its own, so a seeded stock lists each once. */
export function chassisFor(index: number, modelCode: string | null | undefined): string {
  const prefix = (modelCode ?? "CAR").replace(/^[A-Z]+-/, "");
  return `${prefix}-${String(1_000_000 + ((index * 7919) % 9_000_000)).padStart(7, "0")}`;
}

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

/** The generations of every part model of the catalogue, and models that share their parts. */
const GENERATIONS: Record<string, { generations: Generation[]; siblings: [model: string, Generation][] }> = {
  Corolla: {
    generations: [
      { code: "NZE141", from: 2006, to: 2012 },
      { code: "NZE161", from: 2012, to: 2019 },
      { code: "ZRE212", from: 2019, to: null },
    ],
    siblings: [
      ["Corolla Fielder", { code: "NZE161G", from: 2012, to: 2019 }],
      ["Auris", { code: "NZE181H", from: 2012, to: 2018 }],
    ],
  },
  Hiace: {
    generations: [
      { code: "KDH200", from: 2004, to: 2019 },
      { code: "TRH200", from: 2004, to: null },
      { code: "GDH201", from: 2017, to: null },
    ],
    siblings: [["Regius Ace", { code: "TRH200", from: 2004, to: 2016 }]],
  },
  "Land Cruiser": {
    generations: [
      { code: "UZJ200", from: 2007, to: 2015 },
      { code: "VDJ200", from: 2007, to: 2021 },
      { code: "FJA300", from: 2021, to: null },
    ],
    siblings: [["Land Cruiser Prado", { code: "GRJ150", from: 2009, to: null }]],
  },
  Prius: {
    generations: [
      { code: "NHW20", from: 2003, to: 2009 },
      { code: "ZVW30", from: 2009, to: 2015 },
      { code: "ZVW50", from: 2015, to: 2022 },
    ],
    siblings: [
      ["Prius Alpha", { code: "ZVW40", from: 2011, to: 2021 }],
      ["Camry", { code: "ACV40", from: 2006, to: 2011 }],
    ],
  },
  Civic: {
    generations: [
      { code: "FD1", from: 2005, to: 2011 },
      { code: "FK7", from: 2017, to: 2021 },
      { code: "FL1", from: 2021, to: null },
    ],
    siblings: [["Civic Type R", { code: "FK8", from: 2017, to: 2021 }]],
  },
  Fit: {
    generations: [
      { code: "GE6", from: 2007, to: 2013 },
      { code: "GK3", from: 2013, to: 2020 },
      { code: "GR3", from: 2020, to: null },
    ],
    siblings: [
      ["Fit Shuttle", { code: "GG7", from: 2011, to: 2015 }],
      ["Vezel", { code: "RU1", from: 2013, to: 2021 }],
    ],
  },
  "CR-V": {
    generations: [
      { code: "RE4", from: 2006, to: 2011 },
      { code: "RM4", from: 2011, to: 2016 },
      { code: "RW1", from: 2018, to: 2022 },
    ],
    siblings: [],
  },
  Accord: {
    generations: [
      { code: "CU2", from: 2008, to: 2013 },
      { code: "CR6", from: 2013, to: 2020 },
      { code: "CV3", from: 2020, to: null },
    ],
    siblings: [],
  },
  Ranger: {
    generations: [
      { code: "PJ", from: 2006, to: 2011 },
      { code: "PX", from: 2011, to: 2022 },
      { code: "RA", from: 2022, to: null },
    ],
    siblings: [["BT-50", { code: "UP", from: 2011, to: 2020 }]],
  },
  Focus: {
    generations: [
      { code: "DA3", from: 2004, to: 2011 },
      { code: "DYB", from: 2011, to: 2018 },
      { code: "DEH", from: 2018, to: null },
    ],
    siblings: [],
  },
  Transit: {
    generations: [
      { code: "V347", from: 2006, to: 2014 },
      { code: "V363", from: 2014, to: null },
    ],
    siblings: [],
  },
  Everest: {
    generations: [
      { code: "UA", from: 2015, to: 2022 },
      { code: "UB", from: 2022, to: null },
    ],
    siblings: [["Ranger", { code: "PX", from: 2015, to: 2022 }]],
  },
  "3 Series": {
    generations: [
      { code: "E90", from: 2005, to: 2012 },
      { code: "F30", from: 2012, to: 2019 },
      { code: "G20", from: 2019, to: null },
    ],
    siblings: [["4 Series", { code: "F32", from: 2013, to: 2020 }]],
  },
  "5 Series": {
    generations: [
      { code: "E60", from: 2003, to: 2010 },
      { code: "F10", from: 2010, to: 2017 },
      { code: "G30", from: 2017, to: 2023 },
    ],
    siblings: [["6 Series", { code: "F06", from: 2012, to: 2018 }]],
  },
  X3: {
    generations: [
      { code: "F25", from: 2010, to: 2017 },
      { code: "G01", from: 2017, to: null },
    ],
    siblings: [["X4", { code: "F26", from: 2014, to: 2018 }]],
  },
  X5: {
    generations: [
      { code: "E70", from: 2006, to: 2013 },
      { code: "F15", from: 2013, to: 2018 },
      { code: "G05", from: 2018, to: null },
    ],
    siblings: [["X6", { code: "F16", from: 2014, to: 2019 }]],
  },
  "C-Class": {
    generations: [
      { code: "W204", from: 2007, to: 2014 },
      { code: "W205", from: 2014, to: 2021 },
      { code: "W206", from: 2021, to: null },
    ],
    siblings: [["GLC", { code: "X253", from: 2015, to: 2022 }]],
  },
  "E-Class": {
    generations: [
      { code: "W212", from: 2009, to: 2016 },
      { code: "W213", from: 2016, to: 2023 },
    ],
    siblings: [],
  },
  Sprinter: {
    generations: [
      { code: "W906", from: 2006, to: 2018 },
      { code: "W907", from: 2018, to: null },
    ],
    siblings: [],
  },
  GLC: {
    generations: [
      { code: "X253", from: 2015, to: 2022 },
      { code: "X254", from: 2022, to: null },
    ],
    siblings: [["C-Class", { code: "W205", from: 2014, to: 2021 }]],
  },
};

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
