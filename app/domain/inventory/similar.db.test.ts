import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import type { VehicleInput } from "./inventory";
import { createVehicle, getVehicle } from "./inventory.server";
import { similarVehicles } from "./similar.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const rng = createRng(7);
let index = 0;
async function vehicle(overrides: Partial<VehicleInput>) {
  const input = vehicleFactory(rng, index++, { stockStatus: "available", ...overrides });
  return (await createVehicle(t.db, input, [], { kind: "system", id: null })).id;
}

describe("similar vehicles", () => {
  it("are the same model first, then the same type near in price, available stock first", async () => {
    const corolla = { make: "Toyota", model: "Corolla", type: "Sedan" };
    const subject = await vehicle({ ...corolla, price: 1_000_000 });
    const modelSoldNear = await vehicle({ ...corolla, price: 1_010_000, stockStatus: "sold" });
    const modelFar = await vehicle({ ...corolla, price: 1_600_000 });
    const sedanNear = await vehicle({ make: "Honda", model: "Civic", type: "Sedan", price: 1_050_000 });
    const sedanSoldNearer = await vehicle({
      make: "Honda",
      model: "Accord",
      type: "Sedan",
      price: 990_000,
      stockStatus: "sold",
    });
    const sedanFar = await vehicle({ make: "Mazda", model: "Mazda6", type: "Sedan", price: 4_000_000 });
    // Another type at the same price is not similar.
    await vehicle({ make: "Toyota", model: "RAV4", type: "SUV", price: 1_000_000 });

    const v = (await getVehicle(t.db, subject))!;
    const cards = await similarVehicles(t.db, v);
    expect(cards.map((c) => c.id)).toEqual([modelFar, modelSoldNear, sedanNear, sedanFar]);
    expect(cards.map((c) => c.id)).not.toContain(subject);
    expect(cards.map((c) => c.id)).not.toContain(sedanSoldNearer);
    expect(cards[1]!.stockStatus).toBe("sold");
  });

  it("of a vehicle with nothing like it are none", async () => {
    const lone = await vehicle({ make: "Isuzu", model: "Elf", type: "Truck", price: 2_000_000 });
    const v = (await getVehicle(t.db, lone))!;
    expect(await similarVehicles(t.db, v)).toEqual([]);
  });
});
