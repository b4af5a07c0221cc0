import { describe, expect, it } from "vitest";
import { formatYen, parseAmount, parseYen } from "./price";

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

describe("one rule for typed amounts", () => {
  it("reads groups of three, lakhs, and a yen sign or word before or after", () => {
    expect(parseYen("1.250.000")).toBe(1_250_000);
    expect(parseYen("12,50,000")).toBe(1_250_000);
    expect(parseYen("300,000円")).toBe(300_000);
    expect(parseYen("¥ 300,000")).toBe(300_000);
    expect(parseYen("3,000,000 yen")).toBe(3_000_000);
  });

  it("refuses a minus sign, other words, other currencies and parts of a yen", () => {
    // "-500" was read as 500 by the old parser (SPEC 9 wants no negative price).
    for (const text of ["-500", "5 lakh", "1e99", "1,2345", "1,500.50", "Rs 12,000", "$5"])
      expect(parseYen(text), text).toBeNull();
  });

  it("reads another currency's amount in whole units, cents dropped", () => {
    expect(parseAmount("US$ 5,000.50")).toBe(5000);
    expect(parseAmount("KSh 450,000")).toBe(450_000);
    expect(parseAmount("₹12,50,000")).toBe(1_250_000);
    expect(parseAmount("-500")).toBeNull();
    // As buyers write them in Sri Lanka, Kenya, India, Thailand, Vietnam...
    for (const [text, amount] of [
      ["Rs. 500,000", 500_000],
      ["KSh. 450,000", 450_000],
      ["US $5,000", 5000],
      ["500000/-", 500_000],
      ["฿500000", 500_000],
      ["₫ 500.000.000", 500_000_000],
    ] as const)
      expect(parseAmount(text), text).toBe(amount);
    // A word that is no currency is no amount ("500k" is not 500).
    for (const text of ["500k", "5 lac", "1.5m"]) expect(parseAmount(text), text).toBeNull();
  });
});

describe("formatYen", () => {
  it("shows the yen sign and thousands separators without decimals", () => {
    expect(formatYen(1_250_000)).toBe("¥1,250,000");
    expect(formatYen(0)).toBe("¥0");
  });
});
