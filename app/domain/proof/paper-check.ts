import type { MonthNumber } from "~/domain/inventory/months";

/*
 * A car's mileage and dates as each paper reads them, side by side (issue
 * 45.2): the auction sheet, the export certificate (輸出抹消仮登録証明書) and
 * the pre-shipment inspection, with the listing's own figures. Odometers do
 * not go back, and a car waiting for export hardly moves: a later paper that
 * reads less than an earlier one, or papers farther apart than a car drives
 * between auction yard, inspection and port, disagree. So do two papers that
 * give a different month of manufacture or first registration (Sri Lanka
 * found dates changed to pass its age rule in 2025; cnl.lk, in
 * ../shared/research/landed-cost-and-import-rules.md). Browser-safe.
 */

/** The papers a vehicle's proof holds as files, in the order they are written in a car's way to the ship. */
export const PAPER_KINDS = ["auction_sheet", "export_certificate", "inspection"] as const;
export type PaperKind = (typeof PAPER_KINDS)[number];

/** The papers whose readings the owner types on their own form (the sheet's are its translation's). */
export const READING_KINDS = ["export_certificate", "inspection"] as const;
export type ReadingKind = (typeof READING_KINDS)[number];

export type ReadingSource = "listing" | PaperKind;

export type Reading = {
  source: ReadingSource;
  mileageKm: number | null;
  manufactured: MonthNumber | null;
  registered: MonthNumber | null;
  /** The paper's day ("2026-10-14"), which orders the papers; null for the listing. */
  on: string | null;
};

/**
 * How far two readings may be apart and still agree: the kilometres a car
 * drives from the auction yard to the inspection and the port (loaded on a
 * truck or driven a little). More, and one of them is wrong.
 */
export const MILEAGE_SLACK_KM = 1000;

export type Disagreement =
  | { field: "mileage"; kind: "went_back"; earlier: ReadingSource; later: ReadingSource }
  | { field: "mileage"; kind: "far_apart"; low: ReadingSource; high: ReadingSource }
  | { field: "manufactured" | "registered"; kind: "differ"; sources: ReadingSource[] };

/** Where the readings disagree; none when at most one reading gives a figure. */
export function disagreements(readings: readonly Reading[]): Disagreement[] {
  const found: Disagreement[] = [];
  const miles = readings.filter((r): r is Reading & { mileageKm: number } => r.mileageKm !== null);
  // A paper of a later day reading less: the odometer went back (or one paper is wrong). Papers of one day have no order.
  const dated = miles.filter((r) => r.on !== null).sort((a, b) => a.on!.localeCompare(b.on!));
  for (const later of dated) {
    const earlier = dated.find((e) => e.on! < later.on! && e.mileageKm > later.mileageKm);
    if (earlier) {
      found.push({ field: "mileage", kind: "went_back", earlier: earlier.source, later: later.source });
      break;
    }
  }
  // Readings too far apart, the listing's among them (checked even when a paper went back: the listing may be off too).
  if (miles.length > 1) {
    const low = miles.reduce((a, b) => (b.mileageKm < a.mileageKm ? b : a));
    const high = miles.reduce((a, b) => (b.mileageKm > a.mileageKm ? b : a));
    // The same gap as a paper that went back (its earlier reading as high as any) is said once.
    const mileageOf = (source: ReadingSource) => miles.find((m) => m.source === source)!.mileageKm;
    const same = found.some(
      (d) => d.kind === "went_back" && d.later === low.source && mileageOf(d.earlier) === high.mileageKm,
    );
    if (high.mileageKm - low.mileageKm > MILEAGE_SLACK_KM && !same)
      found.push({ field: "mileage", kind: "far_apart", low: low.source, high: high.source });
  }
  for (const field of ["manufactured", "registered"] as const) {
    const given = readings.filter((r) => r[field] !== null);
    if (new Set(given.map((r) => r[field])).size > 1)
      found.push({ field, kind: "differ", sources: given.map((r) => r.source) });
  }
  return found;
}

/** Whether two readings at least give the same figure to compare: "the papers agree" says nothing otherwise. */
export function compared(readings: readonly Reading[]): boolean {
  return (["mileageKm", "manufactured", "registered"] as const).some(
    (field) => readings.filter((r) => r[field] !== null).length > 1,
  );
}

/**
 * The paper a month comes from, as a strict country's rule needs it: the
 * export certificate first (the state's record), then the inspection, then
 * the auction sheet; null when no paper gives it (the listing alone is the
 * owner's word, not a paper's).
 */
export function monthFromPapers(
  readings: readonly Reading[],
  field: "manufactured" | "registered",
): { source: PaperKind; month: MonthNumber } | null {
  for (const source of ["export_certificate", "inspection", "auction_sheet"] as const) {
    const month = readings.find((r) => r.source === source)?.[field];
    if (month !== null && month !== undefined) return { source, month };
  }
  return null;
}
