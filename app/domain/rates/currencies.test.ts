import { describe, expect, it } from "vitest";
import { currencyOfCountry, firstVisitCurrency } from "./currencies";

describe("a first visit's currency", () => {
  it("is the account's country's, then the port's country's, then the language's, else yen", () => {
    expect(firstVisitCurrency({ accountCountry: "Kenya", portCountry: "Sri Lanka", language: "si" })).toBe("KES");
    expect(firstVisitCurrency({ accountCountry: "Atlantis", portCountry: "Tanzania", language: "si" })).toBe("TZS");
    expect(firstVisitCurrency({ accountCountry: null, portCountry: null, language: "si" })).toBe("LKR");
    expect(firstVisitCurrency({ language: "ne" })).toBe("NPR");
    expect(firstVisitCurrency({ language: "en" })).toBe("JPY");
  });

  it("reads a country as buyers type it", () => {
    expect(currencyOfCountry("  sri LANKA ")).toBe("LKR");
    expect(currencyOfCountry("Viet Nam")).toBe("VND");
    expect(currencyOfCountry("")).toBeNull();
    expect(currencyOfCountry(undefined)).toBeNull();
  });

  it("a country or language that names an object's own members gives the plain default, never an object", () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", " __PROTO__ "]) {
      expect(currencyOfCountry(name), name).toBeNull();
      expect(firstVisitCurrency({ accountCountry: name, portCountry: name, language: name }), name).toBe("JPY");
      // The language still counts when only the country is one of these.
      expect(firstVisitCurrency({ accountCountry: name, language: "si" }), name).toBe("LKR");
    }
  });
});
