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
} from "~/domain/quotes/quote-status";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import { problem, type Problem } from "~/i18n/problem";
import type { HoldEndReason } from "./deal-types";

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

/**
 * Ends a vehicle's active hold of this quote, and puts the vehicle back on
 * sale if it is still reserved and nobody else holds it. Returns the hold
 * ended, or null when the quote held nothing.
 */
export async function endHold(
  trx: Trx,
  quoteId: number,
  reason: HoldEndReason,
  at: string,
  actor: ActivityEntry["actor"],
) {
  const hold = await trx
    .selectFrom("holds")
    .select(["id", "vehicle_id", "expires_at"])
    .where("quote_id", "=", quoteId)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  if (!hold) return null;
  await trx.updateTable("holds").set({ ended_at: at, end_reason: reason }).where("id", "=", hold.id).execute();
  if (reason !== "sold") {
    const freed = await trx
      .updateTable("vehicles")
      .set({ stock_status: "available", updated_at: at })
      .where("id", "=", hold.vehicle_id)
      .where("stock_status", "=", "reserved")
      .executeTakeFirst();
    if (Number(freed.numUpdatedRows) === 1)
      await logActivity(trx, {
        actor,
        action: "vehicle.hold_ended",
        subject: { kind: "vehicle", id: String(hold.vehicle_id) },
        summary: `Vehicle ${hold.vehicle_id} is available again: its hold ended (${reason})`,
        at,
      });
  }
  return hold;
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
  if (event === "close" && quote.status === "accepted") {
    await endHold(trx, quote.id, "closed", at, actor);
    await trx
      .updateTable("invoices")
      .set({ voided_at: at, void_reason: "The deal was closed before payment." })
      .where("quote_id", "=", quote.id)
      .where("voided_at", "is", null)
      .execute();
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

/** The owner's buttons on a quote: close (withdrawing an open offer, ending an accepted deal's hold) and reopen. */
export async function moveQuoteByStaff(db: DB, number: string, event: string, staff: Staff): Promise<MoveOutcome> {
  if (event !== "close" && event !== "reopen") return { ok: false, message: staffText("unknownStatus") };
  return db.transaction().execute(async (trx) => {
    const quote = await lockQuote(trx, number);
    if (!quote || !isQuoteStatus(quote.status)) return { ok: false, message: staffText("quoteNotFound") };
    return applyQuoteMove(trx, quote, event, "staff", { kind: "staff", id: staff.adminId }, new Date().toISOString());
  });
}
