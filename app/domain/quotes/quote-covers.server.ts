import type { StockKind } from "~/domain/inventory/stock-kinds";
import type { DB } from "~/db/db.server";
import { coverImages } from "~/domain/inventory/stock-repository.server";
import type { BuyerQuote } from "./quotes.server";
import { latestOffers } from "~/domain/sale/deal-view.server";

/** The buyer's quotes with the first photo of each item still in stock, and the shop's latest offer on each. */
export async function withCovers(db: DB, quotes: BuyerQuote[]) {
  const offers = await latestOffers(
    db,
    quotes.map((q) => q.number),
  );
  const ids = (kind: StockKind) => quotes.filter((q) => q.kind === kind && q.itemId !== null).map((q) => q.itemId!);
  const [vehicles, parts] = await Promise.all([
    coverImages(db, "vehicle", ids("vehicle")),
    coverImages(db, "part", ids("part")),
  ]);
  return quotes.map((q) => ({
    ...q,
    image: q.itemId === null ? null : ((q.kind === "vehicle" ? vehicles : parts).get(q.itemId) ?? null),
    offer: offers.get(q.number) ?? null,
  }));
}
