import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/i18n/languages";
import { readIssue } from "~/i18n/problem";
import { ContactSchema } from "./contact-fields";
import {
  callingCode,
  COUNTRY_CODES,
  countryChoices,
  countryName,
  findCountry,
  shownCountry,
  storedCountry,
} from "./countries";
import { phonePrefix, readPhone } from "./phone-numbers";

describe("the country list", () => {
  it("holds every ISO 3166 country once, each with a calling code", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(callingCode(code), code).toMatch(/^[1-9]\d{0,2}$/);
  });

  it("reads a country in each of the shop's languages, its code and common misspellings", () => {
    for (const typed of ["Kenya", " kenya ", "KENIA", "Kenia", "ケニア", "肯尼亚", "केन्या", "කෙන්යාව", "KE", "ke"])
      expect(findCountry(typed), typed).toBe("KE");
    expect(findCountry("Viet Nam")).toBe("VN");
    expect(findCountry("Việt Nam")).toBe("VN");
    expect(findCountry("Srilanka")).toBe("LK");
    expect(findCountry("Tanzania, United Republic of")).toBe("TZ");
  });

  it("knows no country by a made-up name or nothing", () => {
    for (const typed of ["Narnia", "Keny", "", "   ", "-", null, undefined]) expect(findCountry(typed)).toBeNull();
  });

  it("no name in any language means two countries", () => {
    const seen = new Map<string, string>();
    for (const code of COUNTRY_CODES)
      for (const { code: language } of LANGUAGES) {
        const name = countryName(code, language);
        expect(findCountry(name), `${language} ${name}`).toBe(code);
        seen.set(name, code);
      }
    expect(seen.size).toBeGreaterThan(249);
  });

  it("stores a country by its English name, as the import rules are written", () => {
    expect(storedCountry("KE")).toBe("Kenya");
    expect(storedCountry("LK")).toBe("Sri Lanka");
    expect(storedCountry("TZ")).toBe("Tanzania");
    expect(storedCountry("UG")).toBe("Uganda");
  });

  it("shows a stored country in the page's language, and an unknown one as typed", () => {
    expect(shownCountry("Kenya", "ja")).toBe("ケニア");
    expect(shownCountry("Kenia", "en")).toBe("Kenya");
    expect(shownCountry("Atlantis", "ja")).toBe("Atlantis");
  });

  it("lists the countries in the language's own order", () => {
    const english = countryChoices("en").map((c) => c.name);
    expect(english[0]).toBe("Afghanistan");
    expect(english).toContain("Kenya");
    expect(countryChoices("ja").map((c) => c.name)).toContain("ケニア");
  });
});

describe("phone numbers", () => {
  it("reads a local number in the country chosen", () => {
    expect(readPhone("0712 345 678", "KE")).toEqual({ ok: true, phone: "+254 712 345 678" });
    expect(readPhone("0712-345-678", "KE")).toEqual({ ok: true, phone: "+254 712 345 678" });
    expect(readPhone("712345678", "KE")).toEqual({ ok: true, phone: "+254 712 345 678" });
    expect(readPhone("077 123 4567", "LK")).toEqual({ ok: true, phone: "+94 771 234 567" });
    // India's mobiles start with 9: a ten-digit number is local, not "+91 …".
    expect(readPhone("9123456789", "IN")).toEqual({ ok: true, phone: "+91 912 345 6789" });
  });

  it("reads a number given with its country code, whatever the country chosen", () => {
    expect(readPhone("+254712345678", null)).toEqual({ ok: true, phone: "+254 712 345 678" });
    expect(readPhone("00254 712 345 678", "JP")).toEqual({ ok: true, phone: "+254 712 345 678" });
    expect(readPhone("254 712 345 678", "KE")).toEqual({ ok: true, phone: "+254 712 345 678" });
    expect(readPhone("+1 (212) 555-1234", "KE")).toEqual({ ok: true, phone: "+1 212 555 1234" });
    expect(readPhone("+81 90 1234 5678", null)).toEqual({ ok: true, phone: "+81 901 234 5678" });
    expect(readPhone("+977 9801234567", null)).toEqual({ ok: true, phone: "+977 980 123 4567" });
  });

  it("refuses letters, numbers too short or too long, and a local number with no country", () => {
    expect(readPhone("call me", "KE")).toEqual({ ok: false, reason: "characters" });
    expect(readPhone("0712 abc", "KE")).toEqual({ ok: false, reason: "characters" });
    expect(readPhone("0712", "KE")).toEqual({ ok: false, reason: "length" });
    expect(readPhone("+2547", null)).toEqual({ ok: false, reason: "length" });
    expect(readPhone("+254 712 345 678 901 23", null)).toEqual({ ok: false, reason: "length" });
    expect(readPhone("0712 345 678", null)).toEqual({ ok: false, reason: "country" });
  });

  it("starts a phone box with the country's code", () => {
    expect(phonePrefix("KE")).toBe("+254 ");
    expect(phonePrefix("LK")).toBe("+94 ");
  });
});

describe("a form's country and phone", () => {
  const keyOf = (result: ReturnType<typeof ContactSchema.safeParse>, field: string) =>
    result.success ? null : readIssue(result.error.issues.find((i) => i.path[0] === field)!.message).key;

  it("stores the country by its English name and the phone in international form", () => {
    const read = ContactSchema.parse({ country: "Kenia", phone: "0712 345 678" });
    expect(read).toEqual({ country: "Kenya", countryCode: "KE", phone: "+254 712 345 678" });
    expect(ContactSchema.parse({ country: "スリランカ", phone: "0771234567" }).country).toBe("Sri Lanka");
  });

  it("refuses a country not in the list with the list's message", () => {
    expect(keyOf(ContactSchema.safeParse({ country: "Narnia", phone: "+254712345678" }), "country")).toBe(
      "validation.unknownCountry",
    );
    expect(keyOf(ContactSchema.safeParse({ country: "", phone: "+254712345678" }), "country")).toBe(
      "validation.required",
    );
  });

  it("says why a phone is refused", () => {
    expect(keyOf(ContactSchema.safeParse({ country: "Kenya", phone: "phone me" }), "phone")).toBe(
      "validation.invalidPhone",
    );
    expect(keyOf(ContactSchema.safeParse({ country: "Kenya", phone: "0712" }), "phone")).toBe("validation.phoneLength");
  });
});
