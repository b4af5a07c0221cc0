import { describe, expect, it } from "vitest";
import { SEED_RULES } from "~/db/migrations/2026-11-25-01-import-rules";
import {
  ageStart,
  countryKey,
  earliestStart,
  type ImportFacts,
  type ImportRule,
  importVerdict,
  lastCountedMonth,
  partAdmitted,
  earliestFor,
  maxAgeFor,
  ruleDue,
  type ShippingMonths,
  vehicleKind,
  commercialRule,
} from "./import-rules";
import { maskedChassis } from "~/domain/inventory/chassis";
import { monthNumber, monthOf, monthOfDate, monthText, parseMonth, yearOf } from "~/domain/inventory/months";
import { importLimit, shippingMonths, toImportRule } from "./import-rules.server";
import { IMPORT_DEFAULTS } from "./import-settings";

/** A rule with every field set; each test changes what it is about. */
function rule(overrides: Partial<ImportRule> = {}): ImportRule {
  return {
    country: "Testland",
    usedVehicles: true,
    maxAgeYears: 3,
    ageByKind: {},
    ageFrom: "manufacture",
    ageUntil: "shipping",
    ageCount: "months",
    steering: null,
    usedParts: true,
    usedPartsRefused: [],
    note: "",
    inspection: "",
    commercial: null,
    sourceUrl: "https://example.com/rule",
    checkedOn: "2026-11-24",
    checkBy: "2027-11-24",
    confirmed: true,
    ...overrides,
  };
}

/** A seeded rule, as the pages read it from the table. */
function seeded(country: string): ImportRule {
  const seed = SEED_RULES.find((r) => r.country === country)!;
  return toImportRule({
    ...seed,
    id: 1,
    used_parts_refused: "[]",
    age_by_kind: "{}",
    check_by: "2027-11-24",
    inspection: "",
    commercial: "",
    created_at: "2026-11-24",
    updated_at: "2026-11-24",
  });
}

const m = (text: string) => parseMonth(text)!;

/** A vehicle listed in `year`, with its months as typed ("2019-03") or not on file. */
function car(year: number, made: string | null, registered: string | null = null, steering: string | null = "Right") {
  return {
    year,
    manufactured: made === null ? null : m(made),
    registered: registered === null ? null : m(registered),
    steering,
  } satisfies ImportFacts;
}

/** Ordered when the ship leaves in `ship` and arrives `sea` months later. */
const at = (ship: string, sea = 2): ShippingMonths => ({ ship: m(ship), sea });

/** The verdict's kind, and the month it may ship by (or the last month it could have) as text. */
function verdict(v: ImportFacts, r: ImportRule | null, when: ShippingMonths, country = "Testland") {
  const answer = importVerdict(v, country, r, when);
  if (answer.kind === "importable")
    return `importable, ship by ${answer.shipBy === null ? "any time" : monthText(answer.shipBy)}`;
  if (answer.kind === "too_old") return `too old, last ship ${monthText(answer.lastShip)}`;
  return answer.kind;
}

describe("months as whole numbers", () => {
  it("counts year × 12 + month − 1, December and January on either side of a year", () => {
    expect(monthNumber(2019, 3)).toBe(2019 * 12 + 2);
    expect(monthNumber(2019, 1) - monthNumber(2018, 12)).toBe(1);
    for (const [year, month] of [
      [2018, 12],
      [2019, 1],
      [2026, 6],
    ] as const) {
      const n = monthNumber(year, month);
      expect([yearOf(n), monthOf(n)]).toEqual([year, month]);
    }
    expect(monthText(monthNumber(2018, 12))).toBe("2018-12");
    expect(monthText(monthNumber(2019, 1))).toBe("2019-01");
  });

  it("takes the month of a date in Japan: 31 December 23:30 UTC is already January in Tokyo", () => {
    expect(monthText(monthOfDate(new Date("2026-12-31T14:59:59Z")))).toBe("2026-12");
    expect(monthText(monthOfDate(new Date("2026-12-31T15:00:00Z")))).toBe("2027-01");
  });
});

describe("parseMonth", () => {
  it("reads a month typed year first or month first, with a dash, slash or dot", () => {
    const march2019 = monthNumber(2019, 3);
    for (const text of [
      "2019-03",
      "2019-3",
      "2019/3",
      "2019.03",
      " 2019 - 03 ",
      "03/2019",
      "3/2019",
      "3.2019",
      "3-2019",
      // A spreadsheet saves a typed month as its first day.
      "2019-03-01",
      "2019/3/1",
    ])
      expect(parseMonth(text), text).toBe(march2019);
    expect(parseMonth("1900-01")).toBe(monthNumber(1900, 1));
    expect(parseMonth("12/2026")).toBe(monthNumber(2026, 12));
  });

  it("refuses anything else, a month outside 1 to 12 and a year before 1900", () => {
    for (const text of [
      "",
      "2019",
      "2019-",
      "2019-00",
      "2019-13",
      "0/2019",
      "13/2019",
      "1899-12",
      "19-03",
      "2019-003",
      "2019-03-00",
      "2019-03-32",
      "2019-03/01",
      "2019 03",
      "2019_03",
      "２０１９-03",
    ])
      expect(parseMonth(text), text).toBeNull();
  });
});

describe("parseMonth, as the owner's stock file gives it", () => {
  it.each(["2019-03-31", "2019/3/31", "2019.03.31", "2019-03-30", "2019-03-1"])(
    "reads %j, a day a spreadsheet saves for March, as March 2019",
    (text) => {
      expect(parseMonth(text)).toBe(monthNumber(2019, 3));
    },
  );

  it.each([
    "x2019-03",
    "x2019-03-01",
    "x03/2019",
    "Made 2019-03",
    "2019-03 garbage",
    "2019-03-01 garbage",
    "2019-03-011",
    "2019-03-01-02",
    "03/2019 garbage",
    "03/20190",
  ])("refuses %j: a month with other text before or after it is not a month", (text) => {
    expect(parseMonth(text)).toBeNull();
  });
});

describe("the shipping month", () => {
  it("is today plus the lead time, in Japan: late December with 21 days ships in January of the next year", () => {
    // 10 December 23:30 in Tokyo + 21 days = 31 December 23:30: still December.
    expect(monthText(shippingMonths(IMPORT_DEFAULTS, new Date("2026-12-10T14:30:00Z")).ship)).toBe("2026-12");
    // An hour later it is 11 December in Tokyo, and the ship leaves on 1 January 2027 (UTC still says 31 December).
    const late = shippingMonths({ leadDays: 21, seaDays: 35 }, new Date("2026-12-10T15:30:00Z"));
    expect(monthText(late.ship)).toBe("2027-01");
    // Leaving 1 January with 35 days at sea, it arrives on 5 February: a month on.
    expect(late.sea).toBe(1);
    // The arrival month is the arrival date's: 30 days from 10 December is 9 January, from 31 January is 2 March.
    expect(shippingMonths({ leadDays: 0, seaDays: 30 }, new Date("2026-12-10T00:00:00Z")).sea).toBe(1);
    expect(shippingMonths({ leadDays: 0, seaDays: 30 }, new Date("2027-01-31T00:00:00Z")).sea).toBe(2);
    expect(shippingMonths({ leadDays: 21, seaDays: 60 }, new Date("2026-12-10T00:00:00Z"))).toEqual({
      ship: monthNumber(2026, 12),
      sea: 3,
    });
  });

  it("decides, across the new year, whether a car made in January 2024 may still go under 3 years", () => {
    const india = seeded("India");
    const made = car(2024, "2024-01");
    const when = (iso: string) => shippingMonths(IMPORT_DEFAULTS, new Date(iso));
    expect(verdict(made, india, when("2026-12-10T14:30:00Z"))).toBe("importable, ship by 2026-12");
    expect(verdict(made, india, when("2026-12-10T15:30:00Z"))).toBe("too old, last ship 2026-12");
  });
});

describe("age limits at month boundaries", () => {
  const threeYears = rule({ maxAgeYears: 3, ageCount: "months" });

  it("under 3 years by month: made in January 2019 may ship in December 2021, made in December 2018 may not", () => {
    expect(verdict(car(2019, "2019-01"), threeYears, at("2021-12"))).toBe("importable, ship by 2021-12");
    expect(verdict(car(2018, "2018-12"), threeYears, at("2021-12"))).toBe("too old, last ship 2021-11");
    // The month it turns 3 is left out: the day would decide, which a month does not tell.
    expect(verdict(car(2019, "2019-01"), threeYears, at("2022-01"))).toBe("too old, last ship 2021-12");
    expect(lastCountedMonth(m("2019-01"), 3, "months")).toBe(m("2021-12"));
    expect(earliestStart({ ...threeYears, maxAgeYears: 3 }, at("2021-12"))).toBe(m("2019-01"));
  });

  it("counts from first registration when the rule says so, falling back to manufacture, then to January of the listed year", () => {
    const byRegistration = rule({ maxAgeYears: 8, ageFrom: "registration" });
    const byManufacture = rule({ maxAgeYears: 8, ageFrom: "manufacture" });
    // Made in June 2017, first registered in Japan in March 2018.
    const registeredLater = car(2017, "2017-06", "2018-03");
    expect(ageStart(registeredLater, "registration")).toBe(m("2018-03"));
    expect(ageStart(registeredLater, "manufacture")).toBe(m("2017-06"));
    expect(verdict(registeredLater, byRegistration, at("2026-02"))).toBe("importable, ship by 2026-02");
    expect(verdict(registeredLater, byRegistration, at("2026-03"))).toBe("too old, last ship 2026-02");
    expect(verdict(registeredLater, byManufacture, at("2026-02"))).toBe("too old, last ship 2025-05");

    // No registration on file: counted from manufacture.
    const unregistered = car(2017, "2017-06", null);
    expect(ageStart(unregistered, "registration")).toBe(m("2017-06"));
    expect(verdict(unregistered, byRegistration, at("2025-05"))).toBe("importable, ship by 2025-05");
    expect(verdict(unregistered, byRegistration, at("2025-06"))).toBe("too old, last ship 2025-05");

    // Neither month on file: January of the listed year, for either rule.
    const yearOnly = car(2018, null, null);
    expect(ageStart(yearOnly, "registration")).toBe(m("2018-01"));
    expect(ageStart(yearOnly, "manufacture")).toBe(m("2018-01"));
    expect(verdict(yearOnly, byRegistration, at("2025-12"))).toBe("importable, ship by 2025-12");
    expect(verdict(yearOnly, byManufacture, at("2026-01"))).toBe("too old, last ship 2025-12");
    // A registration without a month of manufacture still counts from the registration.
    expect(ageStart(car(2018, null, "2019-04"), "registration")).toBe(m("2019-04"));
  });

  it("Kenya counts calendar years from first registration to arrival: in 2026 arrivals, 2019 is in and 2018 is out", () => {
    const kenya = seeded("Kenya");
    expect(kenya).toMatchObject({ maxAgeYears: 8, ageFrom: "registration", ageUntil: "arrival", ageCount: "years" });
    // Shipped in November 2025, two months at sea: arrives in January 2026.
    const when = at("2025-11", 2);
    for (const registered of ["2019-01", "2019-12"])
      expect(verdict(car(2018, "2018-10", registered), kenya, when), registered).toBe("importable, ship by 2026-10");
    // Registered in December 2018: arriving by December 2025 it could go, arriving in 2026 it cannot.
    expect(verdict(car(2018, "2018-10", "2018-12"), kenya, when)).toBe("too old, last ship 2025-10");
    expect(verdict(car(2018, "2018-10", "2018-12"), kenya, at("2025-10", 2))).toBe("importable, ship by 2025-10");
    // Counted by calendar year, the month of registration does not matter.
    expect(lastCountedMonth(m("2019-01"), 8, "years")).toBe(m("2026-12"));
    expect(lastCountedMonth(m("2019-12"), 8, "years")).toBe(m("2026-12"));
    expect(earliestStart({ ...kenya, maxAgeYears: 8 }, when)).toBe(m("2019-01"));
  });

  it("Pakistan counts from 1 January after the year of manufacture: a 2022 car ships through December 2025, not January 2026", () => {
    const pakistan = seeded("Pakistan");
    expect(pakistan).toMatchObject({ maxAgeYears: 3, ageFrom: "year_after_manufacture", ageUntil: "shipping" });
    for (const made of ["2022-01", "2022-12"]) {
      const v = car(2022, made);
      expect(ageStart(v, "year_after_manufacture")).toBe(m("2023-01"));
      expect(verdict(v, pakistan, at("2025-12")), made).toBe("importable, ship by 2025-12");
      expect(verdict(v, pakistan, at("2026-01")), made).toBe("too old, last ship 2025-12");
    }
    // Without a month, the listed year.
    expect(verdict(car(2022, null), pakistan, at("2025-12"))).toBe("importable, ship by 2025-12");
    expect(verdict(car(2021, "2021-12"), pakistan, at("2025-12"))).toBe("too old, last ship 2024-12");
  });

  it("counted until arrival, the months at sea come off the last month it may ship in", () => {
    // Uganda: 15 years from manufacture, to arrival. Made in March 2011: it turns 15 in March 2026.
    const untilArrival = rule({ maxAgeYears: 15, ageUntil: "arrival" });
    const untilShipping = rule({ maxAgeYears: 15, ageUntil: "shipping" });
    const v = car(2011, "2011-03");
    expect(verdict(v, untilShipping, at("2026-01", 2))).toBe("importable, ship by 2026-02");
    expect(verdict(v, untilArrival, at("2026-01", 2))).toBe("too old, last ship 2025-12");
    expect(verdict(v, untilArrival, at("2025-12", 2))).toBe("importable, ship by 2025-12");
    expect(verdict(v, untilArrival, at("2025-12", 3))).toBe("too old, last ship 2025-11");
    expect(earliestStart({ ...untilArrival, maxAgeYears: 15 }, at("2026-01", 2))).toBe(m("2011-04"));
    expect(earliestStart({ ...untilShipping, maxAgeYears: 15 }, at("2026-01", 2))).toBe(m("2011-02"));
  });

  it("with no age limit, any age goes and there is no month to ship by", () => {
    expect(verdict(car(1990, "1990-05"), seeded("Tanzania"), at("2026-11"))).toBe("importable, ship by any time");
  });

  it("gives the month to ship by", () => {
    const answer = importVerdict(car(2019, "2019-03"), "Testland", rule({ maxAgeYears: 8 }), at("2026-11"));
    expect(answer).toMatchObject({ kind: "importable", shipBy: m("2027-02") });
  });
});

describe("steering, admission and rules on file", () => {
  const rightOnly = rule({ steering: "Right", maxAgeYears: 8 });

  it("admits the required steering, refuses the other, and cannot vouch for a vehicle whose steering is not on file", () => {
    expect(verdict(car(2020, "2020-01", null, "Right"), rightOnly, at("2026-11"))).toBe("importable, ship by 2027-12");
    expect(importVerdict(car(2020, "2020-01", null, "Left"), "Testland", rightOnly, at("2026-11"))).toMatchObject({
      kind: "wrong_steering",
      required: "Right",
    });
    expect(importVerdict(car(2020, "2020-01", null, null), "Testland", rightOnly, at("2026-11"))).toMatchObject({
      kind: "steering_unknown",
      required: "Right",
    });
    // The steering is said first: an old left-hand car is the wrong steering, not too old.
    expect(verdict(car(2001, "2001-01", null, "Left"), rightOnly, at("2026-11"))).toBe("wrong_steering");
    // A rule without a steering takes either, and a vehicle whose steering is not on file.
    for (const steering of ["Left", "Right", null])
      expect(verdict(car(2020, "2020-01", null, steering), rule({ maxAgeYears: 8 }), at("2026-11"))).toBe(
        "importable, ship by 2027-12",
      );
  });

  it("admits nothing where used vehicles are not admitted, whatever the vehicle", () => {
    expect(verdict(car(2026, "2026-01"), seeded("Nepal"), at("2026-11"))).toBe("not_admitted");
    expect(verdict(car(2026, "2026-01", null, "Left"), rule({ usedVehicles: false }), at("2026-11"))).toBe(
      "not_admitted",
    );
  });

  it("says when no rule is on file, and nothing when no country is chosen", () => {
    expect(importVerdict(car(2026, "2026-01"), "Atlantis", null, at("2026-11"))).toEqual({
      kind: "no_rule",
      country: "Atlantis",
    });
    expect(importVerdict(car(2026, "2026-01"), null, null, at("2026-11"))).toEqual({ kind: "no_country" });
    expect(importVerdict(car(2026, "2026-01"), "", rule(), at("2026-11"))).toEqual({ kind: "no_country" });
  });
});

describe("partAdmitted", () => {
  const used = (type: string | null = "Engine", subType: string | null = "Radiator") => ({
    condition: "Used",
    type,
    subType,
  });

  it("refuses used parts only where the rule says so, and knows nothing without a rule", () => {
    const noUsedParts = rule({ usedParts: false });
    expect(partAdmitted(used(), noUsedParts)).toBe(false);
    expect(partAdmitted({ ...used(), condition: "New" }, noUsedParts)).toBe(true);
    expect(partAdmitted({ ...used(), condition: "Rebuilt" }, noUsedParts)).toBe(true);
    expect(partAdmitted({ ...used(), condition: null }, noUsedParts)).toBe(true);
    expect(partAdmitted(used(), rule())).toBe(true);
    expect(partAdmitted(used(), null)).toBeNull();
    expect(partAdmitted(used(), seeded("Vietnam"))).toBe(false);
  });

  it("refuses a used part whose category or subcategory the country bans, and admits the rest", () => {
    // Kenya's KS 2190: clutch plates banned, so used clutch kits; a whole category may be banned too.
    const kenya = rule({ usedPartsRefused: ["Clutch Kit", "Electrical"] });
    expect(partAdmitted(used("Transmission", "Clutch Kit"), kenya)).toBe(false);
    expect(partAdmitted(used("Transmission", "Drive Shaft"), kenya)).toBe(true);
    expect(partAdmitted(used("Electrical", "Alternator"), kenya)).toBe(false);
    expect(partAdmitted(used("Electrical", null), kenya)).toBe(false);
    expect(partAdmitted(used(null, null), kenya)).toBe(true);
    // New and rebuilt parts of a banned category go: the ban is on used ones.
    expect(partAdmitted({ ...used("Transmission", "Clutch Kit"), condition: "New" }, kenya)).toBe(true);
    expect(partAdmitted({ ...used("Transmission", "Clutch Kit"), condition: "Rebuilt" }, kenya)).toBe(true);
  });
});

describe("an age limit of their own for pickups, goods vehicles and buses", () => {
  it("reads the kind from the type, subtype and seats", () => {
    const kind = (type: string | null, subType: string | null, seats: string | null = "5") =>
      vehicleKind({ type, subType, seats });
    expect(kind("Truck", "Pickup")).toBe("pickup");
    expect(kind("Truck", "Heavy Duty")).toBe("goods");
    expect(kind("Truck", "Mini Truck")).toBe("goods");
    expect(kind("Truck", null)).toBe("goods");
    expect(kind("Mini Truck", null)).toBe("goods");
    expect(kind("Van", "Cargo Van")).toBe("goods");
    expect(kind("Van", "Passenger Van", "10+")).toBe("bus");
    expect(kind("Van", "Passenger Van", "10")).toBe("bus");
    expect(kind("Van", "Passenger Van", "9")).toBe("car");
    expect(kind("Bus", null, null)).toBe("bus");
    expect(kind("Van", "Mini Van", "8")).toBe("car");
    expect(kind("SUV", "Crossover")).toBe("car");
    expect(kind(null, null, null)).toBe("car");
    // A special-purpose vehicle is one whatever it is built on: a tow truck is no goods vehicle, an ambulance no bus.
    expect(kind("Special Purpose", "Tow Truck")).toBe("special");
    expect(kind("Special Purpose", "Ambulance", "10+")).toBe("special");
    expect(kind("Special Purpose", null, null)).toBe("special");
  });

  it("gives special-purpose vehicles Sri Lanka's 10 years where cars have 3", () => {
    const sriLanka = rule({ maxAgeYears: 3, ageByKind: { goods: 5, bus: 5, special: 10 } });
    const eightYears = car(2018, "2018-12");
    const when = at("2026-12");
    expect(importVerdict({ ...eightYears, importKind: "special" }, "Sri Lanka", sriLanka, when)).toMatchObject({
      kind: "importable",
      shipBy: m("2028-11"),
    });
    expect(importVerdict({ ...eightYears, importKind: "goods" }, "Sri Lanka", sriLanka, when).kind).toBe("too_old");
    const limit = importLimit("Sri Lanka", sriLanka, when);
    expect(limit.admits && earliestFor(limit, "special")).toBe(m("2017-01"));
  });

  it("counts a goods vehicle or a bus by its own limit, and a car or a kind not named by the rule's", () => {
    // Sri Lanka: cars and pickups under 3 years, goods vehicles and buses under 5, manufacture to shipping.
    const sriLanka = rule({ maxAgeYears: 3, ageByKind: { goods: 5, bus: 5 } });
    const fourYears = car(2022, "2022-12");
    const when = at("2026-12");
    expect(importVerdict({ ...fourYears, importKind: "goods" }, "Sri Lanka", sriLanka, when)).toMatchObject({
      kind: "importable",
      shipBy: m("2027-11"),
    });
    expect(importVerdict({ ...fourYears, importKind: "bus" }, "Sri Lanka", sriLanka, when).kind).toBe("importable");
    expect(importVerdict({ ...fourYears, importKind: "pickup" }, "Sri Lanka", sriLanka, when)).toMatchObject({
      kind: "too_old",
      maxAgeYears: 3,
    });
    expect(importVerdict(fourYears, "Sri Lanka", sriLanka, when)).toMatchObject({ kind: "too_old", maxAgeYears: 3 });
    expect(maxAgeFor(sriLanka, "goods")).toBe(5);
    expect(maxAgeFor(sriLanka)).toBe(3);
    // The list's filter: each kind's earliest start, the rule's own for cars and kinds it does not name.
    const limit = importLimit("Sri Lanka", sriLanka, when);
    if (!limit.admits) throw new Error("admits");
    expect(earliestFor(limit, "goods")).toBe(m("2022-01"));
    expect(earliestFor(limit, "bus")).toBe(m("2022-01"));
    expect(earliestFor(limit, "pickup")).toBe(m("2024-01"));
    expect(earliestFor(limit)).toBe(m("2024-01"));
    // A country with no limit for cars may still limit buses.
    const busesOnly = rule({ maxAgeYears: null, ageByKind: { bus: 5 } });
    expect(importVerdict(car(1990, "1990-01"), "X", busesOnly, when)).toMatchObject({
      kind: "importable",
      shipBy: null,
    });
    expect(importVerdict({ ...car(1990, "1990-01"), importKind: "bus" }, "X", busesOnly, when).kind).toBe("too_old");
  });
});

describe("a second regime for commercial imports", () => {
  // Pakistan: individuals' cars under 3, other vehicles under 5; businesses (SRO 1895(I)/2025) all under 5.
  const pakistan = rule({
    maxAgeYears: 3,
    ageByKind: { pickup: 5, goods: 5, bus: 5 },
    ageFrom: "year_after_manufacture",
    steering: "Right",
    note: "Overseas Pakistanis.",
    commercial: { maxAgeYears: 5, ageByKind: {}, note: "SRO 1895(I)/2025." },
  });

  it("answers a business by its own ages, counted and steered as the rule is", () => {
    const when = at("2026-12");
    // Made in 2022: counted from 1 January 2023, under 3 until December 2025, under 5 until December 2027.
    const fourYears = car(2022, "2022-06");
    expect(importVerdict(fourYears, "Pakistan", pakistan, when).kind).toBe("too_old");
    const commercial = commercialRule(pakistan)!;
    expect(commercial).toMatchObject({ maxAgeYears: 5, ageByKind: {}, note: "SRO 1895(I)/2025.", commercial: null });
    expect(importVerdict(fourYears, "Pakistan", commercial, when)).toMatchObject({
      kind: "importable",
      shipBy: m("2027-12"),
    });
    // The kinds take the regime's ages, not the individuals'.
    expect(maxAgeFor(commercial, "goods")).toBe(5);
    expect(importVerdict({ ...car(2020, "2020-06"), importKind: "goods" }, "Pakistan", commercial, when).kind).toBe(
      "too_old",
    );
    // The steering stays the rule's.
    expect(importVerdict({ ...fourYears, steering: "Left" }, "Pakistan", commercial, when).kind).toBe("wrong_steering");
  });

  it("is none for a rule with one regime", () => {
    expect(commercialRule(rule())).toBeNull();
  });
});

describe("ruleDue", () => {
  it("is due from its check-by day on, and never without one", () => {
    expect(ruleDue(rule({ checkBy: "2026-12-02" }), "2026-12-01")).toBe(false);
    expect(ruleDue(rule({ checkBy: "2026-12-02" }), "2026-12-02")).toBe(true);
    expect(ruleDue(rule({ checkBy: "2026-12-02" }), "2027-01-10")).toBe(true);
    expect(ruleDue(rule({ checkBy: "" }), "2099-01-01")).toBe(false);
  });
});

describe("maskedChassis", () => {
  it("keeps the model part and two digits of the serial of a Japanese frame number", () => {
    expect(maskedChassis("NZE161-3012345")).toBe("NZE161-30*****");
    expect(maskedChassis("ZVW30-1234567")).toBe("ZVW30-12*****");
    // A short serial shows at most its first half.
    expect(maskedChassis("AB1-123")).toBe("AB1-1**");
    expect(maskedChassis("AB1-1")).toBe("AB1-*");
  });

  it("hides the last half of a 17-character VIN, at least its six-digit serial", () => {
    expect(maskedChassis("JTDBR32E720012345")).toBe("JTDBR32E*********");
    expect(maskedChassis("JTDBR32E720012345")).toHaveLength(17);
    expect(maskedChassis("ABCDEFGH")).toBe("AB******");
    expect(maskedChassis("ABC")).toBe("***");
    // A dash at the end is no serial: hidden as a VIN is.
    expect(maskedChassis("NZE161-")).toBe("N******");
  });
});

describe("a country's name as the rules match it", () => {
  it("does not count case or spacing, so a port's country finds its rule however it was typed", () => {
    expect(countryKey("  Sri   LANKA ")).toBe("sri lanka");
    expect(countryKey("Sri Lanka")).toBe(countryKey("sri\tlanka"));
    expect(countryKey("Sri Lanka")).not.toBe(countryKey("SriLanka"));
  });
});
