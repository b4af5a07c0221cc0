import { parseIdList } from "./compare";

/*
 * The vehicles a buyer opened last, newest first. Visitors keep the list in
 * the browser; signed-in buyers on the server too (recent.server.ts). Both
 * follow the rules here.
 */

/** How many vehicles the list keeps. */
export const MAX_RECENT = 12;

/** Where the browser keeps the list ("12,7,30", newest first). */
export const RECENT_STORAGE_KEY = "recently-viewed";

/** The hidden field of the sign-in and registration forms that carries the browser's list. */
export const RECENT_FIELD = "recentViews";

/** The list after opening a vehicle: that one first, each vehicle once, at most MAX_RECENT. */
export function pushRecent(ids: readonly number[], id: number): number[] {
  return [id, ...ids.filter((x) => x !== id)].slice(0, MAX_RECENT);
}

/** A list as stored or sent ("12,7,30"): valid distinct ids only, at most MAX_RECENT. */
export function parseRecentIds(raw: unknown): number[] {
  return parseIdList(raw, MAX_RECENT).ids;
}

/** The address of the card data for a list of ids (the home page's row for visitors). */
export function recentCardsHref(ids: readonly number[]): string {
  return `/recently-viewed?ids=${ids.slice(0, MAX_RECENT).join(",")}`;
}
