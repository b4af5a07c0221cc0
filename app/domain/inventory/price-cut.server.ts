import { sql } from "kysely";

/**
 * What to set with a vehicle's new price. A cut keeps the price it replaced
 * and when it came down (news for saved searches, issue 9). Both are read
 * from the row being updated, in the same statement, so two edits at once
 * cannot lose a cut. A raise leaves them as they are: the alert run counts a
 * cut only while the earlier price is above the current one.
 */
export function vehiclePriceColumns(price: number, at: string) {
  return {
    price,
    previous_price: sql<number | null>`case when price > ${price} then price else previous_price end`,
    price_dropped_at: sql<string | null>`case when price > ${price} then ${at} else price_dropped_at end`,
  };
}
