/*
 * The tables the owner loads for the landed-cost estimate (KRA's CRSP list
 * and depreciation, TRA's and URA's valuations, Sri Lanka's gazette excise
 * and luxury tax), read from CSV. Browser-safe. A file is refused as a whole
 * with typed problems naming the line and column, so a half-read table never
 * prices a car.
 */

import { FUELS } from "~/domain/inventory/catalogue";
import { parseAmount } from "~/domain/inventory/price";
import { columnLetter, CsvError, detectSeparator, parseCsv, unguardCell } from "~/utils/csv";
import {
  LUXURY_MAX_PERCENT,
  landedCountry,
  parseDecimal,
  type Fuel,
  type LandedCountry,
  type SriLankaExciseRow,
} from "./landed-cost";

/**
 * What a column holds: text; a whole number (months, cc); money in whole
 * local units, as the shop reads typed amounts (parseAmount); a per cent
 * ("35", "3.5 %") read as basis points; one of the stock's fuels; a whole
 * number that may be left blank (a band with no end); money that may be left
 * blank (a fee not known); a decimal kept as written (an exchange rate); or a
 * country the estimate knows.
 */
type ColumnType =
  "text" | "whole" | "money" | "percent" | "fuel" | "whole_or_blank" | "money_or_blank" | "decimal" | "country";
/** `maxPercent`: a per cent column's ceiling, 100 unless the law charges more (Sri Lanka's luxury tax on diesel is 120 %). */
type Column = {
  readonly name: string;
  readonly type: ColumnType;
  readonly key?: boolean;
  readonly maxPercent?: number;
};
type ValueOf<T extends ColumnType> = T extends "text" | "decimal"
  ? string
  : T extends "fuel"
    ? Fuel
    : T extends "country"
      ? LandedCountry
      : T extends "whole_or_blank" | "money_or_blank"
        ? number | null
        : number;
export type RowOf<S extends readonly Column[]> = { [C in S[number] as C["name"]]: ValueOf<C["type"]> };

// Key columns: two rows with the same key would give one car two prices.
export const TABLE_COLUMNS = {
  kenya_crsp: [
    { name: "make", type: "text", key: true },
    { name: "model", type: "text", key: true },
    { name: "engine_cc", type: "whole", key: true },
    { name: "fuel", type: "fuel", key: true },
    { name: "value_kes", type: "money" },
  ],
  kenya_depreciation: [
    { name: "from_months", type: "whole", key: true },
    { name: "to_months", type: "whole_or_blank" },
    { name: "rate_percent", type: "percent" },
  ],
  tanzania_valuation: [
    { name: "make", type: "text", key: true },
    { name: "model", type: "text", key: true },
    { name: "year", type: "whole", key: true },
    { name: "engine_cc", type: "whole", key: true },
    { name: "value_tzs", type: "money" },
  ],
  uganda_guide: [
    { name: "make", type: "text", key: true },
    { name: "model", type: "text", key: true },
    { name: "year", type: "whole", key: true },
    { name: "engine_cc", type: "whole", key: true },
    { name: "value_ugx", type: "money" },
  ],
  sri_lanka_excise: [
    { name: "fuel", type: "fuel", key: true },
    { name: "from_months", type: "whole", key: true },
    { name: "to_months", type: "whole_or_blank" },
    { name: "from_capacity", type: "whole", key: true },
    { name: "to_capacity", type: "whole_or_blank" },
    { name: "rate_per_unit", type: "money" },
    { name: "minimum", type: "money" },
  ],
  sri_lanka_luxury: [
    { name: "fuel", type: "fuel", key: true },
    { name: "threshold_lkr", type: "money" },
    { name: "rate_percent", type: "percent", maxPercent: LUXURY_MAX_PERCENT },
  ],
  // Local currency for one yen, as the customs office converts invoices ("0.8412").
  customs_rates: [
    { name: "country", type: "country", key: true },
    { name: "local_per_yen", type: "decimal" },
  ],
  // The owner's fees at the destination in whole local units; blank: not known.
  landed_fees: [
    { name: "country", type: "country", key: true },
    { name: "port_charges", type: "money_or_blank" },
    { name: "clearing", type: "money_or_blank" },
    { name: "registration", type: "money_or_blank" },
  ],
} as const satisfies Record<string, readonly Column[]>;

export type LoadableTable = keyof typeof TABLE_COLUMNS;

export const LOADABLE_TABLES = Object.keys(TABLE_COLUMNS) as LoadableTable[];
export const isLoadableTable = (name: string): name is LoadableTable => (LOADABLE_TABLES as string[]).includes(name);

/** The countries whose estimates read a table. */
export function landedCountriesOf(table: LoadableTable): LandedCountry[] {
  if (table.startsWith("kenya_")) return ["Kenya"];
  if (table.startsWith("tanzania_")) return ["Tanzania"];
  if (table.startsWith("uganda_")) return ["Uganda"];
  if (table.startsWith("sri_lanka_")) return ["Sri Lanka"];
  return ["Kenya", "Tanzania", "Uganda", "Sri Lanka"];
}
export type TableRow<T extends LoadableTable> = RowOf<(typeof TABLE_COLUMNS)[T]>;

/** Where a cell is: the file's line, the column's header and its spreadsheet letter. */
export type CellPlace = { line: number; column: string; letter: string };

export type CellProblem = "empty_cell" | "not_a_number" | "not_a_fuel" | "not_a_country" | "rate_over_100";

export type TableProblem =
  | { kind: "empty_file" }
  /** Not UTF-8; `guess` says when the bytes read as Shift_JIS (a Japanese Excel's "CSV"). */
  | { kind: "not_utf8"; line: number; guess: "shift_jis" | null }
  | { kind: "unreadable_csv"; code: CsvError["code"]; line: number }
  | { kind: "missing_column"; column: string }
  | ({ kind: CellProblem } & CellPlace)
  | { kind: "duplicate_key"; line: number; firstLine: number; columns: string[] }
  /** A band that ends before it starts (months, or cc and kW). */
  | { kind: "band_backwards"; line: number }
  /** Two bands that cover the same car: which one applies could not be told. */
  | { kind: "band_overlap"; line: number; otherLine: number };

/** An upload's problems: its fields' and its file's. */
export type UploadProblem =
  | TableProblem
  | { kind: "unknown_table" }
  | { kind: "no_source" }
  | { kind: "source_too_long" }
  | { kind: "bad_source_date"; reason: "not_a_date" | "in_future" };

export type TablePreview = {
  id: number;
  name: LoadableTable;
  source: string;
  sourceDate: string;
  fileName: string;
  rowCount: number;
  /** The first rows, as read. */
  rows: Record<string, string | number | null>[];
  /** Against the version in use: rows new, gone and with another value (by the table's key). */
  changes: { added: number; removed: number; changed: number; current: number | null };
  confirmed: boolean;
  /** A demo sample, not the authority's figures. */
  sample: boolean;
};

export type TableVersion = {
  id: number;
  name: LoadableTable;
  version: number;
  source: string;
  sourceDate: string;
  fileName: string;
  rowCount: number;
  sample: boolean;
  by: string;
  confirmedAt: string;
};

export type TableRead<T extends LoadableTable> =
  { ok: true; rows: TableRow<T>[] } | { ok: false; problems: TableProblem[] };

const LIMITS = { maxRecords: 50_001, maxCellLength: 500 };
// Enough for the owner to fix a file in one go without a page of the same mistake.
const MAX_PROBLEMS = 20;

/** The text of a file: bytes must be UTF-8; text already decoded must carry no U+FFFD from a failed decode. */
function decode(input: Uint8Array | string): { ok: true; text: string } | { ok: false; problem: TableProblem } {
  if (typeof input !== "string") {
    try {
      return decode(new TextDecoder("utf-8", { fatal: true }).decode(input));
    } catch {
      return {
        ok: false,
        problem: {
          kind: "not_utf8",
          line: lineOfReplacement(new TextDecoder().decode(input)),
          guess: shiftJisGuess(input),
        },
      };
    }
  }
  if (input.includes("\uFFFD"))
    return { ok: false, problem: { kind: "not_utf8", line: lineOfReplacement(input), guess: null } };
  return { ok: true, text: input };
}

const lineOfReplacement = (text: string) => text.slice(0, text.indexOf("\uFFFD")).split(/\r\n|\r|\n/).length;

function shiftJisGuess(bytes: Uint8Array): "shift_jis" | null {
  try {
    new TextDecoder("shift_jis", { fatal: true }).decode(bytes);
    return "shift_jis";
  } catch {
    // Not Shift_JIS either, or a runtime without it: say only that it is not UTF-8.
    return null;
  }
}

type Value = string | number | null;

function readCell({ type, maxPercent = 100 }: Column, raw: string): { value: Value } | { problem: CellProblem } {
  const text = raw.trim();
  if (text === "")
    return type === "whole_or_blank" || type === "money_or_blank" ? { value: null } : { problem: "empty_cell" };
  switch (type) {
    case "text":
      return { value: text };
    case "fuel": {
      const fuel = FUELS.find((f) => f === text.toLowerCase());
      return fuel ? { value: fuel } : { problem: "not_a_fuel" };
    }
    case "country": {
      const country = landedCountry(text);
      return country ? { value: country } : { problem: "not_a_country" };
    }
    case "decimal": {
      // A rate of zero would price every car at nothing.
      const rate = parseDecimal(text);
      return rate && rate.num > 0 ? { value: text } : { problem: "not_a_number" };
    }
    case "money":
    case "money_or_blank": {
      // Whole units only: the shop's amount reader would drop cents ("18,000.75" → 18000) without a word.
      if (/[.,]\d{1,2}$/.test(text)) return { problem: "not_a_number" };
      const amount = parseAmount(text);
      return amount === null ? { problem: "not_a_number" } : { value: amount };
    }
    case "percent": {
      const rate = parseDecimal(text.replace(/\s*%$/, ""));
      // Basis points must be whole: "12.345" % is not a rate any table publishes.
      if (!rate || (rate.num * 100) % rate.den !== 0) return { problem: "not_a_number" };
      const bp = (rate.num * 100) / rate.den;
      return bp > maxPercent * 100 ? { problem: "rate_over_100" } : { value: bp };
    }
    case "whole":
    case "whole_or_blank":
      return /^\d{1,9}$/.test(text) ? { value: Number(text) } : { problem: "not_a_number" };
  }
}

/** Reads one of the owner's tables from a CSV file (bytes or text); every row, or every problem found. */
export function readLandedTable<T extends LoadableTable>(table: T, input: Uint8Array | string): TableRead<T> {
  const columns: readonly Column[] = TABLE_COLUMNS[table];
  const refuse = (...problems: TableProblem[]): TableRead<T> => ({ ok: false, problems });
  const decoded = decode(input);
  if (!decoded.ok) return refuse(decoded.problem);

  let records;
  try {
    records = parseCsv(decoded.text, detectSeparator(decoded.text), LIMITS);
  } catch (e) {
    // Stryker disable next-line ConditionalExpression: the CSV reader throws nothing but CsvError; the check only keeps a bug from passing as a bad file.
    if (e instanceof CsvError) return refuse({ kind: "unreadable_csv", code: e.code, line: e.line });
    throw e;
  }
  const [header, ...body] = records;
  if (!header || body.length === 0) return refuse({ kind: "empty_file" });

  const names = header.cells.map((c) => unguardCell(c).trim().toLowerCase());
  const missing = columns.filter((c) => !names.includes(c.name));
  if (missing.length > 0) return refuse(...missing.map((c) => ({ kind: "missing_column" as const, column: c.name })));

  const problems: TableProblem[] = [];
  const rows: Record<string, Value>[] = [];
  const lines: number[] = [];
  const firstLineOfKey = new Map<string, number>();
  const keyColumns = columns.filter((c) => c.key).map((c) => c.name);
  for (const record of body) {
    const row: Record<string, Value> = {};
    let rowOk = true;
    for (const column of columns) {
      const index = names.indexOf(column.name);
      const cell = readCell(column, unguardCell(record.cells[index] ?? ""));
      if ("problem" in cell) {
        rowOk = false;
        problems.push({ kind: cell.problem, line: record.line, column: column.name, letter: columnLetter(index) });
      } else row[column.name] = cell.value;
    }
    if (rowOk) {
      const key = JSON.stringify(keyColumns.map((k) => (typeof row[k] === "string" ? row[k].toLowerCase() : row[k])));
      const first = firstLineOfKey.get(key);
      if (first !== undefined)
        problems.push({ kind: "duplicate_key", line: record.line, firstLine: first, columns: keyColumns });
      else firstLineOfKey.set(key, record.line);
      rows.push(row);
      lines.push(record.line);
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: reading on past the 20th problem reports the same first 20, only slower.
    if (problems.length >= MAX_PROBLEMS) break;
  }
  if (problems.length === 0) problems.push(...bandProblems(table, rows, lines));
  if (problems.length > 0) return refuse(...problems.slice(0, MAX_PROBLEMS));
  // Every row has each column of the table, read to the column's type above.
  return { ok: true, rows: rows as TableRow<T>[] };
}

/** A range with a start and an end (null: no end). */
type Span = { from: number; to: number | null };
const overlap = (a: Span, b: Span, endIncluded: boolean) =>
  endIncluded
    ? a.from <= (b.to ?? Infinity) && b.from <= (a.to ?? Infinity)
    : a.from < (b.to ?? Infinity) && b.from < (a.to ?? Infinity);

/**
 * The bands of KRA's depreciation and of Sri Lanka's excise: each must end
 * after it starts, and no two may cover one car (the same age, and for the
 * excise the same fuel and engine), or the estimate would pick one at random.
 * Months run to the band's end, left out; cc and kW to it, included.
 */
function bandProblems(table: LoadableTable, rows: Record<string, Value>[], lines: number[]): TableProblem[] {
  // Stryker disable next-line ConditionalExpression: the other tables have no bands, so none of theirs is ever refused here.
  if (table !== "kenya_depreciation" && table !== "sri_lanka_excise") return [];
  const num = (v: Value | undefined) => v as number | null;
  const bands = rows.map((r, i) => ({
    line: lines[i]!,
    fuel: r.fuel ?? null,
    months: { from: num(r.from_months)!, to: num(r.to_months) },
    capacity: table === "sri_lanka_excise" ? { from: num(r.from_capacity)!, to: num(r.to_capacity) } : null,
  }));
  const problems: TableProblem[] = [];
  for (const [i, band] of bands.entries()) {
    const { months, capacity } = band;
    if (
      (months.to !== null && months.to <= months.from) ||
      (capacity && capacity.to !== null && capacity.to < capacity.from)
    ) {
      problems.push({ kind: "band_backwards", line: band.line });
      continue;
    }
    const other = bands
      .slice(0, i)
      .find(
        (b) =>
          b.fuel === band.fuel &&
          overlap(b.months, months, false) &&
          (b.capacity === null || overlap(b.capacity, capacity!, true)),
      );
    if (other) problems.push({ kind: "band_overlap", line: band.line, otherLine: other.line });
  }
  return problems;
}

/** KRA's depreciation rows as the engine's bands. */
export function depreciationBands(rows: TableRow<"kenya_depreciation">[]) {
  return rows.map((r) => ({ fromMonths: r.from_months, toMonths: r.to_months, rateBp: r.rate_percent }));
}

/** The gazette's excise rows as the engine's, one fuel per row. */
export function sriLankaExciseRows(rows: TableRow<"sri_lanka_excise">[]): SriLankaExciseRow[] {
  return rows.map((r) => ({
    fuels: [r.fuel],
    fromMonths: r.from_months,
    toMonths: r.to_months,
    fromCapacity: r.from_capacity,
    toCapacity: r.to_capacity,
    ratePerUnit: r.rate_per_unit,
    minimum: r.minimum,
  }));
}

/** The luxury-tax rows as the engine's. */
export function sriLankaLuxuryRows(rows: TableRow<"sri_lanka_luxury">[]) {
  return rows.map((r) => ({ fuels: [r.fuel], thresholdLkr: r.threshold_lkr, rateBp: r.rate_percent }));
}
