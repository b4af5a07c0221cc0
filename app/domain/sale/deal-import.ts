import type { ImportVerdict } from "~/domain/imports/import-rules";
import type { MonthNumber } from "~/domain/inventory/months";

/*
 * The import rule at the deal (issue 40): whether the destination of an
 * offer admits the quote's vehicle, as the owner's quote page, the offer
 * form, the buyer's offer page and the invoice show it. Worked out on the
 * server (deal-import-verdict.server.ts); browser-safe.
 */

/** The verdict of a quote's vehicle for an offer's destination country. */
export type DealImportCheck = {
  /** The destination country: the offer's port's, else the quote's port's, else the buyer's. */
  country: string;
  verdict: ImportVerdict;
  /** Whether the rule refuses the vehicle (too old, wrong steering, no used vehicles). */
  refused: boolean;
  /**
   * For a vehicle too old: the month its age is counted from and the earliest
   * the rule admits, read by year when the rule counts calendar years.
   */
  age: { from: "manufacture" | "registration"; start: MonthNumber; earliest: MonthNumber; byYear: boolean } | null;
};

/** The verdicts that refuse a vehicle: a steering not on file or a country without a rule is a question, not a no. */
export function refusesVehicle(verdict: ImportVerdict): boolean {
  return verdict.kind === "too_old" || verdict.kind === "wrong_steering" || verdict.kind === "not_admitted";
}

/** The offer form's fields for sending an offer despite the rule. */
export const IMPORT_OVERRIDE_FIELD = "importOverride";
export const IMPORT_REASON_FIELD = "importReason";
export const IMPORT_REASON_MAX = 500;
/** The accept form's tick: the buyer has read the warning. */
export const IMPORT_READ_FIELD = "importWarningRead";
