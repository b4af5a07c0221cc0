import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../tests/support/test-db";
import { migrateToLatest } from "./migrate.server";
import { nowIso } from "./db.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe("migrations", () => {
  it("running them again changes nothing", async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it("refuses a second quote with the same number and a negative price", async () => {
    const now = nowIso();
    const quote = {
      number: "1234567890",
      kind: "vehicle" as const,
      ref_id: "V-1",
      item_name: "Car",
      name: "A",
      country: "Sri Lanka",
      email: "a@example.com",
      phone: "1",
      message: "Hi",
      created_at: now,
      updated_at: now,
    };
    await t.db.insertInto("quotes").values(quote).execute();
    await expect(t.db.insertInto("quotes").values(quote).execute()).rejects.toThrow();
    await expect(
      t.db
        .insertInto("vehicles")
        .values({
          ref_id: "V-NEG",
          name: "x",
          make: "Toyota",
          model: "Corolla",
          year: 2015,
          price: -1,
          created_at: now,
          updated_at: now,
        } as never)
        .execute(),
    ).rejects.toThrow();
  });

  it("deleting a vehicle removes its images and favourites but keeps its quotes", async () => {
    const now = nowIso();
    const v = await t.db
      .insertInto("vehicles")
      .values({
        ref_id: "V-DEL",
        name: "x",
        make: "Toyota",
        model: "Corolla",
        year: 2015,
        price: 100,
        description: "",
        stock_status: "available",
        created_at: now,
        updated_at: now,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("vehicle_images")
      .values({ vehicle_id: v.id, position: 0, media_key: "k", width: 1, height: 1, variants: "1", created_at: now })
      .execute();
    const q = await t.db
      .insertInto("quotes")
      .values({
        number: "2234567890",
        kind: "vehicle",
        vehicle_id: v.id,
        ref_id: "V-DEL",
        item_name: "x",
        name: "A",
        country: "Nepal",
        email: "a@example.com",
        phone: "1",
        message: "Hi",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom("vehicles").where("id", "=", v.id).execute();
    const images = await sql<{ n: number }>`select count(*) as n from vehicle_images`.execute(t.db);
    expect(Number(images.rows[0]?.n)).toBe(0);
    const kept = await t.db
      .selectFrom("quotes")
      .select(["vehicle_id", "ref_id"])
      .where("id", "=", q.id)
      .executeTakeFirst();
    expect(kept).toEqual({ vehicle_id: null, ref_id: "V-DEL" });
  });
});
