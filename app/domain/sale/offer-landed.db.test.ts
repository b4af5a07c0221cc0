import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { quotedVehicle } from "../../../tests/support/orders";
import { seedLandedSamples } from "~/db/seed/demo-landed.server";
import { seedFreightPorts } from "~/db/seed/seed.server";
import { landedPrice } from "~/domain/freight/freight";
import { listFreightPorts } from "~/domain/freight/freight.server";
import { landedView } from "~/domain/landed-cost/landed-view.server";
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

  it("counts the freight and insurance an FOB offer leaves out at the freight table's rates, and says so", async () => {
    const colombo = (await listFreightPorts(t.db)).find((p) => p.port === "Colombo")!;
    const table = landedPrice(1_000_000, "medium", colombo)!;
    const fob = await offerLanded(t.db, number, {
      port: "Colombo, Sri Lanka",
      costs: { fob: 1_000_000, freight: 0, insurance: 0, inspection: 0 },
    });
    if (fob?.state !== "estimate" || !fob.result.ok) throw new Error(JSON.stringify(fob));
    expect(fob.filled).toEqual(["freight", "insurance"]);
    expect(fob.result.estimate.lines[0]?.base).toEqual({
      amount: 1_000_000 + table.freight + table.insurance,
      unit: "JPY",
    });
    expect(landedView(fob, "en").notes[0]).toBe(
      "This offer leaves freight or insurance out; customs tax them all the same, so they are counted at our current rates to Colombo, Sri Lanka.",
    );
    // A CIF offer is taken as it is.
    const cif = await offerLanded(t.db, number, {
      port: "Colombo, Sri Lanka",
      costs: { fob: 1_000_000, freight: 90_000, insurance: 12_000, inspection: 0 },
    });
    expect(cif?.state === "estimate" && cif.filled).toBeUndefined();
  });

  it("says nothing for a country the shop does not estimate, or a quote that is not there", async () => {
    const costs = { fob: 1, freight: 0, insurance: 0, inspection: 0 };
    expect(await offerLanded(t.db, number, { port: "Chennai, India", costs })).toBeNull();
    expect(await offerLanded(t.db, "0000000000", { port: "Colombo, Sri Lanka", costs })).toBeNull();
  });
});
