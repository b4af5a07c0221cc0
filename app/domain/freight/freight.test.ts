import { describe, expect, it } from "vitest";
import { insuranceYen, landedPrice, settledPort } from "./freight";
import { sizeClassOf } from "~/domain/inventory/size-class";
import { formInput } from "~/utils/forms";
import { english } from "../../../tests/support/english";
import { FreightPortSchema } from "./freight.server";

const port = { freight: { small: 95_000, medium: 120_000, large: null }, insuranceBp: 150, inspectionYen: null };

describe("size class of a vehicle", () => {
  it("puts kei cars, mini trucks and mini vans in small; big SUVs, pickups, trucks and vans in large", () => {
    expect(sizeClassOf({ type: "Sedan", subType: "Compact Sedan", engineCc: 660 })).toBe("small");
    expect(sizeClassOf({ type: "Truck", subType: "Mini Truck", engineCc: 1500 })).toBe("small");
    expect(sizeClassOf({ type: "Van", subType: "Mini Van", engineCc: null })).toBe("small");
    expect(sizeClassOf({ type: "Sedan", subType: "Mid-size Sedan", engineCc: 1800 })).toBe("medium");
    expect(sizeClassOf({ type: "SUV", subType: "Compact SUV", engineCc: 2000 })).toBe("medium");
    expect(sizeClassOf({ type: null, subType: null, engineCc: null })).toBe("medium");
    expect(sizeClassOf({ type: "Sedan", subType: null, engineCc: 1000 })).toBe("small");
    expect(sizeClassOf({ type: "Sedan", subType: null, engineCc: 1001 })).toBe("medium");
    expect(sizeClassOf({ type: "SUV", subType: "Full-size SUV", engineCc: 4500 })).toBe("large");
    expect(sizeClassOf({ type: "Truck", subType: "Pickup", engineCc: 2800 })).toBe("large");
    expect(sizeClassOf({ type: "Van", subType: "Cargo Van", engineCc: 660 })).toBe("large");
  });
});

describe("insurance in whole yen", () => {
  it("is (FOB + freight) × rate, rounded to the nearest yen with halves going up", () => {
    // 1,000,050 × 1.50 % = 15,000.75 → 15,001
    expect(insuranceYen(1_000_050, 150)).toBe(15_001);
    // 1,000 × 0.05 % = 0.5 → 1 (half up); 999 × 0.05 % = 0.4995 → 0
    expect(insuranceYen(1_000, 5)).toBe(1);
    expect(insuranceYen(999, 5)).toBe(0);
    // 1,000,033 × 1.00 % = 10,000.33 → 10,000
    expect(insuranceYen(1_000_033, 100)).toBe(10_000);
    expect(insuranceYen(1_234_567, 0)).toBe(0);
  });

  it("stays exact for the largest prices (no floating-point drift)", () => {
    // 999,999,999 × 10 % = 99,999,999.9 → 100,000,000
    expect(insuranceYen(999_999_999, 1000)).toBe(100_000_000);
    // 9,999,999,999 × 9.99 % = 998,999,999.9001 → 999,000,000
    expect(insuranceYen(9_999_999_999, 999)).toBe(999_000_000);
  });

  it("refuses fractions of yen and negative amounts", () => {
    expect(() => insuranceYen(10.5, 100)).toThrow(RangeError);
    expect(() => insuranceYen(-1, 100)).toThrow(RangeError);
    expect(() => insuranceYen(1000, 1.5)).toThrow(RangeError);
  });
});

describe("price to the port", () => {
  it("adds freight for the size, then insurance on FOB + freight (CIF)", () => {
    const landed = landedPrice(1_250_000, "medium", port)!;
    expect(landed).toEqual({
      fob: 1_250_000,
      freight: 120_000,
      insurance: 20_550, // 1,370,000 × 1.5 %
      inspection: 0,
      cfr: 1_370_000,
      total: 1_390_550,
      terms: "CIF",
    });
    expect(landed.fob + landed.freight + landed.insurance).toBe(landed.total);
  });

  it("adds the pre-shipment inspection the destination requires after insurance, which insures only the cargo", () => {
    const landed = landedPrice(1_250_000, "medium", { ...port, inspectionYen: 22_000 })!;
    expect(landed).toMatchObject({ insurance: 20_550, inspection: 22_000, cfr: 1_370_000, total: 1_412_550 });
    expect(landed.fob + landed.freight + landed.insurance + landed.inspection).toBe(landed.total);
    // C&F with an inspection (Kenya: no insurance rate here, QISJ required).
    expect(landedPrice(800_000, "small", { ...port, insuranceBp: 0, inspectionYen: 20_000 })).toMatchObject({
      insurance: 0,
      inspection: 20_000,
      total: 915_000,
      terms: "C&F",
    });
  });

  it("is C&F when the port has no insurance rate", () => {
    expect(landedPrice(800_000, "small", { ...port, insuranceBp: 0 })).toMatchObject({
      insurance: 0,
      total: 895_000,
      terms: "C&F",
    });
  });

  it("invents nothing when the port has no freight for that size: the buyer asks for a quote", () => {
    expect(landedPrice(3_000_000, "large", port)).toBeNull();
  });

  it("counts a freight of 0 (a shop that pays shipping) as a figure, not a missing entry", () => {
    expect(
      landedPrice(500_000, "small", { freight: { small: 0, medium: 0, large: 0 }, insuranceBp: 0, inspectionYen: null })
        ?.total,
    ).toBe(500_000);
  });
});

describe("the freight form", () => {
  const form = (values: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(values)) f.append(k, v);
    return FreightPortSchema.safeParse(formInput(f));
  };

  it("reads yen with thousands separators, empty sizes as 'ask for a quote' and the rate in hundredths of a per cent", () => {
    const r = form({
      country: " Sri Lanka ",
      port: "Colombo",
      small: "95,000",
      medium: "120000",
      large: "",
      insurance: "1.5",
    });
    expect(r.success && r.data).toEqual({
      country: "Sri Lanka",
      port: "Colombo",
      small: 95_000,
      medium: 120_000,
      large: null,
      inspection: null,
      insurance: 150,
    });
    expect(form({ country: "Kenya", port: "Mombasa", inspection: "¥19,800" }).data?.inspection).toBe(19_800);
    // 0 is no inspection, shown as none rather than ¥0.
    expect(form({ country: "Kenya", port: "Mombasa", inspection: "0" }).data?.inspection).toBeNull();
    const again = form({ country: "Kenya", port: "Mombasa", insurance: "0.25 %" });
    expect(again.success && again.data.insurance).toBe(25);
    // Written as the upload form takes a price: the freight form refused "¥300,000" before (issue 19).
    const marked = form({ country: "Kenya", port: "Mombasa", small: "¥300,000", medium: "450,000円" });
    expect(marked.success && [marked.data.small, marked.data.medium]).toEqual([300_000, 450_000]);
  });

  it("refuses what is not a whole number of yen or a sensible rate, with the field named", () => {
    const messages = (values: Record<string, string>) =>
      form(values).error?.issues.map((i) => `${String(i.path[0])}: ${english(i.message)}`) ?? [];
    expect(messages({ country: "", port: "", small: "-5", medium: "1.5", large: "12x", insurance: "11" })).toEqual([
      "country: Country is required",
      "port: Port is required",
      "small: Freight (small) must be a whole number",
      "medium: Freight (medium) must be a whole number",
      "large: Freight (large) must be a whole number",
      "insurance: Insurance rate must be a per cent from 0 to 10, such as 1.5",
    ]);
    expect(messages({ country: "A", port: "B", small: "10000001", insurance: "1.555" })).toEqual([
      "small: Freight (small) must be at most 10,000,000",
      "insurance: Insurance rate must be a per cent from 0 to 10, such as 1.5",
    ]);
    expect(messages({ country: "x".repeat(61), port: "B" })).toEqual([
      "country: Country must be at most 60 characters",
    ]);
  });
});

describe("the port a buyer's place settles on", () => {
  const ports = [
    { id: 1, country: "Kenya", port: "Mombasa" },
    { id: 2, country: "Tanzania", port: "Dar es Salaam" },
    { id: 3, country: "Sri Lanka", port: "Colombo" },
  ];
  const form = { country: "Kenya", countryWas: "", port: "", portWas: "", ports };

  it("a first country chosen brings its port with it", () => {
    expect(settledPort(form)).toBe("1");
    expect(settledPort({ ...form, country: "sri lanka " })).toBe("3");
  });

  it("a port the buyer changed in the same form stays, FOB only included", () => {
    expect(settledPort({ ...form, port: "2", portWas: "1" })).toBe("2");
    expect(settledPort({ ...form, country: "Tanzania", countryWas: "Kenya", port: "", portWas: "1" })).toBe("");
  });

  it("a country with no port of its own keeps the neighbour's port it ships through", () => {
    expect(settledPort({ ...form, country: "Uganda", countryWas: "Kenya", port: "1", portWas: "1" })).toBe("1");
  });

  it("the same country sent again leaves the port as it is, FOB only included", () => {
    expect(settledPort({ ...form, countryWas: "Kenya" })).toBe("");
    expect(settledPort({ ...form, country: "", port: "2", portWas: "2" })).toBe("2");
  });

  it("a new country moves a port left as it was to its own", () => {
    expect(settledPort({ ...form, country: "Tanzania", countryWas: "Kenya", port: "1", portWas: "1" })).toBe("2");
    expect(settledPort({ ...form, country: "Kenya", countryWas: "Uganda", port: "1", portWas: "1" })).toBe("1");
  });
});
