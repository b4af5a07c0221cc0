import { describe, expect, it } from "vitest";
import { defaultSearchName, describeFilters } from "~/components/store/saved-searches";
import { catalogueFor } from "~/i18n/catalogues.server";
import { i18nFor } from "~/i18n/core";
import { formatMoneyIn, formatNumber, formatYenIn } from "~/i18n/format";
import { LANGUAGES, type LanguageCode } from "~/i18n/languages";
import { problemText, readIssue } from "~/i18n/problem";
import { english } from "../../../tests/support/english";
import { canonicalVehicleQuery, savedSearchFilters, savedSearchPath } from "./saved-searches";
import { alreadySavedProblem, SaveSearchSchema, TOO_MANY_SAVED_SEARCHES } from "./saved-searches.schema";

function words(language: LanguageCode) {
  const i18n = i18nFor(catalogueFor(language, "public"));
  const format = {
    number: (v: number) => formatNumber(v, language),
    yen: (v: number) => formatYenIn(v, language),
    money: (v: number, currency: string) => formatMoneyIn(v, currency, language),
  };
  return {
    t: i18n.getFixedT(language, "account"),
    stock: i18n.getFixedT(language, "stock"),
    format,
    messages: i18n.getFixedT(language, "messages"),
  };
}

describe("the canonical query of a saved search", () => {
  it("keeps the filters only, in the list's order, whatever order and extras the address had", () => {
    expect(canonicalVehicleQuery("?Sort=price_desc&Model=Land%20Cruiser&Page=3&Make=Toyota&PerPage=40&utm=x")).toBe(
      "Make=Toyota&Model=Land+Cruiser",
    );
    expect(canonicalVehicleQuery("YearTo=2015&YearFrom=2020&PriceTo=¥2,000,000&Keyword=  diesel   4wd ")).toBe(
      "YearFrom=2015&YearTo=2020&PriceTo=2000000&Keyword=diesel+4wd",
    );
    expect(canonicalVehicleQuery("")).toBe("");
    expect(savedSearchPath("")).toBe("/vehicles");
    expect(savedSearchPath("Make=Toyota")).toBe("/vehicles?Make=Toyota");
    expect(savedSearchFilters("Make=Toyota&YearFrom=2015")).toEqual({ Make: "Toyota", YearFrom: 2015 });
  });

  it("keeps the currency a budget was typed in, and only with a budget", () => {
    expect(canonicalVehicleQuery("Currency=usd&PriceTo=8,000&Make=Toyota")).toBe(
      "Make=Toyota&PriceTo=8000&Currency=USD",
    );
    expect(canonicalVehicleQuery("Currency=USD&Make=Toyota")).toBe("Make=Toyota");
    expect(canonicalVehicleQuery("Currency=JPY&PriceTo=800000")).toBe("PriceTo=800000");
    expect(canonicalVehicleQuery("Currency=XYZ&PriceTo=800000")).toBe("PriceTo=800000");
  });
});

describe("names and summaries", () => {
  it("offers the filters in a few words as the name", () => {
    const { t, stock, format } = words("en");
    const f = savedSearchFilters("Make=Toyota&Model=Land+Cruiser&YearFrom=2015&YearTo=2020");
    expect(defaultSearchName(f, t, stock, format)).toBe("Toyota Land Cruiser, 2015–2020");
    expect(defaultSearchName({}, t, stock, format)).toBe("All vehicles");
    expect(
      describeFilters(
        savedSearchFilters(
          "Type=SUV&PriceTo=3000000&MileageFrom=20000&Transmission=automatic&Steering=Right&Keyword=diesel",
        ),
        t,
        stock,
        format,
      ),
    ).toEqual(["SUV", "up to ¥3,000,000", "from 20,000 km", "Automatic", "Steering: Right", "“diesel”"]);
    expect(describeFilters(savedSearchFilters("PriceFrom=5000&PriceTo=8000&Currency=USD"), t, stock, format)).toEqual([
      "$5,000–$8,000",
    ]);
    const long = defaultSearchName({ Make: "Toyota", Keyword: "x".repeat(100) }, t, stock, format);
    expect(long.length).toBe(60);
    expect(long.endsWith("…")).toBe(true);
    expect(SaveSearchSchema.safeParse({ name: long }).success).toBe(true);
  });

  it("in the page's language", () => {
    const { t, stock, format } = words("ja");
    expect(defaultSearchName(savedSearchFilters("Make=Toyota&YearFrom=2015&PriceTo=2000000"), t, stock, format)).toBe(
      "Toyota, 2015〜, 〜￥2,000,000",
    );
  });
});

describe("the messages of the save form", () => {
  const issues = (name: unknown) => SaveSearchSchema.safeParse({ name }).error?.issues.map((i) => i.message);
  const shown = [
    ...["", "x".repeat(61)].map((name) => readIssue(issues(name)![0]!)),
    TOO_MANY_SAVED_SEARCHES,
    alreadySavedProblem("Land Cruisers"),
  ];

  it("are what the schema says", () => {
    const said = (name: unknown) => issues(name)?.map((message) => english(message));
    expect(said("")).toEqual(["Name is required"]);
    expect(said("   ")).toEqual(["Name is required"]);
    expect(said(undefined)).toEqual(["Name is required"]);
    expect(said("x".repeat(61))).toEqual(["Name must be at most 60 characters"]);
    expect(SaveSearchSchema.parse({ name: "  Hiace  " }).name).toBe("Hiace");
  });

  it.each(LANGUAGES.map((l) => l.code))("are translated in %s", (language) => {
    const { messages } = words(language);
    for (const found of shown) {
      const text = problemText(messages, found);
      expect(text, found.key).not.toBe(found.key);
      if (language === "en") expect(text).toBe(english(found));
      else expect(text, `${language}: ${english(found)}`).not.toBe(english(found));
    }
    expect(problemText(messages, alreadySavedProblem("Land Cruisers"))).toContain("Land Cruisers");
  });
});
