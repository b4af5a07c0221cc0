import { z } from "zod";
import { parseForm } from "~/utils/forms";
import { patternIssue } from "~/domain/staff/staff-problems";
import { issue, problem } from "~/i18n/problem";
import { HOLD_DAYS_RANGE, OFFER_DAYS_RANGE } from "./deal-settings";
import type { BankField } from "./bank-account";
import { BANK_CHARGES, type BankAccount } from "./deal-types";

/*
 * The Invoicing screen's two forms (issue 20.4): how long holds and offers
 * last, and the bank account buyers pay into. Refusals are keys of the
 * `admin` catalogue (its `invoicing` block). Browser-safe.
 */

/** How long each field may be (SWIFT/BIC as typed, with spaces). */
export const BANK_MAX_LENGTH: Record<BankField, number> = {
  bankName: 120,
  branch: 120,
  bankAddress: 200,
  swift: 20,
  accountName: 140,
  accountNumber: 34,
  note: 300,
};

/**
 * SWIFT/BIC (ISO 9362): four letters for the bank, two for the country, two
 * letters or digits for the place, and an optional branch of three. The shop
 * takes payment only into accounts in Japan (the payment safety notice says
 * so on every page), so the country must be JP.
 */
export const SWIFT_FORMAT = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
export const SWIFT_COUNTRY = "JP";
/** Digits and letters as the bank writes them, with the spaces and dashes people add. */
const ACCOUNT_NUMBER_FORMAT = /^[0-9A-Za-z][0-9A-Za-z -]*$/;

const bankField = (name: BankField) => problem(`invoicing.bank.fields.${name}`);
const required = (name: BankField) => patternIssue("required", { field: bankField(name) });
const tooLong = (name: BankField) =>
  patternIssue("maxLength", { field: bankField(name), max: String(BANK_MAX_LENGTH[name]) });

const text = (name: BankField, mustFill: boolean) =>
  z
    .string()
    .default("")
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(mustFill ? 1 : 0, required(name))
        .max(BANK_MAX_LENGTH[name], tooLong(name)),
    );

export const BankAccountSchema = z.object({
  bankName: text("bankName", true),
  branch: text("branch", true),
  bankAddress: text("bankAddress", false),
  // Written as banks print it: capitals, no spaces.
  swift: text("swift", true)
    .transform((s) => s.replace(/\s+/g, "").toUpperCase())
    .refine((s) => SWIFT_FORMAT.test(s), issue("invoicing.errors.swiftFormat"))
    .refine((s) => s.slice(4, 6) === SWIFT_COUNTRY, issue("invoicing.errors.swiftJapan")),
  accountName: text("accountName", true),
  accountNumber: text("accountNumber", true).refine(
    (s) => ACCOUNT_NUMBER_FORMAT.test(s),
    issue("invoicing.errors.accountNumberFormat"),
  ),
  note: text("note", false),
  // Who pays the banks' charges, printed on every invoice: the sender all of them (OUR) or each side its own (SHA).
  charges: z.enum(BANK_CHARGES, { error: issue("invoicing.errors.charges") }).default("OUR"),
}) satisfies z.ZodType<BankAccount, unknown>;

/** The bank form's fields as typed → a BankAccount, or the first problem of each field and what was typed (never the password). */
export function readBankAccountForm(form: Record<string, unknown>) {
  const submission = parseForm(form, BankAccountSchema);
  if (submission.status === "success") return { ok: true as const, account: submission.value };
  return { ok: false as const, errors: submission.errors, values: submission.values };
}

const wholeDays = (range: { min: number; max: number }, key: string) => {
  const refusal = issue(key, { min: range.min, max: range.max });
  return z
    .string()
    .default("")
    .transform((s) => s.trim())
    .refine((s) => /^\d{1,3}$/.test(s) && Number(s) >= range.min && Number(s) <= range.max, refusal)
    .transform(Number);
};

export const DealSettingsSchema = z.object({
  holdWorkingDays: wholeDays(HOLD_DAYS_RANGE, "invoicing.errors.holdDays"),
  offerValidDays: wholeDays(OFFER_DAYS_RANGE, "invoicing.errors.offerDays"),
});

/** The holds and offers form's fields as typed → the settings, or the first problem of each field and what was typed. */
export function readDealSettingsForm(form: Record<string, unknown>) {
  const submission = parseForm(form, DealSettingsSchema);
  if (submission.status === "success") return { ok: true as const, settings: submission.value };
  return { ok: false as const, errors: submission.errors, values: submission.values };
}
