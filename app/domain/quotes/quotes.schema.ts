import { z } from "zod";
import { CONTACT_METHODS } from "./contact-methods";
import { INVALID_EMAIL, INVALID_PHONE, PHONE_PATTERN, requiredText } from "~/domain/buyer-fields";
import { issue, problem } from "~/i18n/problem";

/** The Get Free Quote form (SPEC 3, 5). Refusals are keys of the `messages` catalogue. */

export { CONTACT_METHODS };
export const QUOTE_ERROR = problem("quote.error");
/** A form sent back for its fields (QUOTE_ERROR stays for real failures, DECISIONS "Quotes and e-mail"). */
export const QUOTE_FIX_FIELDS = problem("quote.fixFields");
/** The most of one part a quote may ask for, whatever the stock says. */
export const QUOTE_MAX_QUANTITY = 999;
export const quoteQuantityProblem = (max: number) => problem("quote.quantity", { max });
/** The answer to a saved quote. */
export const quoteSentProblem = (number: string) => problem("quote.sent", { number });
export const QUOTE_TOO_MANY = problem("quote.tooMany");
export const QUOTE_SOLD = problem("quote.sold");

export const QuoteRequestSchema = z.object({
  kind: z.enum(["vehicle", "part"]),
  itemId: z.coerce.number().int().positive(),
  submissionKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/),
  name: requiredText("name", 100),
  country: requiredText("country", 60),
  email: requiredText("email", 254).pipe(z.email(INVALID_EMAIL)),
  phone: requiredText("phone", 30).regex(PHONE_PATTERN, INVALID_PHONE),
  message: requiredText("message", 2000),
  // The port the buyer ships to: an id from the freight table, or nothing.
  portId: z
    .string()
    .nullish()
    .transform((v) => v ?? "")
    .refine((v) => /^\d{0,9}$/.test(v), issue("quote.choosePort"))
    .transform((v) => (v === "" ? null : Number(v))),
  // How many of a part (parts only; the stock bound is checked against the part when saving).
  quantity: z
    .string()
    .nullish()
    .transform((v) => (v ?? "").trim())
    .refine(
      (v) => v === "" || (/^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= QUOTE_MAX_QUANTITY),
      issue("quote.quantity", { max: QUOTE_MAX_QUANTITY }),
    )
    .transform((v) => (v === "" ? null : Number(v))),
  // Each method once, in the shop's order, whatever order the boxes arrived in.
  contactMethods: z
    .preprocess((v) => (v === undefined ? [] : [v].flat()), z.array(z.enum(CONTACT_METHODS)).max(3))
    .transform((list) => CONTACT_METHODS.filter((m) => list.includes(m))),
});

export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;
