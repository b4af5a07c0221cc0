import {
  AUCTION_GRADES,
  DRIVES,
  FUELS,
  GRADES,
  KIND_CHOICES,
  PART_CONDITIONS,
  SEATS,
  STEERING,
  TRANSMISSIONS,
} from "~/domain/inventory/catalogue";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import { STOCK_STATUSES } from "~/domain/inventory/stock-status";
import { own } from "~/utils/own";

/*
 * The columns of a stock file (issue 23): the export writes them in this
 * order under these names, the import reads them back. Each names the upload
 * form's field it fills, so a row goes through the same checks as the form.
 * SPEC's old field names (`milage`, `e_capacity`, `desc`, `wheel`, `Make`…)
 * are read as the same columns. Browser-safe: the import page lists them.
 */

export type StockColumn = {
  /** The name the export writes. */
  header: string;
  /** The upload form's field it fills. */
  field: string;
  /** Other names read as this column (SPEC's, and what spreadsheets commonly call it). */
  aliases?: readonly string[];
  /** A value from a list: read whatever its case ("Automatic", "AUTOMATIC"), kept as the list spells it. */
  choices?: (row: Record<string, string>) => readonly string[];
};

const list = (values: readonly (string | number)[]) => () => values.map(String);

const vehicleModels = (row: Record<string, string>) => own(KIND_CHOICES.vehicle.models, row.make ?? "") ?? [];
const vehicleSubTypes = (row: Record<string, string>) => own(KIND_CHOICES.vehicle.subTypes, row.type ?? "") ?? [];
const partModels = (row: Record<string, string>) => own(KIND_CHOICES.part.models, row.make ?? "") ?? [];
const partSubTypes = (row: Record<string, string>) => own(KIND_CHOICES.part.subTypes, row.type ?? "") ?? [];

const STATUS: StockColumn = {
  header: "stock_status",
  field: "stockStatus",
  aliases: ["status"],
  choices: list(STOCK_STATUSES),
};
const DESCRIPTION: StockColumn = { header: "description", field: "description", aliases: ["desc"] };

export const VEHICLE_COLUMNS: readonly StockColumn[] = [
  { header: "ref_id", field: "refId", aliases: ["ref", "reference", "stock_no"] },
  { header: "name", field: "name" },
  { header: "make", field: "make", choices: list(Object.keys(KIND_CHOICES.vehicle.models)) },
  { header: "model", field: "model", choices: vehicleModels },
  { header: "year", field: "year", aliases: ["model_year"] },
  { header: "price", field: "price", aliases: ["price_jpy"] },
  { header: "type", field: "type", aliases: ["body_type"], choices: list(Object.keys(KIND_CHOICES.vehicle.subTypes)) },
  { header: "sub_type", field: "subType", choices: vehicleSubTypes },
  { header: "mileage", field: "mileage", aliases: ["milage", "mileage_km"] },
  { header: "engine_cc", field: "engineCc", aliases: ["e_capacity", "engine_capacity"] },
  { header: "color", field: "color", aliases: ["colour"] },
  { header: "fuel", field: "fuel", choices: list(FUELS) },
  { header: "transmission", field: "transmission", choices: list(TRANSMISSIONS) },
  { header: "drive", field: "drive", choices: list(DRIVES) },
  { header: "seats", field: "seats", choices: list(SEATS) },
  { header: "doors", field: "doors" },
  { header: "steering", field: "steering", aliases: ["wheel"], choices: list(STEERING) },
  {
    header: "exterior_grade",
    field: "exteriorGrade",
    aliases: ["exterior_cond", "exteriorcond"],
    choices: list(GRADES),
  },
  {
    header: "interior_grade",
    field: "interiorGrade",
    aliases: ["interior_cond", "interiorcond"],
    choices: list(GRADES),
  },
  { header: "manufactured", field: "manufactured", aliases: ["manufactured_month", "manufacture_month"] },
  { header: "registered", field: "registered", aliases: ["registered_month", "first_registration"] },
  { header: "chassis_number", field: "chassisNumber", aliases: ["chassis", "chassis_no", "frame_number"] },
  { header: "model_code", field: "modelCode" },
  { header: "auction_grade", field: "auctionGrade", choices: list(AUCTION_GRADES) },
  // The auction sheet's translation (issue 45.5, import-sheet.server.ts): its grades are the columns above.
  // Only these names: an agent's "Auction" or "Lot" column is no translation of the sheet the shop holds.
  { header: "sheet_auction_house", field: "sheetAuctionHouse" },
  { header: "sheet_lot_number", field: "sheetLotNumber" },
  { header: "sheet_auction_date", field: "sheetAuctionDate" },
  { header: "sheet_mileage", field: "sheetMileage" },
  { header: "sheet_flags", field: "sheetFlags" },
  { header: "sheet_marks", field: "sheetMarks" },
  { header: "sheet_notes", field: "sheetNotes" },
  DESCRIPTION,
  STATUS,
];

export const PART_COLUMNS: readonly StockColumn[] = [
  { header: "ref_id", field: "refId", aliases: ["ref", "reference", "stock_no"] },
  { header: "name", field: "name" },
  { header: "part_number", field: "partNumber", aliases: ["partnumber", "part_no", "oem_number"] },
  { header: "make", field: "make", choices: list(Object.keys(KIND_CHOICES.part.models)) },
  { header: "model", field: "model", choices: partModels },
  { header: "type", field: "type", choices: list(Object.keys(KIND_CHOICES.part.subTypes)) },
  { header: "sub_type", field: "subType", choices: partSubTypes },
  { header: "price", field: "price", aliases: ["price_jpy"] },
  { header: "quantity", field: "quantity", aliases: ["qty", "stock"] },
  { header: "condition", field: "condition", choices: list(PART_CONDITIONS) },
  { header: "year", field: "year" },
  { header: "mileage", field: "mileage", aliases: ["milage"] },
  { header: "color", field: "color", aliases: ["colour"] },
  { header: "fuel", field: "fuel", choices: list(FUELS) },
  { header: "fits", field: "fitment", aliases: ["fitment", "fits_cars"] },
  DESCRIPTION,
  STATUS,
];

export const STOCK_COLUMNS: Record<StockKind, readonly StockColumn[]> = {
  vehicle: VEHICLE_COLUMNS,
  part: PART_COLUMNS,
};

/**
 * Columns SPEC's old records carry that the shop makes itself or keeps
 * elsewhere: read as "not imported", never as a mistake. (Photos come in the
 * ZIP; the category of a part is its type; dates are the shop's own.)
 */
export const SHOP_KEPT_COLUMNS = [
  "images",
  "photos",
  "id",
  "created_at",
  "createdat",
  "timestamp",
  "updated_at",
  "category",
];

/** A header as compared: letters and digits only, lower case ("Ref ID", "ref_id" and "refId" meet). */
export function headerKey(header: string): string {
  return header
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** The column a header names, by its export name or any alias; undefined for none. */
export function columnOf(kind: StockKind, header: string): StockColumn | undefined {
  const key = headerKey(header);
  if (key === "") return undefined;
  return STOCK_COLUMNS[kind].find(
    (c) => headerKey(c.header) === key || (c.aliases ?? []).some((a) => headerKey(a) === key),
  );
}

/** A value of a list as the list spells it, whatever its case; the value as given when the list lacks it. */
export function choiceOf(value: string, choices: readonly string[]): string {
  const lower = value.trim().toLowerCase();
  return choices.find((c) => c.toLowerCase() === lower) ?? value;
}
