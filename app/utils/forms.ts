import type { z } from "zod";
import { type Problem, readIssue } from "~/i18n/problem";

/*
 * Every form is read the same way (conform's `parseWithZod` shape): the form's
 * fields go through its schema, and a refusal gives the first problem of each
 * field, as catalogue keys with values, and what was typed, to put back into
 * the form. Browser-safe.
 */

export type { Problem };

/** A field's name → its problem ("form" for a problem of the whole form). */
export type FieldProblems = Record<string, Problem>;

/** What was typed, by field name (first value of each; never a password). */
export type TypedValues = Record<string, string>;

export type Submission<T> =
  { status: "success"; value: T } | { status: "error"; errors: FieldProblems; values: TypedValues };

/** The longest text given back to a form (the longest field, a description, is 5,000). */
const MAX_TYPED = 5000;
/** Fields never sent back. */
const SECRET = /password|^token$|^code$/i;

/** The form as the schema reads it: a name sent once is its text (or file), a name sent more often a list. */
export function formInput(form: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name);
    input[name] = all.length === 1 ? all[0] : all;
  }
  return input;
}

/** The first problem of each field, in the order the checks found them. */
export function fieldProblems(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldProblems {
  const errors: FieldProblems = {};
  for (const found of issues) errors[String(found.path[0] ?? "form")] ??= readIssue(found.message);
  return errors;
}

/** What was typed in the form's text fields (the first of a name sent more often), to give back after a refusal. */
export function typedValues(form: FormData | Record<string, unknown>): TypedValues {
  const values: TypedValues = {};
  const entries =
    form instanceof FormData ? [...form] : Object.entries(form).map(([n, v]) => [n, [v].flat()[0]] as const);
  for (const [name, value] of entries) {
    if (typeof value === "string" && !SECRET.test(name)) values[name] ??= value.slice(0, MAX_TYPED);
  }
  return values;
}

/**
 * Reads a form through its schema: a FormData as sent, or its fields already
 * shaped (the upload screens' streamed form, a field cleaned first).
 */
export function parseForm<S extends z.ZodType>(
  form: FormData | Record<string, unknown>,
  schema: S,
): Submission<z.output<S>> {
  const parsed = schema.safeParse(form instanceof FormData ? formInput(form) : form);
  if (parsed.success) return { status: "success", value: parsed.data };
  return { status: "error", errors: fieldProblems(parsed.error.issues), values: typedValues(form) };
}
