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
  it("are available ones of the same model first, then of the same type near in price; never reserved or sold", async () => {
    const corolla = { make: "Toyota", model: "Corolla", type: "Sedan" };
    const subject = await vehicle({ ...corolla, price: 1_000_000 });
    const modelSoldNear = await vehicle({ ...corolla, price: 1_010_000, stockStatus: "sold" });
    const modelReservedNear = await vehicle({ ...corolla, price: 995_000, stockStatus: "reserved" });
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
    const ids = (await similarVehicles(t.db, v)).map((c) => c.id);
    expect(ids).toEqual([modelFar, sedanNear, sedanFar]);
    for (const gone of [subject, modelSoldNear, modelReservedNear, sedanSoldNearer]) expect(ids).not.toContain(gone);

    // The buyer's country refuses the far Corolla and the Civic: the next admitted ones take their place.
    const refused = new Set([modelFar, sedanNear]);
    const admitted = await similarVehicles(t.db, v, (card) => !refused.has(card.id));
    expect(admitted.map((c) => c.id)).toEqual([sedanFar]);
  });

  it("of a vehicle with nothing like it are none", async () => {
    const lone = await vehicle({ make: "Isuzu", model: "Elf", type: "Truck", price: 2_000_000 });
    const v = (await getVehicle(t.db, lone))!;
    expect(await similarVehicles(t.db, v)).toEqual([]);
  });
});
