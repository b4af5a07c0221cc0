import type { HoldEndReason, OfferLine, OfferStatus, OfferTerms } from "./deal-types";

/** A quote's deal as its pages show it (deal-view.server.ts reads it). Browser-safe. */

export type OfferView = {
  id: number;
  status: OfferStatus;
  lines: OfferLine[];
  total: number;
  terms: OfferTerms;
  port: string;
  validUntil: string;
  message: string;
  createdAt: string;
  answeredAt: string | null;
  /** The owner's reason for sending it although the destination's import rule refused the vehicle; null: no override. */
  importOverride: string | null;
};

export type HoldView = {
  expiresAt: string;
  endedAt: string | null;
  endReason: HoldEndReason | null;
  createdAt: string;
};

export type InvoiceView = {
  number: string;
  issuedAt: string;
  dueDate: string;
  total: number;
  /** As printed: "7KQ2-M9XD-4HRT-WB3N". */
  code: string;
  /** Path of the verification page. */
  verifyPath: string;
  voidedAt: string | null;
};

export type DealView = { offers: OfferView[]; hold: HoldView | null; invoices: InvoiceView[] };
