import type { StockKind } from "~/domain/inventory/stock-kinds";
import type { BankAccount, OfferTerms } from "./deal-types";

/*
 * What the public invoice check (/verify) shows of an invoice: what a buyer
 * compares with their copy, and never the buyer's full name or contact
 * details. Browser-safe.
 */

/** The check's pages carry the code in their address: no other site is told it, and no copy is kept. */
export const VERIFY_HEADERS = {
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
} as const;

export type CheckedInvoice = {
  number: string;
  /** As printed: "7KQ2-M9XD-4HRT-WB3N". */
  code: string;
  /** Shop days, YYYY-MM-DD. */
  issuedOn: string;
  dueDate: string;
  total: number;
  seller: string;
  /** The first two letters of each word: "Am** Pe****". */
  buyer: string;
  item: { kind: StockKind; name: string; refId: string; quantity: number | null };
  terms: OfferTerms;
  port: string;
  /** When the invoice was cancelled (an instant), or null. */
  voidedAt: string | null;
  /** The account printed on the invoice; null when it was cancelled (nothing is to be paid). */
  bank: BankAccount | null;
  /** The vehicle's proof pack the invoice prints (its code and the pack's page on this shop), or null. */
  proofPack: { code: string; path: string } | null;
};

/**
 * A name partly hidden: of each word at most its first two letters and never
 * more than half of it is shown, so short names (Chinese, "Li Na") are not
 * given away: "Amal Perera" → "Am** Pe****", "Li Na" → "L* N*", "王伟" → "王*".
 */
export function partlyHiddenName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => {
      const chars = Array.from(word);
      const shown = Math.min(2, Math.floor(chars.length / 2));
      return chars.slice(0, shown).join("") + "*".repeat(chars.length - shown);
    })
    .join(" ");
}
