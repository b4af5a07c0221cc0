import type { STEERING } from "~/domain/inventory/catalogue";
import { monthNumber, yearOf, type MonthNumber } from "~/domain/inventory/months";
import type { VehicleKind } from "~/domain/inventory/vehicle-kind";

/*
 * Whether a vehicle may enter the buyer's country (issue 22). Browser-safe:
 * cards and pages work the answer out from the vehicle's facts and the
 * country's rule, both sent by the server; the list's "Only what I can
 * import" asks the database the same question (importCondition in
 * import-rules.server.ts), and a test holds the two to the same answers.
 *
 * Dates are months, at month precision, as whole numbers: year × 12 + month − 1
 * (March 2019 is 2019 × 12 + 2). Every figure here is a whole number.
 */

/**
 * What the age is counted from: the month of manufacture, of first
 * registration, or 1 January after the year of manufacture (Pakistan's schemes).
 */
export const AGE_FROM = ["manufacture", "registration", "year_after_manufacture"] as const;
export type AgeFrom = (typeof AGE_FROM)[number];

/** What the age is counted up to: the bill of lading (shipping) date or the arrival. */
export const AGE_UNTIL = ["shipping", "arrival"] as const;
export type AgeUntil = (typeof AGE_UNTIL)[number];

/**
 * How the years are counted:
 * - "months": from the month, so a vehicle of March 2019 limited to 8 years
 *   must be counted (shipped or arrived) by February 2027, the month before
 *   it turns 8: within its birthday month the day decides, which a month does
 *   not tell, so that month is left out;
 * - "years": by calendar year, as Kenya counts ("in 2026, first registered
 *   2019 or later"): the year counted minus the vehicle's year is under the limit.
 */
export const AGE_COUNT = ["months", "years"] as const;
export type AgeCount = (typeof AGE_COUNT)[number];

/** The steering a country requires: one of the stock's own values ("Right", "Left"; catalogue's STEERING), or none. */
export type RuleSteering = (typeof STEERING)[number];

export const MAX_AGE_YEARS = 50;

export { VEHICLE_KINDS, vehicleKind, type VehicleKind } from "~/domain/inventory/vehicle-kind";
/** The kinds a rule may give an age of their own; cars take the rule's own age. */
export const OTHER_KINDS = ["pickup", "goods", "bus", "special"] as const;
export type OtherKind = (typeof OTHER_KINDS)[number];

/** What the shop knows of one country's rule, as the pages see it. */
export type ImportRule = {
  country: string;
  /** False: the country admits no used vehicles at all. */
  usedVehicles: boolean;
  /** Null: no age limit. For cars, and for the kinds `ageByKind` does not name. */
  maxAgeYears: number | null;
  /** An age limit of their own for pickups, goods vehicles, buses or special-purpose vehicles, counted the same way. */
  ageByKind: Partial<Record<OtherKind, number>>;
  ageFrom: AgeFrom;
  ageUntil: AgeUntil;
  ageCount: AgeCount;
  /** Null: either side. */
  steering: RuleSteering | null;
  /** False: no used parts at all. True: used parts admitted, except those of `usedPartsRefused`. */
  usedParts: boolean;
  /** Part categories (types such as "Engine", or subtypes such as "Clutch Kit") refused used. */
  usedPartsRefused: string[];
  note: string;
  /** Who must inspect a vehicle in Japan before it ships ("QISJ"); "" when none is required or known. */
  inspection: string;
  /**
   * Where the law sets other ages for businesses importing for sale (Pakistan's
   * SRO 1895(I)/2025): that regime's ages. Null: one regime for every importer.
   */
  commercial: CommercialRegime | null;
  sourceUrl: string;
  /** "2026-11-24": when the rule was last checked against its source. */
  checkedOn: string;
  /** "2027-11-24": the day by which it must be checked again; from then on buyers are told it is due. */
  checkBy: string;
  /** False when the shop could not confirm the rule from its source. */
  confirmed: boolean;
  /** The rule in the page's words, written by the server where a page explains it (rule-words.server.ts). */
  words?: RuleWords;
};

/** A rule as a page explains it, each a sentence in the page's language. */
export type RuleWords = {
  /** Its age limits, for cars and for each kind, its steering and inspection body. */
  lines: string[];
  /** When it was checked, or that a check is due; the source's link follows it. */
  checked: string;
  /** Past its check-by day: said plainly, not in small print. */
  due: boolean;
  /** After the link: "not yet confirmed" where so, and the advice to confirm. */
  after: string;
  /** Businesses importing for sale: the heading of their answer and their ages. */
  commercial: { title: string; lines: string[] } | null;
};

/** A second regime's ages and note, counted as the rule counts (from, until, by month or year). */
export type CommercialRegime = {
  /** Null: no age limit. For cars, and the kinds `ageByKind` does not name. */
  maxAgeYears: number | null;
  ageByKind: Partial<Record<OtherKind, number>>;
  note: string;
};

/** The rule as it applies to commercial imports: its second regime's ages; null when the rule has one regime. */
export function commercialRule(rule: ImportRule): ImportRule | null {
  // The regime's fields are the rule's own ages and note, so they replace them as they are.
  return rule.commercial && { ...rule, ...rule.commercial, commercial: null };
}

/** The months that matter today: when a vehicle ordered now would ship, and arrive. */
export type ShippingMonths = {
  /** Today plus the owner's lead time. */
  ship: MonthNumber;
  /** Months from the shipping month to the arrival month (by the dates): arrival is `ship + sea`. */
  sea: number;
};

/**
 * What a page answers with: the country, its rule (null: none on file), the
 * months counted and the shop's day ("2026-12-02") a rule's check-by is read against.
 */
export type ImportingAnswer = {
  country: string | null;
  rule: ImportRule | null;
  months: ShippingMonths;
  today: string;
};

/** The facts of a vehicle a rule reads. */
export type ImportFacts = {
  /** The listed year: the age is counted from its January when the month of manufacture is not on file. */
  year: number;
  manufactured: MonthNumber | null;
  registered: MonthNumber | null;
  steering: string | null;
  /** Its kind (vehicleKind); a car when not given. */
  importKind?: VehicleKind;
};

/** The age limit a rule sets for a kind of vehicle; null: none. */
export function maxAgeFor(
  rule: Pick<ImportRule, "maxAgeYears" | "ageByKind">,
  // Stryker disable next-line StringLiteral: no kind of "" has an age of its own either, so it reads as a car.
  kind: VehicleKind = "car",
): number | null {
  // A rule names no age for cars among its kinds: theirs is the rule's own.
  const own = (rule.ageByKind as Partial<Record<VehicleKind, number>>)[kind];
  return own ?? rule.maxAgeYears;
}

/** The month a vehicle's age is counted from under a rule: first registration, else manufacture, else its listed year. */
export function ageStart(v: ImportFacts, from: AgeFrom): MonthNumber {
  const made = v.manufactured ?? monthNumber(v.year, 1);
  if (from === "year_after_manufacture") return monthNumber(yearOf(made) + 1, 1);
  return from === "registration" ? (v.registered ?? made) : made;
}

/** The last month the counted date (shipping or arrival) may fall in, for a vehicle counted from `start`. */
export function lastCountedMonth(start: MonthNumber, years: number, count: AgeCount): MonthNumber {
  return count === "months" ? start + years * 12 - 1 : monthNumber(yearOf(start) + years - 1, 12);
}

/** The month a rule counts up to for a vehicle ordered today. */
export function countedMonth(rule: Pick<ImportRule, "ageUntil">, when: ShippingMonths): MonthNumber {
  return rule.ageUntil === "arrival" ? when.ship + when.sea : when.ship;
}

/**
 * The earliest month a vehicle's age may be counted from (ageStart) to be
 * importable today under an age limit.
 */
export function earliestStart(
  rule: Pick<ImportRule, "ageUntil" | "ageCount"> & { maxAgeYears: number },
  when: ShippingMonths,
): MonthNumber {
  const counted = countedMonth(rule, when);
  return rule.ageCount === "months"
    ? counted - rule.maxAgeYears * 12 + 1
    : monthNumber(yearOf(counted) - rule.maxAgeYears + 1, 1);
}

/**
 * What a country's rule admits today, as the list's filter reads it
 * (`ImportTo` resolved): nothing, or vehicles of a steering whose age,
 * counted from `from`, starts no earlier than `earliest` (no limit when null).
 */
export type ImportLimit =
  | { country: string; admits: false }
  | {
      country: string;
      admits: true;
      steering: RuleSteering | null;
      from: "manufacture" | "registration";
      /** For cars, and the kinds `byKind` does not name. */
      earliest: MonthNumber | null;
      /** The kinds the rule limits differently, each with its own earliest start. */
      byKind: { kind: OtherKind; earliest: MonthNumber }[];
    };

/** The earliest start a limit admits for a kind of vehicle. */
export function earliestFor(
  limit: ImportLimit & { admits: true },
  // Stryker disable next-line StringLiteral: no kind of "" is limited apart either, so it reads as a car.
  kind: VehicleKind = "car",
): MonthNumber | null {
  return limit.byKind.find((k) => k.kind === kind)?.earliest ?? limit.earliest;
}

export type ImportVerdict =
  | { kind: "no_country" }
  | { kind: "no_rule"; country: string }
  | { kind: "not_admitted"; rule: ImportRule }
  | { kind: "wrong_steering"; rule: ImportRule; required: RuleSteering }
  | { kind: "steering_unknown"; rule: ImportRule; required: RuleSteering }
  | { kind: "too_old"; rule: ImportRule; maxAgeYears: number; lastShip: MonthNumber }
  /** `shipBy`: the last month it may ship in; null when the country has no age limit. */
  | { kind: "importable"; rule: ImportRule; shipBy: MonthNumber | null };

/**
 * Whether a vehicle can be imported into the buyer's country if ordered today.
 * `rule` undefined: no country chosen; null: no rule on file for `country`.
 */
export function importVerdict(
  v: ImportFacts,
  country: string | null,
  rule: ImportRule | null,
  when: ShippingMonths,
): ImportVerdict {
  if (!country) return { kind: "no_country" };
  if (!rule) return { kind: "no_rule", country };
  if (!rule.usedVehicles) return { kind: "not_admitted", rule };
  if (rule.steering) {
    if (!v.steering) return { kind: "steering_unknown", rule, required: rule.steering };
    if (v.steering !== rule.steering) return { kind: "wrong_steering", rule, required: rule.steering };
  }
  const maxAgeYears = maxAgeFor(rule, v.importKind);
  if (maxAgeYears === null) return { kind: "importable", rule, shipBy: null };
  const last = lastCountedMonth(ageStart(v, rule.ageFrom), maxAgeYears, rule.ageCount);
  // Counted up to arrival: the last month it may ship in is that many months earlier.
  const lastShip = rule.ageUntil === "arrival" ? last - when.sea : last;
  return lastShip >= when.ship
    ? { kind: "importable", rule, shipBy: lastShip }
    : { kind: "too_old", rule, maxAgeYears, lastShip };
}

/** The facts of a part a rule reads. */
export type PartFacts = { condition: string | null; type: string | null; subType: string | null };

/**
 * Whether a part may go to the country: new and rebuilt parts always; used
 * parts where the rule admits them and its list does not refuse the part's
 * category or subcategory. Null: no rule on file.
 */
export function partAdmitted(part: PartFacts, rule: ImportRule | null): boolean | null {
  if (!rule) return null;
  if (part.condition !== "Used") return true;
  if (!rule.usedParts) return false;
  return !rule.usedPartsRefused.some((category) => category === part.type || category === part.subType);
}

/** Whether a rule is due to be checked again on `today` ("2026-12-02", the shop's day). */
export function ruleDue(rule: Pick<ImportRule, "checkBy">, today: string): boolean {
  return rule.checkBy !== "" && rule.checkBy <= today;
}

/** A country's name as rules and ports are matched: case and spacing do not count. */
export function countryKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}
