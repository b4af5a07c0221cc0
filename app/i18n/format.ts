import { intlLocale, type LanguageCode } from "./languages";

/*
 * Numbers, prices and dates in the reader's language through Intl. Formatters
 * are kept per locale and options: making one is far slower than using it.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(language: LanguageCode, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n:${language}:${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(language: LanguageCode, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d:${language}:${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    // English dates are written day first ("21 Nov 2026"), as most of our buyers write them.
    format = new Intl.DateTimeFormat(language === "en" ? "en-GB" : intlLocale(language), options);
    cache.set(key, format);
  }
  return format;
}

/** 1250000 → "1,250,000" (en), "12,50,000" (hi) */
export function formatNumber(value: number, language: LanguageCode): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** A rate of at most two decimals: 1.5 → "1.5" (en), "1,5" (vi). */
export function formatDecimal(value: number, language: LanguageCode): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** Whole yen: "¥1,250,000" (en), "￥1,250,000" (ja), "JP¥1,250,000" (zh-CN). */
export function formatYenIn(value: number, language: LanguageCode): string {
  return numberFormat(language, { style: "currency", currency: "JPY", maximumFractionDigits: 0 }).format(value);
}

/** An amount in another currency, whole units (SPEC 9). */
export function formatMoneyIn(amount: number, currency: string, language: LanguageCode): string {
  return numberFormat(language, {
    style: "currency",
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}

/** A date (and time when asked) in the reader's language; Tokyo time unless another zone is given. */
export function formatDate(
  value: Date | string,
  language: LanguageCode,
  options: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" },
): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return dateFormat(language, { timeZone: "Asia/Tokyo", ...options }).format(date);
}
