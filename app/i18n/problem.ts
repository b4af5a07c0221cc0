import { type Namespace, type TFunction, translateStored } from "./core";

/*
 * What the server tells a page about a form: a key of the catalogue the page
 * reads and the values of its {{placeholders}}, never an English sentence.
 * Public pages read the `messages` namespace; the staff panel reads `admin`,
 * whose server messages are under `messages.`. A value that is itself a
 * Problem (a field's name, the reason an upload failed) is put in words first,
 * from the same catalogue. Browser-safe.
 */

export type ProblemValues = { [name: string]: string | number | Problem };
export type Problem = { key: string; values?: ProblemValues };

export const problem = (key: string, values?: ProblemValues): Problem => (values ? { key, values } : { key });

/** A Problem in words, in the language of `t` (a translator of the namespace its key belongs to). */
export function problemText<NS extends Namespace>(t: TFunction<NS>, found: Problem): string {
  // The key comes from the server's answer: asked at run time, and one the catalogue lacks shows as it is.
  if (!found.values) return translateStored(t, found.key, found.key);
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => [
      name,
      typeof value === "object" ? problemText(t, value) : value,
    ]),
  );
  return translateStored(t, found.key, found.key, values);
}

/** Every field's Problem in words. */
export function problemTexts<NS extends Namespace>(
  t: TFunction<NS>,
  all: Record<string, Problem> | null | undefined,
): Record<string, string> {
  return Object.fromEntries(Object.entries(all ?? {}).map(([name, found]) => [name, problemText(t, found)]));
}

/*
 * A schema's check carries its Problem in zod's message, written as JSON;
 * `readIssue` reads it back. A message written otherwise (zod's own, for a
 * hidden field a page never shows) becomes a key the catalogue lacks, which
 * the translator shows as it is.
 */
const JSON_START = '{"key":';

/** A Problem as a zod message: `.min(1, issue("validation.required", { label: fieldName("name") }))`. */
export const issue = (key: string | Problem, values?: ProblemValues): string =>
  JSON.stringify(typeof key === "string" ? problem(key, values) : key);

/** The Problem a zod message carries. */
export function readIssue(message: string): Problem {
  if (message.startsWith(JSON_START)) {
    try {
      return JSON.parse(message) as Problem;
    } catch {
      // not one of ours after all: shown as it is
    }
  }
  return { key: message };
}
