import { describe, expect, it } from "vitest";
import { problemText } from "~/i18n/problem";
import { serverT } from "~/i18n/request.server";
import { uploadProblemText } from "./table-problems";
import type { UploadProblem } from "./tables";

const place = { line: 4, column: "value_kes", letter: "E" };
const EVERY: UploadProblem[] = [
  { kind: "unknown_table" },
  { kind: "no_source" },
  { kind: "source_too_long" },
  { kind: "bad_source_date", reason: "not_a_date" },
  { kind: "bad_source_date", reason: "in_future" },
  { kind: "empty_file" },
  { kind: "not_utf8", line: 2, guess: "shift_jis" },
  { kind: "not_utf8", line: 2, guess: null },
  { kind: "unreadable_csv", code: "unclosedQuote", line: 3 },
  { kind: "missing_column", column: "value_kes" },
  { kind: "duplicate_key", line: 3, firstLine: 2, columns: ["make", "model"] },
  { kind: "band_backwards", line: 5 },
  { kind: "band_overlap", line: 6, otherLine: 2 },
  { kind: "empty_cell", ...place },
  { kind: "not_a_number", ...place },
  { kind: "not_a_fuel", ...place },
  { kind: "not_a_country", ...place },
  { kind: "rate_over_100", ...place },
];

describe("an upload's problems in the owner's words", () => {
  for (const language of ["en", "ja"] as const)
    it(`says each one in ${language}, with its line and column, and no two alike`, () => {
      const t = serverT(language, "admin");
      const texts = EVERY.map((p) => problemText(t, uploadProblemText(p)));
      for (const [i, text] of texts.entries()) {
        expect(text, JSON.stringify(EVERY[i])).not.toMatch(/messages\.|\{\{/);
        const problem = EVERY[i]!;
        if ("line" in problem) expect(text).toContain(String(problem.line));
        if ("letter" in problem) expect(text).toContain(`${problem.letter}`);
      }
      expect(new Set(texts).size).toBe(texts.length);
      expect(texts[12]).toContain("2");
    });
});
