import { isRealDay } from "~/i18n/format";
import { z } from "zod";
import { issue, problem, type Problem, type ProblemValues } from "~/i18n/problem";

/*
 * What the server tells the staff panel, as keys of the `admin` catalogue
 * (`messages.text`, `messages.pattern`, `messages.fieldNames`,
 * `messages.choices`), whose English is SPEC's wording. Browser-safe.
 */

/** A whole sentence: `staffText("portNotFound")` is "Port not found.". */
export const staffText = (key: string): Problem => problem(`messages.text.${key}`);
/** A sentence with values: `staffPattern("yearRange", { first, last })`. */
export const staffPattern = (key: string, values: ProblemValues): Problem => problem(`messages.pattern.${key}`, values);
/** A field's name, as the sentences about it say it. */
export const staffField = (name: string): Problem => problem(`messages.fieldNames.${name}`);

/** A kind of choice, as "Choose a {choice} from the list" says it. */
export const staffChoice = (name: string): Problem => problem(`messages.choices.${name}`);

/** The sign-in limit's refusal, on every staff sign-in form. */
export const STAFF_TOO_MANY_TRIES = staffText("tooManyTries");

/* The same, as zod messages (see `issue`). */
export const textIssue = (key: string) => issue(`messages.text.${key}`);
export const patternIssue = (key: string, values: ProblemValues) => issue(`messages.pattern.${key}`, values);
/** A field named in `messages.fieldNames`, or a screen's own label (its Problem). */
type FieldName = string | Problem;
const fieldOf = (field: FieldName): Problem => (typeof field === "string" ? staffField(field) : field);
export const requiredIssue = (field: FieldName) => patternIssue("required", { field: fieldOf(field) });
/** Numbers as the English sentences write them: 5,000. */
export const maxLengthIssue = (field: FieldName, max: number) =>
  patternIssue("maxLength", { field: fieldOf(field), max: max.toLocaleString("en-US") });

/** A text the staff must fill, trimmed, at most `max` characters. */
export const staffRequiredText = (field: FieldName, max: number) =>
  z
    .string({ error: requiredIssue(field) })
    .trim()
    .min(1, requiredIssue(field))
    .max(max, maxLengthIssue(field, max));

/** A day as typed in a date box ("2026-10-14"), a real one and not after `today` (the shop's day): a paper's, a purchase's. */
export const staffPastDay = (field: string, today: string) =>
  z
    .string({ error: requiredIssue(field) })
    .trim()
    .min(1, requiredIssue(field))
    .refine(isRealDay, patternIssue("dayFormat", { field: staffField(field) }))
    .refine((v) => v <= today, patternIssue("dayFuture", { field: staffField(field) }));
