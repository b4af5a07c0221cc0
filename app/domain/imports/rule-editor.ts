import {
  type AgeCount,
  type AgeFrom,
  type AgeUntil,
  countedMonth,
  earliestStart,
  MAX_AGE_YEARS,
  type OtherKind,
  type ShippingMonths,
} from "./import-rules";
import { type MonthNumber, monthNumber } from "~/domain/inventory/months";
import { staffText } from "~/domain/staff/staff-problems";

/*
 * What the owner's rule editor works out as the owner types: the maximum age
 * as typed, and the example under the age fields ("ordered today: a vehicle
 * first registered in 2019 or later"), and its refusals the page shows too.
 * Browser-safe; the server reads the maximum age with the same function
 * (importRuleSchema).
 */

export const RULE_EXISTS = staffText("ruleExists");
export const RULE_NOT_FOUND = staffText("ruleNotFound");
/** The longest note a rule keeps. */
export const NOTE_MAX = 1000;
/** The longest name of an inspection body ("JEVIC, JAAI or Bureau Veritas"). */
export const INSPECTION_MAX = 120;

/** The editor's field for a kind's own age, in the rule's own ages and in its commercial regime's. */
export const KIND_FIELD = {
  pickup: "agePickup",
  goods: "ageGoods",
  bus: "ageBus",
  special: "ageSpecial",
} as const satisfies Record<OtherKind, string>;
export const COMMERCIAL_KIND_FIELD = {
  pickup: "commercialAgePickup",
  goods: "commercialAgeGoods",
  bus: "commercialAgeBus",
  special: "commercialAgeSpecial",
} as const satisfies Record<OtherKind, string>;

/** A maximum age as typed: whole years from 1 to MAX_AGE_YEARS; null for anything else. */
export function maxAgeOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const years = Number(trimmed);
  return years >= 1 && years <= MAX_AGE_YEARS ? years : null;
}

/** The age fields of the editor. */
export type AgeFields = {
  usedVehicles: boolean;
  /** Null: no limit. */
  maxAgeYears: number | null;
  ageFrom: AgeFrom;
  ageUntil: AgeUntil;
  ageCount: AgeCount;
};

/**
 * What a rule admits for a vehicle ordered today: no used vehicle, any age,
 * or vehicles whose manufacture (or first registration) falls in `since` or
 * later. `byYear`: `since` is a January and only its year counts.
 * `counted` is the month the age is counted up to (shipping or arrival).
 */
export type RuleExample =
  | { kind: "none" }
  | { kind: "any"; counted: MonthNumber }
  | {
      kind: "since";
      counted: MonthNumber;
      from: "manufacture" | "registration";
      since: MonthNumber;
      byYear: boolean;
    };

export function ruleExample(rule: AgeFields, when: ShippingMonths): RuleExample {
  if (!rule.usedVehicles) return { kind: "none" };
  const counted = countedMonth(rule, when);
  if (rule.maxAgeYears === null) return { kind: "any", counted };
  const earliest = earliestStart({ ...rule, maxAgeYears: rule.maxAgeYears }, when);
  if (rule.ageFrom === "year_after_manufacture")
    // The age starts on 1 January after the year made: made in the year before the first January from `earliest` on.
    return {
      kind: "since",
      counted,
      from: "manufacture",
      since: monthNumber(Math.ceil(earliest / 12) - 1, 1),
      byYear: true,
    };
  return { kind: "since", counted, from: rule.ageFrom, since: earliest, byYear: rule.ageCount === "years" };
}
