import { describe, expect, it } from "vitest";
import { yearsFrom } from "~/domain/inventory/catalogue";
import { readVehicleQuery } from "~/domain/search/filters";
import { CURRENCIES } from "~/domain/rates/currencies";
import { catalogueFor, serverCatalogue } from "./catalogues.server";
import { intlLocale, type LanguageCode, LANGUAGES } from "./languages";
import {
  formatDate,
  formatDateThroughIntl,
  formatMoneyIn,
  formatNumber,
  formatYenIn,
  moneyPattern,
  pluralLocale,
  SHOP_TIME_ZONE,
  shopClockTime,
  shopDateTime,
  shopDay,
  shopYear,
} from "./format";

// 24 Nov 2026, 08:05:09 in Tokyo: a Tuesday.
const moment = new Date("2026-11-23T23:05:09Z");
const CLOCK_DAY: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" };

describe("numbers and dates a browser writes as the server does", () => {
  it("Sinhala and Nepali dates use the language's names on a frame every browser knows", () => {
    expect(formatDate(moment, "si", CLOCK_DAY)).toBe("අඟහ 24 නොවැම්බර්");
    expect(formatDate(moment, "ne", CLOCK_DAY)).toBe("मङ्गल 24 नोभेम्बर");
    expect(formatDate(moment, "si")).toBe("24 නොවැම්බර් 2026");
    // The Gregorian months, never the traditional ones ("30 පොසොන් 2025" read as another calendar).
    expect(formatDate("2025-06-30T03:00:00Z", "si")).toBe("30 ජූනි 2025");
    expect(formatDate("2026-01-05T03:00:00Z", "si", { month: "long", year: "numeric" })).toBe("ජනවාරි 2026");
    expect(formatDate(moment, "ne", { weekday: "long", day: "numeric", month: "long", year: "numeric" })).toBe(
      "मङ्गलबार, 24 नोभेम्बर 2026",
    );
    expect(formatDate(moment, "si", { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })).toBe(
      "08:05:09",
    );
    // A month written as a number stays a number.
    expect(formatDate(moment, "ne", { day: "2-digit", month: "2-digit", year: "numeric" })).toBe("24/11/2026");
  });

  it("Sinhala and Nepali numbers keep their grouping: Nepal's as India's", () => {
    expect(formatNumber(1_250_000, "si")).toBe("1,250,000");
    expect(formatNumber(1_250_000, "ne")).toBe("12,50,000");
    expect(formatYenIn(1_250_000, "si")).toBe("JP¥1,250,000");
    expect(formatYenIn(1_250_000, "ne")).toBe("JP¥12,50,000");
  });

  it("Sinhala plural forms follow rules every browser has (Sinhala's own make 0 'one')", () => {
    expect(new Intl.PluralRules(pluralLocale("si")).select(0)).toBe("other");
    expect(new Intl.PluralRules(pluralLocale("si")).select(1)).toBe("one");
    expect(pluralLocale("hi")).toBe("hi");
  });

  it("whole numbers and money are written as Intl writes them, in every language and currency, without Intl", () => {
    // Many magnitudes, halves (rounded away from zero), negatives and minus zero, as Intl's locale data has them.
    const random = (seed: number) => () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const next = random(7);
    const values = [0, -0, -0.4, 0.5, 1.5, -2.5, 999, 1000, -1234, 99_999, 100_000, 1_250_000, 2 ** 53, 1e20];
    for (let i = 0; i < 3_000; i++) {
      const whole = Math.floor(next() * 10 ** Math.floor(next() * 16));
      values.push(whole, -whole, whole + 0.5, whole + next());
    }
    let compared = 0;
    for (const { code } of LANGUAGES) {
      const locale = pluralLocale(code) === code ? intlLocale(code) : pluralLocale(code);
      const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      const yen = new Intl.NumberFormat(locale, { style: "currency", currency: "JPY", maximumFractionDigits: 0 });
      for (const value of values) {
        expect(formatNumber(value, code), `${code} ${value}`).toBe(number.format(value));
        expect(formatYenIn(value, code), `${code} ${value}`).toBe(yen.format(value));
        compared++;
      }
      for (const currency of CURRENCIES) {
        const money = new Intl.NumberFormat(locale, {
          style: "currency",
          currency,
          minimumFractionDigits: 0,
          maximumFractionDigits: 0,
        });
        // Written as the server hands the browser the currency's pattern.
        const pattern = moneyPattern(currency, code);
        for (const value of values.slice(0, 400)) {
          expect(formatMoneyIn(value, currency, code, pattern), `${code} ${currency} ${value}`).toBe(
            money.format(value),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(140_000);
    // What Intl is left with: numbers out of the ordinary.
    expect(formatNumber(Number.NaN, "en")).toBe("NaN");
    expect(formatYenIn(1e21, "ja")).toBe("￥1,000,000,000,000,000,000,000");
    expect(formatMoneyIn(1234, "CHF", "en")).toBe("CHF\u00a01,234");
    expect(moneyPattern("INR", "hi")).toBe("₹#");
    expect(moneyPattern("USD", "vi")).toBe("#\u00a0US$");
  }, 30_000);

  it("a month and a day are written as Intl writes them, in every language, without Intl", () => {
    const shapes: Intl.DateTimeFormatOptions[] = [
      { month: "short", year: "numeric", timeZone: "UTC" },
      { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" },
      { month: "short", year: "numeric" },
      { day: "numeric", month: "short", year: "numeric" },
    ];
    let compared = 0;
    for (const { code } of LANGUAGES) {
      // Every eleventh day of fifty years (each day of each month), at a moment that is another day in Tokyo than in UTC.
      for (let time = Date.UTC(1990, 0, 1, 20); time < Date.UTC(2040, 0, 1); time += 11 * 86_400_000) {
        const date = new Date(time);
        for (const shape of shapes) {
          const zoned = { timeZone: SHOP_TIME_ZONE, ...shape };
          expect(formatDate(date, code, shape), `${code} ${date.toISOString()}`).toBe(
            formatDateThroughIntl(date, code, zoned),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(45_000);
    expect(formatDate(moment, "en", { month: "long", year: "numeric" })).toBe("November 2026");
    // Tokyo's summer time of 1949; a zone the shop does not write itself; options left undefined.
    expect(formatDate(new Date("1949-05-31T14:30Z"), "en")).toBe("1 Jun 1949");
    expect(formatDate(moment, "en", { month: "short", year: "numeric", timeZone: "America/New_York" })).toBe(
      "Nov 2026",
    );
    expect(formatDate(moment, "ja", { day: "numeric", month: "short", year: "numeric", hour: undefined })).toBe(
      "2026年11月24日",
    );
    expect(formatDate(new Date("0900-03-01T00:00Z"), "en", { month: "short", year: "numeric", timeZone: "UTC" })).toBe(
      "Mar 900",
    );
    expect(() => formatDate("not a date", "vi", { month: "short", year: "numeric" })).toThrow(RangeError);
  }, 30_000);

  it("languages every browser knows are written by Intl as before", () => {
    expect(formatDate(moment, "en", CLOCK_DAY)).toBe("Tue 24 Nov");
    expect(formatYenIn(1_250_000, "hi")).toBe("JP¥12,50,000");
    expect(formatDate(moment, "ja")).toBe("2026年11月24日");
  });
});

describe("the shop's year", () => {
  // 1 January, 01:00 in Tokyo is still 31 December in UTC.
  const newYearInTokyo = new Date("2026-12-31T16:00:00Z");

  it("turns at midnight in Tokyo, not in UTC", () => {
    expect(shopDay(newYearInTokyo)).toBe("2027-01-01");
    expect(shopYear(newYearInTokyo)).toBe(2027);
    expect(shopYear(new Date("2026-12-31T14:59:00Z"))).toBe(2026);
  });

  it("and its day and clock agree with the time zone data, at moments across years past and to come", () => {
    const zone = new Intl.DateTimeFormat("en-CA", {
      timeZone: SHOP_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    const hour = 60 * 60 * 1000;
    const differences: string[] = [];
    // An odd step, so the minutes and seconds move too: 1990 to 2060, about 40,000 moments.
    for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2060, 0, 1); t += 15 * hour + 7 * 60 * 1000 + 13 * 1000) {
      const moment = new Date(t);
      const p = Object.fromEntries(zone.formatToParts(moment).map((part) => [part.type, part.value]));
      const day = `${p.year}-${p.month}-${p.day}`;
      const ours = [shopDay(moment), shopYear(moment), shopClockTime(moment, true), shopDateTime(moment)];
      const theirs = [day, Number(p.year), `${p.hour}:${p.minute}:${p.second}`, `${day} ${p.hour}:${p.minute}`];
      if (ours.some((value, i) => value !== theirs[i]))
        differences.push(`${moment.toISOString()}: ${ours} / ${theirs}`);
    }
    expect(differences).toEqual([]);
  });

  it("refuses a date that is none, as Intl does, rather than write NaN into a file", () => {
    const garbage = new Date("garbage");
    expect(() => shopDay(garbage)).toThrow(RangeError);
    expect(() => shopYear(garbage)).toThrow(RangeError);
    expect(() => shopDateTime("garbage")).toThrow(RangeError);
    expect(() => shopClockTime(garbage, false)).toThrow(RangeError);
  });

  it("is the last year of the year lists and of the year filters", () => {
    expect(yearsFrom(2025, newYearInTokyo)).toEqual([2027, 2026, 2025]);
    expect(readVehicleQuery(new URLSearchParams("YearFrom=2027"), newYearInTokyo).filters.YearFrom).toBe(2027);
  });
});

describe("a language that names an object's own members", () => {
  // A LanguageCode by type, but one that came from outside unchecked must still find only the tables' own entries.
  const odd = ["__proto__", "constructor", "toString", "hasOwnProperty"] as unknown as LanguageCode[];

  it("formats as a language with no entries, never with an object's members", () => {
    for (const language of odd) {
      expect(pluralLocale(language), language).toBe(language);
      expect(() => formatYenIn(1_250_000, language), language).not.toThrow();
      expect(formatYenIn(1_250_000, language), language).toBe("1,250,000");
      expect(
        formatDate("2026-11-07T00:00:00Z", language, { month: "short", year: "numeric", timeZone: "UTC" }),
        language,
      ).toBe("Nov 2026");
    }
  });

  it("the server's catalogue of such a language is English's", () => {
    for (const language of odd) {
      expect(serverCatalogue(language).resources, language).toBe(serverCatalogue("en").resources);
      expect(catalogueFor(language, "public").resources.common, language).toBe(
        catalogueFor("en", "public").resources.common,
      );
    }
  });
});
