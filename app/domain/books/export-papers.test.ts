import { describe, expect, it } from "vitest";
import { deadlineOf, type ExportPapers } from "./export-papers";

/*
 * When the dashboard warns of an export certificate (issue 46.3): from 30
 * days before its leave-by day, then 15 days to return it, then late; never
 * once the car has left or the certificate is back.
 */

const papers = (more: Partial<ExportPapers> = {}): ExportPapers => ({
  certificateNumber: "A-12345",
  certificateIssuedOn: "2026-10-01",
  leaveBy: "2026-12-20",
  returnedOn: "",
  permitNumber: "",
  permitDate: "",
  vehicleId: 7,
  refId: "V-7",
  vehicleName: "2019 Toyota Prius",
  version: 1,
  savedAt: "2026-10-01T00:00:00Z",
  savedBy: "owner",
  permitFile: null,
  ...more,
});

describe("an export certificate's deadline", () => {
  it("warns from 30 days before the leave-by day to the day itself", () => {
    expect(deadlineOf(papers(), false, "2026-11-19")).toBeNull();
    expect(deadlineOf(papers(), false, "2026-11-20")).toMatchObject({ kind: "leaveSoon", date: "2026-12-20" });
    expect(deadlineOf(papers(), false, "2026-12-20")).toMatchObject({ kind: "leaveSoon", date: "2026-12-20" });
  });

  it("then asks for the certificate back within 15 days, then says it is late", () => {
    expect(deadlineOf(papers(), false, "2026-12-21")).toMatchObject({ kind: "returnDue", date: "2027-01-04" });
    expect(deadlineOf(papers(), false, "2027-01-04")).toMatchObject({ kind: "returnDue", date: "2027-01-04" });
    expect(deadlineOf(papers(), false, "2027-01-05")).toMatchObject({ kind: "returnLate", date: "2027-01-04" });
  });

  it("says nothing once the car has left, has its permit, or the certificate is back", () => {
    expect(deadlineOf(papers(), true, "2026-12-25")).toBeNull();
    expect(deadlineOf(papers({ permitNumber: "P-1", permitDate: "2026-12-10" }), false, "2026-12-25")).toBeNull();
    expect(deadlineOf(papers({ returnedOn: "2026-12-22" }), false, "2026-12-25")).toBeNull();
    expect(deadlineOf(papers({ leaveBy: "" }), false, "2026-12-25")).toBeNull();
  });
});
