import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("starts with a BOM, ends lines with CRLF and quotes every field", () => {
    const csv = toCsv(
      ["name", "message"],
      [
        ["Perera, Nimal", 'He said "hello"'],
        ["සුනිල්", "line one\nline two"],
        ["王伟", null],
      ],
    );
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe(
      '"name","message"\r\n"Perera, Nimal","He said ""hello"""\r\n"සුනිල්","line one\nline two"\r\n"王伟",""\r\n',
    );
  });

  it("keeps a spreadsheet from running a formula, whatever separator it reads with", () => {
    const csv = toCsv(
      ["a"],
      [
        ['=HYPERLINK("x")'],
        ["-5"],
        ["+94 77 1"],
        ["@SUM(A1)"],
        // A reader that splits on ";" or tab would otherwise see a cell of its own here.
        ["=1+1;x"],
        ["x;=1+1"],
        ["\t=cmd"],
        ["\r=cmd"],
      ],
    );
    expect(csv.slice(1).split("\r\n")).toEqual([
      '"a"',
      '"\'=HYPERLINK(""x"")"',
      '"\'-5"',
      '"\'+94 77 1"',
      '"\'@SUM(A1)"',
      '"\'=1+1;x"',
      '"x;\'=1+1"',
      "\"'\t'=cmd\"",
      "\"'\r'=cmd\"",
      "",
    ]);
  });

  it("leaves a number from the database as a number, negative ones too", () => {
    expect(
      toCsv(
        ["yen", "text"],
        [
          [-500, "-500"],
          [1_250_000, "0"],
        ],
      ).slice(1),
    ).toBe('"yen","text"\r\n"-500","\'-500"\r\n"1250000","0"\r\n');
  });
});
