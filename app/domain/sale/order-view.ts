import { shopDay } from "~/i18n/format";
import { addWorkingDays } from "./deal-time";
import type { BankAccount } from "./deal-types";
import { awaitsMoney, type OrderStatus } from "./order-status";
import type { Courier, DocumentKind, OrderEventKind, PaymentMethod, ShipmentFacts } from "./order-types";
import type { PreShipmentView } from "./pre-shipment";

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
  /** The vehicle at the port before loading: photos and a video link. */
  preShipment: PreShipmentView;
  /** Oldest first. */
  steps: OrderStepView[];
  /** A receipt the buyer sent that no payment recorded since answers: the shop is checking it. */
  paymentCheck: PaymentCheck | null;
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

/**
 * How soon the shop answers a receipt, in working days (Monday to Friday,
 * Japan time): the promise the buyer's order page makes, kept here only.
 */
export const RECEIPT_ANSWER_WORKING_DAYS = 1;

/** A receipt being checked: when it came, and the shop day by which the owner answers. */
export type PaymentCheck = { receiptAt: string; answerBy: string };

/**
 * The receipt the shop is checking: the buyer's newest, while money is
 * awaited and no payment has been recorded since it came. Null otherwise.
 */
export function paymentCheckOf(order: Pick<OrderView, "status" | "documents" | "steps">): PaymentCheck | null {
  if (!awaitsMoney(order.status)) return null;
  // Receipts are the buyer's own kind of document (the staff's are certificates and the like).
  const newest = order.documents
    .filter((d) => d.kind === "receipt")
    .map((d) => d.uploadedAt)
    .sort()
    .at(-1);
  if (!newest) return null;
  const answered = order.steps.some((s) => (s.kind === "payment" || s.kind === "paid") && s.at >= newest);
  if (answered) return null;
  return { receiptAt: newest, answerBy: shopDay(addWorkingDays(new Date(newest), RECEIPT_ANSWER_WORKING_DAYS)) };
}
