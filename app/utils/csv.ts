/*
 * CSV, written and read in one place: the quote, order and stock exports and
 * the stock feeds write it; the stock import reads it.
 */

/** The byte-order mark that tells Excel the file is UTF-8 (so it reads Sinhala, Hindi or Chinese names). */
export const CSV_BOM = "\uFEFF";

/**
 * Characters a spreadsheet reads as the start of a formula, and any guards
 * before them already (so text that starts with "'=" keeps its own "'"
 * when read back: the reader takes off exactly one).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([;,\t\r\n])(?='*[=+\-@\t\r])/g;

/**
 * One field as spreadsheets open it correctly and safely (OWASP "CSV
 * injection"): always quoted, quotes doubled.
 *
 * Text that starts with = + - @ tab or carriage return is prefixed with ' so a
 * spreadsheet shows it instead of running it as a formula. A spreadsheet set
 * to a locale that separates cells with ";" or tab may split a field where
 * such a separator stands inside it (a quote opens a field only at the start
 * of a cell as that reader sees it), so the same characters after ; , tab or
 * a line break inside text are prefixed too: `x;=1+1` becomes `x;'=1+1`. A value passed as
 * a `number` is left as it is: String() of a number is only digits, a sign,
 * a point or an exponent, so a negative amount such as -500 yen cannot carry
 * a formula and should stay a number the owner can add up. Anything that is
 * text (a buyer's message, a phone number "+94 …", "-500" typed into a form)
 * is treated as untrusted and prefixed.
 */
function csvCell(value: string | number | null, guard: CsvGuard): string {
  let text = value === null ? "" : String(value);
  if (typeof value === "string") {
    if (guard === "all") text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * How much text is guarded: "all" (files the owner opens in a spreadsheet),
 * or only the start of each cell ("start": the feeds, read by marketplaces,
 * where a "'" before each "- " of a description's list would reach buyers).
 */
export type CsvGuard = "all" | "start";

/** One line of CSV with its CRLF, for files written a line at a time (the feeds, the stock export). */
export function csvLine(values: readonly (string | number | null)[], guard: CsvGuard = "all"): string {
  return values.map((v) => csvCell(v, guard)).join(",") + "\r\n";
}

/** A whole CSV file: BOM, header, rows, CRLF line ends, every field quoted. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return CSV_BOM + [header, ...rows].map((row) => csvLine(row)).join("");
}

/**
 * A cell's text as it was before csvCell guarded it: the ' put before a
 * formula character (at the start, or after a separator inside the text) is
 * taken off again, so a file exported here and imported back reads the same.
 */
export function unguardCell(text: string): string {
  return text.replace(/^'(?='*[=+\-@\t\r])/, "").replace(/([;,\t\r\n])'(?='*[=+\-@\t\r])/g, "$1");
}

export type CsvSeparator = "," | ";" | "\t";

/**
 * The separator of a file, read from its first line outside quotes: the one
 * of comma, semicolon and tab that occurs most (Excel in a European locale
 * saves with ";").
 */
export function detectSeparator(text: string): CsvSeparator {
  const counts: Record<CsvSeparator, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (
      !quoted &&
      // Stryker disable next-line ConditionalExpression: any other character counts as NaN, which never comes first.
      (ch === "," || ch === ";" || ch === "\t")
    )
      counts[ch]++;
  }
  // The most frequent; on a tie (a line of one column has none) the first of them, the comma.
  return (Object.keys(counts) as CsvSeparator[]).sort((a, b) => counts[b] - counts[a])[0]!;
}

export type CsvRecord = { cells: string[]; line: number };

/** A parse that stopped: what went wrong and on which line of the file. */
export class CsvError extends Error {
  constructor(
    readonly code: "unclosedQuote" | "tooManyRows" | "cellTooLong",
    readonly line: number,
  ) {
    // Stryker disable next-line StringLiteral: for the log; the owner reads the code's own message.
    super(`CSV ${code} at line ${line}`);
    // Stryker disable next-line StringLiteral: as above.
    this.name = "CsvError";
  }
}

export type CsvLimits = { maxRecords: number; maxCellLength: number };

/**
 * Reads CSV text (RFC 4180, as Excel and Google Sheets write it): fields in
 * double quotes may hold separators, doubled quotes and line breaks; CRLF, LF
 * or CR end a record; a BOM at the start is skipped; blank lines are left out.
 * Each record keeps the line of the file it starts on, for messages about it.
 * Stops with CsvError past the limits, so a huge file is refused early.
 */
export function parseCsv(text: string, separator: CsvSeparator, limits: CsvLimits): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endCell = () => {
    if (cell.length > limits.maxCellLength) throw new CsvError("cellTooLong", recordLine);
    cells.push(cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    if (cells.some((c) => c.trim() !== "")) {
      if (records.length >= limits.maxRecords) throw new CsvError("tooManyRows", recordLine);
      records.push({ cells, line: recordLine });
    }
    cells = [];
  };
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === "") {
      // A quote opens a field only at its start (spaces before it, as some writers leave, are dropped).
      cell = "";
      quoted = true;
    } else if (ch === separator) endCell();
    else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else cell += ch;
  }
  if (quoted) throw new CsvError("unclosedQuote", recordLine);
  // The last record, with or without a line break after it (an empty one is left out).
  endRecord();
  return records;
}

/** A spreadsheet's name for a column: A … Z, AA, AB … */
export function columnLetter(index: number): string {
  let n = index + 1;
  let name = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}
