import { describe, expect, it } from "vitest";
import { monthNumber } from "~/domain/inventory/months";
import {
  estimateLandedCost,
  landedCountry,
  parseDecimal,
  RESEARCH_CHECKED,
  roundDiv,
  type KenyaTables,
  type LandedEstimate,
  type LandedInput,
  type LandedResult,
  type SriLankaTables,
  type VehicleFacts,
} from "./landed-cost";

const table = { name: "test", date: "2026-12-01" };
const owner = "owner table test of 2026-12-01";
const DEC_2026 = monthNumber(2026, 12);

const car = (over: Partial<VehicleFacts> = {}): VehicleFacts => ({
  year: 2021,
  manufactured: monthNumber(2021, 3),
  fuel: "petrol",
  engineCc: 1800,
  motorKw: null,
  use: null,
  ...over,
});

const noFees = { port: null, clearing: null, registration: null, table };

function estimateOf(result: LandedResult): LandedEstimate {
  if (!result.ok) throw new Error(`expected an estimate, got ${JSON.stringify(result.problem)}`);
  return result.estimate;
}

const amounts = (e: LandedEstimate) => e.lines.map((l) => [l.key, l.amount]);

describe("Kenya", () => {
  const kenyaTables: KenyaTables = {
    crsp: { valueKes: 2_231_824, table },
    depreciation: {
      bands: [
        { fromMonths: 0, toMonths: 36, rateBp: 500 },
        { fromMonths: 36, toMonths: 72, rateBp: 1500 },
        { fromMonths: 72, toMonths: null, rateBp: 6500 },
      ],
      table,
    },
  };
  const kenya = (over: Partial<LandedInput> = {}, tables: Partial<KenyaTables> = {}): LandedInput =>
    ({
      country: "Kenya",
      vehicle: car(),
      // 960,000 yen CIF at 0.8412 = 807,552.00 KES: below the CRSP's value, so the CRSP decides.
      costs: { fob: 800_000, freight: 150_000, insurance: 10_000, inspection: 20_000 },
      assessedIn: DEC_2026,
      rate: { perYen: "0.8412", table },
      fees: { port: 50_000, clearing: 30_000, registration: null, table },
      tables: { ...kenyaTables, ...tables },
      ...over,
    }) as LandedInput;

  it("reproduces KRA's check at its rates: 2,231,824 × 0.85 ÷ 1.8125 = 1,046,648.50 KES", () => {
    // 1.8125 = 1.25 × 1.25 × 1.16: the 25 % import duty of KRA's 2019 estimate [37][40], ED 25 %, VAT 16 %.
    const e = estimateOf(estimateLandedCost(kenya({}, { importDutyBp: 2500 })));
    expect(e.customsValue).toBe(104_664_850);
    expect(e.lines.find((l) => l.key === "import_duty")?.amount).toBe(26_166_213); // 25 % of CV, half up
  });

  it("takes out and charges today's 35 % import duty: CV = CRSP × 0.85 ÷ 1.9575, then each tax on it", () => {
    const e = estimateOf(estimateLandedCost(kenya()));
    // 1.9575 = 1.35 × 1.25 × 1.16: 223,182,400 cents × 0.85 ÷ 1.9575 = 96,911,898.47.
    expect(e.customsValue).toBe(96_911_898);
    expect(e.currency).toBe("KES");
    expect(amounts(e)).toEqual([
      ["cif", 80_755_200], // 960,000 × 0.8412
      ["inspection", 1_682_400], // 20,000 × 0.8412
      ["import_duty", 33_919_164], // 35 % of 96,911,898 = 33,919,164.3
      ["excise_duty", 32_707_766], // 25 % of 130,831,062 = 32,707,765.5, half up (1800 cc petrol)
      ["vat", 26_166_212], // 16 % of 163,538,828 = 26,166,212.48
      ["idf", 3_391_916], // 3.5 % of CV = 3,391,916.43
      ["rdl", 1_938_238], // 2 % of CV = 1,938,237.96
      ["port_charges", 5_000_000],
      ["clearing", 3_000_000],
    ]);
    expect(e.taxTotal).toBe(98_123_296);
    expect(e.landedTotal).toBe(80_755_200 + 1_682_400 + 98_123_296 + 8_000_000);
    // The inspection line is QISJ's certificate: not listed again as left out.
    expect(e.notIncluded).toEqual(["shipping_line_charges", "registration"]);
    const excise = e.lines.find((l) => l.key === "excise_duty");
    expect(excise).toMatchObject({
      base: { amount: 130_831_062, unit: "KES" },
      rate: { num: 2500, den: 10_000 },
      source: "https://www.denfrimotors.com/calculator/",
    });
    expect(e.lines[0]).toMatchObject({
      base: { amount: 960_000, unit: "JPY" },
      rate: { num: 8412, den: 10_000 },
      source: owner,
    });
  });

  it("takes the invoice CIF when it is above the CRSP's value", () => {
    const e = estimateOf(
      estimateLandedCost(kenya({ costs: { fob: 3_000_000, freight: 0, insurance: 0, inspection: 0 } })),
    );
    expect(e.customsValue).toBe(252_360_000); // 3,000,000 × 0.8412 KES
    expect(e.lines.find((l) => l.key === "import_duty")?.amount).toBe(88_326_000);
    expect(e.lines.map((l) => l.key)).not.toContain("inspection");
  });

  it("uses the excise band of the engine: 35 % over 3000 cc petrol, 20 % to 1500 cc", () => {
    const big = estimateOf(estimateLandedCost(kenya({ vehicle: car({ engineCc: 3500 }) })));
    expect(big.lines.find((l) => l.key === "excise_duty")?.rate).toEqual({ num: 3500, den: 10_000 });
    const diesel = estimateOf(estimateLandedCost(kenya({ vehicle: car({ fuel: "diesel", engineCc: 2800 }) })));
    expect(diesel.lines.find((l) => l.key === "excise_duty")?.rate).toEqual({ num: 3500, den: 10_000 });
    const small = estimateOf(estimateLandedCost(kenya({ vehicle: car({ engineCc: 1500 }) })));
    expect(small.lines.find((l) => l.key === "excise_duty")?.rate).toEqual({ num: 2000, den: 10_000 });
  });

  it("answers a problem, not a throw, when a table has nothing for the car", () => {
    expect(estimateLandedCost(kenya({}, { crsp: null }))).toEqual({
      ok: false,
      problem: { kind: "no_table_entry", table: "kenya_crsp" },
    });
    expect(estimateLandedCost(kenya({ vehicle: car({ fuel: "electric", engineCc: null, motorKw: 100 }) }))).toEqual({
      ok: false,
      problem: { kind: "no_table_entry", table: "kenya_excise_band" },
    });
    expect(estimateLandedCost(kenya({}, { depreciation: { bands: [], table } }))).toEqual({
      ok: false,
      problem: { kind: "no_table_entry", table: "kenya_depreciation" },
    });
  });

  it("refuses negative, fractional, absurd and unreadable input", () => {
    const costs = { fob: 800_000, freight: 150_000, insurance: 10_000, inspection: 0 };
    const problemOf = (input: LandedInput) => {
      const r = estimateLandedCost(input);
      return r.ok ? null : r.problem;
    };
    expect(problemOf(kenya({ costs: { ...costs, fob: -1 } }))).toEqual({
      kind: "invalid_input",
      field: "costs.fob",
      reason: "negative",
    });
    expect(problemOf(kenya({ costs: { ...costs, freight: 1.5 } }))).toMatchObject({ reason: "not_whole_number" });
    expect(problemOf(kenya({ costs: { ...costs, fob: 1e12 } }))).toMatchObject({ reason: "too_large" });
    expect(problemOf(kenya({ vehicle: car({ engineCc: 100_000 }) }))).toMatchObject({
      field: "vehicle.engineCc",
      reason: "too_large",
    });
    expect(problemOf(kenya({ rate: { perYen: "0,84", table } }))).toMatchObject({ reason: "not_a_decimal" });
    expect(problemOf(kenya({ rate: { perYen: "0", table } }))).toMatchObject({ reason: "not_a_decimal" });
    expect(problemOf(kenya({ rate: null }))).toEqual({ kind: "missing_rate", rate: "customs_rate" });
    expect(problemOf(kenya({}, { importDutyBp: 12_000 }))).toEqual({
      kind: "invalid_input",
      field: "tables.importDutyBp",
      reason: "rate_over_100",
    });
    expect(problemOf(kenya({ vehicle: car({ manufactured: monthNumber(2027, 1) }) }))).toMatchObject({
      reason: "after_assessment",
    });
    expect(problemOf(kenya({ fees: { ...noFees, port: -5 } }))).toMatchObject({
      field: "fees.port",
      reason: "negative",
    });
    expect(
      problemOf(kenya({}, { depreciation: { bands: [{ fromMonths: 0, toMonths: null, rateBp: 15_000 }], table } })),
    ).toMatchObject({ reason: "rate_over_100" });
  });

  const problemOf = (input: LandedInput) => {
    const r = estimateLandedCost(input);
    return r.ok ? null : r.problem;
  };
  const invalid = (field: string, reason: string) => ({ kind: "invalid_input", field, reason });

  it("names the field of each wrong number, so the page can point at it", () => {
    expect(problemOf(kenya({ vehicle: car({ year: 10_000 }) }))).toEqual(invalid("vehicle.year", "too_large"));
    expect(problemOf(kenya({ assessedIn: DEC_2026 + 0.5 }))).toEqual(invalid("assessedIn", "not_whole_number"));
    expect(problemOf(kenya({ vehicle: car({ manufactured: monthNumber(2027, 1) }) }))).toEqual(
      invalid("vehicle.manufactured", "after_assessment"),
    );
    expect(problemOf(kenya({ vehicle: car({ manufactured: Number.NaN }) }))).toEqual(
      invalid("vehicle.manufactured", "not_whole_number"),
    );
    expect(problemOf(kenya({ vehicle: car({ manufactured: monthNumber(2020, 1) + 0.5 }) }))).toEqual(
      invalid("vehicle.manufactured", "not_whole_number"),
    );
    expect(problemOf(kenya({ vehicle: car({ motorKw: 2_001 }) }))).toEqual(invalid("vehicle.motorKw", "too_large"));
    expect(problemOf(kenya({ vehicle: car({ engineCc: 20_001 }) }))).toEqual(invalid("vehicle.engineCc", "too_large"));
    expect(problemOf(kenya({ rate: { perYen: "abc", table } }))).toEqual(invalid("rate.perYen", "not_a_decimal"));
    expect(problemOf(kenya({}, { crsp: { valueKes: -1, table } }))).toEqual(
      invalid("tables.crsp.valueKes", "negative"),
    );
  });

  it("accepts each limit itself: 20,000 cc, 2,000 kW, the year 9999 and a car made the month it is assessed", () => {
    expect(estimateLandedCost(kenya({ vehicle: car({ engineCc: 20_000 }) })).ok).toBe(true);
    expect(estimateLandedCost(kenya({ vehicle: car({ motorKw: 2_000 }) })).ok).toBe(true);
    const far = monthNumber(9999, 12);
    expect(estimateLandedCost(kenya({ vehicle: car({ year: 9999, manufactured: far }), assessedIn: far })).ok).toBe(
      true,
    );
    expect(estimateLandedCost(kenya({ vehicle: car({ manufactured: DEC_2026 }) })).ok).toBe(true);
  });

  it("names a wrong fee even when the estimate would fail for another reason", () => {
    expect(problemOf(kenya({ rate: null, fees: { ...noFees, clearing: -5 } }))).toEqual(
      invalid("fees.clearing", "negative"),
    );
  });

  it("refuses a depreciation rate that is negative or not a whole number of basis points", () => {
    const rated = (rateBp: number) =>
      kenya({}, { depreciation: { bands: [{ fromMonths: 0, toMonths: null, rateBp }], table } });
    expect(problemOf(rated(-100))).toEqual(invalid("tables.depreciation.rateBp", "negative"));
    expect(problemOf(rated(1.5))).toEqual(invalid("tables.depreciation.rateBp", "not_whole_number"));
    expect(estimateLandedCost(rated(10_000)).ok).toBe(true);
  });

  it("depreciates by the band the age falls in: a band from 36 months includes 36 and ends before 72", () => {
    const cvAt = (manufactured: number) =>
      estimateOf(estimateLandedCost(kenya({ vehicle: car({ manufactured }) }))).customsValue;
    expect(cvAt(monthNumber(2024, 1))).toBe(108_313_298); // 35 months: 5 %, 223,182,400 × 0.95 ÷ 1.9575
    expect(cvAt(monthNumber(2023, 12))).toBe(96_911_898); // 36 months: 15 %
    expect(cvAt(monthNumber(2021, 1))).toBe(96_911_898); // 71 months: 15 %
    // 72 months: 65 % leaves 39,904,899 KES cents, under the invoice CIF, which then decides.
    expect(cvAt(monthNumber(2020, 12))).toBe(80_755_200);
  });

  it("answers no_table_entry for a car younger than the first depreciation band", () => {
    const bands = [{ fromMonths: 12, toMonths: null, rateBp: 1000 }];
    expect(
      estimateLandedCost(
        kenya({ vehicle: car({ manufactured: monthNumber(2026, 7) }) }, { depreciation: { bands, table } }),
      ),
    ).toEqual({ ok: false, problem: { kind: "no_table_entry", table: "kenya_depreciation" } });
  });

  it("cannot band a petrol car without its engine size", () => {
    expect(estimateLandedCost(kenya({ vehicle: car({ engineCc: null }) }))).toEqual({
      ok: false,
      problem: { kind: "no_table_entry", table: "kenya_excise_band" },
    });
  });

  it("bands hybrids with petrol and diesel by their own limits", () => {
    const rateOf = (fuel: VehicleFacts["fuel"], engineCc: number) =>
      estimateOf(estimateLandedCost(kenya({ vehicle: car({ fuel, engineCc }) }))).lines.find(
        (l) => l.key === "excise_duty",
      )?.rate?.num;
    expect(rateOf("hybrid", 1500)).toBe(2000);
    expect(rateOf("diesel", 1500)).toBe(2000);
    expect(rateOf("hybrid", 3000)).toBe(2500);
    expect(rateOf("diesel", 2500)).toBe(2500);
    expect(rateOf("diesel", 2501)).toBe(3500);
    expect(rateOf("hybrid", 3001)).toBe(3500);
  });

  it("lists the inspection as a cost at the customs rate, and the owner's fees from the fee table", () => {
    const feeTable = { name: "fees", date: "2026-11-01" };
    const e = estimateOf(estimateLandedCost(kenya({ fees: { ...noFees, port: 50_000, table: feeTable } })));
    expect(e.lines[0]).toMatchObject({ key: "cif", group: "cost" });
    expect(e.lines.find((l) => l.key === "inspection")).toEqual({
      key: "inspection",
      group: "cost",
      amount: 1_682_400,
      base: { amount: 20_000, unit: "JPY" },
      rate: { num: 8412, den: 10_000 },
      minimum: null,
      source: owner,
    });
    expect(e.lines.find((l) => l.key === "port_charges")).toEqual({
      key: "port_charges",
      group: "fee",
      amount: 5_000_000,
      base: null,
      rate: null,
      minimum: null,
      source: "owner table fees of 2026-11-01",
    });
    expect(e.lines.find((l) => l.key === "idf")?.source).toBe(
      "https://jedcamedia.com/kra-unveils-new-crsp-for-used-car-imports-effective-july-1",
    );
  });

  it("says the certificate of roadworthiness is left out when no inspection is set", () => {
    const e = estimateOf(
      estimateLandedCost(kenya({ costs: { fob: 800_000, freight: 150_000, insurance: 10_000, inspection: 0 } })),
    );
    expect(e.notIncluded).toEqual(["cor_fee", "shipping_line_charges", "registration"]);
  });
});

describe("Tanzania", () => {
  const tanzania = (vehicle: VehicleFacts, valueTzs = 20_000_000, fobYen = 1_000_000): LandedInput => ({
    country: "Tanzania",
    vehicle,
    // 1,000,000 yen at 17 TZS = 17,000,000 TZS: below the valuation of 20,000,000.
    costs: { fob: fobYen, freight: 0, insurance: 0, inspection: 0 },
    assessedIn: DEC_2026,
    rate: { perYen: "17", table },
    fees: noFees,
    tables: { valuation: { valueTzs, table } },
  });

  it("charges 15 % extra excise at 10 calendar years (2016 → 2026)", () => {
    const e = estimateOf(
      estimateLandedCost(tanzania(car({ year: 2016, manufactured: monthNumber(2016, 3), engineCc: 1500 }))),
    );
    expect(e.currency).toBe("TZS");
    expect(e.customsValue).toBe(20_000_000);
    expect(amounts(e)).toEqual([
      ["cif", 17_000_000],
      ["import_duty", 5_000_000], // 25 % of 20,000,000
      ["excise_duty", 1_250_000], // 5 % of 25,000,000 (1001–2000 cc)
      ["excise_duty_age", 3_750_000], // 15 % of 25,000,000
      ["vat", 5_400_000], // 18 % of 30,000,000
      ["rdl", 300_000], // 1.5 % of 20,000,000
    ]);
    expect(e.taxTotal).toBe(15_700_000);
    expect(e.landedTotal).toBe(32_700_000);
    expect(e.notIncluded).toEqual(["processing_fee", "tpa_tasac_charges", "port_charges", "clearing", "registration"]);
  });

  it("cannot band a petrol or diesel car without its engine size, and bands an electric one at 0 %", () => {
    expect(estimateLandedCost(tanzania(car({ engineCc: null })))).toEqual({
      ok: false,
      problem: { kind: "no_table_entry", table: "tanzania_excise_band" },
    });
    const ev = estimateOf(estimateLandedCost(tanzania(car({ fuel: "electric", engineCc: null, motorKw: 80 }))));
    expect(ev.lines.find((l) => l.key === "excise_duty")?.amount).toBe(0);
  });

  it("counts age by calendar year: 8 years 15 %, 11 years 30 %, 7 years none", () => {
    const rateOf = (year: number) =>
      estimateOf(estimateLandedCost(tanzania(car({ year, manufactured: monthNumber(year, 12) })))).lines.find(
        (l) => l.key === "excise_duty_age",
      )?.rate;
    expect(rateOf(2018)).toEqual({ num: 1500, den: 10_000 });
    expect(rateOf(2015)).toEqual({ num: 3000, den: 10_000 });
    expect(rateOf(2019)).toBeUndefined();
  });

  it("takes the CIF above TRA's valuation, and the excise band by cc", () => {
    const e = estimateOf(estimateLandedCost(tanzania(car({ engineCc: 2500 }), 10_000_000)));
    expect(e.customsValue).toBe(17_000_000);
    expect(e.lines.find((l) => l.key === "excise_duty")).toMatchObject({
      amount: 2_125_000, // 10 % of 21,250,000
      source: "http://tra.go.tz/index.php/excise-duty/241-importation-and-payment-of-duty-on-scheduled-articles",
    });
  });

  it("answers no_table_entry without a valuation", () => {
    const input = { ...tanzania(car()), tables: { valuation: null } } as LandedInput;
    expect(estimateLandedCost(input)).toEqual({
      ok: false,
      problem: { kind: "no_table_entry", table: "tanzania_valuation" },
    });
  });

  it("bands excise by cc: 0 % up to 1000 cc included, 5 % up to 2000 cc included, 10 % above", () => {
    const rateOf = (engineCc: number) =>
      estimateOf(estimateLandedCost(tanzania(car({ engineCc })))).lines.find((l) => l.key === "excise_duty")?.rate;
    expect(rateOf(1000)).toEqual({ num: 0, den: 10_000 });
    expect(rateOf(1001)).toEqual({ num: 500, den: 10_000 });
    expect(rateOf(2000)).toEqual({ num: 500, den: 10_000 });
    expect(rateOf(2001)).toEqual({ num: 1000, den: 10_000 });
  });

  it("charges the age excise at exactly 8 and 10 calendar years, whatever the month", () => {
    const rateOf = (manufactured: number) =>
      estimateOf(estimateLandedCost(tanzania(car({ manufactured })))).lines.find((l) => l.key === "excise_duty_age")
        ?.rate;
    expect(rateOf(monthNumber(2018, 12))).toEqual({ num: 1500, den: 10_000 }); // 2018 → 2026: 8 years
    expect(rateOf(monthNumber(2016, 1))).toEqual({ num: 1500, den: 10_000 }); // 10 years
    expect(rateOf(monthNumber(2015, 12))).toEqual({ num: 3000, den: 10_000 }); // 11 years
    expect(rateOf(monthNumber(2019, 1))).toBeUndefined(); // 7 years
  });

  it("names TRA's valuation when it is not a whole amount", () => {
    expect(estimateLandedCost(tanzania(car(), 1.5))).toEqual({
      ok: false,
      problem: { kind: "invalid_input", field: "tables.valuation.valueTzs", reason: "not_whole_number" },
    });
  });
});

describe("Uganda", () => {
  const uganda = (vehicle: VehicleFacts, fobYen = 1_000_000): LandedInput => ({
    country: "Uganda",
    vehicle,
    // 1,000,000 yen at 24.5 = 24,500,000 UGX: below the guide's 30,000,000.
    costs: { fob: fobYen, freight: 0, insurance: 0, inspection: 0 },
    assessedIn: DEC_2026,
    rate: { perYen: "24.5", table },
    fees: { port: null, clearing: null, registration: 1_800_000, table },
    tables: { guide: { valueUgx: 30_000_000, table } },
  });
  const old = car({ year: 2014, manufactured: monthNumber(2014, 6) });

  it("adds the 50 % environmental levy at 12 years and the fixed stamp and form", () => {
    const e = estimateOf(estimateLandedCost(uganda(old)));
    expect(e.currency).toBe("UGX");
    expect(e.customsValue).toBe(30_000_000);
    expect(amounts(e)).toEqual([
      ["cif", 24_500_000],
      ["import_duty", 7_500_000], // 25 % of 30,000,000
      ["vat", 6_750_000], // 18 % of 37,500,000
      ["withholding_tax", 1_800_000], // 6 %
      ["infrastructure_levy", 450_000], // 1.5 %
      ["environmental_levy", 15_000_000], // 50 %
      ["stamp_duty", 35_000],
      ["form_fee", 18_000],
      ["registration", 1_800_000],
    ]);
    expect(e.taxTotal).toBe(31_553_000);
    expect(e.landedTotal).toBe(24_500_000 + 31_553_000 + 1_800_000);
    expect(e.notIncluded).toEqual(["port_charges", "clearing"]);
  });

  it("charges goods vehicles 20 %, and no levy under 10 years", () => {
    const goods = estimateOf(estimateLandedCost(uganda({ ...old, use: "goods" })));
    expect(goods.lines.find((l) => l.key === "environmental_levy")?.amount).toBe(6_000_000);
    const young = estimateOf(estimateLandedCost(uganda(car({ manufactured: monthNumber(2017, 1) }))));
    expect(young.lines.map((l) => l.key)).not.toContain("environmental_levy");
  });

  it("takes the CIF above URA's guide value", () => {
    const e = estimateOf(estimateLandedCost(uganda(old, 1_500_000)));
    expect(e.customsValue).toBe(36_750_000);
    expect(e.lines.find((l) => l.key === "import_duty")?.amount).toBe(9_187_500);
  });

  it("charges the environmental levy from exactly 120 months, not at 119", () => {
    const keysAt = (manufactured: number) =>
      estimateOf(estimateLandedCost(uganda(car({ manufactured })))).lines.map((l) => l.key);
    expect(keysAt(monthNumber(2016, 12))).toContain("environmental_levy");
    expect(keysAt(monthNumber(2017, 1))).not.toContain("environmental_levy");
  });

  it("answers no_table_entry without a guide value, and names a wrong one", () => {
    const input = uganda(old);
    expect(estimateLandedCost({ ...input, tables: { guide: null } } as LandedInput)).toEqual({
      ok: false,
      problem: { kind: "no_table_entry", table: "uganda_guide" },
    });
    expect(estimateLandedCost({ ...input, tables: { guide: { valueUgx: -1, table } } } as LandedInput)).toEqual({
      ok: false,
      problem: { kind: "invalid_input", field: "tables.guide.valueUgx", reason: "negative" },
    });
  });

  it("names its sources: the rates, and the levy's own", () => {
    const e = estimateOf(estimateLandedCost(uganda(old)));
    expect(e.lines.find((l) => l.key === "stamp_duty")).toMatchObject({
      group: "tax",
      base: null,
      rate: null,
      source: "http://eafreighthub.com/how-to/item/355-how-to-calculate-your-imported-motor-vehicle-taxes",
    });
    expect(e.lines.find((l) => l.key === "environmental_levy")?.source).toBe(
      "https://sebanzhost.com/index.php/2023/11/18/car-importation-and-taxes",
    );
  });
});

describe("Sri Lanka", () => {
  const slTables: SriLankaTables = {
    excise: {
      rows: [
        {
          fuels: ["petrol"],
          fromMonths: 0,
          toMonths: 12,
          fromCapacity: 1000,
          toCapacity: 1300,
          ratePerUnit: 2_000,
          minimum: 1_500_000,
        },
        {
          fuels: ["petrol"],
          fromMonths: 12,
          toMonths: 37,
          fromCapacity: 1000,
          toCapacity: 1300,
          ratePerUnit: 2_500,
          minimum: 2_000_000,
        },
        {
          fuels: ["electric"],
          fromMonths: 0,
          toMonths: 37,
          fromCapacity: 1,
          toCapacity: 50,
          ratePerUnit: 18_000,
          minimum: 1_000_000,
        },
      ],
      table,
    },
    luxury: {
      rows: [
        { fuels: ["petrol"], thresholdLkr: 5_000_000, rateBp: 10_000 },
        { fuels: ["electric"], thresholdLkr: 6_000_000, rateBp: 6_000 },
      ],
      table,
    },
  };
  const sriLanka = (vehicle: VehicleFacts, assessedIn = DEC_2026): LandedInput => ({
    country: "Sri Lanka",
    vehicle,
    // 3,000,000 yen at 2.1 = 6,300,000.00 LKR.
    costs: { fob: 2_700_000, freight: 270_000, insurance: 30_000, inspection: 0 },
    assessedIn,
    rate: { perYen: "2.1", table },
    fees: noFees,
    tables: slTables,
  });
  const petrol = car({ year: 2024, manufactured: monthNumber(2024, 1), engineCc: 1300 });

  it("computes CID, SUR, XID per cc, luxury tax, VAT on CIF × 1.1, VEL and SSCL", () => {
    const e = estimateOf(estimateLandedCost(sriLanka(petrol)));
    expect(e.currency).toBe("LKR");
    expect(e.customsValue).toBe(630_000_000);
    expect(amounts(e)).toEqual([
      ["cif", 630_000_000],
      ["import_duty", 126_000_000], // 20 % of CIF
      ["surcharge", 63_000_000], // 50 % of CID
      ["excise_duty", 325_000_000], // 2,500 LKR × 1300 cc (35 months old)
      ["luxury_tax", 130_000_000], // 100 % of (6,300,000 − 5,000,000) LKR
      ["vat", 217_260_000], // 18 % of (693,000,000 + 126,000,000 + 63,000,000 + 325,000,000)
      ["vehicle_entitlement_levy", 1_500_000],
      ["sscl", 28_600_000], // 2.5 % of 1,144,000,000
    ]);
    expect(e.taxTotal).toBe(891_360_000);
    expect(e.landedTotal).toBe(1_521_360_000);
    expect(e.notIncluded).toEqual(["pal", "lc_charges", "port_charges", "clearing", "registration"]);
    expect(e.lines.find((l) => l.key === "excise_duty")).toMatchObject({
      base: { amount: 1300, unit: "cc" },
      rate: { num: 250_000, den: 1 },
      minimum: null,
      source: owner,
    });
  });

  it("charges an electric car per kW with the minimum, and no surcharge", () => {
    const ev = car({ year: 2024, manufactured: monthNumber(2024, 1), fuel: "electric", engineCc: null, motorKw: 40 });
    const e = estimateOf(estimateLandedCost(sriLanka(ev)));
    expect(amounts(e)).toEqual([
      ["cif", 630_000_000],
      ["import_duty", 126_000_000],
      ["surcharge", 0],
      ["excise_duty", 100_000_000], // 40 kW × 18,000 = 720,000 LKR, under the 1,000,000 minimum
      ["luxury_tax", 18_000_000], // 60 % of (6,300,000 − 6,000,000) LKR
      ["vat", 165_420_000], // 18 % of (693,000,000 + 126,000,000 + 100,000,000)
      ["vehicle_entitlement_levy", 1_500_000],
      ["sscl", 21_400_000], // 2.5 % of 856,000,000
    ]);
    expect(e.lines.find((l) => l.key === "excise_duty")).toMatchObject({
      base: { amount: 40, unit: "kW" },
      minimum: 100_000_000,
    });
  });

  it("charges a luxury tax over 100 % (diesel's 120 %), and refuses one over 300 %", () => {
    const luxury = (rateBp: number): LandedInput => ({
      ...sriLanka(petrol),
      country: "Sri Lanka",
      tables: { ...slTables, luxury: { rows: [{ fuels: ["petrol"], thresholdLkr: 5_000_000, rateBp }], table } },
    });
    const e = estimateOf(estimateLandedCost(luxury(12_000)));
    // 120 % of (6,300,000 − 5,000,000) LKR.
    expect(e.lines.find((l) => l.key === "luxury_tax")?.amount).toBe(156_000_000);
    expect(estimateLandedCost(luxury(30_000)).ok).toBe(true);
    expect(estimateLandedCost(luxury(30_001))).toMatchObject({
      ok: false,
      problem: { field: "tables.luxury.rateBp", reason: "rate_over_100" },
    });
  });

  it("leaves SSCL out before May 2026, and picks the age band", () => {
    const april = estimateOf(estimateLandedCost(sriLanka(petrol, monthNumber(2026, 4))));
    expect(april.lines.map((l) => l.key)).not.toContain("sscl");
    // 3 months old in April 2024: the first band, 2,000 × 1300 = 2,600,000 LKR.
    const fresh = estimateOf(estimateLandedCost(sriLanka(petrol, monthNumber(2024, 4))));
    expect(fresh.lines.find((l) => l.key === "excise_duty")?.amount).toBe(260_000_000);
  });

  it("answers no_table_entry for an engine the gazette table does not cover", () => {
    expect(estimateLandedCost(sriLanka({ ...petrol, engineCc: 2500 }))).toEqual({
      ok: false,
      problem: { kind: "no_table_entry", table: "sri_lanka_excise" },
    });
    expect(estimateLandedCost(sriLanka({ ...petrol, fuel: "electric", engineCc: null, motorKw: null }))).toEqual({
      ok: false,
      problem: { kind: "no_table_entry", table: "sri_lanka_excise" },
    });
  });

  const withTables = (vehicle: VehicleFacts, tables: Partial<SriLankaTables>): LandedInput => ({
    ...sriLanka(vehicle),
    country: "Sri Lanka",
    tables: { ...slTables, ...tables },
  });
  const exciseRow = (over: Partial<SriLankaTables["excise"]["rows"][number]> = {}) => ({
    fuels: ["petrol" as const],
    fromMonths: 0,
    toMonths: null,
    fromCapacity: 1000,
    toCapacity: 1300,
    ratePerUnit: 2_000,
    minimum: 1_000_000,
    ...over,
  });

  it("takes a gazette row from its first capacity, included, and not below it", () => {
    expect(estimateLandedCost(sriLanka({ ...petrol, engineCc: 1000 })).ok).toBe(true);
    expect(estimateLandedCost(sriLanka({ ...petrol, engineCc: 999 }))).toEqual({
      ok: false,
      problem: { kind: "no_table_entry", table: "sri_lanka_excise" },
    });
  });

  it("takes a gazette row with no upper capacity for any larger engine", () => {
    const input = withTables(
      { ...petrol, engineCc: 6000 },
      { excise: { rows: [exciseRow({ fromCapacity: 3001, toCapacity: null })], table } },
    );
    expect(estimateOf(estimateLandedCost(input)).lines.find((l) => l.key === "excise_duty")?.amount).toBe(
      1_200_000_000, // 2,000 LKR × 6000 cc
    );
  });

  it("answers no_table_entry when the luxury table has no row for the fuel", () => {
    const input = withTables(petrol, {
      luxury: { rows: [{ fuels: ["electric"], thresholdLkr: 6_000_000, rateBp: 6_000 }], table },
    });
    expect(estimateLandedCost(input)).toEqual({
      ok: false,
      problem: { kind: "no_table_entry", table: "sri_lanka_luxury" },
    });
  });

  it("does not name the minimum when the per-cc amount equals it", () => {
    // 2,000 LKR × 1300 cc = 2,600,000 LKR, the minimum itself.
    const input = withTables(petrol, { excise: { rows: [exciseRow({ minimum: 2_600_000 })], table } });
    expect(estimateOf(estimateLandedCost(input)).lines.find((l) => l.key === "excise_duty")).toMatchObject({
      amount: 260_000_000,
      minimum: null,
    });
  });

  it("names a wrong gazette figure by its field", () => {
    const problemOf = (tables: Partial<SriLankaTables>) => {
      const r = estimateLandedCost(withTables(petrol, tables));
      return r.ok ? null : r.problem;
    };
    const invalid = (field: string) => ({ kind: "invalid_input", field, reason: "negative" });
    expect(problemOf({ excise: { rows: [exciseRow({ ratePerUnit: -1 })], table } })).toEqual(
      invalid("tables.excise.ratePerUnit"),
    );
    expect(problemOf({ excise: { rows: [exciseRow({ minimum: -1 })], table } })).toEqual(
      invalid("tables.excise.minimum"),
    );
    expect(problemOf({ luxury: { rows: [{ fuels: ["petrol"], thresholdLkr: -1, rateBp: 10_000 }], table } })).toEqual(
      invalid("tables.luxury.thresholdLkr"),
    );
  });

  it("shows the luxury tax on the CIF over the threshold, from the luxury table", () => {
    const luxuryTable = { name: "luxury", date: "2026-06-01" };
    const input = withTables(petrol, { luxury: { ...slTables.luxury, table: luxuryTable } });
    expect(estimateOf(estimateLandedCost(input)).lines.find((l) => l.key === "luxury_tax")).toEqual({
      key: "luxury_tax",
      group: "tax",
      amount: 130_000_000,
      base: { amount: 130_000_000, unit: "LKR" }, // 6,300,000 − 5,000,000 LKR
      rate: { num: 10_000, den: 10_000 },
      minimum: null,
      source: "owner table luxury of 2026-06-01",
    });
  });

  it("charges SSCL from May 2026 itself", () => {
    const may = estimateOf(estimateLandedCost(sriLanka(petrol, monthNumber(2026, 5))));
    expect(may.lines.find((l) => l.key === "sscl")).toMatchObject({
      rate: { num: 250, den: 10_000 },
      source: "https://www.wahana.store/",
    });
  });
});

describe("limits of the arithmetic", () => {
  const tanzania = (fob: number, perYen: string, port: number | null = null): LandedInput => ({
    country: "Tanzania",
    vehicle: car(),
    costs: { fob, freight: 0, insurance: 0, inspection: 0 },
    assessedIn: DEC_2026,
    rate: { perYen, table },
    fees: { ...noFees, port },
    tables: { valuation: { valueTzs: 1, table } },
  });

  it("refuses an amount past exact arithmetic as too large, naming the amount", () => {
    expect(estimateLandedCost(tanzania(10_000_000_000, "999999999999999"))).toEqual({
      ok: false,
      problem: { kind: "invalid_input", field: "amount", reason: "too_large" },
    });
  });

  it("gives a total up to the largest exact number, and refuses one a shilling more", () => {
    // 10 billion yen at 575,999 TZS and its taxes come to just under 2^53 − 1 shillings; a port fee makes up the rest.
    const below = estimateOf(estimateLandedCost(tanzania(10_000_000_000, "575999")));
    const port = Number.MAX_SAFE_INTEGER - below.landedTotal;
    expect(estimateOf(estimateLandedCost(tanzania(10_000_000_000, "575999", port))).landedTotal).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(estimateLandedCost(tanzania(10_000_000_000, "575999", port + 1))).toEqual({
      ok: false,
      problem: { kind: "invalid_input", field: "amount", reason: "too_large" },
    });
  });

  it("lets a fault that is not bad input through instead of answering it as a problem", () => {
    const broken = { ...tanzania(1, "1"), tables: undefined } as unknown as LandedInput;
    expect(() => estimateLandedCost(broken)).toThrow(TypeError);
  });
});

describe("countries without tables", () => {
  it("answers duty_not_estimated for Pakistan and Bangladesh", () => {
    for (const country of ["Pakistan", "Bangladesh"] as const) {
      const input: LandedInput = {
        country,
        vehicle: car(),
        costs: { fob: 1, freight: 0, insurance: 0, inspection: 0 },
        assessedIn: DEC_2026,
        rate: null,
        fees: noFees,
      };
      expect(estimateLandedCost(input)).toEqual({
        ok: false,
        problem: { kind: "duty_not_estimated", country, reason: "no_duty_tables" },
      });
    }
  });

  it("knows a country by name, whatever its case and spacing", () => {
    expect(landedCountry("  sri   LANKA ")).toBe("Sri Lanka");
    expect(landedCountry("Zambia")).toBeNull();
  });
});

describe("arithmetic", () => {
  it("rounds halves away from zero", () => {
    expect(roundDiv(5n, 2n)).toBe(3n);
    expect(roundDiv(-5n, 2n)).toBe(-3n);
    expect(roundDiv(7n, 3n)).toBe(2n);
    expect(roundDiv(5n, -2n)).toBe(-3n);
  });

  it("reads a decimal exactly", () => {
    expect(parseDecimal("0.8412")).toEqual({ num: 8412, den: 10_000 });
    expect(parseDecimal("24.5")).toEqual({ num: 245, den: 10 });
    expect(parseDecimal("1e3")).toBeNull();
    expect(parseDecimal("-1")).toBeNull();
    expect(parseDecimal("1234567890123456")).toBeNull();
  });

  it("reads a decimal of 15 digits, trims spaces and does not count leading zeros", () => {
    expect(parseDecimal("123456789012345")).toEqual({ num: 123_456_789_012_345, den: 1 });
    expect(parseDecimal(" 24.5 ")).toEqual({ num: 245, den: 10 });
    expect(parseDecimal("007.5")).toEqual({ num: 75, den: 10 });
    expect(parseDecimal("0000000000000012.5")).toEqual({ num: 125, den: 10 });
  });

  it("refuses more than 15 digits after the point, where a power of ten is no longer exact", () => {
    expect(parseDecimal(`0.${"0".repeat(14)}1`)).toEqual({ num: 1, den: 10 ** 15 });
    expect(parseDecimal(`0.${"0".repeat(15)}1`)).toBeNull();
    expect(parseDecimal(`0.${"0".repeat(400)}1`)).toBeNull();
  });

  it("refuses to divide by zero", () => {
    expect(() => roundDiv(1n, 0n)).toThrow("Division by zero");
  });

  it("dates the research the rates were checked against", () => {
    expect(RESEARCH_CHECKED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(RESEARCH_CHECKED).toISOString().slice(0, 10)).toBe(RESEARCH_CHECKED);
  });
});
