import { randomBytes } from "node:crypto";

/*
 * The code of an invoice or a vehicle's proof pack, checked at /verify
 * (decision records 0013 and 0025): 80 random bits
 * written as 16 characters of Crockford's base32 (digits and capitals without
 * I, L, O and U, which are read wrongly from paper), shown in four groups of
 * four. Typed codes are read forgivingly: any case, spaces and dashes
 * anywhere, O for 0 and I or L for 1.
 */

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 16;

/** A new code, 16 characters without separators (10 random bytes, 5 bits a character). */
export function newVerificationCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** "7KQ2M9XD4HRTWB3N" as "7KQ2-M9XD-4HRT-WB3N". */
export function formatVerificationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** A typed or linked code as stored, or null when it cannot be one (wrong length or letters). */
export function normaliseVerificationCode(typed: string): string | null {
  const clean = typed
    .slice(0, 64)
    .toUpperCase()
    .replace(/[\s\-–—_.]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (clean.length !== CODE_LENGTH) return null;
  for (const char of clean) if (!ALPHABET.includes(char)) return null;
  return clean;
}
