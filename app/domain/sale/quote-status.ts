/**
 * The one place that says how a quote's status may change (issue 20):
 * Pending -> Offered -> Accepted | Declined | Expired -> Closed, and
 * Pending -> Closed. An accepted deal whose hold ends unpaid lapses to
 * Expired. The owner may offer again after a decline or an expiry
 * (or replace an open offer), withdraw an open offer by closing, and reopen a
 * closed quote. Each move names who makes it and what becomes of the offer
 * it concerns. Browser-safe.
 */
import type { OfferStatus } from "./deal-types";

export const QUOTE_STATUSES = ["pending", "offered", "accepted", "declined", "expired", "closed"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** What happens to a quote. */
export type QuoteEvent = "offer" | "accept" | "decline" | "expire" | "close" | "reopen";
/** Who may make a move: the shop's staff, the buyer (signed in or through the offer mail's link), or the shop's own worker. */
export type QuoteActor = "staff" | "buyer" | "system";

type Move = { from: QuoteStatus; event: QuoteEvent; to: QuoteStatus; by: QuoteActor };

const MOVES: readonly Move[] = [
  { from: "pending", event: "offer", to: "offered", by: "staff" },
  { from: "pending", event: "close", to: "closed", by: "staff" },
  // A new offer replaces the open one.
  { from: "offered", event: "offer", to: "offered", by: "staff" },
  { from: "offered", event: "accept", to: "accepted", by: "buyer" },
  { from: "offered", event: "decline", to: "declined", by: "buyer" },
  { from: "offered", event: "expire", to: "expired", by: "system" },
  // Closing an open offer withdraws it.
  { from: "offered", event: "close", to: "closed", by: "staff" },
  // Closing an accepted deal ends its hold.
  { from: "accepted", event: "close", to: "closed", by: "staff" },
  // An accepted deal whose hold ran out (or that the owner released) lapses unpaid: it may be offered again.
  { from: "accepted", event: "expire", to: "expired", by: "system" },
  { from: "accepted", event: "expire", to: "expired", by: "staff" },
  { from: "declined", event: "offer", to: "offered", by: "staff" },
  { from: "declined", event: "close", to: "closed", by: "staff" },
  { from: "expired", event: "offer", to: "offered", by: "staff" },
  { from: "expired", event: "close", to: "closed", by: "staff" },
  { from: "closed", event: "reopen", to: "pending", by: "staff" },
];

/**
 * What a move does to the offer it concerns (the open one): `offer` replaces
 * an open offer, the buyer's answers and the expiry are written on it, and
 * closing withdraws it. Moves that find no open offer change no offer.
 */
export const OFFER_AFTER: Partial<Record<QuoteEvent, OfferStatus>> = {
  offer: "replaced",
  accept: "accepted",
  decline: "declined",
  expire: "expired",
  close: "withdrawn",
};

export function isQuoteStatus(value: unknown): value is QuoteStatus {
  return QUOTE_STATUSES.includes(value as QuoteStatus);
}

/** The status a move leads to, or null when that move is not allowed from `from` (or not by `by`). */
export function nextStatus(from: QuoteStatus, event: QuoteEvent, by: QuoteActor): QuoteStatus | null {
  return MOVES.find((m) => m.from === from && m.event === event && m.by === by)?.to ?? null;
}

/** Whether the owner may write an offer on a quote in this status. */
export function canOffer(status: QuoteStatus): boolean {
  return nextStatus(status, "offer", "staff") !== null;
}

/**
 * The buttons the owner has on a quote in this status: close and reopen
 * (writing an offer has a form of its own, and releasing a hold a button of its own).
 */
export function staffMovesFrom(status: QuoteStatus): { event: QuoteEvent; to: QuoteStatus }[] {
  const buttons = MOVES.filter((m) => m.from === status && (m.event === "close" || m.event === "reopen"));
  // Stryker disable next-line all: every close and reopen move is the staff's today; this keeps it so if one is added.
  const staffs = buttons.filter((m) => m.by === "staff");
  return staffs.map((m) => ({ event: m.event, to: m.to }));
}

/** Every allowed move, for tests and documentation. */
export function allMoves(): readonly Move[] {
  return MOVES;
}

/** Statuses in which the buyer is waiting for nothing more from the shop, or the shop for nothing more from the buyer. */
export const OPEN_QUOTE_STATUSES: readonly QuoteStatus[] = ["pending", "offered", "accepted"];
