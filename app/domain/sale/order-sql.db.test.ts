import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealWorld, type DealWorld } from "../../../tests/support/deal-world";
import { awaitingMoney, liveOrder } from "./order-sql.server";
import { awaitsMoney, isLive, ORDER_STATUSES } from "./order-status";

/*
 * The order predicates in SQL say what their words in order-status.ts say,
 * for every status with and without money in (both databases): a list's
 * count and a rule never disagree on what an order is.
 */

let w: DealWorld;
let orderId: number;
beforeAll(async () => {
  w = await dealWorld(1);
  const partId = await w.part(3);
  const number = await w.quote("part", partId, 0, 1);
  expect((await w.offer(number)).ok).toBe(true);
  expect((await w.accept(number, 0)).ok).toBe(true);
  orderId = (await w.db.selectFrom("orders").select("id").executeTakeFirstOrThrow()).id;
});
afterAll(() => w.cleanup());

describe("the order predicates in SQL", () => {
  it("agree with their words for every status, with nothing paid and with money in", async () => {
    const disagreements: string[] = [];
    for (const status of ORDER_STATUSES)
      for (const paid of [0, 10_000]) {
        await w.db.updateTable("orders").set({ status, paid }).where("id", "=", orderId).execute();
        const where = (predicate: typeof liveOrder) =>
          w.db.selectFrom("orders").select("id").where("id", "=", orderId).where(predicate).executeTakeFirst();
        const row = { live: await where(liveOrder), due: await where(awaitingMoney) };
        if (Boolean(row.live) !== isLive({ status, paid })) disagreements.push(`live ${status} ${paid}`);
        if (Boolean(row.due) !== awaitsMoney(status)) disagreements.push(`due ${status} ${paid}`);
      }
    expect(disagreements).toEqual([]);
  });
});
