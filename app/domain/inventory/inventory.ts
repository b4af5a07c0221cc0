import type { StockKind } from "./stock-kinds";
import type { SizeClass } from "./size-class";
import type { ImageRef } from "~/domain/media/image-url";
import type { MonthNumber } from "./months";
import type { Fitment } from "./fitment";

/** Domain objects of the stock, as pages see them. Browser-safe. */

import type { StockStatus } from "./stock-status";
import type { VehicleKind } from "./vehicle-kind";

export { STOCK_STATUS_LABEL, type StockStatus } from "./stock-status";

/** What names an item on every screen, whichever its kind. */
export type StockNames = {
  id: number;
  refId: string;
  name: string;
  make: string;
  model: string;
};

export type StockCard = StockNames & {
  kind: StockKind;
  price: number;
  year: number | null;
  stockStatus: StockStatus;
  image: ImageRef | null;
  /** Vehicles only: the freight slot for the total to the buyer's port. */
  sizeClass: SizeClass | null;
  /** Vehicles only (null for parts): what a buyer reads first after the name. */
  mileage: number | null;
  engineCc: number | null;
  transmission: string | null;
  /** Vehicles only (null for parts): what an import rule reads (import-rules.ts). */
  steering: string | null;
  manufactured: MonthNumber | null;
  registered: MonthNumber | null;
  /** Which of a country's age limits applies (import-rules.ts); "car" for parts, never read. */
  importKind: VehicleKind;
};

/** A vehicle's fields as the owner writes them, apart from its names and export papers. */
type VehicleFacts = {
  make: string;
  model: string;
  type: string | null;
  subType: string | null;
  year: number;
  price: number;
  mileage: number | null;
  engineCc: number | null;
  exteriorGrade: string | null;
  interiorGrade: string | null;
  description: string;
  stockStatus: StockStatus;
} & VehicleTraits;

/** A vehicle's facts its table names as its fields do (schema.ts's VehicleTable has them too). */
export type VehicleTraits = {
  color: string | null;
  fuel: string | null;
  transmission: string | null;
  drive: string | null;
  seats: string | null;
  doors: number | null;
  steering: string | null;
};

export type VehicleInput = {
  refId?: string | null;
  name?: string | null;
} & VehicleFacts &
  /** Left out (the demo's and tests' vehicles): not known. */
  Partial<ExportFacts>;

/**
 * What a vehicle's export and import papers say of it (issue 22). Months are
 * whole numbers, year × 12 + month − 1 (import-rules.ts).
 */
export type ExportFacts = {
  manufactured: MonthNumber | null;
  /** First registration in Japan. */
  registered: MonthNumber | null;
  /** The chassis (frame) number: whole for the owner and on invoices, partly hidden on public pages. */
  chassisNumber: string | null;
  modelCode: string | null;
  auctionGrade: string | null;
};

/** A part's fields as the owner writes them, apart from its reference. */
type PartFacts = {
  name: string;
  make: string;
  model: string;
  type: string;
  subType: string;
  price: number;
  description: string;
  partNumber: string | null;
  category: string | null;
  condition: string | null;
  quantity: number;
  stockStatus: StockStatus;
  /** The cars the part fits, in the owner's order (fitment.ts). */
  fitment: Fitment[];
} & PartCar;

/**
 * The car a part fits or came from: each null when it does not apply (a new
 * tyre has none). Its table names them as its fields do (schema.ts's PartTable).
 */
export type PartCar = {
  year: number | null;
  mileage: number | null;
  color: string | null;
  fuel: string | null;
};

export type PartInput = { refId?: string | null } & PartFacts;

/** A listing's name when the owner leaves it blank (DECISIONS "Inventory"). */
export function defaultVehicleName(v: Pick<VehicleInput, "year" | "make" | "model">): string {
  return `${v.year} ${v.make} ${v.model}`;
}

/** When a stored item was listed and last changed, and its photos in order. */
type Stored = { createdAt: string; updatedAt: string; images: ImageRef[] };

export type VehicleDetail = StockNames & VehicleFacts & Stored & ExportFacts;

export type PartDetail = StockNames & PartFacts & Stored;

/** "Pearl White" stays; "automatic" becomes "Automatic" for display. */
export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
