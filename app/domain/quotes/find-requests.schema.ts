import { shopYear } from "~/i18n/format";
import { z } from "zod";
import { PUBLIC_FIRST_YEAR } from "~/domain/inventory/catalogue";
import { parseYen } from "~/domain/inventory/price";

/** "Find one for me" (issue 18.2): what a buyer wants that the stock lacks. Messages stay English: pages localize them. */

export const findSentMessage = (number: string) =>
  `Request sent! We will e-mail you what we find. Your request number is ${number}.`;
export const FIND_ERROR = "Error sending your request. Please check the form and try again.";
export const FIND_YEAR = "Choose a year from the list";
export const FIND_BUDGET = "Please enter the budget in yen (digits only)";

const PHONE = "Please enter a phone number (digits, spaces, + - ( ))";

/** One line of text: no line breaks or other control characters (they would add lines to the mails). */
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
const oneLine = (label: string) => `${label} must be on one line`;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(ONE_LINE, oneLine(label));

const optional = (label: string, max: number) =>
  z
    .string({ error: FIND_ERROR })
    .nullish()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`).regex(ONE_LINE, oneLine(label)));

const year = z
  .string({ error: FIND_YEAR })
  .nullish()
  .transform((v) => (v ?? "").trim())
  .refine(
    (v) => v === "" || (/^\d{4}$/.test(v) && Number(v) >= PUBLIC_FIRST_YEAR && Number(v) <= shopYear()),
    FIND_YEAR,
  )
  .transform((v) => (v === "" ? null : Number(v)));

export const FindRequestSchema = z
  .object({
    kind: z.enum(["vehicle", "part"]),
    submissionKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/),
    make: required("Make", 60),
    model: optional("Model", 60),
    yearFrom: year,
    yearTo: year,
    budget: z
      .string({ error: FIND_BUDGET })
      .nullish()
      .transform((v) => (v ?? "").trim())
      .refine((v) => v === "" || (parseYen(v) !== null && parseYen(v)! < 2_000_000_000), FIND_BUDGET)
      .transform((v) => (v === "" ? null : parseYen(v)!)),
    destination: required("Destination", 100),
    name: required("Name", 100),
    email: required("Email", 254).pipe(z.email("Please enter a valid email address")),
    phone: z
      .string({ error: PHONE })
      .nullish()
      .transform((v) => (v ?? "").trim())
      .refine((v) => v === "" || /^[+0-9 ()-]{5,30}$/.test(v), PHONE),
    message: optional("Message", 2000),
  })
  // Years given the wrong way round are read the right way, as the list reads them.
  .transform((r) =>
    r.yearFrom !== null && r.yearTo !== null && r.yearFrom > r.yearTo
      ? { ...r, yearFrom: r.yearTo, yearTo: r.yearFrom }
      : r,
  );

export type FindRequest = z.infer<typeof FindRequestSchema>;

export const FIND_FIELDS = [
  "make",
  "model",
  "yearFrom",
  "yearTo",
  "budget",
  "destination",
  "name",
  "email",
  "phone",
  "message",
] as const;

/** Reads the form. */
export function readFindForm(form: FormData) {
  return FindRequestSchema.safeParse({
    kind: form.get("kind"),
    submissionKey: form.get("submissionKey"),
    ...Object.fromEntries(FIND_FIELDS.map((f) => [f, form.get(f)])),
  });
}
