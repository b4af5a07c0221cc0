import * as ownerMails from "./owner-mails.server";
import { createHash } from "node:crypto";
import { z } from "zod";
import type { DB } from "~/db/db.server";
import { logActivity, type ActivityEntry } from "~/domain/activity/activity.server";
import { isRealDay } from "~/i18n/format";
import type { DealContext } from "./offers.server";
import { applyQuoteMove, endHold, lockQuote } from "./quote-moves.server";
import { formatYen, parseYen } from "~/domain/inventory/price";
import { type OrderChange, orderUpdateMail } from "./buyer-mails.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { parseForm, typedValues, type FieldProblems, type TypedValues } from "~/domain/forms";
import { shopDay } from "~/i18n/format";
import { isLanguage } from "~/i18n/languages";
import { issue, problem, type Problem, type ProblemValues } from "~/i18n/problem";
import type { DocumentStore } from "./document-store.server";
import { log } from "~/utils/log.server";
import { returnParts, setVehicleSold, takeParts, type TakeOutcome } from "./stock-moves.server";
import { checkDocument, DocumentError, documentProblem } from "./document-check.server";
import { OWNER_MAILED, ownerMailedLately, receiptRoomProblem } from "./receipt-limits.server";
import { orderLink } from "./order-links.server";
import { addOrderEvent, lockOrder, moveOrder, type OrderRow } from "./order-moves.server";
import { canCancel, canShip, isClosed, takesPayments } from "./order-status";
import {
  COURIERS,
  type DocumentKind,
  PAYMENT_METHODS,
  SHIPPING_METHODS,
  STAFF_DOCUMENT_KINDS,
  trackingUrl,
} from "./order-types";

/*
 * What the owner records on an order (issue 21): payments, the shipment and
 * its dates, the courier of the original documents, the steps Shipped,
 * Arrived and Completed, a cancellation, and the deal's documents. Each
 * change is one transaction: the order, its timeline step, the activity log
 * and one mail to the buyer, or nothing at all.
 */

type Actor = ActivityEntry["actor"];

/** The most one payment may be: an order totals at most ¥1,000,000,000. */
export const PAYMENT_MAX = 1_000_000_000;

const orderProblem = (key: string, values?: ProblemValues) => problem(`messages.order.${key}`, values);
const orderIssue = (key: string, values?: ProblemValues) => issue(orderProblem(key, values));

/** Control characters other than line breaks and tabs: nothing typed has them, and PostgreSQL refuses NUL. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (v: string | undefined) => (v ?? "").replace(CONTROL, "").trim();

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform(clean)
    .refine((v) => v.length <= max, orderIssue("tooLong", { max }));

const day = (key: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || isRealDay(v), orderIssue(key))
    .transform((v) => (v === "" ? null : v));

export const PaymentFormSchema = z.object({
  amount: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .superRefine((v, ctx) => {
      const yen = parseYen(v);
      if (v === "") ctx.addIssue({ code: "custom", message: orderIssue("amountRequired") });
      else if (yen === null) ctx.addIssue({ code: "custom", message: orderIssue("wholeYen") });
      else if (yen <= 0) ctx.addIssue({ code: "custom", message: orderIssue("amountZero") });
      else if (yen > PAYMENT_MAX)
        ctx.addIssue({ code: "custom", message: orderIssue("amountTooMuch", { max: formatYen(PAYMENT_MAX) }) });
    })
    .transform((v) => parseYen(v) ?? 0),
  receivedOn: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine(isRealDay, orderIssue("receivedOn")),
  method: z.enum(PAYMENT_METHODS, { error: orderIssue("method") }),
  reference: text(100),
  overpayment: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "1"),
  key: z
    .string()
    .optional()
    .transform((v) => (/^[A-Za-z0-9_-]{16,64}$/.test(v ?? "") ? v! : null)),
});

/** A container number as ISO 6346 writes it: owner code, category, six digits and a check digit (MSCU1234565). */
const CONTAINER = /^[A-Z]{3}[UJZ]\d{7}$/;

export const ShipmentFormSchema = z
  .object({
    vessel: text(80),
    voyage: text(40),
    portOfLoading: text(80),
    etd: day("etd"),
    eta: day("eta"),
    method: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim())
      .refine((v) => v === "" || (SHIPPING_METHODS as readonly string[]).includes(v), orderIssue("shippingMethod"))
      .transform((v) => (v === "" ? null : (v as (typeof SHIPPING_METHODS)[number]))),
    container: z
      .string()
      .optional()
      .transform((v) => (v ?? "").replace(/[\s-]/g, "").toUpperCase())
      .refine((v) => v === "" || CONTAINER.test(v), orderIssue("container")),
    bl: text(40),
  })
  .superRefine((form, ctx) => {
    if (form.etd && form.eta && form.eta < form.etd)
      ctx.addIssue({ code: "custom", path: ["eta"], message: orderIssue("etaBeforeEtd") });
    if (form.container && form.method !== "container")
      ctx.addIssue({ code: "custom", path: ["method"], message: orderIssue("containerMethod") });
  });

export const CourierFormSchema = z.object({
  courier: z.enum(COURIERS, { error: orderIssue("courier") }),
  tracking: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\s/g, "").toUpperCase())
    .refine((v) => /^[A-Z0-9-]{6,40}$/.test(v), orderIssue("tracking")),
});

export const CancelFormSchema = z.object({
  reason: z
    .string()
    .optional()
    .transform(clean)
    .refine((v) => v !== "", orderIssue("reasonRequired"))
    .refine((v) => v.length <= 500, orderIssue("tooLong", { max: 500 })),
  refundNote: text(1000),
});

export type OrderOutcome =
  | { ok: true; message: Problem }
  | { ok: false; status: 400 | 404 | 409 | 413 | 503; message: Problem; errors?: FieldProblems; values?: TypedValues };

const NOT_FOUND = { ok: false, status: 404, message: orderProblem("notFound") } as const;

/** A form its schema refused: the problem of each field, and what was typed, to show again. */
const refusedForm = (parsed: { errors: FieldProblems; values: TypedValues }): OrderOutcome => ({
  ok: false,
  status: 400,
  message: orderProblem("fix"),
  errors: parsed.errors,
  values: parsed.values,
});

const staffActor = (staff: Staff): Actor => ({ kind: "staff", id: staff.adminId });

/** The buyer's mail about a change, in their language, with the link to the order. */
async function tellBuyer(trx: DB, deal: DealContext, order: OrderRow, change: OrderChange): Promise<void> {
  const language = isLanguage(order.language) ? order.language : "en";
  await enqueueMail(trx, {
    to: order.buyer_email,
    replyTo: deal.ownerEmail,
    quoteId: order.quote_id,
    ...orderUpdateMail(
      language,
      {
        name: order.buyer_name,
        number: order.number,
        item: order.item_name,
        ref: order.ref_id,
        link: orderLink(deal, order),
        shopName: deal.shopName,
      },
      change,
    ),
  });
}

/** Runs one change of an order in a transaction, the order locked; a refusal writes nothing. */
async function withOrder(
  db: DB,
  number: string,
  change: (trx: DB, order: OrderRow) => Promise<OrderOutcome>,
): Promise<OrderOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, number);
      if (!order) return NOT_FOUND;
      const outcome = await change(trx, order);
      // A refusal writes nothing, whatever it had begun: it rolls back.
      if (!outcome.ok) throw new Refused(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

/** Carries a refusal out of its transaction, which it rolls back. */
class Refused extends Error {
  constructor(readonly outcome: OrderOutcome) {
    super("refused");
  }
}

/** The vehicle of a paid (or shipped) order is Sold, and its hold ends as sold. True when this made it Sold. */
async function markSold(trx: DB, order: OrderRow, actor: Actor, at: string): Promise<boolean> {
  if (order.kind !== "vehicle" || order.vehicle_id === null) return false;
  const changed = await setVehicleSold(trx, order, true, actor, at, `sold: order ${order.number} is paid`);
  if (order.quote_id !== null) await endHold(trx, order.quote_id, "released", at, actor);
  return changed;
}

/**
 * Records money received. Part of the balance moves the order to Partly paid,
 * the rest of it to Paid (the vehicle is Sold, its hold ends; parts leave the stock). More than the
 * balance is refused unless the owner marks it as an over-payment to refund.
 */
export async function recordPayment(
  db: DB,
  deal: DealContext,
  number: string,
  form: FormData,
  staff: Staff,
  now = new Date(),
): Promise<OrderOutcome> {
  const parsed = parseForm(form, PaymentFormSchema);
  if (parsed.status === "error") return refusedForm(parsed);
  const input = parsed.value;
  const refuse = (field: string, message: Problem): OrderOutcome => ({
    ok: false,
    status: 400,
    message,
    errors: { [field]: message },
    values: typedValues(form),
  });
  if (input.receivedOn > shopDay(now)) return refuse("receivedOn", orderProblem("receivedFuture"));
  return withOrder(db, number, async (trx, order) => {
    if (input.key) {
      const same = await trx
        .selectFrom("payments")
        .select("id")
        .where("submission_key", "=", input.key)
        .executeTakeFirst();
      if (same) return { ok: true, message: orderProblem("paymentRecorded") };
    }
    if (!takesPayments(order.status))
      return { ok: false, status: 409, message: orderProblem("noPayments", { status: statusName(order.status) }) };
    const balance = order.total - order.paid;
    if (input.amount > balance && !input.overpayment)
      return refuse(
        "amount",
        orderProblem(balance > 0 ? "overBalance" : "nothingDue", {
          amount: formatYen(input.amount),
          balance: formatYen(Math.max(balance, 0)),
        }),
      );
    // What was received never passes the total by more than one payment's most (whole yen, within the database's integers).
    if (order.paid + input.amount > order.total + PAYMENT_MAX)
      return refuse("amount", orderProblem("amountTooMuch", { max: formatYen(PAYMENT_MAX) }));
    const at = now.toISOString();
    const actor = staffActor(staff);
    const paid = order.paid + input.amount;
    await trx
      .insertInto("payments")
      .values({
        order_id: order.id,
        amount: input.amount,
        received_on: input.receivedOn,
        method: input.method,
        reference: input.reference,
        overpayment: input.amount > balance ? 1 : 0,
        submission_key: input.key,
        recorded_by: staff.adminId,
        recorded_at: at,
      })
      .execute();
    const full = paid >= order.total;
    const step = {
      amount: input.amount,
      receivedOn: input.receivedOn,
      method: input.method,
      reference: input.reference,
      paid,
      balance: order.total - paid,
    };
    const wasPaid = order.paid >= order.total;
    // Paid in full: the vehicle is Sold (and its hold ends). Whether this order sold it is kept, so a cancellation undoes only that.
    const take = full && !wasPaid ? await takeParts(trx, order, actor, at) : ({ ok: true, taken: 0 } as const);
    if (!take.ok) return partsShort(take);
    const partsTaken = take.taken;
    const markedSold = full && !wasPaid ? await markSold(trx, order, actor, at) : false;
    const moved = await moveOrder(
      trx,
      order,
      full ? "pay_full" : "pay_part",
      {
        kind: full && !wasPaid ? "paid" : "payment",
        data: { ...step, ...(markedSold ? { markedSold } : {}), ...(partsTaken ? { partsTaken } : {}) },
      },
      actor,
      at,
      { paid },
    );
    if (!moved)
      return { ok: false, status: 409, message: orderProblem("noPayments", { status: statusName(order.status) }) };
    await logActivity(trx, {
      actor,
      action: "order.payment",
      subject: { kind: "order", id: String(order.id) },
      summary: `Order ${order.number}: ${formatYen(input.amount)} received on ${input.receivedOn} (${input.method}${input.reference ? `, ${input.reference}` : ""}); paid ${formatYen(paid)} of ${formatYen(order.total)}`,
      at,
    });
    await tellBuyer(
      trx,
      deal,
      order,
      // Paid in full, or money past the total: never a balance below nothing to pay.
      full
        ? {
            kind: "paid",
            amount: input.amount,
            receivedOn: input.receivedOn,
            total: order.total,
            overpaid: Math.max(paid - order.total, 0),
          }
        : {
            kind: "payment",
            amount: input.amount,
            receivedOn: input.receivedOn,
            paid,
            balance: order.total - paid,
          },
    );
    return { ok: true, message: orderProblem(full && !wasPaid ? "paidInFull" : "paymentRecorded") };
  });
}

/** A part order whose units the stock no longer holds: the owner adds stock or cancels, nothing is recorded. */
const partsShort = (take: Extract<TakeOutcome, { ok: false }>): OrderOutcome => ({
  ok: false,
  status: 409,
  message: orderProblem("partsShort", { inStock: take.inStock, needed: take.needed }),
});

/** A status as the owner's sentences name it. */
const statusName = (status: string): Problem => problem(`messages.orderStatusNames.${status}`);

/**
 * Saves the shipment's facts. Dates that change are kept on the timeline with
 * the old ones; saving what is already there changes nothing and mails nobody.
 */
export async function saveShipment(
  db: DB,
  deal: DealContext,
  number: string,
  form: FormData,
  staff: Staff,
  now = new Date(),
): Promise<OrderOutcome> {
  const parsed = parseForm(form, ShipmentFormSchema);
  if (parsed.status === "error") return refusedForm(parsed);
  const s = parsed.value;
  return withOrder(db, number, async (trx, order) => {
    if (isClosed(order.status))
      return { ok: false, status: 409, message: orderProblem("closed", { status: statusName(order.status) }) };
    const facts = {
      vessel: s.vessel,
      voyage: s.voyage,
      port_of_loading: s.portOfLoading,
      etd: s.etd,
      eta: s.eta,
      shipping_method: s.method,
      container_number: s.container,
      bl_number: s.bl,
    };
    const changed = (Object.keys(facts) as (keyof typeof facts)[]).filter((k) => (order[k] ?? null) !== facts[k]);
    if (changed.length === 0) return { ok: true, message: orderProblem("nothingChanged") };
    const at = now.toISOString();
    const actor = staffActor(staff);
    const onlyDates = changed.every((k) => k === "etd" || k === "eta");
    const hadDates = order.etd !== null || order.eta !== null;
    await trx
      .updateTable("orders")
      .set({ ...facts, updated_at: at })
      .where("id", "=", order.id)
      .execute();
    const previous = { etd: order.etd, eta: order.eta };
    Object.assign(order, facts);
    let change: OrderChange;
    if (onlyDates && hadDates) {
      await addOrderEvent(
        trx,
        order.id,
        "dates",
        { etd: s.etd, eta: s.eta, previousEtd: previous.etd, previousEta: previous.eta },
        "staff",
        at,
      );
      change = { kind: "dates", etd: s.etd, eta: s.eta, previousEtd: previous.etd, previousEta: previous.eta };
    } else {
      const data = {
        vessel: s.vessel,
        voyage: s.voyage,
        portOfLoading: s.portOfLoading,
        etd: s.etd,
        eta: s.eta,
        method: s.method,
        container: s.container,
        bl: s.bl,
        ...(hadDates && (previous.etd !== s.etd || previous.eta !== s.eta)
          ? { previousEtd: previous.etd, previousEta: previous.eta }
          : {}),
      };
      await addOrderEvent(trx, order.id, "shipment", data, "staff", at);
      change = { kind: "shipment", ...data };
    }
    await logActivity(trx, {
      actor,
      action: "order.shipment",
      subject: { kind: "order", id: String(order.id) },
      summary: `Order ${order.number}: shipment ${changed.join(", ")} changed (vessel ${s.vessel || "-"}, ETD ${s.etd ?? "-"}, ETA ${s.eta ?? "-"})`,
      at,
    });
    await tellBuyer(trx, deal, order, change);
    return { ok: true, message: orderProblem("shipmentSaved") };
  });
}

/** The courier and tracking number of the original documents; the timeline links to the carrier's page. */
export async function saveCourier(
  db: DB,
  deal: DealContext,
  number: string,
  form: FormData,
  staff: Staff,
  now = new Date(),
): Promise<OrderOutcome> {
  const parsed = parseForm(form, CourierFormSchema);
  if (parsed.status === "error") return refusedForm(parsed);
  const { courier, tracking } = parsed.value;
  return withOrder(db, number, async (trx, order) => {
    if (order.status === "cancelled")
      return { ok: false, status: 409, message: orderProblem("closed", { status: statusName(order.status) }) };
    if (order.courier === courier && order.tracking_number === tracking)
      return { ok: true, message: orderProblem("nothingChanged") };
    const at = now.toISOString();
    await trx
      .updateTable("orders")
      .set({ courier, tracking_number: tracking, updated_at: at })
      .where("id", "=", order.id)
      .execute();
    await addOrderEvent(trx, order.id, "courier", { courier, tracking }, "staff", at);
    await logActivity(trx, {
      actor: staffActor(staff),
      action: "order.courier",
      subject: { kind: "order", id: String(order.id) },
      summary: `Order ${order.number}: original documents sent by ${courier}, tracking ${tracking}`,
      at,
    });
    await tellBuyer(trx, deal, order, {
      kind: "courier",
      courier,
      tracking,
      trackingUrl: trackingUrl(courier, tracking),
    });
    return { ok: true, message: orderProblem("courierSaved") };
  });
}

/**
 * Shipped, Arrived, Completed. Shipping needs the vessel, and the money in
 * full unless the owner marks the exception (logged); completing needs
 * nothing left to pay.
 */
export async function moveOrderByStaff(
  db: DB,
  deal: DealContext,
  number: string,
  step: string,
  form: FormData,
  staff: Staff,
  now = new Date(),
): Promise<OrderOutcome> {
  if (step !== "ship" && step !== "arrive" && step !== "complete")
    return { ok: false, status: 400, message: orderProblem("unknownStep") };
  return withOrder(db, number, async (trx, order) => {
    const at = now.toISOString();
    const actor = staffActor(staff);
    const balance = order.total - order.paid;
    const cannot = (): OrderOutcome => ({
      ok: false,
      status: 409,
      message: orderProblem(`cannot.${step}`, { status: statusName(order.status) }),
    });
    if (step === "ship") {
      if (!canShip(order.status)) return cannot();
      if (!order.vessel) return { ok: false, status: 409, message: orderProblem("vesselFirst") };
      const exception = form.get("unpaid") === "on";
      if (balance > 0 && !exception)
        return { ok: false, status: 409, message: orderProblem("notPaid", { balance: formatYen(balance) }) };
      // The goods have left for their buyer: a vehicle is Sold and no longer held, parts leave the stock, paid in full or not.
      const take = await takeParts(trx, order, actor, at);
      if (!take.ok) return partsShort(take);
      const partsTaken = take.taken;
      const moved = await moveOrder(
        trx,
        order,
        balance > 0 ? "ship_unpaid" : "ship",
        {
          kind: "shipped",
          data: {
            vessel: order.vessel,
            etd: order.etd,
            eta: order.eta,
            balance: Math.max(balance, 0),
            ...(partsTaken ? { partsTaken } : {}),
          },
        },
        actor,
        at,
      );
      if (!moved) return cannot();
      await markSold(trx, order, actor, at);
      if (balance > 0)
        await logActivity(trx, {
          actor,
          action: "order.shipped_unpaid",
          subject: { kind: "order", id: String(order.id) },
          summary: `Order ${order.number} shipped with ${formatYen(balance)} still to pay (the owner's exception)`,
          at,
        });
      await tellBuyer(trx, deal, order, {
        kind: "shipped",
        vessel: order.vessel,
        etd: order.etd,
        eta: order.eta,
        port: order.port,
        balance: Math.max(balance, 0),
      });
      return { ok: true, message: orderProblem("shipped") };
    }
    if (step === "arrive") {
      if (!(await moveOrder(trx, order, "arrive", { kind: "arrived", data: { port: order.port } }, actor, at)))
        return cannot();
      await tellBuyer(trx, deal, order, { kind: "arrived", port: order.port });
      return { ok: true, message: orderProblem("arrived") };
    }
    if (balance > 0 && order.status === "arrived")
      return { ok: false, status: 409, message: orderProblem("balanceLeft", { balance: formatYen(balance) }) };
    if (!(await moveOrder(trx, order, "complete", { kind: "completed", data: {} }, actor, at))) return cannot();
    await tellBuyer(trx, deal, order, { kind: "completed" });
    return { ok: true, message: orderProblem("completed") };
  });
}

/**
 * Cancels an order before it ships, with a reason, and a refund note when
 * money came in. The deal closes: its hold ends, the invoice is cancelled,
 * and a vehicle this order had made Sold is on sale again.
 */
export async function cancelOrder(
  db: DB,
  deal: DealContext,
  number: string,
  form: FormData,
  staff: Staff,
  now = new Date(),
): Promise<OrderOutcome> {
  const parsed = parseForm(form, CancelFormSchema);
  if (parsed.status === "error") return refusedForm(parsed);
  const { reason, refundNote } = parsed.value;
  return withOrder(db, number, async (trx, order) => {
    if (!canCancel(order.status))
      return { ok: false, status: 409, message: orderProblem("cannot.cancel", { status: statusName(order.status) }) };
    if (order.paid > 0 && refundNote === "")
      return {
        ok: false,
        status: 400,
        message: orderProblem("refundNeeded", { paid: formatYen(order.paid) }),
        errors: { refundNote: orderProblem("refundNeeded", { paid: formatYen(order.paid) }) },
        values: { reason, refundNote },
      };
    const at = now.toISOString();
    const actor = staffActor(staff);
    const wasPaid = order.status === "paid";
    const moved = await moveOrder(
      trx,
      order,
      "cancel",
      { kind: "cancelled", data: { reason, refundNote } },
      actor,
      at,
      { cancel_reason: reason, refund_note: refundNote },
    );
    if (!moved)
      return { ok: false, status: 409, message: orderProblem("cannot.cancel", { status: statusName(order.status) }) };
    await trx
      .updateTable("invoices")
      .set({ voided_at: at, void_reason: "The order was cancelled." })
      .where("id", "=", order.invoice_id)
      .where("voided_at", "is", null)
      .execute();
    if (order.quote_id !== null) {
      const quote = await trx.selectFrom("quotes").select("number").where("id", "=", order.quote_id).executeTakeFirst();
      const locked = quote ? await lockQuote(trx, quote.number) : null;
      if (locked?.status === "accepted") await applyQuoteMove(trx, locked, "close", "staff", actor, at);
    }
    const paidStep = wasPaid
      ? await trx
          .selectFrom("order_events")
          .select("data")
          .where("order_id", "=", order.id)
          .where("kind", "=", "paid")
          .orderBy("id", "desc")
          .executeTakeFirst()
      : undefined;
    const paidWith = paidStep ? (JSON.parse(paidStep.data) as { markedSold?: boolean; partsTaken?: number }) : {};
    const soldByThisOrder = paidWith.markedSold === true;
    // Parts this order took from stock go back.
    await returnParts(trx, order, paidWith.partsTaken ?? 0, actor, at);
    if (soldByThisOrder)
      await setVehicleSold(trx, order, false, actor, at, `is available again: order ${order.number} was cancelled`);
    await tellBuyer(trx, deal, order, { kind: "cancelled", reason, refundNote });
    return { ok: true, message: orderProblem("cancelled") };
  });
}

export type DocumentUpload = { data: Buffer; filename: string };

/**
 * Keeps a document of an order: checked by content, stored privately under a
 * name the server makes. The owner's documents are mailed about (one mail);
 * a buyer's receipt is mailed to the owner, once for receipts close together.
 * Receipts are bounded per order (receipt-limits.server.ts). The same file
 * twice is kept once.
 */
export async function addDocument(
  db: DB,
  store: DocumentStore,
  deal: DealContext,
  order: { number: string },
  upload: DocumentUpload,
  who: { by: "staff"; staff: Staff; kind: DocumentKind; title: string } | { by: "buyer"; actor: Actor },
  now = new Date(),
): Promise<OrderOutcome> {
  const audience = who.by === "staff" ? "staff" : "buyer";
  const kind: DocumentKind = who.by === "staff" ? who.kind : "receipt";
  if (who.by === "staff" && !(STAFF_DOCUMENT_KINDS as readonly string[]).includes(who.kind))
    return { ok: false, status: 400, message: orderProblem("documentKind") };
  const title = who.by === "staff" ? clean(who.title).slice(0, 120) : "";
  if (who.by === "staff" && kind === "other" && title === "")
    return {
      ok: false,
      status: 400,
      message: orderProblem("documentTitle"),
      errors: { title: orderProblem("documentTitle") },
    };
  let checked;
  try {
    checked = await checkDocument(upload.data);
  } catch (error) {
    if (error instanceof DocumentError)
      return { ok: false, status: error.code === "size" ? 413 : 400, message: documentProblem(error.code, audience) };
    throw error;
  }
  const sha256 = createHash("sha256").update(checked.data).digest("hex");
  // The order must exist (and be the buyer's: the caller checked) before anything is stored.
  const exists = await db
    .selectFrom("orders")
    .select(["id", "status"])
    .where("number", "=", order.number)
    .executeTakeFirst();
  if (!exists) return NOT_FOUND;
  // A receipt past the order's limits is refused before anything is stored (and again under the lock below).
  const full = kind === "receipt" ? await receiptRoomProblem(db, exists.id, checked.data.length) : null;
  if (full) return { ok: false, status: 409, message: full };
  let stored;
  try {
    stored = await store.put(checked);
  } catch (error) {
    if (error instanceof DocumentError)
      return { ok: false, status: 503, message: documentProblem(error.code, audience) };
    throw error;
  }
  const written = withOrder(db, order.number, async (trx, row) => {
    if (row.status === "cancelled")
      return { ok: false, status: 409, message: orderProblem("closed", { status: statusName(row.status) }) };
    const same = await trx
      .selectFrom("order_documents")
      .select("id")
      .where("order_id", "=", row.id)
      .where("sha256", "=", sha256)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (same) return { ok: true, message: orderProblem("documentSame") };
    const noRoom = kind === "receipt" ? await receiptRoomProblem(trx, row.id, stored.size) : null;
    if (noRoom) return { ok: false, status: 409, message: noRoom };
    const at = now.toISOString();
    const inserted = await trx
      .insertInto("order_documents")
      .values({
        order_id: row.id,
        kind,
        title,
        file_key: stored.key,
        content_type: stored.contentType,
        size: stored.size,
        original_name: clean(upload.filename).slice(0, 200),
        sha256,
        uploaded_by: who.by,
        uploaded_at: at,
        removed_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const actor = who.by === "staff" ? staffActor(who.staff) : who.actor;
    const toBuyer = who.by === "staff" && kind !== "receipt";
    // Receipts close together make one mail to the owner; each is still a step on the timeline.
    const mailOwner = !toBuyer && !(await ownerMailedLately(trx, row.id, now));
    const step = { documentId: inserted.id, kind, title, ...(mailOwner ? { [OWNER_MAILED]: true } : {}) };
    await addOrderEvent(trx, row.id, "document", step, actor.kind, at);
    await logActivity(trx, {
      actor,
      action: "order.document",
      subject: { kind: "order", id: String(row.id) },
      summary: `Order ${row.number}: ${kind}${title ? ` "${title}"` : ""} uploaded by the ${who.by} (${stored.size} bytes)`,
      at,
    });
    if (toBuyer) await tellBuyer(trx, deal, row, { kind: "document", documentKind: kind, title });
    else if (mailOwner)
      await enqueueMail(trx, {
        to: deal.ownerEmail,
        replyTo: row.buyer_email,
        quoteId: row.quote_id,
        ...ownerMails.receiptMail({
          publicUrl: deal.publicUrl,
          order: row.number,
          buyer: row.buyer_name,
          item: row.item_name,
          ref: row.ref_id,
          balance: row.total - row.paid,
        }),
      });
    return { ok: true, message: orderProblem(who.by === "staff" ? "documentAdded" : "receiptAdded") };
  });
  let outcome: OrderOutcome;
  try {
    outcome = await written;
  } catch (error) {
    // Nothing half-written: a failed write leaves no file behind either.
    await forget(store, stored.key);
    throw error;
  }
  // A refused or repeated upload leaves no file behind.
  if (!outcome.ok || outcome.message.key === "messages.order.documentSame") await forget(store, stored.key);
  return outcome;
}

/** Takes a document off an order (an upload by mistake): it is no longer shown or served, and its bytes are removed. */
export async function removeDocument(
  db: DB,
  store: DocumentStore,
  number: string,
  documentId: number,
  staff: Staff,
  now = new Date(),
): Promise<OrderOutcome> {
  let removedKey: string | null = null;
  const outcome = await withOrder(db, number, async (trx, order) => {
    const document = await trx
      .selectFrom("order_documents")
      .select(["id", "kind", "file_key"])
      .where("id", "=", documentId)
      .where("order_id", "=", order.id)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (!document) return { ok: false, status: 404, message: orderProblem("documentNotFound") };
    const at = now.toISOString();
    await trx.updateTable("order_documents").set({ removed_at: at }).where("id", "=", document.id).execute();
    await logActivity(trx, {
      actor: staffActor(staff),
      action: "order.document_removed",
      subject: { kind: "order", id: String(order.id) },
      summary: `Order ${order.number}: document ${document.id} (${document.kind}) removed`,
      at,
    });
    removedKey = document.file_key;
    return { ok: true, message: orderProblem("documentRemoved") };
  });
  // The bytes go once the removal is written; a failure here leaves a file nobody can reach, and is logged.
  if (outcome.ok && removedKey) await forget(store, removedKey);
  return outcome;
}

/** Removes stored bytes nobody can reach any more; a storage failure is logged, not put to the person who asked. */
async function forget(store: DocumentStore, key: string): Promise<void> {
  try {
    await store.remove(key);
  } catch (error) {
    log("error", "order document left in storage", { key, error: String(error) });
  }
}
