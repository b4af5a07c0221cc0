import type { BankAccount } from "./deal-types";

/** The bank account's fields, in the order screens, invoices checks and mails show them. Browser-safe. */
export const BANK_FIELDS = [
  "bankName",
  "branch",
  "bankAddress",
  "swift",
  "accountName",
  "accountNumber",
  "note",
] as const satisfies readonly (keyof BankAccount)[];
export type BankField = (typeof BANK_FIELDS)[number];

/** An account number with all but its last few characters hidden, for logs and warnings: "0001234" → "***1234". */
export function maskAccountNumber(accountNumber: string): string {
  const chars = Array.from(accountNumber.replace(/[\s-]/g, ""));
  const shown = chars.length > 6 ? 4 : Math.min(3, Math.max(chars.length - 2, 0));
  return "*".repeat(chars.length - shown) + chars.slice(chars.length - shown).join("");
}
