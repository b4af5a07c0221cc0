import { describe, expect, it } from "vitest";
import { crspFor, tanzaniaValueFor, ugandaGuideFor, type ValuedVehicle } from "./lookup";
import { readLandedTable } from "./tables";

/** A table as the owner loads it, read through the same reader. */
function rowsOf<T extends Parameters<typeof readLandedTable>[0]>(table: T, csv: string) {
  const read = readLandedTable(table, csv);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return read.rows;
}

const axio: ValuedVehicle = { make: "Toyota", model: "Axio", year: 2019, engineCc: 1496, fuel: "petrol" };

describe("a vehicle's row in a valuation table", () => {
  const crsp = rowsOf(
    "kenya_crsp",
    [
      "make,model,engine_cc,fuel,value_kes",
      "Toyota,Axio,1500,petrol,2231824",
      "Toyota,Axio,1500,hybrid,2600000",
      "Toyota,Axio,1800,petrol,2500000",
      "Toyota,Fielder,1500,petrol,2300000",
    ].join("\n"),
  );

  it("finds the CRSP by make, model and fuel, the engine as the list rounds it, whatever the case", () => {
    expect(crspFor(crsp, axio)).toBe(2_231_824);
    expect(crspFor(crsp, { ...axio, make: " toyota ", model: "AXIO" })).toBe(2_231_824);
    expect(crspFor(crsp, { ...axio, model: "Fiel  der" })).toBe(2_300_000);
    expect(crspFor(crsp, { ...axio, fuel: "hybrid" })).toBe(2_600_000);
    expect(crspFor(crsp, { ...axio, engineCc: 1797 })).toBe(2_500_000);
  });

  it("finds nothing rather than a wrong car: another model, fuel, or an engine more than a tenth away", () => {
    expect(crspFor(crsp, { ...axio, model: "Premio" })).toBeNull();
    expect(crspFor(crsp, { ...axio, fuel: "diesel" })).toBeNull();
    expect(crspFor(crsp, { ...axio, engineCc: 1300 })).toBeNull();
    expect(crspFor(crsp, { ...axio, engineCc: null })).toBeNull();
    expect(crspFor(crsp, { ...axio, fuel: null })).toBeNull();
  });

  it("takes the higher value of two rows as near, so the estimate errs on the side of more tax", () => {
    const tied = rowsOf(
      "kenya_crsp",
      [
        "make,model,engine_cc,fuel,value_kes",
        "Toyota,Axio,1450,petrol,2100000",
        "Toyota,Axio,1550,petrol,2200000",
      ].join("\n"),
    );
    expect(crspFor(tied, { ...axio, engineCc: 1500 })).toBe(2_200_000);
    // The same, the dearer row first.
    expect(crspFor([...tied].reverse(), { ...axio, engineCc: 1500 })).toBe(2_200_000);
  });

  it("takes the nearest engine whatever the order, up to a tenth away and no further", () => {
    const spread = rowsOf(
      "kenya_crsp",
      [
        "make,model,engine_cc,fuel,value_kes",
        "Toyota,Axio,1500,petrol,1500000",
        "Toyota,Axio,1700,petrol,1700000",
        "Toyota,Axio,1650,petrol,1650000",
      ].join("\n"),
    );
    expect(crspFor(spread, { ...axio, engineCc: 1550 })).toBe(1_500_000);
    expect(crspFor(spread, { ...axio, engineCc: 1690 })).toBe(1_700_000);
    // 1,650 cc is exactly a tenth above 1,500: still that row.
    const tenth = rowsOf("kenya_crsp", "make,model,engine_cc,fuel,value_kes\nToyota,Axio,1650,petrol,1650000\n");
    expect(crspFor(tenth, { ...axio, engineCc: 1500 })).toBe(1_650_000);
    expect(crspFor(tenth, { ...axio, engineCc: 1499 })).toBeNull();
  });

  it("reads Uganda's guide and Tanzania's values by year as well", () => {
    const guide = rowsOf(
      "uganda_guide",
      ["make,model,year,engine_cc,value_ugx", "Toyota,Axio,2019,1500,38000000", "Toyota,Axio,2018,1500,35000000"].join(
        "\n",
      ),
    );
    expect(ugandaGuideFor(guide, axio)).toBe(38_000_000);
    expect(ugandaGuideFor(guide, { ...axio, year: 2018 })).toBe(35_000_000);
    expect(ugandaGuideFor(guide, { ...axio, year: 2017 })).toBeNull();
    const values = rowsOf(
      "tanzania_valuation",
      ["make,model,year,engine_cc,value_tzs", "Toyota,Axio,2019,1500,24000000"].join("\n"),
    );
    expect(tanzaniaValueFor(values, axio)).toBe(24_000_000);
    expect(tanzaniaValueFor(values, { ...axio, engineCc: null })).toBeNull();
    expect(tanzaniaValueFor(values, { ...axio, year: 2020 })).toBeNull();
    // Two rows as near: the dearer (listed second), in each guide.
    const tiedGuide = rowsOf(
      "uganda_guide",
      ["make,model,year,engine_cc,value_ugx", "Toyota,Axio,2019,1450,38000000", "Toyota,Axio,2019,1550,39000000"].join(
        "\n",
      ),
    );
    expect(ugandaGuideFor(tiedGuide, { ...axio, engineCc: 1500 })).toBe(39_000_000);
    const tiedValues = rowsOf(
      "tanzania_valuation",
      ["make,model,year,engine_cc,value_tzs", "Toyota,Axio,2019,1450,24000000", "Toyota,Axio,2019,1550,25000000"].join(
        "\n",
      ),
    );
    expect(tanzaniaValueFor(tiedValues, { ...axio, engineCc: 1500 })).toBe(25_000_000);
  });
});
