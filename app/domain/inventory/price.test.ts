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
      ["1,250,000 yen", 1_250_000],
    ] as const)
      expect(parseAmount(text), text).toBe(amount);
    // A word that is no currency is no amount ("500k" is not 500).
    for (const text of ["500k", "5 lac", "1.5m"]) expect(parseAmount(text), text).toBeNull();
  });
});

describe("amounts buyers type in their own currency", () => {
  // Each code is how that country writes its money; without it, a buyer's price filter reads nothing.
  it.each([
    { country: "Indonesia", code: "Rp", text: "Rp 150.000.000", amount: 150_000_000 },
    { country: "Indonesia", code: "Rp", text: "Rp150.000.000,00", amount: 150_000_000 },
    { country: "Malaysia", code: "RM", text: "RM 45,000.50", amount: 45_000 },
    { country: "Malaysia", code: "RM", text: "45,000 RM", amount: 45_000 },
    { country: "Bangladesh", code: "Tk", text: "Tk 12,50,000", amount: 1_250_000 },
    { country: "Bangladesh", code: "Tk", text: "Tk. 12,50,000", amount: 1_250_000 },
    { country: "Tanzania", code: "TSh", text: "TSh 25,000,000/-", amount: 25_000_000 },
    { country: "Tanzania", code: "TSh", text: "25,000,000 TSh", amount: 25_000_000 },
    { country: "Uganda", code: "USh", text: "USh 40,000,000", amount: 40_000_000 },
    { country: "Uganda", code: "USh", text: "USh40,000,000", amount: 40_000_000 },
  ])("reads $text as a buyer in $country writes it ($code)", ({ text, amount }) => {
    expect(parseAmount(text)).toBe(amount);
    // It is not yen.
    expect(parseYen(text)).toBeNull();
  });

  it.each([
    ["1,250", 1250],
    ["1,250,000", 1_250_000],
    ["12,500,000", 12_500_000],
    ["125,000,000", 125_000_000],
    ["1.250.000", 1_250_000],
    ["1 250 000", 1_250_000],
    ["1'250'000", 1_250_000],
    // A no-break space, and the narrow one French formatting puts between groups.
    ["1\u00a0250\u00a0000", 1_250_000],
    ["1\u202f250\u202f000", 1_250_000],
    // Lakhs and crores, as India, Sri Lanka, Nepal, Pakistan and Bangladesh write them.
    ["1,23,456", 123_456],
    ["12,34,567", 1_234_567],
    ["1,23,45,678", 12_345_678],
    ["12,34,56,789", 123_456_789],
    ["980000", 980_000],
    ["0", 0],
  ] as const)("reads %j as %d, in yen or any currency", (text, amount) => {
    expect(parseYen(text)).toBe(amount);
    expect(parseAmount(text)).toBe(amount);
    expect(parseAmount(`Rs. ${text}`)).toBe(amount);
  });

  it.each([
    ["5,000.5", 5000],
    ["5,000.50", 5000],
    ["5.000,50", 5000],
    ["1 250 000,75", 1_250_000],
    ["500.50", 500],
    ["12,34,567.89", 1_234_567],
  ] as const)("drops the cents of %j in another currency (%d) but refuses them as yen", (text, amount) => {
    expect(parseAmount(text)).toBe(amount);
    expect(parseAmount(`US$ ${text}`)).toBe(amount);
    expect(parseYen(text)).toBeNull();
  });

  it.each([
    "1,2345",
    "12,3456",
    "1,23,4567",
    "123,45,678",
    "12,34,5678",
    "1,,000",
    "1, 000",
    "1 2 3",
    "5,000.5055",
    "-1,250,000",
    "1.5m",
    "Rp",
    "",
  ])("refuses %j: not an amount in any grouping", (text) => {
    expect(parseAmount(text)).toBeNull();
    expect(parseYen(text)).toBeNull();
  });
});

describe("formatYen", () => {
  it("shows the yen sign and thousands separators without decimals", () => {
    expect(formatYen(1_250_000)).toBe("¥1,250,000");
    expect(formatYen(0)).toBe("¥0");
  });
});

describe("an amount given as a number", () => {
  it("is taken when it is a whole amount of nothing or more, and nothing else is", () => {
    expect(parseYen(1_250_000)).toBe(1_250_000);
    // A free part, or a fee of nothing, is an amount.
    expect(parseYen(0)).toBe(0);
    expect(parseAmount(0)).toBe(0);
    for (const bad of [-5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(parseYen(bad), String(bad)).toBeNull();
    // A number with a fraction is no whole amount in any currency, though "12.50" typed is 12.
    expect(parseAmount(12.5)).toBeNull();
    // No value is no amount, not zero.
    expect(parseYen(null)).toBeNull();
    expect(parseYen(undefined)).toBeNull();
    expect(parseAmount(null)).toBeNull();
    expect(parseAmount(undefined)).toBeNull();
  });
});
