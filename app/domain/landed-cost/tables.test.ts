import { describe, expect, it } from "vitest";
import { estimateLandedCost } from "./landed-cost";
import { depreciationBands, readLandedTable, sriLankaExciseRows, sriLankaLuxuryRows } from "./tables";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("readLandedTable", () => {
  it("reads a CRSP list: amounts with separators, fuels in any case, a BOM and CRLF", () => {
    const file =
      '\uFEFFMake,Model,Engine_cc,Fuel,Value_KES\r\nToyota,Vitz,1300,Petrol,"1,250,000"\r\nToyota,Prado,2800,diesel,6200000\r\n';
    expect(readLandedTable("kenya_crsp", utf8(file))).toEqual({
      ok: true,
      rows: [
        { make: "Toyota", model: "Vitz", engine_cc: 1300, fuel: "petrol", value_kes: 1_250_000 },
        { make: "Toyota", model: "Prado", engine_cc: 2800, fuel: "diesel", value_kes: 6_200_000 },
      ],
    });
  });

  it("reads per cents as basis points and a blank end as no end", () => {
    const file = "from_months;to_months;rate_percent\n0;36;5\n36;;62.5 %\n";
    const read = readLandedTable("kenya_depreciation", file);
    expect(read).toEqual({
      ok: true,
      rows: [
        { from_months: 0, to_months: 36, rate_percent: 500 },
        { from_months: 36, to_months: null, rate_percent: 6250 },
      ],
    });
    if (!read.ok) throw new Error("the table should read");
    expect(depreciationBands(read.rows)).toEqual([
      { fromMonths: 0, toMonths: 36, rateBp: 500 },
      { fromMonths: 36, toMonths: null, rateBp: 6250 },
    ]);
  });

  it("refuses an empty file and a header with no rows", () => {
    expect(readLandedTable("kenya_crsp", new Uint8Array())).toEqual({ ok: false, problems: [{ kind: "empty_file" }] });
    expect(readLandedTable("kenya_crsp", "  \r\n")).toEqual({ ok: false, problems: [{ kind: "empty_file" }] });
    expect(readLandedTable("kenya_crsp", "make,model,engine_cc,fuel,value_kes\r\n")).toEqual({
      ok: false,
      problems: [{ kind: "empty_file" }],
    });
  });

  it("refuses missing columns by name", () => {
    expect(readLandedTable("uganda_guide", "make,model,year\nToyota,Vitz,2014\n")).toEqual({
      ok: false,
      problems: [
        { kind: "missing_column", column: "engine_cc" },
        { kind: "missing_column", column: "value_ugx" },
      ],
    });
  });

  it("refuses non-numbers, blanks and unknown fuels, naming line and column", () => {
    const file = "make,model,engine_cc,fuel,value_kes\nToyota,Vitz,13OO,petrol,1000000\nToyota,Axio,1500,gas,\n";
    expect(readLandedTable("kenya_crsp", file)).toEqual({
      ok: false,
      problems: [
        { kind: "not_a_number", line: 2, column: "engine_cc", letter: "C" },
        { kind: "not_a_fuel", line: 3, column: "fuel", letter: "D" },
        { kind: "empty_cell", line: 3, column: "value_kes", letter: "E" },
      ],
    });
  });

  it("refuses an amount with cents rather than dropping them, and reads thousands separators", () => {
    const file =
      'make,model,engine_cc,fuel,value_kes\nToyota,Vitz,1300,petrol,"1,250,000"\nToyota,Axio,1500,petrol,18000.75\n';
    expect(readLandedTable("kenya_crsp", file)).toEqual({
      ok: false,
      problems: [{ kind: "not_a_number", line: 3, column: "value_kes", letter: "E" }],
    });
  });

  it("refuses a rate over 100 % and a negative or finer-than-basis-point rate", () => {
    const over = "from_months,to_months,rate_percent\n0,12,100\n12,,100.01\n";
    expect(readLandedTable("kenya_depreciation", over)).toEqual({
      ok: false,
      problems: [{ kind: "rate_over_100", line: 3, column: "rate_percent", letter: "C" }],
    });
    // Sri Lanka's luxury tax on diesel is 120 %: a luxury rate may reach 300 %, not more.
    const luxury = "fuel,threshold_lkr,rate_percent\ndiesel,5000000,120\npetrol,5000000,300\n";
    expect(readLandedTable("sri_lanka_luxury", luxury)).toMatchObject({ ok: true });
    const file = "fuel,threshold_lkr,rate_percent\npetrol,5000000,300.01\ndiesel,5000000,-5\nhybrid,5000000,1.005\n";
    expect(readLandedTable("sri_lanka_luxury", file)).toEqual({
      ok: false,
      problems: [
        { kind: "rate_over_100", line: 2, column: "rate_percent", letter: "C" },
        { kind: "not_a_number", line: 3, column: "rate_percent", letter: "C" },
        { kind: "not_a_number", line: 4, column: "rate_percent", letter: "C" },
      ],
    });
  });

  it("refuses a duplicate key, whatever its case, with both lines", () => {
    const file = "make,model,year,engine_cc,value_tzs\nToyota,Vitz,2016,1300,9000000\nTOYOTA,vitz,2016,1300,9500000\n";
    expect(readLandedTable("tanzania_valuation", file)).toEqual({
      ok: false,
      problems: [{ kind: "duplicate_key", line: 3, firstLine: 2, columns: ["make", "model", "year", "engine_cc"] }],
    });
  });

  it("refuses bytes that are not UTF-8 and guesses Shift_JIS", () => {
    // "トヨタ" in Shift_JIS on line 2.
    const sjis = new Uint8Array([
      ...utf8("make,model,engine_cc,fuel,value_kes\n"),
      0x83,
      0x67,
      0x83,
      0x88,
      0x83,
      0x5e,
      ...utf8(",Vitz,1300,petrol,1\n"),
    ]);
    expect(readLandedTable("kenya_crsp", sjis)).toEqual({
      ok: false,
      problems: [{ kind: "not_utf8", line: 2, guess: "shift_jis" }],
    });
  });

  it("refuses text that carries a replacement character from a failed decode", () => {
    const file = "make,model,engine_cc,fuel,value_kes\nToyota,Vitz,1300,petrol,1\n\uFFFD\uFFFD,Axio,1500,petrol,1\n";
    expect(readLandedTable("kenya_crsp", file)).toEqual({
      ok: false,
      problems: [{ kind: "not_utf8", line: 3, guess: null }],
    });
  });

  it("refuses a quote left open", () => {
    expect(readLandedTable("kenya_crsp", 'make,model,engine_cc,fuel,value_kes\n"Toyota,Vitz,1300,petrol,1\n')).toEqual({
      ok: false,
      problems: [{ kind: "unreadable_csv", code: "unclosedQuote", line: 2 }],
    });
  });

  it("feeds the engine: a loaded Sri Lanka table prices a car", () => {
    const excise = readLandedTable(
      "sri_lanka_excise",
      "fuel,from_months,to_months,from_capacity,to_capacity,rate_per_unit,minimum\npetrol,12,37,1000,1300,2500,2000000\n",
    );
    const luxury = readLandedTable("sri_lanka_luxury", "fuel,threshold_lkr,rate_percent\npetrol,5000000,100\n");
    if (!excise.ok || !luxury.ok) throw new Error("tables should read");
    const table = { name: "gazette 2434/04", date: "2025-04-28" };
    const result = estimateLandedCost({
      country: "Sri Lanka",
      vehicle: { year: 2024, manufactured: 2024 * 12, fuel: "petrol", engineCc: 1300, motorKw: null, use: null },
      costs: { fob: 3_000_000, freight: 0, insurance: 0, inspection: 0 },
      assessedIn: 2026 * 12 + 11,
      rate: { perYen: "2.1", table },
      fees: { port: null, clearing: null, registration: null, table },
      tables: {
        excise: { rows: sriLankaExciseRows(excise.rows), table },
        luxury: { rows: sriLankaLuxuryRows(luxury.rows), table },
      },
    });
    expect(result.ok && result.estimate.lines.find((l) => l.key === "excise_duty")).toMatchObject({
      amount: 325_000_000,
      source: "owner table gazette 2434/04 of 2025-04-28",
    });
  });
});
