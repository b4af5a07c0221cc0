import { describe, expect, it } from "vitest";
import { readTaxId } from "./tax-ids";

describe("a consignee's ID or tax number, as the destination's customs write it", () => {
  it("reads each country's number with spaces, small letters or its name typed before it", () => {
    expect(readTaxId("p 051234567x", "KE")).toEqual({ ok: true, taxId: "KRA PIN P051234567X" });
    expect(readTaxId("KRA PIN: A012345678Z", "KE")).toEqual({ ok: true, taxId: "KRA PIN A012345678Z" });
    expect(readTaxId("123-456-789", "TZ")).toEqual({ ok: true, taxId: "TIN 123-456-789" });
    expect(readTaxId("1000123456", "UG")).toEqual({ ok: true, taxId: "TIN 1000123456" });
    // Sri Lanka: an old or new identity card, or a TIN.
    expect(readTaxId("901234567v", "LK")).toEqual({ ok: true, taxId: "NIC 901234567V" });
    expect(readTaxId("199012345678", "LK")).toEqual({ ok: true, taxId: "NIC 199012345678" });
    expect(readTaxId("123456789", "LK")).toEqual({ ok: true, taxId: "TIN 123456789" });
  });

  it("refuses a number in another form, and none where customs ask for one", () => {
    for (const [typed, country] of [
      ["B051234567X", "KE"],
      ["P05123456X", "KE"],
      ["P0512345678X", "KE"],
      ["x P051234567X", "KE"],
      ["12345678", "TZ"],
      ["100012345", "UG"],
      ["12345678V", "LK"],
      ["1990123456789", "LK"],
    ] as const)
      expect(readTaxId(typed, country), `${typed} for ${country}`).toMatchObject({ ok: false, reason: "format" });
    expect(readTaxId("  ", "KE")).toMatchObject({ ok: false, reason: "missing", kinds: [{ name: "KRA PIN" }] });
  });

  it("takes any short number, or none, where the destination names none", () => {
    expect(readTaxId("", "JP")).toEqual({ ok: true, taxId: "" });
    expect(readTaxId(" VAT 12 ", null)).toEqual({ ok: true, taxId: "VAT 12" });
    expect(readTaxId("x".repeat(41), "JP")).toMatchObject({ ok: false, reason: "format" });
    expect(readTaxId("x".repeat(40), "JP").ok).toBe(true);
  });
});
