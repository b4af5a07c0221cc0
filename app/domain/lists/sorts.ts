/**
 * The orders a stock list can be sorted in: the one list of them, with the
 * column and direction each reads, and the catalogue key of its words (the
 * values stay as they are in addresses). The shop's lists offer the first
 * four; the owner's tables also sort by name. Browser-safe.
 */

export const SORT_ORDERS = {
  newest: { column: "created_at", direction: "desc", key: "newest" },
  oldest: { column: "created_at", direction: "asc", key: "oldest" },
  price_asc: { column: "price", direction: "asc", key: "priceAsc" },
  price_desc: { column: "price", direction: "desc", key: "priceDesc" },
  name: { column: "name", direction: "asc", key: "name" },
} as const;

export type AdminSort = keyof typeof SORT_ORDERS;
/** The columns a list may be sorted by. */
export type SortColumn = (typeof SORT_ORDERS)[AdminSort]["column"];
export const ADMIN_SORTS = Object.keys(SORT_ORDERS) as AdminSort[];

export const SORTS = ["newest", "oldest", "price_asc", "price_desc"] as const satisfies readonly AdminSort[];
export type Sort = (typeof SORTS)[number];

/** A sort from an address: one of `choices`, else newest first. */
export function readSort<S extends AdminSort>(value: string | null, choices: readonly S[]): S | "newest" {
  return choices.includes(value as S) ? (value as S) : "newest";
}
