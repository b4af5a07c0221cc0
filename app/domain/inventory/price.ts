/** Money is whole yen. These helpers parse what people type and show it back. */

/**
 * Reads a price typed by a person or an import ("¥1,250,000", "1 250 000 JPY")
 * as whole yen by stripping every non-digit (SPEC 9). Null when no digit is left.
 */
export function parseYen(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === "number") {
    return Number.isSafeInteger(input) && input >= 0 ? input : null;
  }
  const digits = input.replace(/\D/g, "");
  if (digits === "") return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}

const yen = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "JPY",
  maximumFractionDigits: 0,
});

/** "¥1,250,000" */
export function formatYen(value: number): string {
  return yen.format(value);
}
