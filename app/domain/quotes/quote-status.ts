/**
 * The one place that says how a quote's status may change (DECISIONS "Quotes
 * and e-mail"): Pending -> Responded -> Closed, and a closed quote can be
 * reopened. Browser-safe.
 */
export const QUOTE_STATUSES = ["pending", "responded", "closed"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABEL: Record<QuoteStatus, string> = {
  pending: "Pending",
  responded: "Responded",
  closed: "Closed",
};

const MOVES: Record<QuoteStatus, { to: QuoteStatus; label: string }[]> = {
  pending: [{ to: "responded", label: "Mark as responded" }],
  responded: [{ to: "closed", label: "Close" }],
  closed: [{ to: "pending", label: "Reopen" }],
};

export function isQuoteStatus(value: unknown): value is QuoteStatus {
  return QUOTE_STATUSES.includes(value as QuoteStatus);
}

/** The moves the owner may make from a status, with their button labels. */
export function movesFrom(status: QuoteStatus) {
  return MOVES[status];
}

export function canMove(from: QuoteStatus, to: QuoteStatus): boolean {
  return MOVES[from].some((m) => m.to === to);
}
