import type { BankAccount } from "./deal-types";
import type { OrderStatus } from "./order-status";
import type { Courier, DocumentKind, OrderEventKind, PaymentMethod, ShipmentFacts } from "./order-types";

/*
 * An order as its pages show it (issue 21): the buyer's timeline and the
 * owner's order page read the same shape. Browser-safe.
 */

export type OrderStepView = { id: number; kind: OrderEventKind; at: string; by: string; data: Record<string, unknown> };

export type OrderDocumentView = {
  id: number;
  kind: DocumentKind;
  title: string;
  contentType: string;
  size: number;
  by: "staff" | "buyer";
  uploadedAt: string;
  /** The shop's address that serves it (to the order's buyer and the staff only). */
  path: string;
};

export type PaymentView = {
  id: number;
  amount: number;
  receivedOn: string;
  method: PaymentMethod;
  reference: string;
  overpayment: boolean;
  recordedAt: string;
};

export type OrderView = {
  number: string;
  status: OrderStatus;
  kind: "vehicle" | "part";
  itemId: number | null;
  itemName: string;
  refId: string;
  quoteNumber: string | null;
  buyer: { name: string; email: string; country: string; customerId: number | null };
  total: number;
  paid: number;
  /** What is still to pay (0 when paid; never below 0). */
  balance: number;
  /** Paid past the total: to be refunded. */
  overpaid: number;
  port: string;
  invoice: { number: string; dueDate: string; code: string; verifyPath: string; voided: boolean; bank: BankAccount };
  shipment: ShipmentFacts;
  courier: { courier: Courier; tracking: string; url: string } | null;
  cancel: { reason: string; refundNote: string } | null;
  payments: PaymentView[];
  documents: OrderDocumentView[];
  /** Oldest first. */
  steps: OrderStepView[];
  createdAt: string;
  updatedAt: string;
};

export type OrderListItem = {
  number: string;
  status: OrderStatus;
  itemName: string;
  refId: string;
  buyerName: string;
  buyerCountry: string;
  total: number;
  paid: number;
  etd: string | null;
  eta: string | null;
  bl: string;
  createdAt: string;
  updatedAt: string;
};
