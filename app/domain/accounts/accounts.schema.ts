import { z } from "zod";

/*
 * The buyer forms (SPEC 5). Shared by the pages and the server; the server is
 * the authority. SPEC's messages are kept word for word where it gives them.
 * They stay English here: pages show them in their language through
 * `localizeMessage` (app/i18n/messages.ts), so each message needs an entry in
 * the English `messages` catalogue (messages.test.ts checks).
 */

export const INVALID_LOGIN = "Invalid email or password";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const REGISTRATION_FAILED = "Registration failed. Please try again.";
export const RESET_SENT = "Password reset email sent. Please check your inbox.";
export const RESET_FAILED = "Failed to send reset email. Please try again.";
/** The address is taken. Say no more than SPEC does; the buyer can log in or reset. */
export const REGISTRATION_TAKEN = `${REGISTRATION_FAILED} If you already have an account, log in or reset your password.`;
export const RESET_LINK_INVALID = "This reset link is no longer valid. Please ask for a new one below.";

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Please enter a valid email address"))
  .transform((v) => v.toLowerCase());

export const password = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters");

export const phone = text("Mobile number", 30).regex(
  /^[+0-9 ()-]{5,30}$/,
  "Please enter a phone number (digits, spaces, + - ( ))",
);

export const LoginSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
});

export const RegisterSchema = z
  .object({
    fullName: text("Full name", 100),
    country: text("Country", 60),
    phone,
    email,
    password,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: PASSWORDS_DO_NOT_MATCH });

export const ResetRequestSchema = z.object({ email });

export const NewPasswordSchema = z
  .object({
    token: z.string().min(10).max(100),
    password,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: PASSWORDS_DO_NOT_MATCH });

export const ProfileSchema = z.object({
  fullName: text("Full name", 100),
  country: text("Country", 60),
  phone,
});
