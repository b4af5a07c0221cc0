import { describe, expect, it } from "vitest";
import {
  applyMutant,
  importedModule,
  type Report,
  type ReportMutant,
  scores,
  staticMutants,
  testsOf,
} from "./mutation-static";

const SOURCE = [
  "const MOVES = [",
  '  { from: "paid", event: "ship", to: "shipped" },',
  '  { from: "paid", event: "cancel", to: "cancelled" },',
  "];",
].join("\n");

function mutant(id: string, status: string, extra: Partial<ReportMutant> = {}): ReportMutant {
  return {
    id,
    mutatorName: "ObjectLiteral",
    replacement: "{}",
    location: { start: { line: 2, column: 3 }, end: { line: 2, column: 49 } },
    status,
    ...extra,
  };
}

const STATIC = 'Static mutant (and "ignoreStatic" was enabled)';

describe("static mutants of a mutation report", () => {
  it("writes a mutant's replacement over exactly the span the report names", () => {
    expect(applyMutant(SOURCE, mutant("1", "Ignored"))).toBe(
      ["const MOVES = [", "  {},", '  { from: "paid", event: "cancel", to: "cancelled" },', "];"].join("\n"),
    );
    const lastLine = mutant("2", "Ignored", {
      replacement: '"arrived"',
      location: { start: { line: 3, column: 40 }, end: { line: 3, column: 51 } },
    });
    expect(applyMutant(SOURCE, lastLine)).toContain('{ from: "paid", event: "cancel", to: "arrived" }');
  });

  it("refuses a position past the end of the file rather than changing the wrong line", () => {
    const beyond = mutant("3", "Ignored", { location: { start: { line: 9, column: 1 }, end: { line: 9, column: 2 } } });
    expect(() => applyMutant(SOURCE, beyond)).toThrow(/line 9/);
  });

  it("takes only the mutants skipped because they run when the module loads", () => {
    const report: Report = {
      files: {
        "app/a.ts": {
          source: SOURCE,
          mutants: [
            mutant("1", "Ignored", { statusReason: STATIC }),
            mutant("2", "Ignored", { statusReason: "Ignored because of excluded mutation" }),
            mutant("3", "Survived"),
          ],
        },
      },
    };
    expect(staticMutants(report).map(({ file, mutant: m }) => `${file}#${m.id}`)).toEqual(["app/a.ts#1"]);
  });

  it("runs the tests that import the changed file themselves, by alias or relative path", () => {
    const tests = new Map([
      ["app/utils/csv.test.ts", 'import { readCsv } from "./csv";'],
      ["app/domain/stock-io/stock-export.db.test.ts", 'import { toCsv } from "~/utils/csv";'],
      ["tests/db/other.test.ts", 'import { csvLike } from "~/utils/csv-like";\nimport x from "csv";'],
      ["app/domain/sale/holds.db.test.ts", 'const { expireHolds } = await import("./holds.server");'],
    ]);
    expect(testsOf("app/utils/csv.ts", tests)).toEqual([
      "app/domain/stock-io/stock-export.db.test.ts",
      "app/utils/csv.test.ts",
    ]);
    expect(testsOf("app/domain/sale/holds.server.ts", tests)).toEqual(["app/domain/sale/holds.db.test.ts"]);
    expect(importedModule("app/a/b.test.ts", "../c/d.js")).toBe("app/c/d");
    expect(importedModule("app/a/b.test.ts", "vitest")).toBeNull();
  });

  it("scores a file over StrykerJS's results and the static stage's together", () => {
    const report: Report = {
      files: {
        "app/a.ts": {
          source: SOURCE,
          mutants: [
            mutant("1", "Killed"),
            mutant("2", "Survived"),
            mutant("3", "Ignored", { statusReason: STATIC }),
            mutant("4", "Ignored", { statusReason: STATIC }),
            mutant("5", "CompileError"),
            mutant("6", "Timeout"),
          ],
        },
      },
    };
    const statics = [
      { file: "app/a.ts", mutant: mutant("3", "Ignored"), outcome: "Killed" as const },
      { file: "app/a.ts", mutant: mutant("4", "Ignored"), outcome: "Survived" as const },
    ];
    // Killed 1, 3 and timed out 6 of 1, 2, 3, 4, 6; the compile error is not counted.
    expect(scores(report, statics)).toEqual([{ file: "app/a.ts", detected: 3, counted: 5, score: 60, survivors: 2 }]);
    // Without the static stage the skipped mutants count for nothing either way.
    expect(scores(report, [])[0]).toMatchObject({ detected: 2, counted: 3 });
  });
});
