import type { StockKind } from "~/domain/inventory/stock-kinds";

/*
 * The words of a deal (issue 20): an offer's lines, terms and states, a
 * hold's endings, the shop's bank account and everything an invoice prints.
 * Amounts are whole yen. Browser-safe.
 */

/** Incoterms the shop quotes: the buyer pays freight (FOB), freight is included (C&F), or freight and insurance (CIF). */
export const OFFER_TERMS = ["FOB", "C&F", "CIF"] as const;
export type OfferTerms = (typeof OFFER_TERMS)[number];

/** An offer's own state; the quote's status (quote-status.ts) moves it. */
export const OFFER_STATUSES = ["open", "accepted", "declined", "expired", "withdrawn", "replaced"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** The lines an offer may carry, in the order they are printed. */
export const OFFER_LINE_KINDS = ["fob", "freight", "insurance", "inspection", "other"] as const;
export type OfferLineKind = (typeof OFFER_LINE_KINDS)[number];

/** How each line is named on the invoice (English, the language of the trade); "other" lines carry the owner's name. */
export const OFFER_LINE_LABEL: Record<OfferLineKind, string> = {
  fob: "FOB price",
  freight: "Ocean freight",
  insurance: "Marine insurance",
  inspection: "Pre-export inspection",
  other: "Other",
};

export type OfferLine = { kind: OfferLineKind; label: string; amount: number };

/** Why a hold ended: its time ran out, the owner released it, the deal was closed, or the vehicle was sold. */
export const HOLD_END_REASONS = ["expired", "released", "closed", "sold"] as const;
export type HoldEndReason = (typeof HOLD_END_REASONS)[number];

/** The account buyers pay into, as the owner keeps it in the settings. */
export type BankAccount = {
  bankName: string;
  branch: string;
  bankAddress: string;
  swift: string;
  accountName: string;
  accountNumber: string;
  /** Anything else a transfer needs (account type, intermediary bank). */
  note: string;
  /** Who pays the banks' charges: the buyer, all of them (OUR, the default), or each side its own bank's (SHA). */
  charges?: BankCharges;
};

export const BANK_CHARGES = ["OUR", "SHA"] as const;
export type BankCharges = (typeof BANK_CHARGES)[number];

/** Who the bill of lading names: the consignee (who takes the vehicle at the port) or the party to notify. */
export type InvoiceParty = {
  name: string;
  address: string;
  phone: string;
  /** The ID or tax number the destination asks for, with its name ("KRA PIN P051234567X"). */
  taxId: string;
  /** Told of any change of the parties; absent or empty when not given. Not printed on the invoice. */
  email?: string;
};

/** Everything a proforma invoice prints, kept as issued (English). */
export type InvoiceDocument = {
  number: string;
  /** Shop days, YYYY-MM-DD (Tokyo). */
  issuedOn: string;
  dueDate: string;
  /** The verification code as printed: four groups of four ("7KQ2-M9XD-4HRT-WB3N"). */
  code: string;
  /** The page that shows this invoice to anyone holding the code. */
  verifyUrl: string;
  quoteNumber: string;
  seller: {
    name: string;
    address: string;
    phone: string;
    email: string;
    corporateNumber: string;
    licenceNumber: string;
    licenceIssuer: string;
  };
  buyer: { name: string; country: string; email: string; phone: string };
  /** The consignee and notify party as the buyer gave them; absent until given (the buyer's own name stands). */
  consignee?: InvoiceParty;
  notify?: InvoiceParty;
  item: {
    kind: StockKind;
    refId: string;
    name: string;
    quantity: number | null;
    /** Specifications as printed, in order ("Year" "2019", "Chassis no." ...). */
    specs: { label: string; value: string }[];
  };
  lines: OfferLine[];
  total: number;
  terms: OfferTerms;
  port: string;
  bank: BankAccount;
  /**
   * What the destination's import rule said of the vehicle at acceptance, in
   * English, with the owner's override when the rule refused it (issue 40).
   * Absent for parts and on invoices issued before.
   */
  importCheck?: { country: string; verdict: string; refused: boolean; text: string; override: string | null };
  /**
   * The vehicle's proof pack (its auction sheet and papers, issue 45.4) as it
   * stood when the invoice was issued: its code as printed and its page.
   * Absent for parts, vehicles without papers then, and earlier invoices.
   */
  proofPack?: { code: string; verifyUrl: string };
};
