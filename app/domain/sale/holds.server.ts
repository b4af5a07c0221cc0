import type { ExpressionBuilder } from "kysely";
import type { Database } from "~/db/schema";
import * as ownerMails from "./owner-mails.server";
import type { DB } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { dealLapsedMail, holdEndedMail, holdExtendedMail } from "./buyer-mails.server";
import { shopDay } from "~/i18n/format";
import type { InvoiceDocument } from "./deal-types";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { mailQuoteBuyer, quoteBuyer } from "~/domain/mail/quote-buyer.server";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { isLanguage } from "~/i18n/languages";
import { problem, type Problem } from "~/i18n/problem";
import { startWorker } from "~/utils/worker.server";
import { runPartyChangeClock } from "./party-changes.server";
import { HOLD_DAYS_RANGE } from "./deal-settings";
import { addWorkingDays } from "./deal-time";
import type { DealContext } from "./offers.server";
import { quoteHasPaidOrder } from "./order-moves.server";
import { liveOrder } from "./order-sql.server";
import { applyQuoteMove, endHold, lockQuote, type LockedQuote, openOfferOf } from "./quote-moves.server";

/*
 * Holds and offers that run out (issue 20.2). A worker, every minute, marks
 * offers past their validity as expired and ends holds past their expiry:
 * the vehicle is on sale again and the buyer and the owner are told by mail.
 * The owner may extend a hold or release it by hand.
 */

type Actor = Parameters<typeof logActivity>[1]["actor"];

/**
 * Ends one quote's hold in the caller's transaction (the quote locked): the
 * deal lapses (Accepted -> Expired) and its invoice is cancelled. When the
 * vehicle went back on sale, the buyer and the owner are told; a vehicle sold
 * meanwhile stays sold and nobody is told it is on sale.
 */
async function endHoldAndTell(
  trx: DB,
  deal: DealContext,
  quote: LockedQuote,
  reason: "expired" | "released",
  actor: Actor,
  at: string,
): Promise<boolean> {
  const hold = await endHold(trx, quote.id, reason, at, actor);
  if (!hold) return false;
  if (quote.status === "accepted" && hold.reason !== "sold")
    await applyQuoteMove(trx, quote, "expire", actor.kind === "staff" ? "staff" : "system", actor, at);
  if (!hold.freed) return true;
  const buyer = await quoteBuyer(trx, quote.id);
  const { name, item, ref } = buyer;
  const ended = {
    ended: at,
    reason,
    shopName: deal.shopName,
    publicUrl: deal.publicUrl,
    invoice: buyer.invoice ?? buyer.number,
  };
  await mailQuoteBuyer(trx, buyer, deal.ownerEmail, holdEndedMail(buyer.language, { name, item, ref, ...ended }));
  await enqueueMail(trx, {
    to: deal.ownerEmail,
    quoteId: quote.id,
    ...ownerMails.holdEndedMail({ publicUrl: deal.publicUrl, quote: buyer.number, item, ref, reason }),
  });
  return true;
}

/**
 * Expires offers past their validity and ends holds past their expiry, lapses part deals past
 * their due day, and applies changes of consignee whose day has passed. Returns how many of each.
 * The time is read through Date.now, the clock a test can move forward. Each is checked again
 * inside its own transaction with the quote locked: the owner may have replaced the offer or
 * extended the hold meanwhile.
 */
export async function runDealClock(db: DB, deal: DealContext, now = new Date(Date.now())) {
  const at = now.toISOString();
  const system: Actor = { kind: "system", id: null };
  let offers = 0;
  let holds = 0;
  const staleOffers = await db
    .selectFrom("offers")
    .innerJoin("quotes", "quotes.id", "offers.quote_id")
    .select("quotes.number")
    .where("offers.status", "=", "open")
    .where("offers.valid_until", "<", at)
    .limit(500)
    .execute();
  for (const { number } of staleOffers) {
    const moved = await db.transaction().execute(async (trx) => {
      const quote = await lockQuote(trx, number);
      const open = quote ? await openOfferOf(trx, quote.id) : undefined;
      if (!quote || !open || open.valid_until >= at) return false;
      return (await applyQuoteMove(trx, quote, "expire", "system", system, at)).ok;
    });
    if (moved) offers++;
  }
  const staleHolds = await db
    .selectFrom("holds")
    .innerJoin("quotes", "quotes.id", "holds.quote_id")
    .select("quotes.number")
    .where("holds.ended_at", "is", null)
    .where("holds.expires_at", "<", at)
    // Money has come in for the deal: the owner decides (extend, or cancel the order with a refund note).
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("orders").select("orders.id").whereRef("orders.quote_id", "=", "holds.quote_id").where(liveOrder),
        ),
      ),
    )
    .limit(500)
    .execute();
  for (const { number } of staleHolds) {
    const ended = await db.transaction().execute(async (trx) => {
      const quote = await lockQuote(trx, number);
      if (!quote) return false;
      const still = await trx
        .selectFrom("holds")
        .select("id")
        .where("quote_id", "=", quote.id)
        .where("ended_at", "is", null)
        .where("expires_at", "<", at)
        .executeTakeFirst();
      if (!still || (await quoteHasPaidOrder(trx, quote.id))) return false;
      const done = await endHoldAndTell(trx, deal, quote, "expired", system, at);
      if (done)
        await logActivity(trx, {
          actor: system,
          action: "hold.expired",
          subject: { kind: "quote", id: String(quote.id) },
          summary: `Hold of quote ${number} expired`,
          at,
        });
      return done;
    });
    if (ended) holds++;
  }
  const parts = await lapsePartDeals(db, deal, now);
  const consigneeChanges = await runPartyChangeClock(db, deal, now);
  return { offers, holds, parts, consigneeChanges };
}

/** Days after an unpaid part invoice's due day before its deal lapses (a bank transfer's time on the way). */
export const PART_LAPSE_GRACE_DAYS = 3;

/** The buyer's receipt on the order: they say they have paid, so the owner decides, not the clock. */
const receiptOf = (selectFrom: ExpressionBuilder<Database, "orders">["selectFrom"]) =>
  selectFrom("order_documents")
    .select("order_documents.id")
    .whereRef("order_documents.order_id", "=", "orders.id")
    .where("order_documents.kind", "=", "receipt")
    .where("order_documents.removed_at", "is", null);

/**
 * A part deal holds no vehicle but promises units: when its invoice's due
 * day has passed (and a few days for the transfer) with nothing paid and no
 * receipt sent, the deal lapses (Accepted -> Expired), its
 * invoice and order are cancelled, the units can be ordered again, and the
 * buyer and the owner are told. Money in keeps it for the owner to decide.
 */
async function lapsePartDeals(db: DB, deal: DealContext, now: Date): Promise<number> {
  const at = now.toISOString();
  // A transfer sent on the due day takes a few days to arrive: the deal lapses only after them.
  const today = shopDay(new Date(now.getTime() - PART_LAPSE_GRACE_DAYS * 86_400_000));
  const system: Actor = { kind: "system", id: null };
  const due = await db
    .selectFrom("orders")
    .innerJoin("quotes", "quotes.id", "orders.quote_id")
    .innerJoin("invoices", "invoices.id", "orders.invoice_id")
    .select("quotes.number")
    .where("orders.kind", "=", "part")
    .where("orders.status", "=", "awaiting_payment")
    .where("orders.paid", "=", 0)
    .where("invoices.voided_at", "is", null)
    .where("invoices.due_date", "<", today)
    .where(({ not, exists, selectFrom }) => not(exists(receiptOf(selectFrom))))
    .limit(500)
    .execute();
  let lapsed = 0;
  for (const { number } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const quote = await lockQuote(trx, number);
      if (!quote || quote.status !== "accepted" || (await quoteHasPaidOrder(trx, quote.id))) return false;
      const order = await trx
        .selectFrom("orders")
        .innerJoin("invoices", "invoices.id", "orders.invoice_id")
        .select(["orders.number", "orders.buyer_name", "orders.buyer_email", "orders.language", "invoices.due_date"])
        .select(["orders.item_name", "orders.ref_id"])
        .where("orders.quote_id", "=", quote.id)
        .where("orders.status", "=", "awaiting_payment")
        .where("invoices.due_date", "<", today)
        .where(({ not, exists, selectFrom }) => not(exists(receiptOf(selectFrom))))
        .executeTakeFirst();
      if (!order) return false;
      if (!(await applyQuoteMove(trx, quote, "expire", "system", system, at)).ok) return false;
      // The buyer as the order has them: the name and address the invoice was made out to.
      const language = isLanguage(order.language) ? order.language : "en";
      const [name, item, ref] = [order.buyer_name, order.item_name, order.ref_id];
      const buyer = {
        quoteId: quote.id,
        number,
        email: order.buyer_email,
        language,
        name,
        item,
        ref,
        invoice: order.number,
      };
      const lapsed = { invoice: order.number, due: order.due_date, shopName: deal.shopName, publicUrl: deal.publicUrl };
      await mailQuoteBuyer(trx, buyer, deal.ownerEmail, dealLapsedMail(language, { name, item, ref, ...lapsed }));
      await enqueueMail(trx, {
        to: deal.ownerEmail,
        quoteId: quote.id,
        ...ownerMails.dealLapsedMail({
          publicUrl: deal.publicUrl,
          quote: number,
          invoice: order.number,
          item: order.item_name,
          ref: order.ref_id,
          due: order.due_date,
        }),
      });
      return true;
    });
    if (done) lapsed++;
  }
  return lapsed;
}

/** Runs the deal clock every `everyMs` (a minute unless configured). */
export function startDealWorker(db: DB, deal: DealContext, everyMs: number) {
  return startWorker("deal clock", everyMs, () => runDealClock(db, deal));
}

export type HoldOutcome = { ok: true; expiresAt?: string } | { ok: false; message: Problem };

const holdProblem = (key: string, values?: Record<string, number>) => problem(`messages.hold.${key}`, values);

/** Extends a quote's active hold by working days, counted from its expiry (or from now, if that is later). */
export async function extendHold(
  db: DB,
  deal: DealContext,
  number: string,
  daysTyped: string,
  staff: Staff,
  now = new Date(),
): Promise<HoldOutcome> {
  const days = /^\d{1,2}$/.test(daysTyped.trim()) ? Number(daysTyped.trim()) : NaN;
  if (!(days >= HOLD_DAYS_RANGE.min && days <= HOLD_DAYS_RANGE.max))
    return { ok: false, message: holdProblem("days", { min: HOLD_DAYS_RANGE.min, max: HOLD_DAYS_RANGE.max }) };
  return db.transaction().execute(async (trx) => {
    const quote = await lockQuote(trx, number);
    if (!quote) return { ok: false, message: problem("messages.text.quoteNotFound") };
    const hold = await trx
      .selectFrom("holds")
      .select(["id", "expires_at", "vehicle_id"])
      .where("quote_id", "=", quote.id)
      .where("ended_at", "is", null)
      .executeTakeFirst();
    if (!hold) return { ok: false, message: holdProblem("none") };
    const from = new Date(Math.max(now.getTime(), Date.parse(hold.expires_at)));
    const expiresAt = addWorkingDays(from, days).toISOString();
    await trx.updateTable("holds").set({ expires_at: expiresAt }).where("id", "=", hold.id).execute();
    // The invoice is due when the hold ends: its due date (printed, and on /verify) moves with it.
    const due = shopDay(new Date(expiresAt));
    const invoice = await trx
      .selectFrom("invoices")
      .select(["id", "number", "document"])
      .where("quote_id", "=", quote.id)
      .where("voided_at", "is", null)
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (invoice) {
      const document = { ...(JSON.parse(invoice.document) as InvoiceDocument), dueDate: due };
      await trx
        .updateTable("invoices")
        .set({ due_date: due, document: JSON.stringify(document) })
        .where("id", "=", invoice.id)
        .execute();
      const buyer = await quoteBuyer(trx, quote.id);
      const { name, item, ref } = buyer;
      const extended = {
        until: expiresAt,
        invoice: invoice.number,
        due,
        shopName: deal.shopName,
        publicUrl: deal.publicUrl,
      };
      await mailQuoteBuyer(
        trx,
        buyer,
        deal.ownerEmail,
        holdExtendedMail(buyer.language, { name, item, ref, ...extended }),
      );
    }
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "hold.extended",
      subject: { kind: "quote", id: String(quote.id) },
      summary: `Hold of quote ${number} on vehicle ${hold.vehicle_id} extended by ${days} working days to ${expiresAt}`,
      at: now.toISOString(),
    });
    return { ok: true, expiresAt };
  });
}

/** Ends a quote's active hold now: the vehicle is on sale again, the buyer and the owner are told. */
export async function releaseHold(
  db: DB,
  deal: DealContext,
  number: string,
  staff: Staff,
  now = new Date(),
): Promise<HoldOutcome> {
  return db.transaction().execute(async (trx) => {
    const quote = await lockQuote(trx, number);
    if (!quote) return { ok: false, message: problem("messages.text.quoteNotFound") };
    const actor: Actor = { kind: "staff", id: staff.adminId };
    const at = now.toISOString();
    if (await quoteHasPaidOrder(trx, quote.id)) return { ok: false, message: holdProblem("paid") };
    if (!(await endHoldAndTell(trx, deal, quote, "released", actor, at)))
      return { ok: false, message: holdProblem("none") };
    await logActivity(trx, {
      actor,
      action: "hold.released",
      subject: { kind: "quote", id: String(quote.id) },
      summary: `Hold of quote ${number} released by hand`,
      at,
    });
    return { ok: true };
  });
}
