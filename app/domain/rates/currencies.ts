/** Currencies a buyer can see prices in, and how they are shown. Browser-safe. */

import { own } from "~/utils/own";

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

/**
 * The rate a page needs: units of `code` for one yen, and where it came from:
 * the rate provider, the owner (entered in the panel), or the copy the shop
 * ships with.
 */
export type DisplayRate = { code: Currency; rate: number; asOf: string; source: "provider" | "owner" | "snapshot" };

/** A yen amount in another currency: whole units, no decimals (SPEC 9). */
export function convertYen(yen: number, rate: number): number {
  return Math.round(yen * rate);
}

/*
 * A first visit's currency, before the buyer has chosen one: their country's
 * (from the account, else from the port they ship to), else their language's.
 * Currencies are ISO 4217's for each country.
 */
const COUNTRY_CURRENCY: Record<string, Currency> = {
  "sri lanka": "LKR",
  nepal: "NPR",
  india: "INR",
  vietnam: "VND",
  "viet nam": "VND",
  china: "CNY",
  kenya: "KES",
  tanzania: "TZS",
  uganda: "UGX",
  "south africa": "ZAR",
  pakistan: "PKR",
  bangladesh: "BDT",
  "united arab emirates": "AED",
  uae: "AED",
  thailand: "THB",
  philippines: "PHP",
  malaysia: "MYR",
  "united kingdom": "GBP",
  uk: "GBP",
  australia: "AUD",
  "new zealand": "NZD",
  "united states": "USD",
  usa: "USD",
  japan: "JPY",
  ireland: "EUR",
  cyprus: "EUR",
  malta: "EUR",
};

const LANGUAGE_CURRENCY: Record<string, Currency> = {
  si: "LKR",
  ne: "NPR",
  hi: "INR",
  vi: "VND",
  "zh-CN": "CNY",
  ja: "JPY",
};

export function currencyOfCountry(country: string | null | undefined): Currency | null {
  // Own entries only: a country typed as "__proto__" or "constructor" has no currency.
  return own(COUNTRY_CURRENCY, (country ?? "").trim().toLowerCase()) ?? null;
}

/** The currency to show when the buyer has not chosen one; yen when nothing tells. */
export function firstVisitCurrency(hints: {
  accountCountry?: string | null;
  portCountry?: string | null;
  language: string;
}): Currency {
  return (
    currencyOfCountry(hints.accountCountry) ??
    currencyOfCountry(hints.portCountry) ??
    own(LANGUAGE_CURRENCY, hints.language) ??
    "JPY"
  );
}
