import { callingCode, callingCodeOf, type CountryCode } from "./countries";

/*
 * Phone numbers in international form, "+254 712 345 678": what the shop
 * stores, prints on invoices and dials from WhatsApp. Browser-safe.
 */

/** The longest number the world's plan allows (E.164), without "+". */
const MAX_DIGITS = 15;
/** Shorter than this is no one's full number. */
const MIN_DIGITS = 8;

export type PhoneReading =
  | { ok: true; phone: string }
  /** `characters`: something that is not a digit, space or + - ( ) .; `length`: too few or too many digits; `country`: a local number and no country to read it in. */
  | { ok: false; reason: "characters" | "length" | "country" };

/** The digits after the calling code, in threes, the last group of four when one digit would stand alone. */
function grouped(national: string): string {
  if (national.length <= 4) return national;
  if (national.length === 8) return `${national.slice(0, 4)} ${national.slice(4)}`;
  const groups = national.match(/\d{1,3}/g)!;
  if (groups.at(-1)!.length === 1) groups.push(groups.splice(-2).join(""));
  return groups.join(" ");
}

/** "+254 712 345 678" from the calling code and the digits after it. */
function written(code: string, national: string): string {
  return `+${code} ${grouped(national)}`;
}

/**
 * A phone number as typed, read in the country chosen: "+254712345678",
 * "00254 712 345678" and, with Kenya chosen, "0712 345 678" all become
 * "+254 712 345 678". A local number loses its leading 0 (the trunk prefix).
 */
export function readPhone(typed: string, country: CountryCode | null): PhoneReading {
  const text = typed.trim();
  if (!/^\+?[0-9 ().-]+$/.test(text)) return { ok: false, reason: "characters" };
  let digits = text.replace(/\D/g, "");
  let international = text.startsWith("+");
  if (!international && digits.startsWith("00")) {
    digits = digits.slice(2);
    international = true;
  }
  const local = country ? callingCode(country) : "";
  // Typed without "+" but whole: the country's own code, then a full number (India's 10-digit mobiles start with 9, never 91…11 digits).
  if (!international && local && !digits.startsWith("0") && digits.startsWith(local) && digits.length >= 11)
    international = true;
  if (international) {
    const code = callingCodeOf(digits);
    if (!code || digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return { ok: false, reason: "length" };
    return { ok: true, phone: written(code, digits.slice(code.length)) };
  }
  if (!local) return { ok: false, reason: "country" };
  const national = digits.replace(/^0/, "");
  const total = local.length + national.length;
  if (national.length < 4 || total < MIN_DIGITS || total > MAX_DIGITS) return { ok: false, reason: "length" };
  return { ok: true, phone: written(local, national) };
}

/** What a phone box starts with once a country is chosen: "+254 ". */
export const phonePrefix = (country: CountryCode): string => `+${callingCode(country)} `;
