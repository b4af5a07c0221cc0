import { describe, expect, it } from "vitest";
import { monthNumber } from "~/domain/inventory/months";
import { estimateWithTables, type EstimatedVehicle, type LoadedTables } from "./estimate";

const ref = (name: string) => ({ name: `${name} v1`, date: "2026-11-01" });
const axio: EstimatedVehicle = {
  make: "Toyota",
  model: "Axio",
  year: 2019,
  manufactured: monthNumber(2019, 5),
  fuel: "Petrol",
  engineCc: 1496,
  kind: "car",
};
const costs = { fob: 1_000_000, freight: 120_000, insurance: 16_800, inspection: 0 };
const request = { country: "Kenya" as const, vehicle: axio, costs, assessedIn: monthNumber(2027, 1) };
const tables: LoadedTables = {
  kenya_crsp: {
    rows: [{ make: "toyota", model: "AXIO", engine_cc: 1500, fuel: "petrol", value_kes: 2_231_824 }],
    ref: ref("kenya_crsp"),
    sample: false,
  },
  kenya_depreciation: {
    rows: [{ from_months: 0, to_months: null, rate_percent: 1500 }],
    ref: ref("kenya_depreciation"),
    sample: false,
  },
  customs_rates: { rows: [{ country: "Kenya", local_per_yen: "0.8650" }], ref: ref("customs_rates"), sample: true },
};

describe("estimateWithTables", () => {
  it("finds the car's row (1,496 cc as the list's 1,500), and names every table it read", () => {
    const e = estimateWithTables(tables, request);
    if (!e.ok) throw new Error(JSON.stringify(e.problem));
    // CRSP 2,231,824 × 0.85 ÷ (1.35 × 1.20 × 1.16) = 1,009,498.94 KES, above the CIF of 983,332 KES.
    expect(e.estimate.customsValue).toBe(100_949_894);
    expect(e.tables.map((t) => t.name)).toEqual(["customs_rates v1", "kenya_crsp v1", "kenya_depreciation v1"]);
    // The customs rate is a sample: the whole estimate says so.
    expect(e.samples).toBe(true);
    // No inspection and no fees table: the certificate and the fees are listed as not included.
    expect(e.estimate.notIncluded).toEqual([
      "cor_fee",
      "shipping_line_charges",
      "port_charges",
      "clearing",
      "registration",
    ]);
  });

  it("says which fact or table is missing rather than guessing", () => {
    expect(estimateWithTables(tables, { ...request, vehicle: { ...axio, fuel: null } })).toMatchObject({
      ok: false,
      problem: { kind: "missing_fact", fact: "fuel" },
    });
    expect(estimateWithTables(tables, { ...request, vehicle: { ...axio, engineCc: null } })).toMatchObject({
      ok: false,
      problem: { kind: "missing_fact", fact: "engine_cc" },
    });
    expect(estimateWithTables(tables, { ...request, vehicle: { ...axio, model: "Premio" } })).toMatchObject({
      ok: false,
      problem: { kind: "no_table_entry", table: "kenya_crsp" },
    });
    expect(estimateWithTables({}, { ...request, country: "Uganda" })).toMatchObject({
      ok: false,
      problem: { kind: "missing_rate" },
      samples: false,
    });
    expect(
      estimateWithTables(
        {
          customs_rates: {
            rows: [{ country: "Uganda", local_per_yen: "24.1" }],
            ref: ref("customs_rates"),
            sample: false,
          },
        },
        { ...request, country: "Uganda" },
      ),
    ).toMatchObject({ ok: false, problem: { kind: "no_table_entry", table: "uganda_guide" } });
    // A guide loaded, the car not in it.
    expect(
      estimateWithTables(
        {
          customs_rates: {
            rows: [{ country: "Uganda", local_per_yen: "24.1" }],
            ref: ref("customs_rates"),
            sample: false,
          },
          uganda_guide: {
            rows: [{ make: "Toyota", model: "Premio", year: 2019, engine_cc: 1500, value_ugx: 1 }],
            ref: ref("uganda_guide"),
            sample: false,
          },
        },
        { ...request, country: "Uganda" },
      ),
    ).toMatchObject({ ok: false, problem: { kind: "no_table_entry", table: "uganda_guide" } });
    for (const country of ["Pakistan", "Bangladesh"] as const)
      expect(estimateWithTables(tables, { ...request, country })).toEqual({
        ok: false,
        problem: { kind: "duty_not_estimated", country, reason: "no_duty_tables" },
        samples: false,
        tables: [],
      });
    const { kenya_depreciation: _, ...noBands } = tables;
    expect(estimateWithTables(noBands, request)).toMatchObject({
      ok: false,
      problem: { kind: "no_table_entry", table: "kenya_depreciation" },
    });
  });

  it("counts a goods vehicle's lower levy in Uganda and a pick-up's at the passenger rate", () => {
    const uganda: LoadedTables = {
      customs_rates: { rows: [{ country: "Uganda", local_per_yen: "24.1" }], ref: ref("customs_rates"), sample: false },
      uganda_guide: {
        rows: [{ make: "Toyota", model: "Axio", year: 2012, engine_cc: 1500, value_ugx: 20_000_000 }],
        ref: ref("uganda_guide"),
        sample: false,
      },
    };
    const old = { ...axio, year: 2012, manufactured: monthNumber(2012, 3) };
    const levy = (kind: EstimatedVehicle["kind"]) => {
      const e = estimateWithTables(uganda, { ...request, country: "Uganda", vehicle: { ...old, kind } });
      if (!e.ok) throw new Error(JSON.stringify(e.problem));
      return e.estimate.lines.find((l) => l.key === "environmental_levy")?.rate;
    };
    expect(levy("goods")).toEqual({ num: 2000, den: 10_000 });
    expect(levy("pickup")).toEqual({ num: 5000, den: 10_000 });
    expect(levy("car")).toEqual({ num: 5000, den: 10_000 });
  });

  it("reads the buyer's country's rate and fees, not another's, and lists its fees as lines", () => {
    const withFees: LoadedTables = {
      ...tables,
      customs_rates: {
        rows: [
          { country: "Uganda", local_per_yen: "24.1" },
          { country: "Kenya", local_per_yen: "0.8650" },
        ],
        ref: ref("customs_rates"),
        sample: false,
      },
      landed_fees: {
        rows: [
          { country: "Uganda", port_charges: 1, clearing: 1, registration: 1 },
          { country: "Kenya", port_charges: 45_000, clearing: 60_000, registration: null },
        ],
        ref: ref("landed_fees"),
        sample: false,
      },
    };
    const e = estimateWithTables(withFees, request);
    if (!e.ok) throw new Error(JSON.stringify(e.problem));
    expect(e.estimate.lines[0]).toMatchObject({ key: "cif", rate: { num: 8650, den: 10_000 } });
    expect(e.estimate.lines.filter((l) => l.group === "fee")).toEqual([
      expect.objectContaining({
        key: "port_charges",
        amount: 4_500_000,
        source: "owner table landed_fees v1 of 2026-11-01",
      }),
      expect.objectContaining({ key: "clearing", amount: 6_000_000 }),
    ]);
    expect(e.estimate.notIncluded).toContain("registration");
    expect(e.samples).toBe(false);

    // A fees table without the buyer's country: the fees are not included.
    const otherFees = {
      ...withFees,
      landed_fees: { ...withFees.landed_fees!, rows: [withFees.landed_fees!.rows[0]!] },
    };
    const noFees = estimateWithTables(otherFees, request);
    expect(noFees.ok && noFees.estimate.notIncluded).toEqual([
      "cor_fee",
      "shipping_line_charges",
      "port_charges",
      "clearing",
      "registration",
    ]);
    // A rate table without the buyer's country: no rate, said so.
    const noKenya = {
      ...withFees,
      customs_rates: { ...withFees.customs_rates!, rows: [withFees.customs_rates!.rows[0]!] },
    };
    expect(estimateWithTables(noKenya, request)).toMatchObject({ ok: false, problem: { kind: "missing_rate" } });
  });

  it("estimates an electric car without an engine size, and says Kenya has no excise band for it", () => {
    const ev = { ...axio, fuel: "electric", engineCc: null };
    expect(estimateWithTables(tables, { ...request, vehicle: ev })).toMatchObject({
      ok: false,
      problem: { kind: "no_table_entry", table: "kenya_crsp" },
    });
  });

  it("finds Tanzania's value and Sri Lanka's gazette rows, and names a table not loaded", () => {
    const rate = (country: string, perYen: string): LoadedTables["customs_rates"] => ({
      rows: [{ country: country as "Tanzania", local_per_yen: perYen }],
      ref: ref("customs_rates"),
      sample: false,
    });
    const tz: LoadedTables = {
      customs_rates: rate("Tanzania", "17.12"),
      tanzania_valuation: {
        rows: [{ make: "Toyota", model: "Axio", year: 2019, engine_cc: 1500, value_tzs: 30_000_000 }],
        ref: ref("tanzania_valuation"),
        sample: false,
      },
    };
    const tanzania = estimateWithTables(tz, { ...request, country: "Tanzania" });
    if (!tanzania.ok) throw new Error(JSON.stringify(tanzania.problem));
    // TRA's value is above the CIF of 19,462,016 TZS: it is what is taxed.
    expect(tanzania.estimate.customsValue).toBe(30_000_000);
    expect(tanzania.tables.map((t) => t.name)).toContain("tanzania_valuation v1");
    expect(estimateWithTables(tz, { ...request, country: "Tanzania", vehicle: { ...axio, year: 2020 } })).toMatchObject(
      { ok: false, problem: { kind: "no_table_entry", table: "tanzania_valuation" } },
    );

    const lk: LoadedTables = {
      customs_rates: rate("Sri Lanka", "2.045"),
      sri_lanka_excise: {
        rows: [
          {
            fuel: "petrol",
            from_months: 0,
            to_months: null,
            from_capacity: 1001,
            to_capacity: 1500,
            rate_per_unit: 4450,
            minimum: 1_992_000,
          },
        ],
        ref: ref("sri_lanka_excise"),
        sample: true,
      },
      sri_lanka_luxury: {
        rows: [{ fuel: "petrol", threshold_lkr: 5_000_000, rate_percent: 10_000 }],
        ref: ref("sri_lanka_luxury"),
        sample: false,
      },
    };
    const sriLanka = estimateWithTables(lk, { ...request, country: "Sri Lanka" });
    if (!sriLanka.ok) throw new Error(JSON.stringify(sriLanka.problem));
    // 4,450 LKR × 1,496 cc = 6,657,200 LKR, above the minimum.
    expect(sriLanka.estimate.lines.find((l) => l.key === "excise_duty")?.amount).toBe(665_720_000);
    expect(sriLanka.samples).toBe(true);
    const { sri_lanka_luxury: _, ...noLuxury } = lk;
    expect(estimateWithTables(noLuxury, { ...request, country: "Sri Lanka" })).toMatchObject({
      ok: false,
      problem: { kind: "no_table_entry", table: "sri_lanka_luxury" },
    });
    const { sri_lanka_excise: __, ...noExcise } = lk;
    expect(estimateWithTables(noExcise, { ...request, country: "Sri Lanka" })).toMatchObject({
      ok: false,
      problem: { kind: "no_table_entry", table: "sri_lanka_excise" },
    });
  });
});
