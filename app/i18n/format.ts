import { intlLocale, type LanguageCode } from "./languages";
import { own } from "~/utils/own";

/*
 * Numbers, prices and dates in the reader's language. What every buyer's page
 * shows (whole numbers, money, the shop's clock, a month or a day) is written
 * here without Intl, each tested against Intl; the rest goes through Intl,
 * whose formatters are kept per locale and options: making one is far slower
 * than using it.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The shop's time zone: every date and time the shop shows, to buyers and staff, is Tokyo's. */
export const SHOP_TIME_ZONE = "Asia/Tokyo";

/*
 * Tokyo's clock is UTC+9 all year: Japan has kept no summer time since 1951
 * (IANA time zone database, "Asia/Tokyo"). The shop's day, year and clock
 * time are worked out from that, without Intl: a browser's first date
 * formatter loads its date data, which costs a phone tens of milliseconds
 * of a page's start (120 to 200 ms on a desktop CPU slowed 4 times), and every
 * page shows this year in its footer and the time in its header. Tested
 * against Intl's own time zone data.
 */
const SHOP_UTC_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The shop's wall clock at `date`: a Date whose UTC fields are Tokyo's. An invalid date throws, as Intl does. */
function shopWallClock(date: Date): Date {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  return new Date(time + SHOP_UTC_OFFSET_MS);
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/*
 * Languages a browser may have no locale data for. The server knows every
 * language, but a browser carries only some: Chromium has nothing for Sinhala
 * or Nepali and quietly writes American English instead, so the page it redraws
 * would differ from the page the server sent, and React would throw that page
 * away. For these languages numbers use a locale every browser has, with the
 * same digits and grouping, and dates take their month and weekday names from
 * here (CLDR 48, as ICU gives them, but Sinhala's months: below) on a
 * day-month-year frame every browser has.
 */
type Names = { months: string[]; weekdays: string[]; weekdaysShort: string[] };
const STAND_INS: Partial<Record<LanguageCode, { numbers: string; names: Names }>> = {
  si: {
    // Plural forms too: Sinhala's rules make 0 "one", a browser without them "other".
    numbers: "en-GB",
    names: {
      // The Gregorian months that invoices, banks and papers in Sri Lanka use; ICU's Sinhala data names the
      // traditional months (පොසොන් for June), which buyers read as another calendar.
      months: [
        "ජනවාරි",
        "පෙබරවාරි",
        "මාර්තු",
        "අප්‍රේල්",
        "මැයි",
        "ජූනි",
        "ජූලි",
        "අගෝස්තු",
        "සැප්තැම්බර්",
        "ඔක්තෝබර්",
        "නොවැම්බර්",
        "දෙසැම්බර්",
      ],
      weekdays: ["ඉරිදා", "සඳුදා", "අඟහරුවාදා", "බදාදා", "බ්‍රහස්පතින්දා", "සිකුරාදා", "සෙනසුරාදා"],
      weekdaysShort: ["ඉරිදා", "සඳුදා", "අඟහ", "බදාදා", "බ්‍රහස්", "සිකු", "සෙන"],
    },
  },
  ne: {
    // Nepal groups digits as India does: 12,50,000.
    numbers: "en-IN",
    names: {
      months: ["जनवरी", "फेब्रुअरी", "मार्च", "अप्रिल", "मे", "जुन", "जुलाई", "अगस्ट", "सेप्टेम्बर", "अक्टोबर", "नोभेम्बर", "डिसेम्बर"],
      weekdays: ["आइतबार", "सोमबार", "मङ्गलबार", "बुधबार", "बिहिबार", "शुक्रबार", "शनिबार"],
      weekdaysShort: ["आइत", "सोम", "मङ्गल", "बुध", "बिहि", "शुक्र", "शनि"],
    },
  },
};

/** The locale whose plural rules a language's texts follow, the same on the server and in every browser. */
export function pluralLocale(language: LanguageCode): string {
  return own(STAND_INS, language)?.numbers ?? language;
}

function numberFormat(language: LanguageCode, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n:${language}:${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(own(STAND_INS, language)?.numbers ?? intlLocale(language), options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(language: LanguageCode, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d:${language}:${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    // English dates are written day first ("21 Nov 2026"), as most of our buyers write them;
    // so are the dates of a language the browser may not know.
    const locale = language === "en" || own(STAND_INS, language) ? "en-GB" : intlLocale(language);
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** A stand-in language's date: the day-month-year frame, with the language's own names put in. */
function standInDate(date: Date, names: Names, options: Intl.DateTimeFormatOptions): string {
  const { timeZone } = options;
  // Which month and weekday it is in that zone, as numbers every browser writes alike.
  const month = Number(dateFormat("en", { timeZone, month: "numeric" }).format(date)) - 1;
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(
    new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short" }).format(date),
  );
  return dateFormat("en", options)
    .formatToParts(date)
    .map((part) => {
      if (part.type === "month" && options.month !== "numeric" && options.month !== "2-digit")
        return names.months[month];
      if (part.type === "weekday") return (options.weekday === "long" ? names.weekdays : names.weekdaysShort)[weekday];
      return part.value;
    })
    .join("");
}

/*
 * Whole numbers and money are written here, without Intl: a browser's first
 * number formatter loads its number data, 50 to 300 ms of a page's start on a
 * desktop CPU slowed 4 times, and every list and vehicle page shows yen,
 * kilometres and the buyer's own currency. Each language's digit grouping and
 * yen are those ICU writes for the locale above (CLDR 48), tested against
 * Intl for every language and currency. Decimals, and numbers out of the
 * ordinary, still go through Intl.
 */
/*
 * Yen as each language writes them, "#" standing for the figure. Another
 * currency's way of writing comes with the page (`moneyPattern`, worked out on
 * the server), so a browser needs no table of the world's currency signs.
 */
const YEN: Record<LanguageCode, string> = {
  en: "¥#",
  si: "JP¥#",
  vi: "#\u00a0¥",
  ne: "JP¥#",
  hi: "JP¥#",
  "zh-CN": "JP¥#",
  ja: "￥#",
};

/*
 * Vietnamese groups digits with "." ("1.250.000"); Hindi, and Nepali as the
 * shop writes it, group as India does (12,50,000); the other languages as
 * English does.
 */
const INDIAN_GROUPING: readonly LanguageCode[] = ["hi", "ne"];

/** The digits of a whole number grouped: three by three, or (India's way) three, then two by two. */
function grouped(digits: string, language: LanguageCode): string {
  if (digits.length <= 3) return digits;
  const size = INDIAN_GROUPING.includes(language) ? 2 : 3;
  const groups = [digits.slice(-3)];
  let rest = digits.slice(0, -3);
  while (rest.length > size) {
    groups.unshift(rest.slice(-size));
    rest = rest.slice(0, -size);
  }
  groups.unshift(rest);
  return groups.join(language === "vi" ? "." : ",");
}

/**
 * A number rounded to a whole one as Intl rounds it (half away from zero), in
 * a language, put into a currency's pattern when one is given ("₹#"); null
 * when Intl should write it (not a number, or too large).
 */
function wholeNumber(value: number, language: LanguageCode, pattern?: string): string | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return null;
  // Intl writes a minus before a negative number even when it rounds to 0, and before the sign.
  const minus = value < 0 || Object.is(value, -0) ? "-" : "";
  const digits = grouped(String(Math.round(Math.abs(value))), language);
  return minus + (pattern ? pattern.replace("#", digits) : digits);
}

/** 1250000 → "1,250,000" (en), "12,50,000" (hi) */
export function formatNumber(value: number, language: LanguageCode): string {
  return wholeNumber(value, language) ?? numberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** A rate of at most two decimals: 1.5 → "1.5" (en), "1,5" (vi). */
export function formatDecimal(value: number, language: LanguageCode): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** Whole yen: "¥1,250,000" (en), "￥1,250,000" (ja), "JP¥1,250,000" (zh-CN). */
export function formatYenIn(value: number, language: LanguageCode): string {
  return (
    wholeNumber(value, language, own(YEN, language)) ??
    numberFormat(language, { style: "currency", currency: "JPY", maximumFractionDigits: 0 }).format(value)
  );
}

const moneyFormat = (currency: string, language: LanguageCode) =>
  numberFormat(language, { style: "currency", currency, minimumFractionDigits: 0, maximumFractionDigits: 0 });

/**
 * An amount in another currency, whole units (SPEC 9). With the currency's
 * pattern for the language (`moneyPattern`, for this currency: its sign is
 * taken from the pattern) it is written without Intl.
 */
export function formatMoneyIn(amount: number, currency: string, language: LanguageCode, pattern?: string): string {
  return (pattern && wholeNumber(amount, language, pattern)) || moneyFormat(currency, language).format(amount);
}

/**
 * How a language writes a currency, "#" standing for the figure: "₹#",
 * "LKR\u00a0#", "#\u00a0US$"; undefined (Intl writes it) for one written
 * otherwise than with a single figure.
 */
export function moneyPattern(currency: string, language: LanguageCode): string | undefined {
  const zero = moneyFormat(currency, language).format(0);
  return /^[^\d]*0[^\d]*$/.test(zero) ? zero.replace("0", "#") : undefined;
}

/** A date (and time when asked) in the reader's language; the shop's time unless another zone is given. */
export function formatDate(
  value: Date | string,
  language: LanguageCode,
  options: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" },
): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const zoned = { timeZone: SHOP_TIME_ZONE, ...options };
  return monthDate(date, language, zoned) ?? formatDateThroughIntl(date, language, zoned);
}

/** A date through Intl (the stand-ins' names put in): what `formatDate` writes, and what its own dates are tested against. */
export function formatDateThroughIntl(date: Date, language: LanguageCode, options: Intl.DateTimeFormatOptions): string {
  const standIn = own(STAND_INS, language);
  return standIn ? standInDate(date, standIn.names, options) : dateFormat(language, options).format(date);
}

/*
 * The dates a buyer's pages show (a vehicle's first registration, "Nov 2018";
 * the day of an exchange rate, "7 Nov 2026") are written here without Intl,
 * as whole numbers are: a browser's first date formatter loads its date data.
 * Each language's short month names and order as ICU writes them (CLDR 48;
 * tested against Intl for every day of fifty years), Sinhala's the Gregorian
 * months of its stand-in. Other dates go through Intl.
 */
const numberedMonths = (before: string, after: string) =>
  Array.from({ length: 12 }, (_, month) => `${before}${month + 1}${after}`);
const SHORT_MONTHS: Record<LanguageCode, readonly string[]> = {
  en: "Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec".split(" "),
  si: STAND_INS.si!.names.months,
  vi: numberedMonths("thg ", ""),
  ne: STAND_INS.ne!.names.months,
  hi: "जन॰ फ़र॰ मार्च अप्रैल मई जून जुल॰ अग॰ सित॰ अक्टू॰ नव॰ दिस॰".split(" "),
  "zh-CN": numberedMonths("", "月"),
  ja: numberedMonths("", "月"),
};

/** "Nov 2026" or "7 Nov 2026" in a language, in UTC or the shop's time; null for any other date. */
function monthDate(date: Date, language: LanguageCode, options: Intl.DateTimeFormatOptions): string | null {
  const { day, month, year, timeZone, ...others } = options;
  if (Object.values(others).some((v) => v !== undefined)) return null;
  if (month !== "short" || year !== "numeric" || (day !== undefined && day !== "numeric")) return null;
  if (timeZone !== "UTC" && timeZone !== SHOP_TIME_ZONE) return null;
  const clock = timeZone === "UTC" ? date : shopWallClock(date);
  const [y, m, d] = [clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate()];
  // An invalid date throws, as Intl does.
  if (Number.isNaN(y)) throw new RangeError("Invalid time value");
  // Tokyo kept summer time from 1948 to 1951, and its own mean time before 1888: Intl knows those years.
  if (y > 9999 || (timeZone === "UTC" ? y < 1000 : y < 1952)) return null;
  const name = (own(SHORT_MONTHS, language) ?? SHORT_MONTHS.en)[m]!;
  if (language === "zh-CN" || language === "ja") return day ? `${y}年${name}${d}日` : `${y}年${name}`;
  if (language === "vi") return day ? `${d} ${name}, ${y}` : `${name} ${y}`;
  return day ? `${d} ${name} ${y}` : `${name} ${y}`;
}

/** A moment as the shop's clock shows it, for files a spreadsheet reads: "2026-11-24 10:47". */
export function shopDateTime(date: Date | string): string {
  const moment = typeof date === "string" ? new Date(date) : date;
  return `${shopDay(moment)} ${shopClockTime(moment, false)}`;
}

/**
 * The time on the shop's clock, "09:05:30" (or "09:05" without the
 * seconds): every language of the shop writes it so, with Latin digits.
 */
export function shopClockTime(date: Date, seconds: boolean): string {
  const clock = shopWallClock(date);
  const time = `${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}`;
  return seconds ? `${time}:${twoDigits(clock.getUTCSeconds())}` : time;
}

/** The year it is in the shop's time zone: "this year" of every year list and check. */
export function shopYear(date: Date = new Date()): number {
  return shopWallClock(date).getUTCFullYear();
}

/** The day it is in the shop's time zone, as YYYY-MM-DD (for file names and day counts). */
export function shopDay(date: Date): string {
  const clock = shopWallClock(date);
  return `${clock.getUTCFullYear()}-${twoDigits(clock.getUTCMonth() + 1)}-${twoDigits(clock.getUTCDate())}`;
}

/** "2026-11-30" is a day; "2026-02-30" and "2026-13-01" are not (Date would roll them over or give up). */
export function isRealDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}
