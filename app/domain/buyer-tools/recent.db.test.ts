import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { compareVehicles } from "./compare.server";
import { clearRecentViews, mergeRecentViews, recentVehicles, recordView, vehicleCards } from "./recent.server";

let t: TestDb;
let buyer: number;
let other: number;
let third: number;
/** 15 vehicles, in the order listed. */
let v: number[];

const system = { kind: "system" as const, id: null };

beforeAll(async () => {
  t = await createTestDb();
  const customer = (email: string) =>
    createCustomer(t.db, {
      email,
      password: "a good password",
      fullName: "A Buyer",
      country: "Kenya",
      phone: "+254 7",
    });
  buyer = (await customer("recent-a@example.com"))!.id;
  other = (await customer("recent-b@example.com"))!.id;
  third = (await customer("recent-c@example.com"))!.id;
  const rng = createRng(7);
  v = [];
  for (let i = 0; i < 15; i++) v.push((await createVehicle(t.db, vehicleFactory(rng, i), [], system)).id);
});
afterAll(() => t.cleanup());

const ids = async (customerId: number) => (await recentVehicles(t.db, customerId)).map((c) => c.id);
const stored = async (customerId: number) =>
  (
    await t.db
      .selectFrom("recent_views")
      .select(["vehicle_id", "viewed_at"])
      .where("customer_id", "=", customerId)
      .orderBy("viewed_at", "desc")
      .execute()
  ).map((r) => r.vehicle_id);

describe("recently viewed vehicles of a signed-in buyer", () => {
  it("records views newest first, and a second view of a vehicle moves it to the front", async () => {
    // The same instant for all three: the order of recording still decides.
    const at = "2026-11-21T10:00:00.000Z";
    await recordView(t.db, buyer, v[0]!, at);
    await recordView(t.db, buyer, v[1]!, at);
    await recordView(t.db, buyer, v[2]!, at);
    expect(await ids(buyer)).toEqual([v[2], v[1], v[0]]);
    await recordView(t.db, buyer, v[0]!, at);
    expect(await ids(buyer)).toEqual([v[0], v[2], v[1]]);
    expect(await stored(buyer)).toEqual([v[0], v[2], v[1]]);
    const cards = await recentVehicles(t.db, buyer);
    expect(cards[0]).toMatchObject({ id: v[0], refId: expect.stringMatching(/^V-\d{6}$/) });
    expect(typeof cards[0]!.price).toBe("number");
  });

  it("keeps only the newest 12 in the database", async () => {
    await clearRecentViews(t.db, buyer);
    for (const id of v.slice(0, 13)) await recordView(t.db, buyer, id);
    const expected = v.slice(1, 13).reverse();
    expect(await stored(buyer)).toEqual(expected);
    expect(await ids(buyer)).toEqual(expected);
  });

  it("merges the browser's list at sign-in, newest first, ignoring junk and unknown ids", async () => {
    await clearRecentViews(t.db, buyer);
    await recordView(t.db, buyer, v[0]!);
    await recordView(t.db, buyer, v[1]!);
    // From the browser: its newest first; junk, a repeat and an unknown vehicle.
    const merged = await mergeRecentViews(t.db, buyer, `${v[5]},abc,${v[0]},-2,999999,${v[5]},${v[6]}`);
    expect(merged).toEqual([v[5], v[0], v[6]]);
    expect(await ids(buyer)).toEqual([v[5], v[0], v[6], v[1]]);
    expect(await stored(buyer)).not.toContain(999999);
    // A field that is no list at all changes nothing.
    expect(await mergeRecentViews(t.db, buyer, "<script>alert(1)</script>")).toEqual([]);
    expect(await mergeRecentViews(t.db, buyer, null)).toEqual([]);
    expect(await ids(buyer)).toEqual([v[5], v[0], v[6], v[1]]);
  });

  it("takes at most 12 from the field and still keeps 12 in all", async () => {
    await clearRecentViews(t.db, buyer);
    await recordView(t.db, buyer, v[14]!);
    const merged = await mergeRecentViews(t.db, buyer, v.slice(0, 14).join(","));
    expect(merged).toEqual(v.slice(0, 12));
    expect(await stored(buyer)).toEqual(v.slice(0, 12));
  });

  it("leaves another buyer's list untouched", async () => {
    await recordView(t.db, other, v[3]!);
    await recordView(t.db, other, v[4]!);
    await clearRecentViews(t.db, buyer);
    await mergeRecentViews(t.db, buyer, v.slice(0, 12).join(","));
    for (const id of v) await recordView(t.db, buyer, id);
    expect(await ids(other)).toEqual([v[4], v[3]]);
    expect(await ids(third)).toEqual([]);
  });

  it("forgets a view when the vehicle is deleted", async () => {
    await clearRecentViews(t.db, third);
    await recordView(t.db, third, v[14]!);
    await recordView(t.db, third, v[13]!);
    await t.db.deleteFrom("vehicles").where("id", "=", v[14]!).execute();
    expect(await ids(third)).toEqual([v[13]]);
  });
});

describe("cards and comparisons by id", () => {
  it("gives cards in the order asked, leaving out ids that do not exist", async () => {
    const cards = await vehicleCards(t.db, [v[2]!, 987654, v[0]!, v[1]!]);
    expect(cards.map((c) => c.id)).toEqual([v[2], v[0], v[1]]);
    expect(await vehicleCards(t.db, [])).toEqual([]);
  });

  it("reads the vehicles of a comparison like the detail page, in order, at most 4", async () => {
    const found = await compareVehicles(t.db, [v[3]!, 987654, v[1]!, v[2]!, v[5]!]);
    expect(found.map((x) => x.id)).toEqual([v[3], v[1], v[2]]);
    expect(found[0]!.images).toEqual([]);
  });
});
