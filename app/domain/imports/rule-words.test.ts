import { describe, expect, it } from "vitest";
import type { ImportRule } from "./import-rules";
import { ruleWords, withWords } from "./rule-words.server";

/*
 * A rule in the page's words, as the server writes it for the vehicle page,
 * the part page and the buyer's offer.
 */

const pakistan: ImportRule = {
  country: "Pakistan",
  usedVehicles: true,
  maxAgeYears: 3,
  ageByKind: { goods: 5, special: 10 },
  ageFrom: "year_after_manufacture",
  ageUntil: "shipping",
  ageCount: "months",
  steering: "Right",
  usedParts: true,
  usedPartsRefused: [],
  note: "Overseas Pakistanis.",
  inspection: "JEVIC",
  commercial: { maxAgeYears: 5, ageByKind: {}, note: "SRO 1895(I)/2025." },
  sourceUrl: "https://example.com/pk",
  checkedOn: "2026-12-01",
  checkBy: "2027-06-01",
  confirmed: true,
};

describe("a rule in words", () => {
  it("says its ages, each kind's, its steering and inspection body, and the businesses' ages apart", () => {
    const words = ruleWords(pakistan, "en", "2026-12-03");
    expect(words.lines).toEqual([
      "Under 3 years old, counted from 1 January after the year of manufacture to shipping (bill of lading date).",
      "Goods vehicles (trucks, cargo vans): under 5 years.",
      "Special-purpose vehicles (ambulances, fire engines, tow and crane trucks): under 10 years.",
      "Right-hand drive only.",
      "Pre-shipment inspection in Japan: JEVIC.",
    ]);
    // The regime's own ages only: its steering and inspection are the rule's, said once.
    expect(words.commercial).toEqual({
      title: "Imported by a business for sale (commercial import):",
      lines: [
        "Under 5 years old, counted from 1 January after the year of manufacture to shipping (bill of lading date).",
      ],
    });
    expect(words).toMatchObject({ checked: "Rule checked 1 Dec 2026.", due: false });
    expect(words.after).toBe("Rules change: confirm with your importer before you pay.");
  });

  it("says plainly when the rule is due for a check, and when it is not confirmed", () => {
    const due = ruleWords({ ...pakistan, checkBy: "2026-12-03", confirmed: false }, "en", "2026-12-03");
    expect(due.due).toBe(true);
    expect(due.checked).toContain("Last checked 1 Dec 2026: this rule is due to be checked again");
    expect(due.after).toBe(
      "not yet confirmed from an official source · Rules change: confirm with your importer before you pay.",
    );
    expect(ruleWords({ ...pakistan, checkBy: "2026-12-04" }, "en", "2026-12-03").due).toBe(false);
  });

  it("has one line for a country that admits no used vehicle, and none for a regime it does not have", () => {
    const closed = ruleWords({ ...pakistan, usedVehicles: false, commercial: null }, "en", "2026-12-03");
    expect(closed.lines).toEqual(["Pakistan admits no used vehicles."]);
    expect(closed.commercial).toBeNull();
    const open = ruleWords({ ...pakistan, maxAgeYears: null, ageByKind: {}, steering: null, inspection: "" }, "en", "");
    expect(open.lines).toEqual(["No age limit."]);
  });

  it("is written in the page's language", () => {
    const words = ruleWords(pakistan, "ja", "2026-12-03");
    expect(words.lines[0]).toBe("製造年の翌年1月1日から船積み（B/L日付）まで3年未満。");
    expect(words.lines).toContain("日本での船積み前検査：JEVIC。");
    expect(JSON.stringify(words)).not.toMatch(/imports\./);
  });

  it("rides on the rule it explains, and leaves no rule as none", () => {
    expect(withWords(pakistan, "en", "2026-12-03")).toMatchObject({ country: "Pakistan", words: { due: false } });
    expect(withWords(null, "en", "2026-12-03")).toBeNull();
  });
});
