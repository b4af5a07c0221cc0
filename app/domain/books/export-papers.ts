/*
 * A vehicle's export papers in Japan (issue 46.3): the export deregistration
 * certificate (輸出抹消仮登録証明書) with the day the car must leave by, and
 * the export permit (輸出許可通知書). The deadlines the dashboard warns of
 * are worked out here. Staff-only. Browser-safe.
 */

/** Days before the leave-by day the dashboard starts warning. */
export const LEAVE_WARNING_DAYS = 30;
/** Days after the leave-by day within which an unused certificate must be returned (道路運送車両法 15の2). */
export const RETURN_WITHIN_DAYS = 15;
/** The export permit is evidence for the consumption-tax refund: kept seven years (消費税法). */
export const PERMIT_KEEP_YEARS = 7;

export type ExportPaperFields = {
  certificateNumber: string;
  /** YYYY-MM-DD, or "" while the owner has no certificate. */
  certificateIssuedOn: string;
  leaveBy: string;
  /** The day an unused certificate was handed back, or "". */
  returnedOn: string;
  permitNumber: string;
  permitDate: string;
};

export type PermitFile = { sha256: string; contentType: string; size: number; addedAt: string };

export type ExportPapers = ExportPaperFields & {
  vehicleId: number | null;
  refId: string;
  vehicleName: string;
  version: number;
  savedAt: string;
  savedBy: string;
  permitFile: PermitFile | null;
};

export type DeadlineKind = "leaveSoon" | "returnDue" | "returnLate";
export type Deadline = { kind: DeadlineKind; vehicleId: number | null; refId: string; date: string };

/** A shop day `days` after another. */
export function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * What the owner must do about a vehicle's certificate on `today`: nothing
 * once the car is exported (a permit, or shipped) or the certificate handed
 * back; "leaveSoon" from 30 days before the leave-by day; after it, the
 * certificate must go back within 15 days ("returnDue"), then it is late.
 */
export function deadlineOf(papers: ExportPapers, exported: boolean, today: string): Deadline | null {
  if (!papers.leaveBy || papers.returnedOn || papers.permitDate || exported) return null;
  const about = { vehicleId: papers.vehicleId, refId: papers.refId };
  if (today <= papers.leaveBy)
    return today >= dayAfter(papers.leaveBy, -LEAVE_WARNING_DAYS)
      ? { ...about, kind: "leaveSoon", date: papers.leaveBy }
      : null;
  const returnBy = dayAfter(papers.leaveBy, RETURN_WITHIN_DAYS);
  return { ...about, kind: today <= returnBy ? "returnDue" : "returnLate", date: returnBy };
}
