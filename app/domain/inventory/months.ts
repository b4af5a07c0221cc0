/*
 * Months as the stock records them (manufacture, first registration) and as
 * import rules count them: whole numbers, year × 12 + month − 1 (March 2019
 * is 2019 × 12 + 2), so ages are sums. Browser-safe.
 */

/** A month as a whole number: year × 12 + month − 1. */
export type MonthNumber = number;

export const monthNumber = (year: number, month: number): MonthNumber => year * 12 + (month - 1);
export const yearOf = (m: MonthNumber): number => Math.floor(m / 12);
export const monthOf = (m: MonthNumber): number => (m % 12) + 1;

/** "2019-03" for March 2019: how a month is written in forms, files and URLs. */
export function monthText(m: MonthNumber): string {
  return `${yearOf(m)}-${String(monthOf(m)).padStart(2, "0")}`;
}

/** The earliest month the stock may record (the upload form's first year is later still). */
export const FIRST_MONTH_YEAR = 1900;

/** English month names: the owner's sheets and forms write "May 2019" or "Sep 2019" as often as "2019-05". */
const MONTH_NAMES = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** A month's number from its English name, its first three letters or "Sept" (a dot after it allowed); null otherwise. */
function monthByName(word: string): number | null {
  const name = word.toLowerCase().replace(/\.$/, "");
  const index = MONTH_NAMES.findIndex((full) => name === full || name === full.slice(0, 3));
  if (index >= 0) return index + 1;
  return name === "sept" ? 9 : null;
}

/**
 * A month as typed: "2019-03", "2019/3", "03/2019", "3.2019", "May 2019",
 * "Sep. 2019", "2019 May", "2019年5月" (Japanese and Chinese), "tháng 5/2019"
 * (Vietnamese), or a day in it written year first ("2019-03-01": a
 * spreadsheet turns a typed month into its first day). Null for anything
 * else, a month outside 1 to 12, or a year before 1900.
 */
export function parseMonth(value: string): MonthNumber | null {
  const text = value.trim();
  let year: number;
  let month: number | null;
  let m = /^(\d{4})\s*[-/.]\s*(\d{1,2})$/.exec(text);
  if (m) [year, month] = [Number(m[1]), Number(m[2])];
  else if (
    (m = /^(\d{4})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{1,2})$/.exec(text)) &&
    Number(m[4]) >= 1 &&
    Number(m[4]) <= 31
  )
    [year, month] = [Number(m[1]), Number(m[3])];
  else if ((m = /^(\d{1,2})\s*[-/.]\s*(\d{4})$/.exec(text))) [month, year] = [Number(m[1]), Number(m[2])];
  else if ((m = /^([a-z]+\.?)[\s,/-]*(\d{4})$/i.exec(text))) [month, year] = [monthByName(m[1]!), Number(m[2])];
  else if ((m = /^(\d{4})[\s,/-]*([a-z]+\.?)$/i.exec(text))) [year, month] = [Number(m[1]), monthByName(m[2]!)];
  else if ((m = /^(\d{4})\s*年\s*(\d{1,2})\s*月$/.exec(text))) [year, month] = [Number(m[1]), Number(m[2])];
  else if ((m = /^tháng\s*(\d{1,2})\s*(?:năm|[-/.])?\s*(\d{4})$/i.exec(text.normalize("NFC"))))
    [month, year] = [Number(m[1]), Number(m[2])];
  else return null;
  // Stryker disable next-line ConditionalExpression: a month's name not known is null, and null < 1 as well.
  if (month === null) return null;
  // The year has four digits: never past 9999.
  if (month < 1 || month > 12 || year < FIRST_MONTH_YEAR) return null;
  return monthNumber(year, month);
}

/** The month a date falls in, in Japan (the shop's clock). */
export function monthOfDate(date: Date): MonthNumber {
  // Tokyo is UTC+9 all year: no summer time.
  const tokyo = new Date(date.getTime() + 9 * 3600_000);
  return monthNumber(tokyo.getUTCFullYear(), tokyo.getUTCMonth() + 1);
}
