import type { FieldProblems } from "~/utils/forms";
import { parseForm } from "~/utils/forms";
import { monthText } from "~/domain/inventory/months";
import { type AuctionSheetFields, FLAG_KEYS, SHEET_FLAGS } from "~/domain/proof/auction-sheet";
import { auctionSheetSchema } from "~/domain/proof/auction-sheet.schema";
import type { CurrentSheet } from "~/domain/proof/auction-sheets.server";
import { staffText } from "~/domain/staff/staff-problems";
import type { Problem } from "~/i18n/problem";

/*
 * The auction sheet's translation in a stock file (issue 45.5): its columns
 * as the export writes them, and what an import row does with them. A row
 * whose sheet columns say something else than the vehicle's current
 * translation writes the next version, checked by the owner's form's own
 * schema (auction-sheet.schema.ts); the same words in another spelling
 * ("58,000" for 58000, flags in another order) are no change. The version
 * takes its grades from the row's grade columns, and the sheet's months,
 * which the file does not carry, from the current version. A translation
 * reads a sheet the shop holds: a vehicle without the sheet's file gets
 * none from a file (decision 25).
 */

/** The upload form's record fields of the sheet's columns (stock-columns.ts), and the schema's field each fills. */
export const SHEET_COLUMN_FIELDS = {
  sheetAuctionHouse: "auctionHouse",
  sheetLotNumber: "lotNumber",
  sheetAuctionDate: "auctionDate",
  sheetMileage: "mileageKm",
  sheetFlags: "flags",
  sheetMarks: "marks",
  sheetNotes: "notes",
} as const;
type SheetColumnField = keyof typeof SHEET_COLUMN_FIELDS;
const COLUMN_FIELDS = Object.keys(SHEET_COLUMN_FIELDS) as SheetColumnField[];

/** Where the schema's problems are shown: the cell of the column that gave the value. */
const FIELD_OF_PROBLEM: Record<string, string> = {
  ...Object.fromEntries(Object.entries(SHEET_COLUMN_FIELDS).map(([column, field]) => [field, column])),
  overallGrade: "auctionGrade",
  exteriorGrade: "exteriorGrade",
  interiorGrade: "interiorGrade",
};

/** A list in a cell: "repaired; flood", "A1 bonnet; U2 roof" (semicolons or line ends; flags also by commas). */
const items = (cell: string, separators: RegExp) =>
  cell
    .split(separators)
    .map((s) => s.trim())
    .filter(Boolean);

/** A translation as the file's cells write it; all empty without one. */
export function sheetRecord(fields: AuctionSheetFields | null): Record<SheetColumnField, string> {
  return {
    sheetAuctionHouse: fields?.auctionHouse ?? "",
    sheetLotNumber: fields?.lotNumber ?? "",
    sheetAuctionDate: fields?.auctionDate ?? "",
    sheetMileage: fields?.mileageKm === null || fields?.mileageKm === undefined ? "" : String(fields.mileageKm),
    sheetFlags: (fields?.flags ?? []).join("; "),
    sheetMarks: (fields?.marks ?? []).map((m) => `${m.code} ${m.place}`).join("; "),
    sheetNotes: fields?.notes ?? "",
  };
}

/** A flag as a cell may name it: its key in any case, or the term the sheet prints (修復歴). */
function flagKey(word: string): string {
  const lower = word.toLowerCase().replace(/[\s-]+/g, "_");
  return FLAG_KEYS.find((k) => k === lower || SHEET_FLAGS[k] === word) ?? word;
}

export type SheetPlan =
  | { kind: "none" }
  | { kind: "write"; fields: AuctionSheetFields; paperId: number; changes: string[] }
  | { kind: "error"; problems: [field: string | null, message: Problem][] };

/**
 * What a row does to the vehicle's translation: nothing (no sheet columns
 * filled, or the current translation's words again), a new version, or its
 * problems, each with the row's field whose cell is at fault.
 */
export function planSheet(
  record: Record<string, string>,
  current: CurrentSheet | undefined,
  today: string,
  headerOf: (field: string) => string,
): SheetPlan {
  const stored = sheetRecord(current?.fields ?? null);
  const cell = (field: SheetColumnField) => (record[field] ?? "").replace(/\r\n?/g, "\n").trim();
  // An overall grade in the file unlike the translation's is a change of the sheet too (the sheet grades the car;
  // its exterior and interior grades may be left empty while the listing keeps its own).
  const gradeMoved =
    current?.fields != null &&
    record.auctionGrade !== undefined &&
    record.auctionGrade.trim() !== current.fields.overallGrade;
  if (!gradeMoved && COLUMN_FIELDS.every((f) => cell(f) === stored[f])) return { kind: "none" };
  // Emptied in the file: a translation is never taken back by a file (it is a version, kept).
  if (COLUMN_FIELDS.every((f) => cell(f) === "")) return { kind: "none" };
  const marks = items(cell("sheetMarks"), /[;\n]/).map((m) => {
    const [code = "", ...place] = m.split(/\s+/);
    return { code, place: place.join(" ") };
  });
  const input = {
    auctionHouse: cell("sheetAuctionHouse"),
    lotNumber: cell("sheetLotNumber"),
    auctionDate: cell("sheetAuctionDate"),
    overallGrade: record.auctionGrade ?? "",
    exteriorGrade: record.exteriorGrade ?? "",
    interiorGrade: record.interiorGrade ?? "",
    mileageKm: cell("sheetMileage"),
    manufactured: current?.fields?.manufactured == null ? "" : monthText(current.fields.manufactured),
    registered: current?.fields?.registered == null ? "" : monthText(current.fields.registered),
    markCode: marks.map((m) => m.code),
    markPlace: marks.map((m) => m.place),
    flags: items(cell("sheetFlags"), /[;,\n]/).map(flagKey),
    notes: cell("sheetNotes"),
  };
  const parsed = parseForm(input, auctionSheetSchema(today));
  if (parsed.status === "error")
    return {
      kind: "error",
      problems: Object.entries(parsed.errors as FieldProblems).map(([field, message]) => [
        FIELD_OF_PROBLEM[field] ?? null,
        message,
      ]),
    };
  const written = sheetRecord(parsed.value);
  const changes = COLUMN_FIELDS.filter((f) => written[f] !== stored[f]).map(headerOf);
  // A moved grade is told among the row's changes by its own column.
  if (changes.length === 0 && !gradeMoved) return { kind: "none" };
  if (!current?.paperId) return { kind: "error", problems: [["sheetAuctionHouse", staffText("sheetFileRequired")]] };
  return { kind: "write", fields: parsed.value, paperId: current.paperId, changes };
}
