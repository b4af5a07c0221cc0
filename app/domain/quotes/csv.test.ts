import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("starts with a BOM, ends lines with CRLF and quotes what needs quoting", () => {
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
      'name,message\r\n"Perera, Nimal","He said ""hello"""\r\nසුනිල්,"line one\nline two"\r\n王伟,\r\n',
    );
  });

  it("keeps a spreadsheet from running a formula", () => {
    expect(toCsv(["a"], [['=HYPERLINK("x")'], ["-5"]])).toContain('"\'=HYPERLINK(""x"")"\r\n\'-5\r\n');
  });
});
