import { columnLetter, CsvError, detectSeparator, parseCsv, unguardCell } from "~/utils/csv";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import type { Problem } from "~/i18n/problem";
import { columnOf, headerKey, SHOP_KEPT_COLUMNS, type StockColumn } from "./stock-columns";
import { looksLikeZip } from "./zip-read.server";

/*
 * A stock file as the owner's spreadsheet saved it, read into rows of the
 * upload form's fields (issue 23): UTF-8 with or without a byte-order mark,
 * separated by commas, semicolons or tabs, SPEC's old column names accepted.
 * What cannot be read as a whole (a workbook, UTF-16, another encoding, too
 * many rows, a column missing or given twice) is refused with one message and
 * nothing else happens; a row's own mistakes are the preview's business.
 */

/** The largest stock file read: 10,000 rows of a full spreadsheet fit well within it. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Rows below the header line. */
export const MAX_FILE_ROWS = 10_000;
/** No field of a stock form is longer (the description is 5,000 characters). */
const MAX_CELL = 20_000;

export type FileRow = {
  /** The line of the file it starts on (the header is line 1), as a spreadsheet numbers its rows. */
  line: number;
  /** The upload form's fields the file gives, as typed. */
  values: Record<string, string>;
  /** More cells than the header has columns: a separator inside text that was not in quotes. */
  extraCells: boolean;
};

export type StockFile = {
  /** Each column of the file: the one it fills, or null for one the shop does not import. */
  columns: (StockColumn | null)[];
  /** Headers not imported: the shop's own (photos, dates) and ones it does not know. */
  ignored: string[];
  rows: FileRow[];
  separator: string;
};

export type FileRead = { ok: true; file: StockFile } | { ok: false; problem: Problem };

const refuse = (problem: Problem): FileRead => ({ ok: false, problem });

/** The text of a file, or why it is not a CSV saved as UTF-8. */
export function decodeStockFile(data: Buffer): { ok: true; text: string } | { ok: false; problem: Problem } {
  if (data.length === 0) return { ok: false, problem: staffText("import.empty") };
  if (data.length > MAX_FILE_BYTES)
    return { ok: false, problem: staffPattern("import.fileTooLarge", { max: MAX_FILE_BYTES / 1024 / 1024 }) };
  // An .xlsx is a ZIP; an old .xls starts with the compound-file mark.
  if (looksLikeZip(data) || data.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])))
    return { ok: false, problem: staffText("import.workbook") };
  if (data.subarray(0, 2).equals(Buffer.from([0xff, 0xfe])) || data.subarray(0, 2).equals(Buffer.from([0xfe, 0xff])))
    return { ok: false, problem: staffText("import.utf16") };
  if (data.includes(0)) return { ok: false, problem: staffText("import.notText") };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(data) };
  } catch {
    // Shift_JIS from a Japanese Excel, or Windows-1252: say on which line the first unreadable byte is.
    const loose = new TextDecoder("utf-8").decode(data);
    const line = loose.slice(0, loose.indexOf("\uFFFD")).split(/\r\n|\r|\n/).length;
    return { ok: false, problem: staffPattern("import.notUtf8", { line }) };
  }
}

/** Reads a stock file of one kind into rows; refuses what cannot be read as a whole. */
export function readStockFile(kind: StockKind, data: Buffer): FileRead {
  const decoded = decodeStockFile(data);
  if (!decoded.ok) return decoded;
  const separator = detectSeparator(decoded.text.replace(/^\uFEFF/, ""));
  let records;
  try {
    records = parseCsv(decoded.text, separator, { maxRecords: MAX_FILE_ROWS + 1, maxCellLength: MAX_CELL });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.code === "tooManyRows") return refuse(staffPattern("import.tooManyRows", { max: "10,000" }));
    if (error.code === "cellTooLong") return refuse(staffPattern("import.cellTooLong", { line: error.line }));
    return refuse(staffPattern("import.unclosedQuote", { line: error.line }));
  }
  const [header, ...body] = records;
  if (!header) return refuse(staffText("import.empty"));
  if (body.length === 0) return refuse(staffText("import.noRows"));

  const columns: (StockColumn | null)[] = [];
  const ignored: string[] = [];
  const seen = new Map<string, number>();
  for (const [i, raw] of header.cells.entries()) {
    const name = raw.trim();
    const column = columnOf(kind, name) ?? null;
    columns.push(column);
    if (!column) {
      if (name !== "") ignored.push(name);
      continue;
    }
    const earlier = seen.get(column.field);
    if (earlier !== undefined)
      return refuse(
        staffPattern("import.columnTwice", {
          first: `${columnLetter(earlier)} (${header.cells[earlier]!.trim()})`,
          second: `${columnLetter(i)} (${name})`,
        }),
      );
    seen.set(column.field, i);
  }
  // Rows are found by their ref id (a vehicle's also by its chassis number): without such a column no row
  // could be matched, and the same file twice would list everything twice. Other columns may be left out
  // (a list of ref ids and prices updates prices); a new listing's row then says what it lacks.
  const identity = kind === "vehicle" ? ["refId", "chassisNumber"] : ["refId"];
  if (!identity.some((field) => seen.has(field))) return refuse(staffText(`import.noIdentity.${kind}`));

  const rows: FileRow[] = body.map((record) => {
    const values: Record<string, string> = {};
    for (const [i, column] of columns.entries()) {
      if (column) values[column.field] = unguardCell(record.cells[i] ?? "");
    }
    const extraCells = record.cells.slice(columns.length).some((c) => c.trim() !== "");
    return { line: record.line, values, extraCells };
  });
  return { ok: true, file: { columns, ignored: ignored.filter(Boolean), rows, separator } };
}

/** The export's name of the column filling a field. */
export function columnName(kind: StockKind, field: string): string {
  return columnOf(kind, field)?.header ?? field;
}

/** Whether a header not imported is one the shop keeps itself (photos, dates), not a mistake. */
export function shopKept(header: string): boolean {
  const key = headerKey(header);
  return SHOP_KEPT_COLUMNS.some((c) => headerKey(c) === key);
}
