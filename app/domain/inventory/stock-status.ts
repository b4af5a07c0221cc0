/**
 * The stock status of a vehicle or part: the one list of them, in the order
 * the shop shows them (what can still be bought first), with their words and
 * their meaning for search engines. Browser-safe.
 */

export const STOCK_STATUSES = ["available", "reserved", "sold"] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export function isStockStatus(value: unknown): value is StockStatus {
  return STOCK_STATUSES.includes(value as StockStatus);
}

export const STOCK_STATUS_LABEL: Record<StockStatus, string> = {
  available: "Available",
  reserved: "Reserved",
  sold: "Sold",
};

/** Sorts available before reserved before sold. */
export function statusOrder(status: StockStatus): number {
  return STOCK_STATUSES.indexOf(status);
}

/** schema.org's word for each status, in a product's offer. */
export const SCHEMA_AVAILABILITY: Record<StockStatus, string> = {
  available: "https://schema.org/InStock",
  reserved: "https://schema.org/Reserved",
  sold: "https://schema.org/SoldOut",
};
