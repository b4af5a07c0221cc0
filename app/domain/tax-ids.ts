import type { CountryCode } from "./countries";

/*
 * The ID or tax number a destination's customs ask of the consignee (issue
 * 42.1), and how each is written. Where a country is listed the number is
 * required; elsewhere the buyer may give one or none. Browser-safe.
 */

export type TaxIdKind = {
  /** As the country names it ("KRA PIN"); printed before the number. */
  name: string;
  /** The number as written once spaces are taken out and letters made capitals. */
  pattern: RegExp;
  /** One number of this form, for the field's hint and its refusal. */
  example: string;
};

/** Per country, the numbers it takes: any one of them will do. */
export const TAX_IDS: Readonly<Record<CountryCode, readonly TaxIdKind[]>> = {
  // Kenya Revenue Authority's PIN: A (a person) or P (a company), nine digits, a check letter.
  KE: [{ name: "KRA PIN", pattern: /^[AP]\d{9}[A-Z]$/, example: "A012345678Z" }],
  // Tanzania Revenue Authority's TIN: nine digits, written in threes.
  TZ: [{ name: "TIN", pattern: /^\d{3}-?\d{3}-?\d{3}$/, example: "123-456-789" }],
  // Uganda Revenue Authority's TIN: ten digits.
  UG: [{ name: "TIN", pattern: /^\d{10}$/, example: "1000123456" }],
  // Sri Lanka: the national identity card (old: nine digits and V or X; new: twelve digits) or the TIN.
  LK: [
    { name: "NIC", pattern: /^(?:\d{9}[VX]|\d{12})$/, example: "199012345678" },
    { name: "TIN", pattern: /^\d{9}$/, example: "123456789" },
  ],
};

/** The most characters a number of a country not listed may have. */
export const TAX_ID_MAX = 40;

export type TaxIdReading =
  | { ok: true; taxId: string }
  /** `missing`: the country asks for one and none was given; `format`: not written as the country writes it. */
  | { ok: false; reason: "missing" | "format"; kinds: readonly TaxIdKind[] };

/**
 * A number as typed, for a consignee in `country`: "p 051234567x" for Kenya
 * becomes "KRA PIN P051234567X". A country not listed takes any short text,
 * or none.
 */
export function readTaxId(typed: string, country: CountryCode | null): TaxIdReading {
  const kinds = (country && TAX_IDS[country]) || [];
  const text = typed.trim();
  if (kinds.length === 0) {
    if (text.length > TAX_ID_MAX) return { ok: false, reason: "format", kinds };
    return { ok: true, taxId: text };
  }
  if (text === "") return { ok: false, reason: "missing", kinds };
  // A buyer may type the number with its name before it, as it is printed.
  const bare = text.toUpperCase().replace(/\s+/g, "");
  for (const kind of kinds) {
    const name = kind.name.replace(/\s+/g, "");
    const number = bare.startsWith(name) ? bare.slice(name.length).replace(/^[:#.-]/, "") : bare;
    if (kind.pattern.test(number)) return { ok: true, taxId: `${kind.name} ${number}` };
  }
  return { ok: false, reason: "format", kinds };
}
