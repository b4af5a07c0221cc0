/*
 * A hint for a mistyped mail provider ("gmial.com: did you mean gmail.com?"),
 * never a refusal: an address at a domain of its own is the buyer's business.
 * Asked by the forms as the buyer types and by the server before saving. Browser-safe;
 * the forms load it when the buyer is in an e-mail box (email-field.tsx).
 */

import { EMAIL_KEPT_FIELD, type EmailHint } from "./email-hint-field";

export { EMAIL_KEPT_FIELD, type EmailHint };

/** The providers buyers write from, in the shop's markets and beyond. */
const PROVIDERS = [
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "yahoo.co.in",
  "yahoo.co.uk",
  "yahoo.co.jp",
  "ymail.com",
  "hotmail.com",
  "hotmail.co.uk",
  "outlook.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "mail.com",
  "email.com",
  "gmx.com",
  "proton.me",
  "protonmail.com",
  "protonmail.ch",
  "pm.me",
  "zoho.com",
  "yandex.com",
  "rediffmail.com",
  "qq.com",
  "163.com",
  "126.com",
  "naver.com",
] as const;

/** Providers with a domain per country: "yahoo.fr" and "hotmail.co.jp" are theirs, not a typo. */
const REGIONAL = new Set(["yahoo", "hotmail", "outlook", "live", "msn", "aol", "gmx", "yandex"]);

/** "fr", "co.jp", "com.au": a country's ending ("co" alone is read as a mistyped "com"). */
function countryEnding(rest: string): boolean {
  const code = rest.replace(/^(co|com|ne|or)\./, "");
  // Every two-letter domain ending is a country's; reading it so keeps the list of countries off the page's scripts.
  return rest !== "co" && /^[a-z]{2}$/i.test(code);
}

/** Edits (a letter added, dropped, changed, or two swapped) between two words. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  return d[a.length]![b.length]!;
}

/**
 * The provider an address most likely meant, when its domain is one or two
 * letters off a known one ("gmial.com", "gmail.con", "hotmal.com"); null for
 * a known provider, a domain of its own, or no address yet.
 */
export function emailHint(address: string): EmailHint | null {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf("@");
  if (at < 1) return null;
  const typed = text.slice(at + 1);
  if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(typed) || (PROVIDERS as readonly string[]).includes(typed)) return null;
  const [name, ...rest] = typed.split(".");
  if (REGIONAL.has(name!) && countryEnding(rest.join("."))) return null;
  // One edit for a short domain ("me.co" is not "me.com"'s only reading), two for a longer one.
  const allowed = typed.length < 8 ? 1 : 2;
  let best: { domain: string; edits: number } | null = null;
  for (const domain of PROVIDERS) {
    const edits = distance(typed, domain);
    if (edits <= allowed && (!best || edits < best.edits)) best = { domain, edits };
  }
  return best && { typed, domain: best.domain, email: `${text.slice(0, at)}@${best.domain}` };
}

/** The hint a form's server answer stops for: none once the buyer said the address is right. */
export function emailHintToAsk(address: string, kept: unknown): EmailHint | null {
  const hint = emailHint(address);
  const same = typeof kept === "string" && kept.trim().toLowerCase() === address.trim().toLowerCase();
  return hint && !same ? hint : null;
}
