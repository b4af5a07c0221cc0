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
  });
});
