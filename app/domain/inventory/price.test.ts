import { describe, expect, it } from "vitest";
import { formatYen, parseYen } from "./price";

describe("parseYen", () => {
  it("strips separators and currency signs", () => {
    expect(parseYen("¥1,250,000")).toBe(1_250_000);
    expect(parseYen("1 250 000 JPY")).toBe(1_250_000);
    expect(parseYen(" 980000 ")).toBe(980_000);
  });

  it("gives null when there is no number", () => {
    expect(parseYen("")).toBeNull();
    expect(parseYen("ask")).toBeNull();
    expect(parseYen(null)).toBeNull();
  });

  it("refuses numbers too large to be exact and negative or fractional numbers", () => {
    expect(parseYen("99999999999999999999")).toBeNull();
    expect(parseYen(-5)).toBeNull();
    expect(parseYen(1.5)).toBeNull();
  });
});

describe("formatYen", () => {
  it("shows the yen sign and thousands separators without decimals", () => {
    expect(formatYen(1_250_000)).toBe("¥1,250,000");
    expect(formatYen(0)).toBe("¥0");
  });
});
