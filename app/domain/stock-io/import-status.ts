/**
 * The one place that says how a stock import's status may change (issue 23):
 * a file is previewed; the owner confirms it (running) or drops it
 * (cancelled); a run ends done (the good rows written in one transaction) or
 * failed (nothing written). Browser-safe.
 */

export const IMPORT_STATUSES = ["previewed", "running", "done", "failed", "cancelled"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export type ImportEvent = "confirm" | "finish" | "fail" | "cancel";

const MOVES: Readonly<Record<ImportEvent, { from: ImportStatus; to: ImportStatus }>> = {
  confirm: { from: "previewed", to: "running" },
  finish: { from: "running", to: "done" },
  fail: { from: "running", to: "failed" },
  cancel: { from: "previewed", to: "cancelled" },
};

/** The status an event leads to from `from`, or null when it may not happen there. */
export function importMove(from: ImportStatus, event: ImportEvent): ImportStatus | null {
  const move = MOVES[event];
  return move.from === from ? move.to : null;
}

/** The status an event must find, for a write that changes it only from there (two confirms: one runs). */
export const importFrom = (event: ImportEvent): ImportStatus => MOVES[event].from;
export const importTo = (event: ImportEvent): ImportStatus => MOVES[event].to;

/** Whether the import has ended, one way or the other. */
export const importEnded = (status: ImportStatus) => status === "done" || status === "failed" || status === "cancelled";
