import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { quotedVehicle } from "../../../tests/support/orders";
import { seedLandedSamples } from "~/db/seed/demo-landed.server";
import { seedFreightPorts } from "~/db/seed/seed.server";
import { offerCosts, offerLanded } from "./offer-landed.server";

let t: TestDb;
let number: string;
const shop = {
  dataDir: os.tmpdir(),
  secret: "offer-landed-secret-offer-landed-secret",
  ownerEmail: "owner@shop.example",
};

beforeAll(async () => {
  t = await createTestDb();
  await seedFreightPorts(t.db);
  const { quote } = await quotedVehicle(t.db, shop, {
    customerId: null,
    name: "Nimal Perera",
    email: "nimal@example.com",
    key: "offer-landed-key-0001",
    vehicleName: "Toyota Axio for Colombo",
  });
  number = quote.number;
  await seedLandedSamples(t.db);
});
afterAll(() => t.cleanup());

describe("the estimate beside an offer", () => {
  it("takes the offer's own amounts; an extra line counts with the FOB price", () => {
    expect(
      offerCosts([
        { kind: "fob", amount: 1_000_000 },
        { kind: "freight", amount: 120_000 },
        { kind: "insurance", amount: 16_800 },
        { kind: "inspection", amount: 25_000 },
        { kind: "other", amount: 30_000 },
      ]),
    ).toEqual({ fob: 1_030_000, freight: 120_000, insurance: 16_800, inspection: 25_000 });
  });

  it("estimates the offered car in the offer's country, from the offer's CIF", async () => {
    const costs = { fob: 1_000_000, freight: 120_000, insurance: 16_800, inspection: 25_000 };
    const colombo = await offerLanded(t.db, number, { port: "Colombo, Sri Lanka", costs });
    if (colombo?.state !== "estimate" || !colombo.result.ok) throw new Error(JSON.stringify(colombo));
    expect(colombo.country).toBe("Sri Lanka");
    const cif = colombo.result.estimate.lines[0]!;
    // 1,136,800 yen at the sample's 2.045 LKR to the yen.
    expect(cif).toMatchObject({ key: "cif", base: { amount: 1_136_800, unit: "JPY" }, amount: 232_475_600 });
    expect(colombo.result.samples).toBe(true);

    // The same quote offered to Mombasa: Kenya's rules and rates.
    const mombasa = await offerLanded(t.db, number, { port: "Mombasa, Kenya", costs });
    expect(mombasa && mombasa.state === "estimate" && mombasa.country).toBe("Kenya");
  });

  it("says nothing for a country the shop does not estimate, or a quote that is not there", async () => {
    const costs = { fob: 1, freight: 0, insurance: 0, inspection: 0 };
    expect(await offerLanded(t.db, number, { port: "Chennai, India", costs })).toBeNull();
    expect(await offerLanded(t.db, "0000000000", { port: "Colombo, Sri Lanka", costs })).toBeNull();
  });
});
