/*
 * Vehicle ids as buyers carry them: in a compare address (/compare?ids=12,7,30),
 * in the browser's stored lists and in the hidden field of the sign-in forms.
 * One parser for all of them, browser-safe, so the page, the server and the
 * browser agree on what a list may hold.
 */

/** A comparison holds at most this many vehicles. */
export const MAX_COMPARE = 4;

/** Where the browser keeps the visitor's compare selection (ids in the order added). */
export const COMPARE_STORAGE_KEY = "compare-vehicles";

/** Longer input is cut before it is read: nothing a buyer can type needs more. */
const MAX_INPUT = 1000;

const ID = /^\d{1,15}$/;

export type IdList = {
  /** Distinct valid ids in the order given, at most `max`. */
  ids: number[];
  /** True when more than `max` distinct valid ids were given. */
  more: boolean;
};

/**
 * Reads "12,7,30" (or a list of such pieces) into distinct positive integer
 * ids in the order given. Anything else (words, signs, decimals, zero,
 * numbers beyond the safe range) is left out; a repeated id counts once.
 */
export function parseIdList(raw: unknown, max: number): IdList {
  const text = Array.isArray(raw) ? raw.filter((p) => typeof p === "string").join(",") : raw;
  if (typeof text !== "string" || text === "") return { ids: [], more: false };
  const ids: number[] = [];
  let more = false;
  for (const piece of text.slice(0, MAX_INPUT).split(",")) {
    const token = piece.trim();
    if (!ID.test(token)) continue;
    const id = Number(token);
    if (id < 1 || !Number.isSafeInteger(id) || ids.includes(id)) continue;
    if (ids.length === max) {
      more = true;
      break;
    }
    ids.push(id);
  }
  return { ids, more };
}

/** The vehicles a compare address asks for: `?ids=12,7,30` (repeated `ids` are read in order too). */
export function parseCompareIds(params: URLSearchParams): IdList {
  return parseIdList(params.getAll("ids"), MAX_COMPARE);
}

/** The address of a comparison; commas stay readable so the link can be shared as it is. */
export function compareHref(ids: readonly number[]): string {
  return ids.length === 0 ? "/compare" : `/compare?ids=${ids.join(",")}`;
}

export type CompareChange = { ids: number[]; refused: boolean };

/** Adds a vehicle at the end; a full selection refuses it and stays as it was. */
export function addToCompare(ids: readonly number[], id: number): CompareChange {
  if (ids.includes(id)) return { ids: [...ids], refused: false };
  if (ids.length >= MAX_COMPARE) return { ids: [...ids], refused: true };
  return { ids: [...ids, id], refused: false };
}

export function removeFromCompare(ids: readonly number[], id: number): number[] {
  return ids.filter((x) => x !== id);
}

/** Adds the vehicle when it is not selected, removes it when it is. */
export function toggleCompare(ids: readonly number[], id: number): CompareChange {
  return ids.includes(id) ? { ids: removeFromCompare(ids, id), refused: false } : addToCompare(ids, id);
}

/** The same vehicles, whatever the order: a shared link in another order is the same comparison. */
export function sameVehicles(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}
