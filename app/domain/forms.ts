/*
 * What every form does with a refusal, in one place: the first problem of
 * each field is shown beside it, and what was typed goes back into the form.
 * Browser-safe.
 */

/** A field's name → the message shown beside it ("form" for a problem of the whole form). */
export type FieldErrors = Record<string, string>;

/** The first message of each field, in the order the checks found them. */
export function firstErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** The named fields as typed, to give back to the form after a refusal (never name a password). */
export function typedValues(form: FormData, names: readonly string[], max = 500): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? "").slice(0, max)]));
}
