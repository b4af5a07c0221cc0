import { shopYear } from "~/i18n/format";
import { z } from "zod";
import { PUBLIC_FIRST_YEAR } from "~/domain/inventory/catalogue";
import { parseYen } from "~/domain/inventory/price";
import { fieldName, INVALID_EMAIL, INVALID_PHONE, PHONE_PATTERN, requiredText, tooLong } from "~/domain/buyer-fields";
import { issue, problem } from "~/i18n/problem";

/** "Find one for me" (issue 18.2): what a buyer wants that the stock lacks. Refusals are keys of the `messages` catalogue. */

export const findSentProblem = (number: string) => problem("find.sent", { number });
export const FIND_ERROR = problem("find.error");
const FIND_YEAR = issue("find.chooseYear");
const FIND_BUDGET = issue("find.budget");

/** One line of text: no line breaks or other control characters (they would add lines to the mails). */
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
const oneLine = (label: string) => issue("validation.oneLine", { label: fieldName(label) });

const required = (label: string, max: number) => requiredText(label, max).regex(ONE_LINE, oneLine(label));

const optional = (label: string, max: number) =>
  z
    .string({ error: issue(FIND_ERROR.key) })
    .nullish()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, tooLong(label, max)).regex(ONE_LINE, oneLine(label)));

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
    make: required("make", 60),
    model: optional("model", 60),
    yearFrom: year,
    yearTo: year,
    budget: z
      .string({ error: FIND_BUDGET })
      .nullish()
      .transform((v) => (v ?? "").trim())
      .refine((v) => v === "" || (parseYen(v) !== null && parseYen(v)! < 2_000_000_000), FIND_BUDGET)
      .transform((v) => (v === "" ? null : parseYen(v)!)),
    destination: required("destination", 100),
    name: required("name", 100),
    email: required("email", 254).pipe(z.email(INVALID_EMAIL)),
    phone: z
      .string({ error: INVALID_PHONE })
      .nullish()
      .transform((v) => (v ?? "").trim())
      .refine((v) => v === "" || PHONE_PATTERN.test(v), INVALID_PHONE),
    message: optional("message", 2000),
  })
  // Years given the wrong way round are read the right way, as the list reads them.
  .transform((r) =>
    r.yearFrom !== null && r.yearTo !== null && r.yearFrom > r.yearTo
      ? { ...r, yearFrom: r.yearTo, yearTo: r.yearFrom }
      : r,
  );

export type FindRequest = z.infer<typeof FindRequestSchema>;
