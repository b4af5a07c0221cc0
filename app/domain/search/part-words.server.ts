import { PART_SUB_TYPES } from "~/domain/inventory/catalogue";
import { CATALOGUES } from "~/i18n/catalogues.server";
import type { Messages } from "~/i18n/core";
import { LANGUAGES, type LanguageCode } from "~/i18n/languages";
import en from "~/i18n/part-words/en.json";
import hi from "~/i18n/part-words/hi.json";
import ja from "~/i18n/part-words/ja.json";
import ne from "~/i18n/part-words/ne.json";
import si from "~/i18n/part-words/si.json";
import vi from "~/i18n/part-words/vi.json";
import zhCN from "~/i18n/part-words/zh-CN.json";

/*
 * The parts search in the buyer's words (issue 44): "đèn pha", "ශීතකරණය" or
 * "रेडिएटर" name the shop's English categories Headlight and Radiator. The
 * words are the catalogues' own names of the part types and subtypes (what
 * the pages show) and each language's table of extra words
 * (app/i18n/part-words). Every language's words are read whatever the page's
 * language: a shared link or a saved search's alert finds the same parts.
 */

/** An English category a buyer's phrase names: a part type (column `type`) or subtype (`sub_type`). */
export type PartCategory = { column: "type" | "sub_type"; name: string };

/** A keyword read for categories: the phrases found, each naming one category or more, and the other words. */
export type PartWords = {
  phrases: { text: string; categories: PartCategory[] }[];
  /** The words that named no category, in the order typed. */
  rest: string[];
};

/** Extra words per language, by English type or subtype name. */
export type WordTable = Record<string, readonly string[]>;

export const WORD_TABLES: Record<LanguageCode, WordTable> = { en, si, vi, ne, hi, "zh-CN": zhCN, ja };

/** The shortest phrase, without its accents, matched without them: "côn" is not "con". */
const FOLDED_MIN = 4;
/** The most words a phrase has ("bộ tản nhiệt két nước"): phrases longer than this are not looked for. */
const MAX_WORDS = 6;

/** NFC, lower case, one space between words; brackets and list punctuation are spaces. */
export function normalise(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[()[\]{},;:!?"“”]/g, " ")
    .trim()
    .replace(/\s+/g, " ");
}

/**
 * The phrase as typed without accents: Latin diacritics (Vietnamese "đèn" is
 * "den"), Devanagari's nukta ("फ़्रंट" is "फ्रंट") and the joiners that
 * Sinhala keyboards may leave out.
 */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f\u093c\u200c\u200d]/g, "")
    .replace(/đ/g, "d")
    .normalize("NFC");
}

/**
 * The phrases a catalogue name gives: "Mặt máy (nắp quy lát)" is found as
 * itself, as "mặt máy" and as "nắp quy lát".
 */
export function phrasesOf(name: string): string[] {
  const inside = [...name.matchAll(/\(([^()]*)\)/g)].map((m) => m[1]!);
  const outside = name.replace(/\([^()]*\)/g, " ");
  return [...new Set([name, outside, ...inside].map(normalise).filter(Boolean))];
}

/** The catalogue's English categories: each type, then each subtype. */
function categories(): PartCategory[] {
  return [
    ...Object.keys(PART_SUB_TYPES).map((name) => ({ column: "type" as const, name })),
    ...Object.values(PART_SUB_TYPES)
      .flat()
      .map((name) => ({ column: "sub_type" as const, name })),
  ];
}

/** The names of a catalogue's option list ("partType"), by English value. */
function optionNames(stock: Messages | undefined, list: string): Record<string, unknown> {
  const options = stock?.options;
  const names = typeof options === "object" ? options[list] : undefined;
  return typeof names === "object" ? names : {};
}

/** What a phrase names, as typed and without its accents. */
export type PhraseTable = { exact: Map<string, PartCategory[]>; folded: Map<string, PartCategory[]> };

function add(map: Map<string, PartCategory[]>, phrase: string, category: PartCategory) {
  const list = map.get(phrase) ?? [];
  if (!list.some((c) => c.column === category.column && c.name === category.name)) list.push(category);
  map.set(phrase, list);
}

/**
 * Every language's phrases for the categories: the catalogue names of the part
 * types and subtypes, and the table's extra words. A name that is the English
 * one ("ECU") is left out: the words themselves already find it.
 */
export function phraseTable(
  catalogues: Partial<Record<LanguageCode, Messages | undefined>>,
  tables: Partial<Record<LanguageCode, WordTable>>,
): PhraseTable {
  const table: PhraseTable = { exact: new Map(), folded: new Map() };
  const known = categories();
  for (const { code } of LANGUAGES) {
    const stock = catalogues[code];
    const words = tables[code] ?? {};
    for (const name of Object.keys(words))
      if (!known.some((c) => c.name === name)) throw new Error(`part-words/${code}.json: no category "${name}"`);
    for (const category of known) {
      const list = category.column === "type" ? "partType" : "partSubType";
      const translated = optionNames(stock, list)[category.name];
      const names = [...(typeof translated === "string" ? [translated] : []), ...(words[category.name] ?? [])];
      for (const phrase of names.flatMap(phrasesOf)) {
        if (phrase === normalise(category.name)) continue;
        add(table.exact, phrase, category);
        const folded = fold(phrase);
        if ([...folded].length >= FOLDED_MIN) add(table.folded, folded, category);
      }
    }
  }
  return table;
}

/** The shop's table, from its catalogues and word tables. */
export function shopPhraseTable(): PhraseTable {
  return phraseTable(Object.fromEntries(LANGUAGES.map(({ code }) => [code, CATALOGUES[code].stock])), WORD_TABLES);
}

/** The shop's table, made once. */
let shopTable: PhraseTable | null = null;
function theShopTable(): PhraseTable {
  shopTable ??= shopPhraseTable();
  return shopTable;
}

/**
 * The categories a keyword names, longest phrase first from each word: "đèn
 * pha toyota" is Headlight and "toyota". Null when it names none, so a
 * keyword in English (or a part number) is searched as before.
 */
export function readPartWords(keyword: string, table: PhraseTable = theShopTable()): PartWords | null {
  const words = normalise(keyword).split(" ");
  const read: PartWords = { phrases: [], rest: [] };
  let i = 0;
  while (i < words.length) {
    let found = false;
    for (let n = Math.min(MAX_WORDS, words.length - i); n >= 1 && !found; n--) {
      const text = words.slice(i, i + n).join(" ");
      const categories = table.exact.get(text) ?? table.folded.get(fold(text));
      if (categories) {
        read.phrases.push({ text, categories });
        i += n;
        found = true;
      }
    }
    if (!found) read.rest.push(words[i++]!);
  }
  return read.phrases.length > 0 ? read : null;
}
