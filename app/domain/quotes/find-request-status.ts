/**
 * The one place that says how a "Find one for me" request's status may
 * change: Pending -> Responded -> Closed, and a closed request can be
 * reopened. Browser-safe.
 */
export const FIND_REQUEST_STATUSES = ["pending", "responded", "closed"] as const;
export type FindRequestStatus = (typeof FIND_REQUEST_STATUSES)[number];

const MOVES: Record<FindRequestStatus, FindRequestStatus[]> = {
  pending: ["responded"],
  responded: ["closed"],
  closed: ["pending"],
};

export function isFindRequestStatus(value: unknown): value is FindRequestStatus {
  return FIND_REQUEST_STATUSES.includes(value as FindRequestStatus);
}

/** The moves the owner may make from a status, one button each. */
export function findRequestMovesFrom(status: FindRequestStatus): { to: FindRequestStatus }[] {
  return MOVES[status].map((to) => ({ to }));
}

export function canMoveFindRequest(from: FindRequestStatus, to: FindRequestStatus): boolean {
  return MOVES[from].includes(to);
}
