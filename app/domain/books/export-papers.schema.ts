import { z } from "zod";
import { isRealDay } from "~/i18n/format";
import { maxLengthIssue, patternIssue, requiredIssue, staffField, staffText } from "~/domain/staff/staff-problems";
import type { ExportPaperFields } from "./export-papers";

/*
 * The owner's form for a vehicle's export papers (issue 46.3, 46.7): the
 * certificate's number, issue day and leave-by day together or not at all;
 * the permit's number and day together; no day to come; a permit not dated
 * before the vehicle's invoice. Browser-safe.
 */

export const EXPORT_PAPERS_SAVED = staffText("exportPapersSaved");

/** The last day a certificate issued on `day` may name for the export: six months on (道路運送車両法 15の2). */
function sixMonthsAfter(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const until = new Date(Date.UTC(y, m - 1 + 6, d));
  // 31 August + 6 months is the last day of February, not 3 March.
  if (until.getUTCDate() !== d) until.setUTCDate(0);
  return until.toISOString().slice(0, 10);
}

const text = (field: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v : ""),
    z
      .string()
      .trim()
      .max(max, maxLengthIssue(field, max))
      .regex(/^[\p{L}\p{N} ./-]*$/u, patternIssue("paperNumberChars", { field: staffField(field) })),
  );
const day = (field: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z.string().refine((v) => v === "" || isRealDay(v), patternIssue("dayFormat", { field: staffField(field) })),
  );

/**
 * The form, checked; `today` is the shop's day, `invoicedOn` the day the vehicle's invoice was issued (or
 * null), `previousPermit` the permit day saved before ("" when none).
 */
export function exportPapersSchema(today: string, invoicedOn: string | null, previousPermit = "") {
  return z
    .object({
      certificateNumber: text("certificateNumber", 40),
      certificateIssuedOn: day("certificateIssuedOn"),
      leaveBy: day("leaveBy"),
      returnedOn: day("returnedOn"),
      permitNumber: text("permitNumber", 40),
      permitDate: day("permitDate"),
    })
    .superRefine((v, ctx) => {
      const issue = (path: keyof ExportPaperFields, message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message });
      const certificate = [v.certificateNumber, v.certificateIssuedOn, v.leaveBy];
      if (certificate.some(Boolean))
        for (const name of ["certificateNumber", "certificateIssuedOn", "leaveBy"] as const)
          if (!v[name]) issue(name, requiredIssue(name));
      if (v.certificateIssuedOn > today)
        issue("certificateIssuedOn", patternIssue("dayFuture", { field: staffField("certificateIssuedOn") }));
      if (v.certificateIssuedOn && v.leaveBy) {
        if (v.leaveBy < v.certificateIssuedOn) issue("leaveBy", patternIssue("leaveBeforeIssue", {}));
        else if (v.leaveBy > sixMonthsAfter(v.certificateIssuedOn)) issue("leaveBy", patternIssue("leaveTooLate", {}));
      }
      if (v.returnedOn && !v.certificateNumber) issue("returnedOn", patternIssue("returnedWithout", {}));
      if (v.returnedOn > today) issue("returnedOn", patternIssue("dayFuture", { field: staffField("returnedOn") }));
      else if (v.returnedOn && v.certificateIssuedOn && v.returnedOn < v.certificateIssuedOn)
        issue("returnedOn", patternIssue("returnedBeforeIssue", {}));
      if (Boolean(v.permitNumber) !== Boolean(v.permitDate))
        issue(
          v.permitNumber ? "permitDate" : "permitNumber",
          requiredIssue(v.permitNumber ? "permitDate" : "permitNumber"),
        );
      if (v.permitDate > today) issue("permitDate", patternIssue("dayFuture", { field: staffField("permitDate") }));
      // Checked when the permit's day is entered or changed: a resale later must not refuse the papers kept.
      else if (v.permitDate && v.permitDate !== previousPermit && invoicedOn && v.permitDate < invoicedOn)
        issue("permitDate", patternIssue("permitBeforeInvoice", { invoiced: invoicedOn }));
    })
    .transform((v): ExportPaperFields => v);
}
