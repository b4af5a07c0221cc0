import type { LanguageCode } from "./languages";
import { pluralLocale } from "./format";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages";

/*
 * Every catalogue has exactly the keys English has, with the same placeholders
 * and markup, and the plural forms its language needs. English is the source.
 */

const root = path.join(import.meta.dirname, "locales");
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, string>;

function flatten(value: unknown, prefix = "", out: Flat = new Map()): Flat {
  if (typeof value === "string") {
    out.set(prefix, value);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, `<<not text: ${String(value)}>>`);
  }
  return out;
}

function load(language: string, ns: string): Flat | null {
  try {
    return flatten(JSON.parse(readFileSync(path.join(root, language, `${ns}.json`), "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?([\w-]+)\s*\/?>/g)].map((m) => m[0].replace(/\s/g, "")).sort();

/** Plural keys grouped by their base: "found_one", "found_other" → "found" → {one, other}. */
function split(flat: Flat) {
  const plain = new Map<string, string>();
  const plurals = new Map<string, Map<string, string>>();
  for (const [key, text] of flat) {
    const m = PLURAL.exec(key);
    if (m) {
      const base = key.slice(0, -m[0].length);
      if (!plurals.has(base)) plurals.set(base, new Map());
      plurals.get(base)!.set(m[1]!, text);
    } else plain.set(key, text);
  }
  return { plain, plurals };
}

/** Which catalogues each language must have: the admin panel only in English and Japanese. */
const namespaces = readdirSync(path.join(root, "en")).map((f) => f.replace(/\.json$/, ""));
const languagesOf = (ns: string) => (ns === "admin" ? ["ja"] : LANGUAGES.map((l) => l.code).filter((c) => c !== "en"));

/** Compares one catalogue with English; returns every problem found, so a failure names them all. */
export function compareWithEnglish(language: string, english: Flat, other: Flat): string[] {
  const problems: string[] = [];
  const en = split(english);
  const xx = split(other);
  const categories = new Intl.PluralRules(pluralLocale(language as LanguageCode)).resolvedOptions()
    .pluralCategories as string[];
  for (const [key, text] of en.plain) {
    const t = xx.plain.get(key);
    if (t === undefined) problems.push(`missing ${key}`);
    else if (t.trim() === "") problems.push(`empty ${key}`);
    else {
      if (placeholders(t).join() !== placeholders(text).join())
        problems.push(
          `placeholders of ${key}: ${placeholders(t).join() || "none"} ≠ ${placeholders(text).join() || "none"}`,
        );
      if (tags(t).join() !== tags(text).join()) problems.push(`markup of ${key} differs`);
    }
  }
  for (const key of xx.plain.keys()) if (!en.plain.has(key)) problems.push(`extra ${key}`);
  for (const [base, forms] of en.plurals) {
    const theirs = xx.plurals.get(base);
    if (!theirs) {
      problems.push(`missing plural ${base}`);
      continue;
    }
    const allowed = new Set(en.plain.has(base) ? [] : categories);
    for (const c of categories) if (!theirs.has(c)) problems.push(`plural ${base} lacks _${c}`);
    const enNames = new Set([...forms.values()].flatMap(placeholders));
    const enOther = placeholders(forms.get("other") ?? "");
    for (const [c, t] of theirs) {
      if (!allowed.has(c)) problems.push(`plural ${base} has _${c}, which ${language} does not use`);
      for (const name of placeholders(t)) if (!enNames.has(name)) problems.push(`placeholder ${name} in ${base}_${c}`);
    }
    const other = theirs.get("other") ?? "";
    for (const name of enOther)
      if (name !== "count" && !placeholders(other).includes(name))
        problems.push(`plural ${base}_other lacks {{${name}}}`);
  }
  for (const base of xx.plurals.keys()) if (!en.plurals.has(base)) problems.push(`extra plural ${base}`);
  return problems;
}

describe("catalogues", () => {
  it("English has every namespace, with text in it", () => {
    for (const ns of ["common", "home", "stock", "account", "messages", "mail", "admin"]) {
      const en = load("en", ns);
      expect(en, `en/${ns}.json`).not.toBeNull();
      expect(en!.size, `en/${ns}.json has keys`).toBeGreaterThan(0);
    }
  });

  for (const ns of namespaces) {
    for (const language of languagesOf(ns)) {
      it(`${language}/${ns}.json matches English`, () => {
        const english = load("en", ns)!;
        const other = load(language, ns);
        expect(other, `${language}/${ns}.json exists`).not.toBeNull();
        expect(compareWithEnglish(language, english, other!)).toEqual([]);
      });
    }
  }

  it("the check itself finds a missing key, an extra key, wrong placeholders and a missing plural form", () => {
    const english = new Map([
      ["a", "Hello {{name}}"],
      ["b", "Bye"],
      ["found_one", "{{count}} vehicle found"],
      ["found_other", "{{count}} vehicles found"],
    ]);
    const sinhala = new Map([
      ["a", "ආයුබෝවන් {{nam}}"],
      ["c", "extra"],
      ["found_other", "වාහන {{count}}"],
    ]);
    expect(compareWithEnglish("si", english, sinhala)).toEqual([
      "placeholders of a: nam ≠ name",
      "missing b",
      "extra c",
      "plural found lacks _one",
    ]);
    // Japanese has one plural form: only _other is needed, and _one is refused.
    expect(
      compareWithEnglish(
        "ja",
        english,
        new Map([
          ["a", "{{name}}さん"],
          ["b", "さようなら"],
          ["found_other", "{{count}}台"],
        ]),
      ),
    ).toEqual([]);
    expect(
      compareWithEnglish(
        "ja",
        english,
        new Map([
          ["a", "{{name}}"],
          ["b", "x"],
          ["found_one", "1台"],
          ["found_other", "{{count}}台"],
        ]),
      ),
    ).toEqual(["plural found has _one, which ja does not use"]);
  });
});
