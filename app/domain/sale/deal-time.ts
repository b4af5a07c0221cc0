import { shopDay } from "~/i18n/format";

/*
 * Times of a deal, counted in the shop's days (Tokyo). A hold lasts a number
 * of working days: Saturdays and Sundays are not counted (Japanese public
 * holidays are, for now: the owner extends a hold over a holiday by hand).
 * Browser-safe.
 */

const DAY_MS = 24 * 3600 * 1000;

/** The weekday in Tokyo, 0 for Sunday to 6 for Saturday. */
function shopWeekday(date: Date): number {
  return new Date(`${shopDay(date)}T00:00:00Z`).getUTCDay();
}

/** The same time of day `days` working days later: each step skips Saturdays and Sundays. */
export function addWorkingDays(from: Date, days: number): Date {
  let at = new Date(from.getTime());
  for (let counted = 0; counted < days;) {
    at = new Date(at.getTime() + DAY_MS);
    const weekday = shopWeekday(at);
    if (weekday !== 0 && weekday !== 6) counted++;
  }
  return at;
}

/** The last moment of a shop day (23:59:59.999 in Tokyo, which keeps no summer time), as ISO. */
export function endOfShopDay(day: string): string {
  return new Date(new Date(`${day}T23:59:59.999+09:00`).getTime()).toISOString();
}

/** The shop day `days` calendar days after `from`. */
export function shopDayAfter(from: Date, days: number): string {
  return shopDay(new Date(from.getTime() + days * DAY_MS));
}
