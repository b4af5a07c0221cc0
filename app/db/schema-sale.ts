import type { Generated, ColumnType } from "kysely";
import type { QuoteStatus } from "~/domain/sale/quote-status";
import type { OrderStatus } from "~/domain/sale/order-status";
import type { HoldEndReason, OfferStatus, OfferTerms } from "~/domain/sale/deal-types";
import type { Courier, DocumentKind, PaymentMethod, ShippingMethod } from "~/domain/sale/order-types";
import type { StockKind } from "~/domain/inventory/stock-kinds";

/*
 * Row types of the sale's tables: quotes, offers, holds, invoices, orders
 * with their payments, documents and timeline, and the reply templates.
 * Part of the one schema (schema.ts), apart so each file stays readable.
 */

export interface QuoteTable {
  id: Generated<number>;
  number: string;
  kind: StockKind;
  vehicle_id: number | null;
  part_id: number | null;
  /** Kept as written at request time, so a quote outlives its stock item. */
  ref_id: string;
  item_name: string;
  customer_id: number | null;
  name: string;
  country: string;
  email: string;
  phone: string;
  message: string;
  contact_methods: Generated<string>;
  status: Generated<QuoteStatus>;
  is_read: Generated<number>;
  notes: Generated<string>;
  /** Set by the form; a resubmission with the same key finds the first quote. */
  submission_key: string | null;
  /** The destination port the buyer had chosen, as written then ("Colombo, Sri Lanka"). */
  destination: Generated<string | null>;
  /** How many of the part the buyer asked about; null for vehicles. */
  quantity: Generated<number | null>;
  /** The buyer's language when asking: offers and invoice mails are written in it. */
  language: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** The owner's answer to a quote: priced lines, terms, port and how long it stands (issue 20). */
export interface OfferTable {
  id: Generated<number>;
  quote_id: number;
  status: Generated<OfferStatus>;
  /** JSON: OfferLine[] in whole yen. */
  lines: string;
  total: number;
  terms: OfferTerms;
  port: Generated<string>;
  /** The last moment the offer stands (ISO, UTC). */
  valid_until: string;
  message: Generated<string>;
  created_by: string;
  created_at: string;
  answered_at: string | null;
  /** 1: sent although the destination's import rule refused the vehicle (issue 40), for this reason. */
  import_override: Generated<number>;
  import_override_reason: Generated<string | null>;
}

/** A vehicle kept for the buyer who accepted an offer; active while ended_at is null. */
export interface HoldTable {
  id: Generated<number>;
  vehicle_id: number;
  quote_id: number;
  offer_id: number;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
  end_reason: HoldEndReason | null;
}

/** The last invoice number used in a year: numbers run without gaps. */
export interface InvoiceCounterTable {
  year: number;
  last: number;
}

export interface InvoiceTable {
  id: Generated<number>;
  /** "2026-00042". */
  number: string;
  quote_id: number | null;
  offer_id: number | null;
  customer_id: number | null;
  /** The verification code as printed (16 characters, 80 random bits). */
  code: string;
  issued_at: string;
  /** A shop day, YYYY-MM-DD. */
  due_date: string;
  total: number;
  /** JSON: InvoiceDocument, everything printed, as issued. */
  document: string;
  voided_at: string | null;
  void_reason: string | null;
  /** The PDF as kept on the row before `invoice_files`: moved there as version 1 on the first download, then emptied. */
  pdf: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An invoice's PDF as printed once, kept in the documents store; one row per printed version (issue 47.4). */
export interface InvoiceFileTable {
  id: Generated<number>;
  invoice_id: number;
  /** 1 for the first file printed, then one more each time what it prints changes. */
  version: number;
  /** SHA-256 of what was printed (the document and any cancellation stamp): the same print is never made twice. */
  printed_sha256: string;
  file_key: string;
  file_sha256: string;
  size: number;
  /** 1 when the file carries the cancellation stamp. */
  cancelled: ColumnType<number, number | undefined, number>;
  render_ms: number;
  created_at: string;
}

/** An issued invoice on its way to the buyer's port (issue 21); its number is the invoice's. */
export interface OrderTable {
  id: Generated<number>;
  number: string;
  invoice_id: number;
  quote_id: number | null;
  customer_id: number | null;
  status: Generated<OrderStatus>;
  kind: StockKind;
  vehicle_id: number | null;
  part_id: number | null;
  item_name: string;
  ref_id: string;
  buyer_name: string;
  buyer_email: string;
  buyer_country: Generated<string>;
  language: Generated<string>;
  total: number;
  /** The sum of the payments recorded (whole yen). */
  paid: Generated<number>;
  port: Generated<string>;
  vessel: Generated<string>;
  voyage: Generated<string>;
  port_of_loading: Generated<string>;
  /** Shop days, YYYY-MM-DD; earlier values are kept in order_events. */
  etd: string | null;
  eta: string | null;
  shipping_method: ShippingMethod | null;
  container_number: Generated<string>;
  bl_number: Generated<string>;
  courier: Courier | null;
  tracking_number: Generated<string>;
  cancel_reason: Generated<string>;
  refund_note: Generated<string>;
  /** A video of the vehicle before loading (https), or "". */
  video_url: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** Money the owner recorded as received for an order. */
export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  amount: number;
  /** A shop day, YYYY-MM-DD. */
  received_on: string;
  method: PaymentMethod;
  reference: Generated<string>;
  /** 1: recorded past the balance, the rest to be refunded. */
  overpayment: Generated<number>;
  submission_key: string | null;
  recorded_by: string;
  recorded_at: string;
}

/** A private document of an order, kept outside the public photos. */
export interface OrderDocumentTable {
  id: Generated<number>;
  order_id: number;
  kind: DocumentKind;
  title: Generated<string>;
  file_key: string;
  content_type: string;
  size: number;
  original_name: Generated<string>;
  sha256: string;
  uploaded_by: "staff" | "buyer";
  uploaded_at: string;
  removed_at: string | null;
}

/** A photo of an order's vehicle at the port before loading (issue 45.3), kept privately. */
export interface OrderPhotoTable {
  id: Generated<number>;
  order_id: number;
  file_key: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  sha256: string;
  original_name: Generated<string>;
  added_at: string;
  removed_at: string | null;
}

/** Who the bill of lading names for an order (issue 42.1), as the buyer gave them. */
export interface OrderPartyTable {
  id: Generated<number>;
  order_id: number;
  role: "consignee" | "notify";
  name: string;
  address: string;
  phone: string;
  tax_id: Generated<string>;
  /** Told of any change of the parties; empty when not given. */
  email: Generated<string>;
  given_at: string;
}

/** A change of an order's parties once on an issued invoice: asked, confirmed by a mailed code, applied a day later. */
export interface PartyChangeTable {
  id: Generated<number>;
  order_id: number;
  status: "awaiting_code" | "waiting" | "applied" | "withdrawn" | "refused" | "lapsed";
  /** JSON { consignee, notify }: as asked for. */
  parties: string;
  /** JSON { consignee, notify }: as they were when asked. */
  previous: string;
  code_hash: string;
  code_expires_at: string;
  wrong_codes: Generated<number>;
  requested_at: string;
  /** When the change is applied unless the owner approves it sooner; set by the code. */
  due_at: string | null;
  closed_at: string | null;
  /** Who closed it: customer, staff or system. */
  closed_by: string | null;
}

/** One step of an order's timeline. */
export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  /** JSON: what the step carried. */
  data: Generated<string>;
  by_kind: string;
  at: string;
}

/** The owner's named reply texts with placeholders ({buyer_name}, {vehicle}...). */
export interface ReplyTemplateTable {
  id: Generated<number>;
  name: string;
  body: string;
  created_at: string;
  updated_at: string;
}
