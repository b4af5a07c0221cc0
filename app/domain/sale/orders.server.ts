import type { DB } from "~/db/db.server";
import { logActivity, type ActivityEntry } from "~/domain/activity/activity.server";
import type { DealContext } from "./offers.server";
import { applyQuoteMove, endHold, lockQuote } from "./quote-moves.server";
import { formatYen } from "~/domain/inventory/price";
import { type OrderChange } from "./buyer-mails.server";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { typedValues } from "~/utils/forms";
import { formatDate, shopDay } from "~/i18n/format";
import { type Problem, type ProblemValues } from "~/i18n/problem";
import { returnParts, setVehicleSold, takeParts, type TakeOutcome } from "./stock-moves.server";
import { addOrderEvent, moveOrder, type OrderRow } from "./order-moves.server";
import { canCancel, canShip, isClosed, takesPayments } from "./order-status";
import { trackingUrl } from "./order-types";

import {
  notNow,
  orderProblem,
  orderRefusal,
  parseOrderForm,
  staffActor,
  tellBuyer,
  withOrder,
  type OrderFields,
  type OrderOutcome,
  type StaffChange,
} from "./order-change.server";
import {
  CancelFormSchema,
  CourierFormSchema,
  PaymentFormSchema,
  PAYMENT_MAX,
  ShipmentFormSchema,
} from "./order-schemas.server";
/*
 * What the owner records on an order (issue 21): payments, the shipment and
 * its dates, the courier of the original documents, the steps Shipped,
 * Arrived and Completed, a cancellation, and the deal's documents. Each
 * change is one transaction: the order, its timeline step, the activity log
 * and one mail to the buyer, or nothing at all.
 */

type Actor = ActivityEntry["actor"];

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
export const recordPayment: StaffChange = async (db, deal, number, fields, staff, now = new Date()) => {
  const parsed = parseOrderForm(fields, PaymentFormSchema);
  if (!parsed.ok) return parsed.refused;
  const input = parsed.value;
  const refuse = (field: string, message: Problem): OrderOutcome => ({
    ok: false,
    refusal: "invalid",
    message,
    errors: { [field]: message },
    values: typedValues(fields),
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
    if (!takesPayments(order.status)) return notNow("noPayments", order);
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
    if (!moved) return notNow("noPayments", order);
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
};

/** A part order whose units the stock no longer holds: the owner adds stock or cancels, nothing is recorded. */
const partsShort = (take: Extract<TakeOutcome, { ok: false }>): OrderOutcome =>
  orderRefusal("conflict", "partsShort", { inStock: take.inStock, needed: take.needed });

/**
 * Saves the shipment's facts. Dates that change are kept on the timeline with
 * the old ones; saving what is already there changes nothing and mails nobody.
 */
export const saveShipment: StaffChange = async (db, deal, number, fields, staff, now = new Date()) => {
  const parsed = parseOrderForm(fields, ShipmentFormSchema);
  if (!parsed.ok) return parsed.refused;
  const s = parsed.value;
  return withOrder(db, number, async (trx, order) => {
    if (isClosed(order.status)) return notNow("closed", order);
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
};

/** The courier and tracking number of the original documents; the timeline links to the carrier's page. */
export const saveCourier: StaffChange = async (db, deal, number, fields, staff, now = new Date()) => {
  const parsed = parseOrderForm(fields, CourierFormSchema);
  if (!parsed.ok) return parsed.refused;
  const { courier, tracking } = parsed.value;
  return withOrder(db, number, async (trx, order) => {
    if (order.status === "cancelled") return notNow("closed", order);
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
};

/** A tick of the owner's Shipped form: a confirmation that lets the move past one of its guards. */
export type ShipTick = "unpaid" | "beforeEtd";

type ShipGuard = {
  /** The refusal's sentence (`messages.order.<key>`). */
  key: string;
  /** The tick that confirms the exception; null when nothing may pass. */
  tick: ShipTick | null;
  /** The sentence's values when the order fails the guard; null when it passes. */
  fails: (order: OrderRow, today: string) => ProblemValues | null;
};

/**
 * What must hold before the owner marks an order Shipped, asked in this
 * order: the first that fails, and is not confirmed by its tick, refuses the
 * move. "Shipped" tells the buyer the goods have left Japan, so a ship still
 * to leave (its ETD after today) needs the owner's word that they are already
 * handed over; both exceptions are logged.
 */
export const SHIP_GUARDS: readonly ShipGuard[] = [
  { key: "vesselFirst", tick: null, fails: (order) => (order.vessel ? null : {}) },
  {
    key: "notPaid",
    tick: "unpaid",
    fails: (order) => (order.total - order.paid > 0 ? { balance: formatYen(order.total - order.paid) } : null),
  },
  {
    key: "beforeEtd",
    tick: "beforeEtd",
    fails: (order, today) =>
      order.etd !== null && order.etd > today ? { etd: formatDate(`${order.etd}T12:00:00+09:00`, "en") } : null,
  },
];

/** Whether the form sent this tick. */
const ticked = (fields: OrderFields, tick: ShipTick) => fields[tick] === "on";

/**
 * Shipped, Arrived, Completed. Shipping asks SHIP_GUARDS (the vessel, the
 * money in full, the ship's departure); completing needs nothing left to pay.
 */
export async function moveOrderByStaff(
  db: DB,
  deal: DealContext,
  number: string,
  step: string,
  fields: OrderFields,
  staff: Staff,
  now = new Date(),
): Promise<OrderOutcome> {
  if (step !== "ship" && step !== "arrive" && step !== "complete") return orderRefusal("invalid", "unknownStep");
  return withOrder(db, number, async (trx, order) => {
    const at = now.toISOString();
    const actor = staffActor(staff);
    const balance = order.total - order.paid;
    const cannot = (): OrderOutcome => notNow(`cannot.${step}`, order);
    if (step === "ship") {
      if (!canShip(order.status)) return cannot();
      const today = shopDay(now);
      const confirmed: ShipTick[] = [];
      for (const guard of SHIP_GUARDS) {
        const values = guard.fails(order, today);
        if (!values) continue;
        // The ticks already given stay ticked on the form sent back.
        if (!guard.tick || !ticked(fields, guard.tick))
          return { ...orderRefusal("conflict", guard.key, values), values: typedValues(fields) };
        confirmed.push(guard.tick);
      }
      const early = confirmed.includes("beforeEtd");
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
            ...(early ? { beforeEtd: true } : {}),
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
      if (early)
        await logActivity(trx, {
          actor,
          action: "order.shipped_before_etd",
          subject: { kind: "order", id: String(order.id) },
          summary: `Order ${order.number} marked shipped on ${today}, before its ETD ${order.etd} (the owner confirmed)`,
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
      return orderRefusal("conflict", "balanceLeft", { balance: formatYen(balance) });
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
export const cancelOrder: StaffChange = async (db, deal, number, fields, staff, now = new Date()) => {
  const parsed = parseOrderForm(fields, CancelFormSchema);
  if (!parsed.ok) return parsed.refused;
  const { reason, refundNote } = parsed.value;
  return withOrder(db, number, async (trx, order) => {
    if (!canCancel(order.status)) return notNow("cannot.cancel", order);
    if (order.paid > 0 && refundNote === "")
      return {
        ok: false,
        refusal: "invalid",
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
    if (!moved) return notNow("cannot.cancel", order);
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
};
