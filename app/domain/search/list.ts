import type { StockNames, StockStatus } from "~/domain/inventory/inventory";
import type { ImageRef } from "~/domain/media/image-url";
import type { VehicleKind } from "~/domain/imports/import-rules";

/** What a public list page shows. Browser-safe. */

export type ListItem = StockNames & {
  price: number;
  type: string | null;
  subType: string | null;
  year: number | null;
  mileage: number | null;
  engineCc: number | null;
  transmission: string | null;
  fuel: string | null;
  steering: string | null;
  color: string | null;
  stockStatus: StockStatus;
  /** Vehicles only: what an import rule reads besides the year and steering (import-rules.ts). */
  manufactured: number | null;
  registered: number | null;
  /** Which of a country's age limits applies (import-rules.ts vehicleKind). */
  importKind: VehicleKind;
  /** A part's condition ("Used"): its card says when the buyer's country refuses it. */
  condition?: string | null;
  /** Cover first, then up to 4 more: a card shows them when there are at least 5 (SPEC 2). */
  images: ImageRef[];
  imageCount: number;
};

export type ListResult = {
  items: ListItem[];
  total: number;
  /** The total is a lower bound: there are more matches than were counted (shown "1,000+"). */
  more: boolean;
  page: number;
  pageCount: number;
  perPage: number;
};

/** A list's total as soon as it is counted, before its page is read (the menus wait for it: see menuCounts). */
export type ListCount = Pick<ListResult, "total" | "more">;

/** How a list shows its items: cards in a grid, or compact rows. */
export type View = "grid" | "list";

export type Facets = {
  /** Every listed item of each make, and how many of them are not sold. */
  makes: { name: string; count: number; unsold: number }[];
  types: { name: string; count: number }[];
  /** Models in stock per make, subtypes in stock per type. */
  models: Record<string, string[]>;
  subTypes: Record<string, string[]>;
};

/**
 * How many items each make (or type) would show under the list's other
 * filters; null when there were too many matches to count them quickly (the
 * menu then shows no numbers).
 */
export type MenuCounts = Record<string, number> | null;

/** A way out of an empty list: the one filter to drop, and how many the list would then show. */
export type WayOut = { drop: string; total: number; more: boolean };

/** A list's total as a buyer reads it: "1,000+" when more matches were not counted. */
export function totalText(found: { total: number; more: boolean }, formatNumber: (n: number) => string): string {
  return found.more ? `${formatNumber(found.total)}+` : formatNumber(found.total);
}
