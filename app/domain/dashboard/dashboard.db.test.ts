import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { dashboardFigures } from "./dashboard.server";
import type { StockKind } from "~/domain/inventory/stock-kinds";

let t: TestDb;
const now = new Date("2026-11-21T12:00:00Z");
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestDb();
  const rng = createRng(9);
  // Vehicles: 3 this week, 2 the week before, 1 older. Parts: none. Users: 2 this week only.
  for (const [i, d] of [1, 2, 6, 8, 13, 40].entries()) {
    await createVehicle(t.db, vehicleFactory(rng, i), [], { kind: "system", id: null }, daysAgo(d));
  }
  for (const [i, d] of [0.5, 3].entries()) {
    await t.db
      .insertInto("customers")
      .values({
        email: `u${i}@x.example`,
        password_hash: "x",
        full_name: "U",
        country: "C",
        phone: "1",
        created_at: daysAgo(d),
        updated_at: daysAgo(d),
      })
      .execute();
  }
  const quote = (n: number, kind: StockKind, d: number, status: "pending" | "closed" = "pending") =>
    t.db
      .insertInto("quotes")
      .values({
        number: String(1_000_000_000 + n),
        kind,
        ref_id: "R",
        item_name: "I",
        name: "N",
        country: "C",
        email: "e@x.example",
        phone: "1",
        message: "m",
        status,
        created_at: daysAgo(d),
        updated_at: daysAgo(d),
      })
      .execute();
  await quote(1, "vehicle", 0.1);
  await quote(2, "vehicle", 0.2, "closed");
  await quote(3, "vehicle", 9);
  await quote(4, "part", 29.5);
  await quote(5, "part", 45);
});
afterAll(() => t.cleanup());

describe("dashboard figures", () => {
  it("counts totals, pending quotes and both weeks in the database", async () => {
    const f = await dashboardFigures(t.db, now);
    const card = (label: string) => f.cards.find((c) => c.label === label)!;
    expect(card("Total Vehicles")).toMatchObject({ value: 6, weeks: { thisWeek: 3, previousWeek: 2 } });
    expect(card("Parts Inventory")).toMatchObject({ value: 0, weeks: { thisWeek: 0, previousWeek: 0 } });
    expect(card("Vehicle Quotes")).toMatchObject({ value: 2, weeks: { thisWeek: 2, previousWeek: 1 } });
    expect(card("Parts Quotes")).toMatchObject({ value: 2, weeks: { thisWeek: 0, previousWeek: 0 } });
    expect(card("Total Users")).toMatchObject({ value: 2, weeks: { thisWeek: 2, previousWeek: 0 } });
  });

  it("counts the Find one for me requests still waiting for an answer", async () => {
    expect((await dashboardFigures(t.db, now)).findRequests).toBe(0);
    const at = now.toISOString();
    const request = (number: string, status: "pending" | "closed") => ({
      number,
      kind: "vehicle" as const,
      make: "Toyota",
      destination: "Mombasa, Kenya",
      name: "Amina",
      email: "amina@example.ke",
      status,
      created_at: at,
      updated_at: at,
    });
    await t.db
      .insertInto("find_requests")
      .values([request("3000000001", "pending"), request("3000000002", "closed")])
      .execute();
    expect((await dashboardFigures(t.db, now)).findRequests).toBe(1);
    await t.db.deleteFrom("find_requests").execute();
  });

  it("counts offers waiting for the buyer and holds ending within 24 hours", async () => {
    expect(await dashboardFigures(t.db, now)).toMatchObject({ offersAwaiting: 0, holdsEndingSoon: 0 });
    const at = now.toISOString();
    const quoteRow = (number: string, status: "offered" | "accepted") =>
      t.db
        .insertInto("quotes")
        .values({
          number,
          kind: "vehicle",
          ref_id: "R",
          item_name: "I",
          name: "N",
          country: "C",
          email: "e@x.example",
          phone: "1",
          message: "m",
          status,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const vehicles = await t.db.selectFrom("vehicles").select("id").orderBy("id").limit(4).execute();
    const offered = await quoteRow("4000000001", "offered");
    const hold = async (number: string, vehicleId: number, hoursLeft: number, ended = false) => {
      const quote = await quoteRow(number, "accepted");
      const offer = await t.db
        .insertInto("offers")
        .values({
          quote_id: quote.id,
          status: "accepted",
          lines: "[]",
          total: 1,
          terms: "FOB",
          valid_until: at,
          created_by: "owner",
          created_at: at,
          answered_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto("holds")
        .values({
          vehicle_id: vehicleId,
          quote_id: quote.id,
          offer_id: offer.id,
          created_at: at,
          expires_at: new Date(now.getTime() + hoursLeft * 3600_000).toISOString(),
          ended_at: ended ? at : null,
          end_reason: ended ? "released" : null,
        })
        .execute();
    };
    await hold("4000000002", vehicles[0]!.id, 5);
    await hold("4000000003", vehicles[1]!.id, 30);
    await hold("4000000004", vehicles[2]!.id, 2, true);
    await hold("4000000005", vehicles[3]!.id, 23);
    expect(await dashboardFigures(t.db, now)).toMatchObject({ offersAwaiting: 1, holdsEndingSoon: 2 });
    expect(offered.id).toBeGreaterThan(0);
    await t.db.deleteFrom("quotes").where("number", "like", "400000000%").execute();
  });

  it("gives at most 8 activity entries, newest first", async () => {
    const f = await dashboardFigures(t.db, now);
    expect(f.activity).toHaveLength(6);
    expect(f.activity.map((a) => a.at)).toEqual([...f.activity.map((a) => a.at)].sort().reverse());
  });

  it("counts quote requests per day for the last 30 days, with empty days as 0", async () => {
    const { perDay } = await dashboardFigures(t.db, now);
    expect(perDay).toHaveLength(30);
    expect(perDay.at(-1)).toEqual({ day: "2026-11-21", vehicle: 2, part: 0 });
    expect(perDay.find((d) => d.day === "2026-11-12")).toEqual({ day: "2026-11-12", vehicle: 1, part: 0 });
    expect(perDay.reduce((s, d) => s + d.part, 0)).toBe(1);
    expect(perDay[0]!.day).toBe("2026-10-23");
  });

  it("counts by the shop's day: a request at 06:30 in Tokyo is that day's, though UTC still says the day before", async () => {
    const before = await dashboardFigures(t.db, now);
    const count = (f: typeof before, day: string) => f.perDay.find((d) => d.day === day)!.vehicle;
    const at = "2026-11-20T21:30:00.000Z"; // 21 November, 06:30 in Tokyo
    await t.db
      .insertInto("quotes")
      .values({
        number: "1000000099",
        kind: "vehicle",
        ref_id: "R",
        item_name: "I",
        name: "N",
        country: "C",
        email: "e@x.example",
        phone: "1",
        message: "m",
        created_at: at,
        updated_at: at,
      })
      .execute();
    const after = await dashboardFigures(t.db, now);
    expect(count(after, "2026-11-21")).toBe(count(before, "2026-11-21") + 1);
    expect(count(after, "2026-11-20")).toBe(count(before, "2026-11-20"));
    await t.db.deleteFrom("quotes").where("number", "=", "1000000099").execute();
  });
});
