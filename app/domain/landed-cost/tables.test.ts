import { describe, expect, it } from "vitest";
import { estimateLandedCost } from "./landed-cost";
import {
  depreciationBands,
  isLoadableTable,
  LOADABLE_TABLES,
  landedCountriesOf,
  readLandedTable,
  sriLankaExciseRows,
  sriLankaLuxuryRows,
} from "./tables";

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

  it("reads a country in any case and spacing, and keeps an exchange rate as written", () => {
    const file = "Country,Local_per_yen\nKenya,0.8412\n sri  LANKA ,2.10\nTanzania, 017.5 \n";
    expect(readLandedTable("customs_rates", file)).toEqual({
      ok: true,
      rows: [
        { country: "Kenya", local_per_yen: "0.8412" },
        { country: "Sri Lanka", local_per_yen: "2.10" },
        { country: "Tanzania", local_per_yen: "017.5" },
      ],
    });
  });

  it("refuses a country the estimate does not know, and a rate that is not a plain positive decimal", () => {
    const file = "country,local_per_yen\nKenia,1\nKenya,0\nTanzania,0.0\nUganda,-1\nSri Lanka,1e3\nPakistan,abc\n";
    const rate = (line: number) => ({ kind: "not_a_number", line, column: "local_per_yen", letter: "B" });
    expect(readLandedTable("customs_rates", file)).toEqual({
      ok: false,
      problems: [
        { kind: "not_a_country", line: 2, column: "country", letter: "A" },
        rate(3),
        rate(4),
        rate(5),
        rate(6),
        rate(7),
      ],
    });
  });

  it("reads the owner's fees: a blank fee is not known, a written one is money", () => {
    const file = 'country,port_charges,clearing,registration\nKenya,"50,000",,KSh 12000\nUganda,,,\n';
    expect(readLandedTable("landed_fees", file)).toEqual({
      ok: true,
      rows: [
        { country: "Kenya", port_charges: 50_000, clearing: null, registration: 12_000 },
        { country: "Uganda", port_charges: null, clearing: null, registration: null },
      ],
    });
    expect(readLandedTable("landed_fees", "country,port_charges,clearing,registration\nKenya,abc,12.50,\n")).toEqual({
      ok: false,
      problems: [
        { kind: "not_a_number", line: 2, column: "port_charges", letter: "B" },
        { kind: "not_a_number", line: 2, column: "clearing", letter: "C" },
      ],
    });
  });

  it("refuses a written amount that is not money", () => {
    expect(readLandedTable("uganda_guide", "make,model,year,engine_cc,value_ugx\nToyota,Vitz,2014,1300,abc\n")).toEqual(
      {
        ok: false,
        problems: [{ kind: "not_a_number", line: 2, column: "value_ugx", letter: "E" }],
      },
    );
  });

  it("reads a per cent with or without its sign and a space before it", () => {
    const file = "from_months,to_months,rate_percent\n0,12,3.5 %\n12,24,3.5%\n24,,35\n";
    expect(readLandedTable("kenya_depreciation", file)).toMatchObject({
      ok: true,
      rows: [{ rate_percent: 350 }, { rate_percent: 350 }, { rate_percent: 3500 }],
    });
    expect(readLandedTable("kenya_depreciation", "from_months,to_months,rate_percent\n0,,%35\n")).toEqual({
      ok: false,
      problems: [{ kind: "not_a_number", line: 2, column: "rate_percent", letter: "C" }],
    });
  });

  it("reads whole numbers of up to nine digits and refuses anything else", () => {
    const file = "from_months,to_months,rate_percent\n0,123456789,5\n12a,,5\n1.5,,5\n-5,,5\n1234567890,,5\n";
    const months = (line: number) => ({ kind: "not_a_number", line, column: "from_months", letter: "A" });
    expect(readLandedTable("kenya_depreciation", file)).toEqual({
      ok: false,
      problems: [months(3), months(4), months(5), months(6)],
    });
  });

  it("trims the spaces around each cell", () => {
    const file = "make,model,engine_cc,fuel,value_kes\n Toyota , Vitz , 1300 , petrol , 1250000 \n";
    expect(readLandedTable("kenya_crsp", file)).toEqual({
      ok: true,
      rows: [{ make: "Toyota", model: "Vitz", engine_cc: 1300, fuel: "petrol", value_kes: 1_250_000 }],
    });
  });

  it("reads a header in any case and spacing, and one the shop's export guarded against formulas", () => {
    const file = "'\tMAKE, Model ,Engine_CC,fuel,value_kes\nToyota,Vitz,1300,petrol,1250000\n";
    expect(readLandedTable("kenya_crsp", file)).toMatchObject({ ok: true, rows: [{ make: "Toyota" }] });
  });

  it("refuses a row cut short as blank cells", () => {
    expect(readLandedTable("kenya_crsp", "make,model,engine_cc,fuel,value_kes\nToyota,Vitz,1300,petrol\n")).toEqual({
      ok: false,
      problems: [{ kind: "empty_cell", line: 2, column: "value_kes", letter: "E" }],
    });
  });

  it("does not count a refused row as the first of its key", () => {
    const file = "make,model,engine_cc,fuel,value_kes\nToyota,Vitz,1300,petrol,abc\nToyota,Vitz,1300,petrol,1000000\n";
    expect(readLandedTable("kenya_crsp", file)).toEqual({
      ok: false,
      problems: [{ kind: "not_a_number", line: 2, column: "value_kes", letter: "E" }],
    });
  });

  it("compares keys by their small letters: a model with ß is not the same as one with SS", () => {
    const file = "make,model,year,engine_cc,value_tzs\nVW,Straße,2016,1300,9000000\nVW,STRASSE,2016,1300,9500000\n";
    expect(readLandedTable("tanzania_valuation", file)).toMatchObject({ ok: true });
  });

  it("reports the first 20 problems only, even when the last row read had several", () => {
    const header = "make,model,engine_cc,fuel,value_kes\n";
    const oneEach = header + "Toyota,Vitz,1300,petrol,abc\n".repeat(25);
    const one = readLandedTable("kenya_crsp", oneEach);
    expect(one.ok ? [] : one.problems).toHaveLength(20);
    // Three problems a row: the 20th is the second of line 8.
    const threeEach = header + "Toyota,Vitz,13OO,gas,abc\n".repeat(25);
    const three = readLandedTable("kenya_crsp", threeEach);
    const problems = three.ok ? [] : three.problems;
    expect(problems).toHaveLength(20);
    expect(problems.at(-1)).toEqual({ kind: "not_a_fuel", line: 8, column: "fuel", letter: "D" });
  });

  it("refuses bytes that are neither UTF-8 nor Shift_JIS without a guess", () => {
    const bytes = new Uint8Array([
      ...utf8("make,model,engine_cc,fuel,value_kes\n"),
      0xff,
      0xfe,
      ...utf8(",Vitz,1300,petrol,1\n"),
    ]);
    expect(readLandedTable("kenya_crsp", bytes)).toEqual({
      ok: false,
      problems: [{ kind: "not_utf8", line: 2, guess: null }],
    });
  });

  it("refuses a cell over 500 characters and a file over 50,000 rows", () => {
    const header = "make,model,engine_cc,fuel,value_kes\n";
    expect(readLandedTable("kenya_crsp", `${header}Toyota,${"V".repeat(501)},1300,petrol,1\n`)).toEqual({
      ok: false,
      problems: [{ kind: "unreadable_csv", code: "cellTooLong", line: 2 }],
    });
    expect(readLandedTable("kenya_crsp", header + "Toyota,Vitz,1300,petrol,1\n".repeat(50_001))).toEqual({
      ok: false,
      problems: [{ kind: "unreadable_csv", code: "tooManyRows", line: 50_002 }],
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

describe("isLoadableTable", () => {
  it("knows the tables the owner may load, and no other name", () => {
    expect(LOADABLE_TABLES.every(isLoadableTable)).toBe(true);
    expect(isLoadableTable("kenya_excise_band")).toBe(false);
    expect(isLoadableTable("")).toBe(false);
  });
});

describe("landedCountriesOf", () => {
  it("names the countries whose estimates read each table", () => {
    const all = ["Kenya", "Tanzania", "Uganda", "Sri Lanka"];
    expect(Object.fromEntries(LOADABLE_TABLES.map((t) => [t, landedCountriesOf(t)]))).toEqual({
      kenya_crsp: ["Kenya"],
      kenya_depreciation: ["Kenya"],
      tanzania_valuation: ["Tanzania"],
      uganda_guide: ["Uganda"],
      sri_lanka_excise: ["Sri Lanka"],
      sri_lanka_luxury: ["Sri Lanka"],
      customs_rates: all,
      landed_fees: all,
    });
  });
});

describe("bands that a car can fall into only once", () => {
  const refused = (table: "kenya_depreciation" | "sri_lanka_excise", csv: string) => {
    const read = readLandedTable(table, csv);
    if (read.ok) throw new Error("the table should be refused");
    return read.problems;
  };
  const DEPRECIATION = "from_months,to_months,rate_percent\n";
  const EXCISE = "fuel,from_months,to_months,from_capacity,to_capacity,rate_per_unit,minimum\n";

  it("reads bands that meet end to end: months to the end left out, cc to the end included", () => {
    expect(readLandedTable("kenya_depreciation", `${DEPRECIATION}0,12,10\n12,24,15\n24,,20\n`).ok).toBe(true);
    const excise = `${EXCISE}petrol,0,36,0,1000,2450,0\npetrol,0,36,1001,,3850,0\ndiesel,0,36,0,1000,2800,0\npetrol,36,,0,,5000,0\n`;
    expect(readLandedTable("sri_lanka_excise", excise).ok).toBe(true);
    // In any order.
    expect(readLandedTable("kenya_depreciation", `${DEPRECIATION}12,24,15\n0,12,10\n`).ok).toBe(true);
    expect(readLandedTable("sri_lanka_excise", `${EXCISE}petrol,0,,1501,,3850,0\npetrol,0,,0,1500,2450,0\n`).ok).toBe(
      true,
    );
  });

  it("refuses a band that ends before it starts, in months or in cc", () => {
    expect(refused("kenya_depreciation", `${DEPRECIATION}12,12,10\n24,12,15\n`)).toEqual([
      { kind: "band_backwards", line: 2 },
      { kind: "band_backwards", line: 3 },
    ]);
    expect(refused("sri_lanka_excise", `${EXCISE}petrol,0,,1500,1499,3850,0\n`)).toEqual([
      { kind: "band_backwards", line: 2 },
    ]);
    // A band of one engine size is a band.
    expect(readLandedTable("sri_lanka_excise", `${EXCISE}petrol,0,,1500,1500,3850,0\n`).ok).toBe(true);
  });

  it("refuses two bands that cover the same car, naming both lines", () => {
    expect(refused("kenya_depreciation", `${DEPRECIATION}0,24,10\n12,36,15\n`)).toEqual([
      { kind: "band_overlap", line: 3, otherLine: 2 },
    ]);
    expect(refused("kenya_depreciation", `${DEPRECIATION}36,,60\n48,60,40\n`)).toEqual([
      { kind: "band_overlap", line: 3, otherLine: 2 },
    ]);
    // The same fuel and age, engines sharing 1,300 cc (the end is included).
    expect(refused("sri_lanka_excise", `${EXCISE}petrol,0,,0,1300,2450,0\npetrol,0,,1300,1500,3850,0\n`)).toEqual([
      { kind: "band_overlap", line: 3, otherLine: 2 },
    ]);
    expect(refused("sri_lanka_excise", `${EXCISE}petrol,0,,1301,,3850,0\npetrol,0,,0,1500,2450,0\n`)).toEqual([
      { kind: "band_overlap", line: 3, otherLine: 2 },
    ]);
    expect(refused("sri_lanka_excise", `${EXCISE}petrol,0,,1000,1500,2450,0\npetrol,0,,1301,,3850,0\n`)).toEqual([
      { kind: "band_overlap", line: 3, otherLine: 2 },
    ]);
    // 1,500 cc falls in both: the later band's end is included.
    expect(refused("sri_lanka_excise", `${EXCISE}petrol,0,,1500,,3850,0\npetrol,0,,0,1500,2450,0\n`)).toEqual([
      { kind: "band_overlap", line: 3, otherLine: 2 },
    ]);
    // Two rows of one key are told once, as the same key.
    expect(refused("kenya_depreciation", `${DEPRECIATION}0,12,10\n0,24,15\n`)).toEqual([
      { kind: "duplicate_key", line: 3, firstLine: 2, columns: ["from_months"] },
    ]);
  });
});
