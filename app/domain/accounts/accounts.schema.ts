import { z } from "zod";
import { fieldName, INVALID_EMAIL, required, requiredText, tooLong } from "~/domain/buyer-fields";
import { countryField, phoneField, withCountryPhone } from "~/domain/contact-fields";
import { issue, problem } from "~/i18n/problem";

/*
 * The buyer forms (SPEC 5). Shared by the pages and the server; the server is
 * the authority. Refusals are keys of the `messages` catalogue, whose English
 * is SPEC's wording word for word.
 */

export const INVALID_LOGIN = problem("account.invalidLogin");
export const TOO_MANY_TRIES = problem("account.tooManyTries");
export const PASSWORDS_DO_NOT_MATCH = problem("account.passwordsDoNotMatch");
export const REGISTRATION_FAILED = problem("account.registrationFailed");
export const RESET_SENT = problem("account.resetSent");
export const RESET_FAILED = problem("account.resetFailed");
/** The address is taken. Say no more than SPEC does; the buyer can log in or reset. */
export const REGISTRATION_TAKEN = problem("account.registrationTaken");
export const RESET_LINK_INVALID = problem("account.resetLinkInvalid");

const email = z
  .string({ error: required("email") })
  .trim()
  .min(1, required("email"))
  .max(254, issue("validation.emailTooLong"))
  .pipe(z.email(INVALID_EMAIL))
  .transform((v) => v.toLowerCase());

export const password = z
  .string({ error: required("password") })
  .min(8, issue("validation.tooShort", { label: fieldName("password"), min: 8 }))
  .max(128, tooLong("password", 128));

export const phone = phoneField("mobileNumber");

const confirmPassword = z
  .string({ error: issue("validation.confirmPassword") })
  .min(1, issue("validation.confirmPassword"));
const mismatch = { path: ["confirmPassword"], message: issue(PASSWORDS_DO_NOT_MATCH.key) };

export const LoginSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
});

export const RegisterSchema = z
  .object({
    fullName: requiredText("fullName", 100),
    country: countryField,
    phone,
    email,
    password,
    confirmPassword,
  })
  .refine((v) => v.password === v.confirmPassword, mismatch)
  .transform(withCountryPhone);

export const ResetRequestSchema = z.object({ email });

export const NewPasswordSchema = z
  .object({ token: z.string().min(10).max(100), password, confirmPassword })
  .refine((v) => v.password === v.confirmPassword, mismatch);

export const ProfileSchema = z
  .object({ fullName: requiredText("fullName", 100), country: countryField, phone })
  .transform(withCountryPhone);
