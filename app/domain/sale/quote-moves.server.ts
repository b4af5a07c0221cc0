import type { Kysely } from "kysely";
import { dialectOf, type DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { logActivity, type ActivityEntry } from "~/domain/activity/activity.server";
import {
  isQuoteStatus,
  nextStatus,
  OFFER_AFTER,
  type QuoteActor,
  type QuoteEvent,
  type QuoteStatus,
} from "./quote-status";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import { problem, type Problem } from "~/i18n/problem";
import type { HoldEndReason } from "./deal-types";
import { cancelUnpaidOrders, quoteHasPaidOrder } from "./order-moves.server";
import { dealClosedMail } from "./buyer-mails.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { isLanguage } from "~/i18n/languages";
import { freeVehicle } from "./stock-moves.server";

/*
 * Every change of a quote's status goes through `applyQuoteMove`, inside the
 * transaction of the change: it asks the state machine (quote-status.ts),
 * writes the new status, settles the open offer, ends the hold of a deal
 * that is closed, and logs the move.
 */

type Trx = Kysely<Database>;

export type LockedQuote = {
  id: number;
  number: string;
  status: QuoteStatus;
  kind: "vehicle" | "part";
  vehicle_id: number | null;
  part_id: number | null;
  customer_id: number | null;
};

/** A quote by number, locked until the transaction ends (PostgreSQL; SQLite runs one write transaction at a time). */
export async function lockQuote(trx: Trx, number: string): Promise<LockedQuote | null> {
  if (!/^\d{10}$/.test(number)) return null;
  const row = await trx
    .selectFrom("quotes")
    .select(["id", "number", "status", "kind", "vehicle_id", "part_id", "customer_id"])
    .where("number", "=", number)
    .$if(dialectOf(trx) === "postgres", (q) => q.forUpdate())
    .executeTakeFirst();
  return row ?? null;
}

/** The quote's open offer, if it has one (at most one is open). */
export async function openOfferOf(trx: Trx, quoteId: number) {
  return trx
    .selectFrom("offers")
    .selectAll()
    .where("quote_id", "=", quoteId)
    .where("status", "=", "open")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** Why an invoice stops being payable, as its cancellation reason says. */
const VOID_REASON: Record<Exclude<HoldEndReason, "sold">, string> = {
  expired: "The reservation ended before payment.",
  released: "The reservation was released before payment.",
  closed: "The deal was closed before payment.",
};

/**
 * Ends a vehicle's active hold of this quote. A vehicle sold meanwhile stays
 * sold (the hold ends as "sold"); otherwise, when it is still reserved, it is
 * on sale again and the quote's unpaid invoices are cancelled, so nobody pays
 * for a vehicle that is no longer kept for them. Returns the hold ended and
 * whether the vehicle went back on sale, or null when the quote held nothing.
 */
export async function endHold(
  trx: Trx,
  quoteId: number,
  reason: Exclude<HoldEndReason, "sold">,
  at: string,
  actor: ActivityEntry["actor"],
): Promise<{ vehicleId: number; reason: HoldEndReason; freed: boolean } | null> {
  const hold = await trx
    .selectFrom("holds")
    .innerJoin("vehicles", "vehicles.id", "holds.vehicle_id")
    .select(["holds.id", "holds.vehicle_id", "vehicles.stock_status"])
    .where("holds.quote_id", "=", quoteId)
    .where("holds.ended_at", "is", null)
    .executeTakeFirst();
  if (!hold) return null;
  const ended: HoldEndReason = hold.stock_status === "sold" ? "sold" : reason;
  // Only the hold still active is ended: two enders at once end it once.
  const done = await trx
    .updateTable("holds")
    .set({ ended_at: at, end_reason: ended })
    .where("id", "=", hold.id)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return null;
  if (ended === "sold") return { vehicleId: hold.vehicle_id, reason: ended, freed: false };
  await trx
    .updateTable("invoices")
    .set({ voided_at: at, void_reason: VOID_REASON[reason] })
    .where("quote_id", "=", quoteId)
    .where("voided_at", "is", null)
    .execute();
  await cancelUnpaidOrders(trx, quoteId, VOID_REASON[reason], actor, at);
  const onSale = await freeVehicle(trx, hold.vehicle_id, actor, at, reason);
  return { vehicleId: hold.vehicle_id, reason: ended, freed: onSale };
}

export type MoveOutcome = { ok: true; to: QuoteStatus } | { ok: false; message: Problem };

/**
 * Makes one move of the state machine on a locked quote: its status, the open
 * offer's outcome, the end of an accepted deal's hold and invoice when it is
 * closed, and the activity log. A move the machine does not allow changes
 * nothing.
 */
export async function applyQuoteMove(
  trx: Trx,
  quote: LockedQuote,
  event: QuoteEvent,
  by: QuoteActor,
  actor: ActivityEntry["actor"],
  at: string,
): Promise<MoveOutcome> {
  const to = nextStatus(quote.status, event, by);
  if (!to) {
    return {
      ok: false,
      message: staffPattern("cannotMoveQuote", {
        from: problem(`messages.statusNames.${quote.status}`),
        event: problem(`messages.quoteEvents.${event}`),
      }),
    };
  }
  await trx.updateTable("quotes").set({ status: to, updated_at: at }).where("id", "=", quote.id).execute();
  const settled = OFFER_AFTER[event];
  if (settled)
    await trx
      .updateTable("offers")
      .set({ status: settled, ...(by === "buyer" || by === "system" ? { answered_at: at } : {}) })
      .where("quote_id", "=", quote.id)
      .where("status", "=", "open")
      .execute();
  if ((event === "close" || event === "expire") && quote.status === "accepted") {
    if (event === "close") await endHold(trx, quote.id, "closed", at, actor);
    // A deal without a hold (parts) has its invoice cancelled all the same, and its order with it.
    const reason = VOID_REASON[event === "close" ? "closed" : "expired"];
    await trx
      .updateTable("invoices")
      .set({ voided_at: at, void_reason: reason })
      .where("quote_id", "=", quote.id)
      .where("voided_at", "is", null)
      .execute();
    await cancelUnpaidOrders(trx, quote.id, reason, actor, at);
  }
  await logActivity(trx, {
    actor,
    action: "quote.status_changed",
    subject: { kind: "quote", id: String(quote.id) },
    summary: `Quote ${quote.number}: ${quote.status} → ${to} (${event})`,
    at,
  });
  quote.status = to;
  return { ok: true, to };
}

/**
 * The owner's buttons on a quote: close (withdrawing an open offer, ending an
 * accepted deal's hold) and reopen. A buyer whose accepted deal is closed is
 * told that the invoice is cancelled.
 */
export async function moveQuoteByStaff(
  db: DB,
  number: string,
  event: string,
  staff: Staff,
  deal?: { ownerEmail: string; shopName: string; publicUrl: URL },
): Promise<MoveOutcome> {
  if (event !== "close" && event !== "reopen") return { ok: false, message: staffText("unknownStatus") };
  return db.transaction().execute(async (trx) => {
    const quote = await lockQuote(trx, number);
    if (!quote || !isQuoteStatus(quote.status)) return { ok: false, message: staffText("quoteNotFound") };
    // A deal with money in is ended by cancelling its order, with a refund note.
    if (event === "close" && (await quoteHasPaidOrder(trx, quote.id)))
      return { ok: false, message: problem("messages.hold.paid") };
    const wasAccepted = quote.status === "accepted";
    const moved = await applyQuoteMove(
      trx,
      quote,
      event,
      "staff",
      { kind: "staff", id: staff.adminId },
      new Date().toISOString(),
    );
    if (moved.ok && wasAccepted && deal) {
      const row = await trx
        .selectFrom("quotes")
        .select(["name", "email", "item_name", "ref_id", "language"])
        .where("id", "=", quote.id)
        .executeTakeFirstOrThrow();
      const invoice = await trx
        .selectFrom("invoices")
        .select("number")
        .where("quote_id", "=", quote.id)
        .orderBy("id", "desc")
        .executeTakeFirst();
      if (invoice)
        await enqueueMail(trx, {
          to: row.email,
          replyTo: deal.ownerEmail,
          quoteId: quote.id,
          ...dealClosedMail(isLanguage(row.language) ? row.language : "en", {
            name: row.name,
            item: row.item_name,
            ref: row.ref_id,
            invoice: invoice.number,
            shopName: deal.shopName,
            publicUrl: deal.publicUrl,
          }),
        });
    }
    return moved;
  });
}
