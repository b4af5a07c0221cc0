/** Currencies a buyer can see prices in, and how they are shown. Browser-safe. */

export const CURRENCIES = [
  "JPY",
  "USD",
  "EUR",
  "GBP",
  "AUD",
  "NZD",
  "LKR",
  "NPR",
  "INR",
  "VND",
  "CNY",
  "KES",
  "TZS",
  "UGX",
  "ZAR",
  "PKR",
  "BDT",
  "AED",
  "THB",
  "PHP",
  "MYR",
] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(code: unknown): code is Currency {
  return CURRENCIES.includes(code as Currency);
}

export const CURRENCY_COOKIE = "currency";

/** The rate a page needs: units of `code` for one yen, and where it came from. */
export type DisplayRate = { code: Currency; rate: number; asOf: string; source: "provider" | "snapshot" };

/** A yen amount in another currency: whole units, no decimals (SPEC 9). */
export function convertYen(yen: number, rate: number): number {
  return Math.round(yen * rate);
}

export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(amount);
}
