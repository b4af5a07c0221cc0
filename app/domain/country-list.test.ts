import { describe, expect, it } from "vitest";
import { countryChoices, countryOptions } from "./countries";
import { LANGUAGES } from "~/i18n/languages";
import { packCountries, unpackCountries } from "./country-list";

describe("a form's list of countries, as the page carries it", () => {
  it("reads back every country of the language, in its order, with its name and phone prefix", () => {
    for (const { code: language } of LANGUAGES) {
      // The packing splits on tabs and line breaks: no country's name may hold one.
      for (const { name } of countryChoices(language)) expect(name, language).not.toMatch(/[\t\n]/);
      const options = unpackCountries(countryOptions(language));
      expect(options.map((o) => o.code)).toEqual(countryChoices(language).map((c) => c.code));
      expect(options.map((o) => o.name)).toEqual(countryChoices(language).map((c) => c.name));
    }
    const en = unpackCountries(countryOptions("en"));
    expect(en.find((o) => o.code === "KE")).toEqual({ code: "KE", name: "Kenya", prefix: "+254 " });
    expect(en.find((o) => o.code === "LK")).toEqual({ code: "LK", name: "Sri Lanka", prefix: "+94 " });
  });

  it("is one string, much smaller than the list of objects it replaces", () => {
    const list = countryOptions("en");
    const objects = JSON.stringify(unpackCountries(list));
    expect(typeof list).toBe("string");
    expect(list.length).toBeLessThan(objects.length * 0.6);
  });

  it("packs and reads back any list, the empty one too", () => {
    const options = [
      { code: "KE", name: "Kenya", prefix: "+254 " },
      { code: "CI", name: "Côte d’Ivoire", prefix: "+225 " },
    ] as const;
    expect(unpackCountries(packCountries(options))).toEqual(options);
    expect(unpackCountries(packCountries([]))).toEqual([]);
  });
});
