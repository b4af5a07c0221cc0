import { CURRENCIES } from "~/domain/rates/currencies";
import { formatYenIn } from "~/i18n/format";

/** Money is whole yen. These helpers parse what people type and show it back. */

/*
 * One rule for an amount a person or an import types, for every form, filter
 * and import (SPEC 9: money is whole yen):
 * - digits, with "," "." space or "'" between groups of three ("1,250,000",
 *   "1 250 000", "1.250.000"), or in lakhs as India writes them ("12,50,000");
 * - a currency sign or code before or after: for yen "¥", "JPY", "yen" or "円";
 *   for another currency any sign or code ("US$", "Rs", "KSh");
 * - no minus sign, no other letters: "-500" and "5 lakh" are not amounts.
 * Yen are whole: "1,500.50" is not yen. An amount in another currency may
 * carry cents, which are dropped (the shop's filters count whole units).
 */
// The number itself, a literal so that mutation testing changes it (a pattern built from a string is never mutated).
const NUMBER = /(\d{1,3}(?:[,. '\u00a0\u202f]\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d+)(?:[.,](\d{1,2}))?/;
const amountPattern = (mark: string) =>
  new RegExp(`^\\s*(?:${mark}\\s*)?${NUMBER.source}(?:\\s*${mark})?(?:\\s*[/.]-)?\\s*$`, "iu");
const YEN = amountPattern("(?:¥|￥|JPY|yen|円)");
// Any currency sign, or a currency's code or local short name ("Rs.", "KSh", "US $"); not any word ("5 lakh", "500k").
const CODES = [...CURRENCIES, "US", "Rs", "Rp", "RM", "Tk", "KSh", "TSh", "USh", "yen"].join("|");
const ANY = amountPattern(`(?:\\p{Sc}|(?:${CODES})\\.?(?:\\s*\\$)?|円)`);

function readAmount(input: string | number | null | undefined, pattern: RegExp, refuseCents: boolean): number | null {
  if (typeof input === "number") return Number.isSafeInteger(input) && input >= 0 ? input : null;
  // Stryker disable next-line StringLiteral: no amount is read from nothing, whatever text stands for it.
  const match = pattern.exec(input ?? "");
  if (!match || (match[2] !== undefined && refuseCents)) return null;
  const value = Number(match[1]!.replace(/\D/g, ""));
  return Number.isSafeInteger(value) ? value : null;
}

/** Whole yen as typed ("¥1,250,000", "1 250 000 JPY"); null when it is not that. */
export function parseYen(input: string | number | null | undefined): number | null {
  return readAmount(input, YEN, true);
}

/** A whole amount of any currency as typed ("US$ 5,000.50" is 5000); null when it is not an amount. */
export function parseAmount(input: string | number | null | undefined): number | null {
  return readAmount(input, ANY, false);
}

/** "¥1,250,000": yen as English writes them, for files, mails to the shop and staff pages. */
export function formatYen(value: number): string {
  return formatYenIn(value, "en");
}
