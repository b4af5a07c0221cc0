import type { TFunction } from "./core";
import { useMemo } from "react";
import { flattenMessages, type Messages, useT } from "./i18n";
import english from "./locales/en/messages.json";

/*
 * The schemas are the server's authority and speak English (SPEC 5, 8). A page
 * shows their messages in its own language by finding the English text in the
 * English `messages` catalogue: exact messages by reverse lookup, patterned
 * ones ("Full name is required") by pattern, the field name translated too.
 * A message the catalogue does not know is shown as it is.
 */

/** Where the field names used inside messages live ("{{label}} is required"). */
const FIELDS = "fields";
/** Placeholders whose value is a field name, translated through `fields`. */
const LABEL_PLACEHOLDERS = new Set(["label"]);

type Translate = (key: string, options?: Record<string, unknown>) => string;

type Pattern = { key: string; english: string; regex: RegExp; names: string[]; literal: number };

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const exact = new Map<string, string>();
const patterns: Pattern[] = [];
const labels = new Map<string, string>();

for (const [key, value] of flattenMessages(english as Messages)) {
  if (key.startsWith(`${FIELDS}.`)) {
    labels.set(value, key);
    continue;
  }
  const names = [...value.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (names.length === 0) {
    exact.set(value, key);
    continue;
  }
  const pieces = value.split(PLACEHOLDER);
  // split with a capture group gives literal, name, literal, name, ..., literal
  const source = pieces.map((piece, i) => (i % 2 === 0 ? escapeRegex(piece) : "(.+?)")).join("");
  const literal = pieces.filter((_, i) => i % 2 === 0).join("").length;
  patterns.push({ key, english: value, regex: new RegExp(`^${source}$`, "s"), names, literal });
}
// The most specific pattern first: the one with the most fixed text.
patterns.sort((a, b) => b.literal - a.literal);

export type MessageMatch = {
  /** The key in the `messages` namespace. */
  key: string;
  /** The English value of that key (with its placeholders). */
  english: string;
  /** What the placeholders stood for in the English message. */
  values: Record<string, string>;
  /** For each field-name placeholder, the key of that field name (when the catalogue has it). */
  labels: Record<string, string>;
};

/** Finds an English message in the English catalogue; null when it has no entry. */
export function findMessage(message: string): MessageMatch | null {
  const key = exact.get(message);
  if (key) return { key, english: message, values: {}, labels: {} };
  let fallback: MessageMatch | null = null;
  for (const pattern of patterns) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    const found: Record<string, string> = {};
    let known = true;
    pattern.names.forEach((name, i) => {
      const value = match[i + 1] ?? "";
      values[name] = value;
      if (LABEL_PLACEHOLDERS.has(name)) {
        const labelKey = labels.get(value);
        if (labelKey) found[name] = labelKey;
        else known = false;
      }
    });
    const result = { key: pattern.key, english: pattern.english, values, labels: found };
    if (known) return result;
    // A field the catalogue does not name: still translate the sentence, keep looking for a better fit.
    fallback ??= result;
  }
  return fallback;
}

/**
 * A schema's English message in the language of `t` (any translate function
 * of the page: the `messages` namespace is asked for explicitly). Unknown
 * messages, and keys a language has not translated yet, stay English.
 */
export function localizeMessage(t: TFunction, message: string): string;
export function localizeMessage(t: TFunction, message: string | null | undefined): string | undefined;
export function localizeMessage(t: TFunction, message: string | null | undefined): string | undefined {
  if (!message) return message ?? undefined;
  const found = findMessage(message);
  if (!found) return message;
  const translate = t as unknown as Translate;
  const values: Record<string, string> = { ...found.values };
  for (const [name, labelKey] of Object.entries(found.labels)) {
    values[name] = translate(labelKey, { ns: "messages", defaultValue: found.values[name] });
  }
  return translate(found.key, { ...values, ns: "messages", defaultValue: found.english });
}

/** Every error of a form, each in the language of `t`. */
export function localizeErrors(
  t: TFunction,
  errors: Record<string, string> | null | undefined,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([name, message]) => [name, localizeMessage(t, message)]));
}

/**
 * In a component: `const { message, errors } = useMessages()`, then
 * `message(actionData?.error)` and `errors(actionData?.errors).email`.
 */
export function useMessages() {
  const { t } = useT("messages");
  return useMemo(
    () => ({
      message: (english: string | null | undefined) => localizeMessage(t, english),
      errors: (all: Record<string, string> | null | undefined) => localizeErrors(t, all),
    }),
    [t],
  );
}
