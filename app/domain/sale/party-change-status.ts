/**
 * The one place that says how a change of an order's consignee and notify
 * party moves (issue 42.2). Once they are on an issued invoice, a change is
 * the classic fraud of this trade (a hijacked mailbox sends the car to
 * someone else), so it is slow on purpose:
 *
 *   Awaiting code -> Waiting -> Applied
 *
 * The buyer asks with their password and gets a code at the address on the
 * account; the code moves the change to Waiting, and everyone is mailed. It
 * is applied by the shop's clock when the wait is over, or sooner by the
 * owner after a call to the buyer. The buyer may withdraw it and the owner
 * refuse it until then; a code not given in time, or wrong too often,
 * lapses it; a bill of lading made out first stops it. Browser-safe.
 */

export const PARTY_CHANGE_STATUSES = ["awaiting_code", "waiting", "applied", "withdrawn", "refused", "lapsed"] as const;
export type PartyChangeStatus = (typeof PARTY_CHANGE_STATUSES)[number];

/** What happens to a change. */
export type PartyChangeEvent = "confirm" | "apply" | "approve" | "withdraw" | "refuse" | "lapse" | "block";
/** Who makes a move: the buyer, the shop's staff, or the shop's own clock. */
export type PartyChangeActor = "customer" | "staff" | "system";

type Move = { from: PartyChangeStatus; event: PartyChangeEvent; to: PartyChangeStatus; by: PartyChangeActor };

const MOVES: readonly Move[] = [
  // The right code, in time, from the address on the account.
  { from: "awaiting_code", event: "confirm", to: "waiting", by: "customer" },
  { from: "awaiting_code", event: "withdraw", to: "withdrawn", by: "customer" },
  // Too many wrong codes, or none in time.
  { from: "awaiting_code", event: "lapse", to: "lapsed", by: "customer" },
  { from: "awaiting_code", event: "lapse", to: "lapsed", by: "system" },
  // The wait is over.
  { from: "waiting", event: "apply", to: "applied", by: "system" },
  // The owner called the buyer on the number they know and approves sooner.
  { from: "waiting", event: "approve", to: "applied", by: "staff" },
  { from: "waiting", event: "refuse", to: "refused", by: "staff" },
  { from: "waiting", event: "withdraw", to: "withdrawn", by: "customer" },
  // The bill of lading was made out (or the order cancelled) first: it names the consignee as it was.
  { from: "awaiting_code", event: "block", to: "refused", by: "system" },
  { from: "waiting", event: "block", to: "refused", by: "system" },
];

/** The statuses in which a change is still open: a second one is refused while one is. */
export const OPEN_PARTY_CHANGE: readonly PartyChangeStatus[] = ["awaiting_code", "waiting"];

/** How long a change waits before it is applied, unless the owner approves it sooner. */
export const CHANGE_WAIT_MS = 24 * 60 * 60 * 1000;
/** How long the mailed code is good for. */
export const CODE_VALID_MS = 30 * 60 * 1000;
/** Wrong codes allowed before the change lapses. */
export const CODE_TRIES = 5;
/** Changes one order may ask for in a day (each mails the people it names). */
export const CHANGES_PER_DAY = 3;

/** The status a move leads to, or null when that move is not allowed from `from` (or not by `by`). */
export function nextPartyChangeStatus(
  from: PartyChangeStatus,
  event: PartyChangeEvent,
  by: PartyChangeActor,
): PartyChangeStatus | null {
  return MOVES.find((m) => m.from === from && m.event === event && m.by === by)?.to ?? null;
}

/** Every allowed move, for tests and documentation. */
export function allPartyChangeMoves(): readonly Move[] {
  return MOVES;
}
