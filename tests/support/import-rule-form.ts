import { importRuleSchema } from "~/domain/imports/import-rules.server";
import { type Problem, readIssue } from "~/i18n/problem";
import { formInput } from "~/utils/forms";

/*
 * The owner's import rule editor form (issue 22), as the browser sends it,
 * read through the editor's schema.
 */

/** 2026-11-24 20:00 UTC: already 25 November in Tokyo, the shop's day. */
export const NOW = new Date("2026-11-24T20:00:00Z");

/** The editor's form as the browser sends it: checkboxes ticked send "on", unticked send nothing. */
export const GOOD: Record<string, string> = {
  country: "Zambia",
  usedVehicles: "on",
  maxAgeYears: "10",
  ageFrom: "manufacture",
  ageUntil: "arrival",
  ageCount: "years",
  steering: "Right",
  usedParts: "on",
  note: "  Pre-shipment inspection.  ",
  sourceUrl: "https://www.zra.org.zm/motor-vehicles",
  checkedOn: "2026-11-25",
  confirmed: "on",
};

export function formOf(values: Record<string, string | undefined>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) form.set(k, v);
  return form;
}

export const parseRule = (values: Record<string, string | undefined>) =>
  importRuleSchema(NOW).safeParse(formInput(formOf(values)));

/** A valid rule's input, read through the editor's schema. */
export const input = (changes: Record<string, string | undefined> = {}) => {
  const parsed = parseRule({ ...GOOD, ...changes });
  if (!parsed.success) throw new Error(`not a valid rule: ${JSON.stringify(parsed.error.issues)}`);
  return parsed.data;
};

/** The first refusal of each field, as the catalogue key and values the page reads. */
export const refusals = (changes: Record<string, string | undefined>): Record<string, Problem> => {
  const parsed = parseRule({ ...GOOD, ...changes });
  if (parsed.success) return {};
  const out: Record<string, Problem> = {};
  for (const found of parsed.error.issues) out[String(found.path[0])] ??= readIssue(found.message);
  return out;
};
