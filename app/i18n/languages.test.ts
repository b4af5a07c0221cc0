import { describe, expect, it } from "vitest";
import { languageUrl, withoutLanguageParam, languageAlternates } from "./alternates";
import { formatDate, formatMoneyIn, formatNumber, formatYenIn } from "./format";
import { adminLanguage, languageFromAcceptLanguage } from "./languages";

describe("first visit: Accept-Language", () => {
  it.each([
    ["si-LK,si;q=0.9,en-US;q=0.8,en;q=0.7", "si"],
    ["ne-NP", "ne"],
    ["hi-IN,hi;q=0.9", "hi"],
    ["vi-VN,vi;q=0.9,fr;q=0.5", "vi"],
    ["zh-CN,zh;q=0.9", "zh-CN"],
    ["zh", "zh-CN"],
    ["zh-Hans-SG", "zh-CN"],
    ["ja-JP", "ja"],
    ["en-GB,en;q=0.9", "en"],
    // Weights decide, not order.
    ["en;q=0.3, ja;q=0.8", "ja"],
    // Traditional Chinese is not Simplified Chinese; French is not ours: the next listed wins.
    ["zh-TW,zh-Hant;q=0.9,vi;q=0.5", "vi"],
    ["fr-FR,de;q=0.8", null],
    ["", null],
    ["si;q=0, hi;q=0.1", "hi"],
    ["*;q=0.5, garbage;;q=abc, ne;q=x", null],
  ])("%s → %s", (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  it("a long header is cut, not a problem", () => {
    expect(languageFromAcceptLanguage(`${"xx;q=0.9,".repeat(5000)}ja`)).toBeNull();
  });
});

describe("language addresses", () => {
  it("English is the plain address; others carry lng, and filters stay", () => {
    expect(languageUrl("https://shop.example/vehicles?Make=Toyota&lng=ja", "en")).toBe(
      "https://shop.example/vehicles?Make=Toyota",
    );
    expect(languageUrl("https://shop.example/vehicles?Make=Toyota", "si")).toBe(
      "https://shop.example/vehicles?Make=Toyota&lng=si",
    );
    const alternates = languageAlternates("https://shop.example/parts?lng=hi");
    expect(alternates.map((a) => a.hrefLang)).toEqual(["en", "si", "vi", "ne", "hi", "zh-CN", "ja", "x-default"]);
    expect(alternates.at(-1)!.href).toBe("https://shop.example/parts");
    expect(withoutLanguageParam("/vehicles?lng=si&Make=Honda")).toBe("/vehicles?Make=Honda");
  });

  it("the staff panel is English or Japanese", () => {
    expect(adminLanguage("ja")).toBe("ja");
    expect(adminLanguage("si")).toBe("en");
  });
});

describe("numbers, prices and dates follow the language", () => {
  it("English prints as before", () => {
    expect(formatYenIn(1250000, "en")).toBe("¥1,250,000");
    expect(formatNumber(123456, "en")).toBe("123,456");
    expect(formatMoneyIn(8431, "USD", "en")).toBe("$8,431");
  });

  it("Hindi and Nepali group by lakh, with digits every buyer reads", () => {
    expect(formatNumber(1250000, "hi")).toBe("12,50,000");
    expect(formatNumber(1250000, "ne")).toBe("12,50,000");
    expect(formatYenIn(1250000, "ja")).toBe("￥1,250,000");
    expect(formatYenIn(1250000, "zh-CN")).toContain("1,250,000");
    expect(formatNumber(1250000, "vi")).toBe("1.250.000");
  });

  it("dates are written in the reader's language, in Tokyo time", () => {
    const at = "2026-11-20T16:30:00Z"; // 21 Nov, 01:30 in Tokyo
    expect(formatDate(at, "en")).toBe("21 Nov 2026");
    expect(formatDate(at, "ja")).toBe("2026年11月21日");
    expect(formatDate(at, "zh-CN")).toBe("2026年11月21日");
  });
});
