/**
 * CSV that spreadsheets open correctly and safely (OWASP "CSV injection"):
 * UTF-8 with a byte-order mark (so Excel reads Sinhala, Hindi or Chinese
 * names), CRLF line ends, and every field quoted with quotes doubled.
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
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? "" : String(value);
    if (typeof value === "string") {
      text = text.replace(/([;,\t\r\n])(?=[=+\-@\t\r])/g, "$1'");
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    }
    return `"${text.replace(/"/g, '""')}"`;
  };
  return "\uFEFF" + [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
