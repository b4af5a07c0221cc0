import { z } from "zod";
import { issue, problem } from "~/i18n/problem";
import { INVALID_PHONE, requiredText } from "./buyer-fields";
import { type CountryCode, findCountry, storedCountry } from "./countries";
import { readPhone } from "./phone-numbers";

/*
 * A buyer's country and phone, read together, as every buyer form takes them
 * (register, profile, quote): the country from the list, the phone in
 * international form, a local number read in the country chosen. Browser-safe.
 */

export const UNKNOWN_COUNTRY = issue("validation.unknownCountry");
/** The form stopped for a hint on the e-mail address (email-hints.ts), not refused. */
export const CHECK_EMAIL = problem("validation.checkEmail");
export const PHONE_PROBLEMS = {
  characters: INVALID_PHONE,
  length: issue("validation.phoneLength"),
  country: issue("validation.phoneCountryCode"),
} as const;

/** A country of the list, named in any of the shop's languages: its ISO code. */
export const countryField = requiredText("country", 60).transform((text, ctx): CountryCode => {
  const code = findCountry(text);
  if (code) return code;
  ctx.addIssue({ code: "custom", message: UNKNOWN_COUNTRY });
  return z.NEVER;
});

/** A phone box, checked for its characters and length here; read in its country by `withCountryPhone`. */
export const phoneField = (label: string) =>
  requiredText(label, 30).superRefine((text, ctx) => {
    // Only the country can say more; a number already in international form is checked whole.
    const reading = readPhone(text, null);
    if (!reading.ok && reading.reason !== "country")
      ctx.addIssue({ code: "custom", message: PHONE_PROBLEMS[reading.reason] });
  });

/**
 * The country as the shop stores it (its English name, as the import rules are
 * written) and the phone in international form ("0712 345 678" with Kenya:
 * "+254 712 345 678"). For an object schema's `.transform`.
 */
export function withCountryPhone<T extends { country: CountryCode; phone: string }>(
  value: T,
  ctx: z.RefinementCtx,
): Omit<T, "country" | "phone"> & { country: string; countryCode: CountryCode; phone: string } {
  const reading = readPhone(value.phone, value.country);
  if (!reading.ok) {
    ctx.addIssue({ code: "custom", message: PHONE_PROBLEMS[reading.reason], path: ["phone"] });
    return z.NEVER;
  }
  return { ...value, country: storedCountry(value.country), countryCode: value.country, phone: reading.phone };
}

/** The quote form's country and phone, read as the account forms read them. */
export const ContactSchema = z
  .object({ country: countryField, phone: phoneField("phone") })
  .transform(withCountryPhone);
