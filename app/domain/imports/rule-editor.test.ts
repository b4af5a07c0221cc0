import { describe, expect, it } from "vitest";
import { createRng } from "~/db/seed/factories";
import {
  AGE_COUNT,
  AGE_FROM,
  AGE_UNTIL,
  type ImportFacts,
  type ImportRule,
  importVerdict,
  type ShippingMonths,
} from "./import-rules";
import { monthNumber } from "~/domain/inventory/months";
import { type AgeFields, maxAgeOf, ruleExample } from "./rule-editor";

/*
 * The editor's example ("ordered today: a vehicle first registered in 2019 or
 * later") says what the cards say: a vehicle of the month (or year) it names
 * can be imported, one a month (or year) older cannot.
 */

const rule = (fields: AgeFields): ImportRule => ({
  ...fields,
  country: "Testland",
  steering: null,
  usedParts: true,
  usedPartsRefused: [],
  ageByKind: {},
  checkBy: "2027-11-24",
  note: "",
  inspection: "",
  commercial: null,
  sourceUrl: "https://example.org",
  checkedOn: "2026-11-24",
  confirmed: true,
});

/** A vehicle whose manufacture (and first registration) is the month given. */
const vehicle = (from: "manufacture" | "registration", month: number): ImportFacts =>
  from === "manufacture"
    ? { year: Math.floor(month / 12), manufactured: month, registered: null, steering: "Right" }
    : { year: 1990, manufactured: monthNumber(1990, 1), registered: month, steering: "Right" };

describe("the rule editor's example", () => {
  // December 2026, two months at sea: arrival February 2027.
  const when: ShippingMonths = { ship: monthNumber(2026, 12), sea: 2 };

  it("reads Kenya's rule as the shop's note does: first registered in 2019 or later", () => {
    const kenya: AgeFields = {
      usedVehicles: true,
      maxAgeYears: 8,
      ageFrom: "registration",
      ageUntil: "arrival",
      ageCount: "years",
    };
    // Arriving in 2026 (shipped November 2026 after one month at sea), as the note says.
    expect(ruleExample(kenya, { ship: monthNumber(2026, 11), sea: 1 })).toEqual({
      kind: "since",
      counted: monthNumber(2026, 12),
      from: "registration",
      since: monthNumber(2019, 1),
      byYear: true,
    });
    // Arriving in February 2027, a year later.
    expect(ruleExample(kenya, when)).toMatchObject({ since: monthNumber(2020, 1), byYear: true });
  });

  it("counts India's 3 years by month to shipping: manufactured in January 2024 or later", () => {
    const india: AgeFields = {
      usedVehicles: true,
      maxAgeYears: 3,
      ageFrom: "manufacture",
      ageUntil: "shipping",
      ageCount: "months",
    };
    expect(ruleExample(india, when)).toEqual({
      kind: "since",
      counted: monthNumber(2026, 12),
      from: "manufacture",
      since: monthNumber(2024, 1),
      byYear: false,
    });
  });

  it("says when no used vehicle is admitted, and when any age is", () => {
    const fields: AgeFields = {
      usedVehicles: false,
      maxAgeYears: 5,
      ageFrom: "manufacture",
      ageUntil: "shipping",
      ageCount: "months",
    };
    expect(ruleExample(fields, when)).toEqual({ kind: "none" });
    expect(ruleExample({ ...fields, usedVehicles: true, maxAgeYears: null }, when)).toEqual({
      kind: "any",
      counted: when.ship,
    });
    expect(ruleExample({ ...fields, usedVehicles: true, maxAgeYears: null, ageUntil: "arrival" }, when)).toEqual({
      kind: "any",
      counted: when.ship + 2,
    });
  });

  it("agrees with the cards' verdict at its edge, for every way of counting", () => {
    const rng = createRng(22);
    let checked = 0;
    for (let n = 0; n < 2000; n++) {
      const fields: AgeFields = {
        usedVehicles: true,
        maxAgeYears: 1 + Math.floor(rng() * 20),
        ageFrom: AGE_FROM[Math.floor(rng() * AGE_FROM.length)]!,
        ageUntil: AGE_UNTIL[Math.floor(rng() * AGE_UNTIL.length)]!,
        ageCount: AGE_COUNT[Math.floor(rng() * AGE_COUNT.length)]!,
      };
      const at: ShippingMonths = {
        ship: monthNumber(2024 + Math.floor(rng() * 6), 1 + Math.floor(rng() * 12)),
        sea: 1 + Math.floor(rng() * 4),
      };
      const example = ruleExample(fields, at);
      if (example.kind !== "since") throw new Error("an age limit gives a month");
      // The first vehicle the example admits, and the one a month before it (the year before, when it names a year).
      const older = example.since - 1;
      const verdict = (month: number) => importVerdict(vehicle(example.from, month), "Testland", rule(fields), at).kind;
      expect(verdict(example.since), JSON.stringify({ fields, at })).toBe("importable");
      expect(verdict(older), JSON.stringify({ fields, at })).toBe("too_old");
      if (example.byYear) {
        // A year named: every month of it is admitted.
        expect(verdict(example.since + 11), JSON.stringify({ fields, at })).toBe("importable");
        expect(example.since % 12).toBe(0);
      }
      checked++;
    }
    expect(checked).toBe(2000);
  });
});

describe("the maximum age as typed", () => {
  it("is whole years from 1 to 50", () => {
    expect(["1", " 8 ", "08", "50"].map(maxAgeOf)).toEqual([1, 8, 8, 50]);
    expect(["", "0", "-1", "51", "abc", "3.5", "100", "1e1"].map(maxAgeOf)).toEqual(Array(8).fill(null));
  });
});
