import { describe, expect, it } from "vitest";
import { PART_SUB_TYPES } from "~/domain/inventory/catalogue";
import { CATALOGUES } from "~/i18n/catalogues.server";
import { LANGUAGES } from "~/i18n/languages";
import {
  fold,
  normalise,
  phrasesOf,
  phraseTable,
  readPartWords,
  shopPhraseTable,
  WORD_TABLES,
} from "./part-words.server";

const sub = (name: string) => ({ column: "sub_type", name });
const type = (name: string) => ({ column: "type", name });

/** A small table: Vietnamese catalogue names and extra words (made in each test, for the mutation tests). */
const smallTable = () =>
  phraseTable(
    {
      vi: {
        options: {
          partType: { Engine: "Động cơ", Electrical: "Điện" },
          partSubType: {
            "Complete Engine": "Động cơ nguyên bộ",
            "Cylinder Head": "Mặt máy (nắp quy lát)",
            Headlight: "Đèn pha",
            ECU: "ECU",
            "Clutch Kit": "Bộ ly hợp (côn)",
          },
        },
      },
      hi: { options: { partSubType: { Headlight: "हेडलाइट" } } },
    },
    { vi: { Headlight: ["đèn trước"] }, en: { "Automatic Gearbox": ["gearbox"], "Manual Gearbox": ["gearbox"] } },
  );

describe("normalise", () => {
  it("composes, lowers the case and keeps one space between words; brackets and list marks are spaces", () => {
    expect(normalise("  ĐE\u0300N   PHA ")).toBe("đèn pha");
    expect(normalise('A(b)[c]{d},e;f:g!h?i"j“k”l')).toBe("a b c d e f g h i j k l");
    expect(normalise("cr-v 3.5")).toBe("cr-v 3.5");
    expect(normalise("\t")).toBe("");
  });
});

describe("fold", () => {
  it("drops Latin accents, the Devanagari nukta and the joiners", () => {
    expect(fold("đèn hậu")).toBe("den hau");
    expect(fold("फ़्रंट")).toBe("फ्रंट");
    expect(fold("ඩ්\u200dරයිව්\u200c")).toBe("ඩ්රයිව්");
    expect(fold("රේඩියේටර්")).toBe("රේඩියේටර්");
    // Composed again: a letter with an accent of another script is not split.
    expect(fold("हेडलाइट")).toBe("हेडलाइट");
  });
});

describe("phrasesOf", () => {
  it("finds a name as itself, outside its brackets and inside them", () => {
    expect(phrasesOf("Mặt máy (nắp quy lát)")).toEqual(["mặt máy nắp quy lát", "mặt máy", "nắp quy lát"]);
    expect(phrasesOf("Đèn pha")).toEqual(["đèn pha"]);
    expect(phrasesOf("(côn)")).toEqual(["côn"]);
    expect(phrasesOf("Bộ(côn)xe")).toEqual(["bộ côn xe", "bộ xe", "côn"]);
  });
});

describe("phraseTable", () => {
  it("holds the catalogue names of types and subtypes and the extra words, in their columns", () => {
    const table = smallTable();
    expect(table.exact.get("động cơ")).toEqual([type("Engine")]);
    expect(table.exact.get("đèn pha")).toEqual([sub("Headlight")]);
    expect(table.exact.get("đèn trước")).toEqual([sub("Headlight")]);
    expect(table.exact.get("nắp quy lát")).toEqual([sub("Cylinder Head")]);
    expect(table.exact.get("gearbox")).toEqual([sub("Automatic Gearbox"), sub("Manual Gearbox")]);
  });

  it("leaves out a name that is the English one", () => {
    const table = smallTable();
    expect(table.exact.has("ecu")).toBe(false);
  });

  it("holds a phrase without its accents from four letters", () => {
    const table = smallTable();
    expect(table.folded.get("den pha")).toEqual([sub("Headlight")]);
    expect(table.folded.get("dien")).toEqual([type("Electrical")]);
    expect(table.folded.has("con")).toBe(false);
    expect(table.exact.get("côn")).toEqual([sub("Clutch Kit")]);
  });

  it("names a category once when two languages share a word", () => {
    const twice = phraseTable(
      { hi: { options: { partSubType: { Headlight: "हेडलाइट" } } } },
      { ne: { Headlight: ["हेडलाइट"] } },
    );
    expect(twice.exact.get("हेडलाइट")).toEqual([sub("Headlight")]);
  });

  it("refuses a table naming no category of the shop", () => {
    expect(() => phraseTable({}, { si: { Headlamp: ["x"] } })).toThrow('part-words/si.json: no category "Headlamp"');
  });

  it("reads an option list that is missing or not a list as empty", () => {
    const odd = phraseTable({ vi: { options: "none" }, si: { options: { partType: "none" } } }, {});
    expect(odd.exact.size).toBe(0);
  });
});

describe("readPartWords", () => {
  it("finds the longest phrase at each word and keeps the other words in order", () => {
    const table = smallTable();
    expect(readPartWords("Toyota ĐỘNG CƠ nguyên bộ 2012", table)).toEqual({
      phrases: [{ text: "động cơ nguyên bộ", categories: [sub("Complete Engine")] }],
      rest: ["toyota", "2012"],
    });
    expect(readPartWords("động cơ đèn pha", table)).toEqual({
      phrases: [
        { text: "động cơ", categories: [type("Engine")] },
        { text: "đèn pha", categories: [sub("Headlight")] },
      ],
      rest: [],
    });
  });

  it("finds a phrase typed without accents", () => {
    const table = smallTable();
    expect(readPartWords("den pha", table)?.phrases).toEqual([{ text: "den pha", categories: [sub("Headlight")] }]);
    expect(readPartWords("DEN   PHA corolla", table)?.rest).toEqual(["corolla"]);
  });

  it("is null when no phrase names a category, so English and part numbers are searched as before", () => {
    const table = smallTable();
    expect(readPartWords("headlight corolla", table)).toBeNull();
    expect(readPartWords("04465-33450", table)).toBeNull();
    expect(readPartWords("con", table)).toBeNull();
    expect(readPartWords("", table)).toBeNull();
  });

  it("looks for phrases of up to six words", () => {
    const long = phraseTable({}, { vi: { Door: ["a b c d e f"], Bonnet: ["a b c d e f g"] } });
    expect(readPartWords("a b c d e f g", long)).toEqual({
      phrases: [{ text: "a b c d e f", categories: [sub("Door")] }],
      rest: ["g"],
    });
  });

  it("reads the shop's words in every language: the issue's examples", () => {
    expect(readPartWords("đèn pha", shopPhraseTable())?.phrases[0]?.categories).toEqual([sub("Headlight")]);
    // The table made once.
    expect(readPartWords("đèn pha")?.phrases[0]?.categories).toEqual([sub("Headlight")]);
    expect(readPartWords("ශීතකරණය")?.phrases[0]?.categories).toEqual([sub("Radiator")]);
    expect(readPartWords("रेडिएटर")?.phrases[0]?.categories).toEqual([sub("Radiator")]);
  });

  it("finds every catalogue name of every part type and subtype in every language", () => {
    const all = [
      ...Object.keys(PART_SUB_TYPES).map((name) => ({ list: "partType", c: type(name) })),
      ...Object.values(PART_SUB_TYPES)
        .flat()
        .map((name) => ({ list: "partSubType", c: sub(name) })),
    ];
    const shop = shopPhraseTable();
    for (const { code } of LANGUAGES) {
      const options = CATALOGUES[code].stock!.options as Record<string, Record<string, string>>;
      for (const { list, c } of all) {
        const name = options[list]![c.name]!;
        if (normalise(name) === normalise(c.name)) continue;
        expect(
          readPartWords(name, shop)?.phrases.flatMap((p) => p.categories),
          `${code} ${name}`,
        ).toContainEqual(c);
      }
    }
  });

  it("has a word table for every language, naming only the shop's categories", () => {
    const names = new Set([...Object.keys(PART_SUB_TYPES), ...Object.values(PART_SUB_TYPES).flat()]);
    for (const { code } of LANGUAGES) {
      expect(WORD_TABLES[code], code).toBeDefined();
      for (const name of Object.keys(WORD_TABLES[code])) expect(names.has(name), `${code} ${name}`).toBe(true);
    }
  });
});
