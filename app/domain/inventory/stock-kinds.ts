/**
 * The two kinds of stock, described once: the kind's name (quotes,
 * favourites, cards say "vehicle" or "part"), its path segment and table
 * ("vehicles", "parts"), its photos' table and their owner column, and the
 * letter its reference numbers start with. A kind's own words in the
 * catalogues are under its name (`detail.vehicle.*`) or its path
 * (`stockTable.vehicles.*`). Browser-safe.
 */
export const STOCK_KINDS = {
  vehicle: {
    kind: "vehicle",
    path: "vehicles",
    table: "vehicles",
    images: "vehicle_images",
    owner: "vehicle_id",
    refPrefix: "V",
  },
  part: { kind: "part", path: "parts", table: "parts", images: "part_images", owner: "part_id", refPrefix: "P" },
} as const;

/** "vehicle" or "part". */
export type StockKind = keyof typeof STOCK_KINDS;
/** "vehicles" or "parts": a list's path segment, and the kind's table. */
export type StockPath = (typeof STOCK_KINDS)[StockKind]["path"];

export function isStockKind(value: unknown): value is StockKind {
  return value === "vehicle" || value === "part";
}
