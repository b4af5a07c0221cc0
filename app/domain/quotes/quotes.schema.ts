import { z } from "zod";
import { CONTACT_METHODS } from "./contact-methods";

/** The Get Free Quote form (SPEC 3, 5). Messages stay English: pages localize them. */

export { CONTACT_METHODS };
export const QUOTE_SENT = "Quote request sent successfully!";
export const QUOTE_ERROR = "Error sending quote. Please try again.";
/** A form sent back for its fields (QUOTE_ERROR stays for real failures, DECISIONS "Quotes and e-mail"). */
export const QUOTE_FIX_FIELDS = "Please correct the fields marked below";
/** The most of one part a quote may ask for, whatever the stock says. */
export const QUOTE_MAX_QUANTITY = 999;
export const quoteQuantityMessage = (max: number) => `Quantity must be a whole number from 1 to ${max}`;
/** The answer to a saved quote (its English is in the `messages` catalogue as a pattern). */
export const quoteSentMessage = (number: string) => `${QUOTE_SENT} Your quote number is ${number}.`;
export const QUOTE_PORT = "Choose a port from the list";
export const QUOTE_TOO_MANY =
  "You have sent many quote requests in a short time. Please wait a while and try again, or contact us on WhatsApp.";
export const QUOTE_SOLD = "This item has been sold, so it can no longer be quoted. Ask us about similar stock.";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const QuoteRequestSchema = z.object({
  kind: z.enum(["vehicle", "part"]),
  itemId: z.coerce.number().int().positive(),
  submissionKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/),
  name: required("Name", 100),
  country: required("Country", 60),
  email: required("Email", 254).pipe(z.email("Please enter a valid email address")),
  phone: required("Phone", 30).regex(/^[+0-9 ()-]{5,30}$/, "Please enter a phone number (digits, spaces, + - ( ))"),
  message: required("Message", 2000),
  // The port the buyer ships to: an id from the freight table, or nothing.
  portId: z
    .string()
    .nullish()
    .transform((v) => v ?? "")
    .refine((v) => /^\d{0,9}$/.test(v), QUOTE_PORT)
    .transform((v) => (v === "" ? null : Number(v))),
  // How many of a part (parts only; the stock bound is checked against the part when saving).
  quantity: z
    .string()
    .nullish()
    .transform((v) => (v ?? "").trim())
    .refine(
      (v) => v === "" || (/^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= QUOTE_MAX_QUANTITY),
      quoteQuantityMessage(QUOTE_MAX_QUANTITY),
    )
    .transform((v) => (v === "" ? null : Number(v))),
  // Each method once, in the shop's order, whatever order the boxes arrived in.
  contactMethods: z
    .array(z.enum(CONTACT_METHODS))
    .max(3)
    .default([])
    .transform((list) => CONTACT_METHODS.filter((m) => list.includes(m))),
});

export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

/** Reads the form, where contact methods arrive as repeated checkboxes. */
export function readQuoteForm(form: FormData) {
  return QuoteRequestSchema.safeParse({
    kind: form.get("kind"),
    itemId: form.get("itemId"),
    submissionKey: form.get("submissionKey"),
    name: form.get("name"),
    country: form.get("country"),
    email: form.get("email"),
    phone: form.get("phone"),
    message: form.get("message"),
    portId: form.get("portId"),
    quantity: form.get("quantity"),
    contactMethods: form.getAll("contactMethods"),
  });
}
