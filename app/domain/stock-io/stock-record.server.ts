import type { Selectable } from "kysely";
import type { PartTable, VehicleTable } from "~/db/schema";
import { monthText } from "~/domain/inventory/months";
import { defaultVehicleName } from "~/domain/inventory/inventory";
import { type Fitment, fitmentsText } from "~/domain/inventory/fitment";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import type { AuctionSheetFields } from "~/domain/proof/auction-sheet";
import { STOCK_COLUMNS } from "./stock-columns";
import { sheetRecord } from "./import-sheet.server";

/*
 * A stored vehicle or part as the upload form's fields, written as the owner
 * would type them: what the export writes in its cells, and what an import
 * row starts from before the file's cells are laid over it (a file without a
 * column leaves that field as it is).
 */

const text = (v: string | number | null | undefined): string => (v === null || v === undefined ? "" : String(v));
const month = (v: number | null) => (v === null ? "" : monthText(v));

export type VehicleRow = Selectable<VehicleTable>;
export type PartRow = Selectable<PartTable>;

/** A vehicle and its current auction sheet's translation (null: none), as the file's cells. */
export function vehicleRecord(row: VehicleRow, sheet: AuctionSheetFields | null): Record<string, string> {
  return {
    refId: row.ref_id,
    // A name the shop made ("2019 Toyota Corolla") is left blank, so it follows a year or model edited in the file.
    name: row.name === defaultVehicleName(row) ? "" : row.name,
    make: row.make,
    model: row.model,
    year: text(row.year),
    price: text(row.price),
    type: text(row.type),
    subType: text(row.sub_type),
    mileage: text(row.mileage),
    engineCc: text(row.engine_cc),
    color: text(row.color),
    fuel: text(row.fuel),
    transmission: text(row.transmission),
    drive: text(row.drive),
    seats: text(row.seats),
    doors: text(row.doors),
    steering: text(row.steering),
    exteriorGrade: text(row.exterior_grade),
    interiorGrade: text(row.interior_grade),
    manufactured: month(row.manufactured_month),
    registered: month(row.registered_month),
    chassisNumber: text(row.chassis_number),
    modelCode: text(row.model_code),
    auctionGrade: text(row.auction_grade),
    ...sheetRecord(sheet),
    description: row.description,
    stockStatus: row.stock_status,
  };
}

export function partRecord(row: PartRow, fits: readonly Fitment[]): Record<string, string> {
  return {
    refId: row.ref_id,
    name: row.name,
    partNumber: text(row.part_number),
    make: row.make,
    model: row.model,
    type: row.type,
    subType: row.sub_type,
    price: text(row.price),
    quantity: text(row.quantity),
    condition: text(row.condition),
    year: text(row.year),
    mileage: text(row.mileage),
    color: text(row.color),
    fuel: text(row.fuel),
    fitment: fitmentsText(fits, "; "),
    description: row.description,
    stockStatus: row.stock_status,
  };
}

/** A record's cells in the export's column order. */
export function recordCells(kind: StockKind, record: Record<string, string>): string[] {
  return STOCK_COLUMNS[kind].map((c) => record[c.field] ?? "");
}

/** The export's header line. */
export const headerCells = (kind: StockKind): string[] => STOCK_COLUMNS[kind].map((c) => c.header);
