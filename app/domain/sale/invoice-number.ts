/** An invoice number: the year and its running number, "2026-00042". */
export function invoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(5, "0")}`;
}
