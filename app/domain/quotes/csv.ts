/**
 * CSV that spreadsheets open correctly: UTF-8 with a byte-order mark (so
 * Excel reads Sinhala, Hindi or Chinese names), CRLF line ends, and every
 * field that holds a comma, quote or line break quoted with quotes doubled.
 * A field starting with = + - @ is prefixed with ' so a spreadsheet does not
 * run it as a formula.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? "" : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return "\uFEFF" + [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
