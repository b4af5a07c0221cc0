import { monthOfDate } from "~/domain/inventory/months";
import { COLORS, GRADES } from "~/domain/inventory/catalogue";
import type { StockStatus, VehicleInput } from "~/domain/inventory/inventory";
import { between, pick, type Rng } from "./rng";

/* Made-up vehicles for the demo and the tests (factories.ts). */

type ModelRow = [
  make: string,
  model: string,
  type: string,
  subType: string,
  engineCc: number,
  fuel: "petrol" | "diesel" | "electric" | "hybrid",
  drive: "2WD" | "4WD" | "AWD",
  seats: string,
  doors: number,
  /** Typical price in yen of a five-year-old one in grade B. */
  basePrice: number,
  grade: string,
];

// Every model of the upload catalogue (SPEC 3) with facts a buyer checks, a row each in ModelRow's order.
const MODELS: ModelRow[] = [
  ["Toyota", "Land Cruiser", "SUV", "Full-size SUV", 4500, "diesel", "4WD", "8", 5, 5_200_000, "AX G Selection"],
  ["Toyota", "Corolla", "Sedan", "Compact Sedan", 1500, "petrol", "2WD", "5", 4, 980_000, "Axio X"],
  ["Toyota", "Hiace", "Van", "Cargo Van", 2800, "diesel", "2WD", "6", 5, 2_450_000, "Super GL"],
  ["Honda", "Civic", "Sedan", "Compact Sedan", 1500, "petrol", "2WD", "5", 4, 1_650_000, "EX"],
  ["Honda", "Fit", "Wagon", "Standard Wagon", 1300, "petrol", "2WD", "5", 5, 720_000, "13G F Package"],
  ["Honda", "Vezel", "SUV", "Crossover", 1500, "hybrid", "2WD", "5", 5, 1_480_000, "Hybrid Z"],
  ["Nissan", "X-Trail", "SUV", "Compact SUV", 2000, "petrol", "4WD", "5", 5, 1_350_000, "20Xi"],
  ["Nissan", "Note", "Wagon", "Standard Wagon", 1200, "hybrid", "2WD", "5", 5, 890_000, "e-Power X"],
  ["Nissan", "Serena", "Van", "Mini Van", 2000, "hybrid", "2WD", "8", 5, 1_280_000, "Highway Star"],
  ["Mazda", "CX-5", "SUV", "Compact SUV", 2200, "diesel", "AWD", "5", 5, 1_590_000, "XD L Package"],
  ["Mazda", "Demio", "Wagon", "Standard Wagon", 1300, "petrol", "2WD", "5", 5, 560_000, "13S"],
  ["Mazda", "Axela", "Sedan", "Compact Sedan", 1500, "petrol", "2WD", "5", 4, 780_000, "15S Touring"],
  ["Mitsubishi", "Pajero", "SUV", "Full-size SUV", 3200, "diesel", "4WD", "7", 5, 2_100_000, "Exceed"],
  ["Mitsubishi", "Outlander", "SUV", "Crossover", 2400, "hybrid", "4WD", "5", 5, 1_720_000, "PHEV G"],
  ["Mitsubishi", "EK Wagon", "Wagon", "Standard Wagon", 660, "petrol", "2WD", "4", 5, 430_000, "G"],
  ["Suzuki", "Alto", "Wagon", "Standard Wagon", 660, "petrol", "2WD", "4", 5, 380_000, "L"],
  ["Suzuki", "Wagon R", "Wagon", "Standard Wagon", 660, "hybrid", "2WD", "4", 5, 520_000, "Hybrid FX"],
  ["Suzuki", "Spacia", "Van", "Mini Van", 660, "hybrid", "2WD", "4", 5, 690_000, "Hybrid X"],
  ["Subaru", "Forester", "SUV", "Compact SUV", 2000, "petrol", "AWD", "5", 5, 1_420_000, "2.0i-L EyeSight"],
  ["Subaru", "Impreza", "Sedan", "Compact Sedan", 1600, "petrol", "AWD", "5", 4, 890_000, "G4 1.6i-L"],
  ["Subaru", "Legacy", "Wagon", "Crossover Wagon", 2500, "petrol", "AWD", "5", 5, 1_150_000, "Outback Limit"],
  ["Daihatsu", "Move", "Wagon", "Standard Wagon", 660, "petrol", "2WD", "4", 5, 460_000, "X SA III"],
  ["Daihatsu", "Tanto", "Van", "Mini Van", 660, "petrol", "2WD", "4", 5, 640_000, "Custom RS"],
  ["Daihatsu", "Hijet", "Truck", "Mini Truck", 660, "petrol", "4WD", "2", 2, 540_000, "Jumbo"],
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
  const [make, model, type, subType, engineCc, fuel, drive, seats, doors, basePrice, grade] =
    MODELS[index % MODELS.length]!;
  const thisYear = new Date().getUTCFullYear();
  const year = between(rng, Math.max(1998, thisYear - 18), thisYear - 1);
  const age = thisYear - year;
  const mileage = Math.round((age * between(rng, 6_000, 14_000) + between(rng, 0, 5_000)) / 100) * 100;
  const exteriorGrade = pick(rng, GRADES.slice(0, 4));
  const interiorGrade = pick(rng, GRADES.slice(0, 3));
  const gradeFactor = { A: 1.15, B: 1, C: 0.88, D: 0.75, E: 0.6 }[exteriorGrade] ?? 1;
  const raw = basePrice * Math.pow(0.88, age - 5) * gradeFactor * (0.9 + rng() * 0.2);
  const price = Math.max(150_000, Math.round(raw / 10_000) * 10_000);
  const color = pick(rng, COLORS);
  const transmission = model === "Hijet" && rng() < 0.5 ? "manual" : rng() < 0.9 ? "automatic" : "manual";
  const extras = [pick(rng, EXTRAS), pick(rng, EXTRAS)].filter((v, i, a) => a.indexOf(v) === i);
  const description =
    `${year} ${make} ${model} ${grade} in ${color.toLowerCase()}, ` +
    `${engineCc.toLocaleString("en-US")} cc ${fuel}, ${transmission}, ${drive}, ` +
    `${mileage.toLocaleString("en-US")} km. Auction grade ${exteriorGrade === "A" ? "4.5" : exteriorGrade === "B" ? "4" : "3.5"}, ` +
    `exterior ${exteriorGrade} / interior ${interiorGrade}; ${extras.join(", ")}. ` +
    `Inspected in Japan before shipping; export certificate and English translation included.`;
  return {
    refId: null,
    name: `${year} ${make} ${model} ${grade}`,
    make,
    model,
    type,
    subType,
    year,
    price,
    mileage,
    engineCc,
    color,
    fuel,
    transmission,
    drive,
    seats,
    doors,
    steering: rng() < 0.92 ? "Right" : "Left",
    exteriorGrade,
    interiorGrade,
    ...exportPapers(index, year, model),
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
