import { describe, expect, it } from "vitest";
import { disagreements, MILEAGE_SLACK_KM, monthFromPapers, type Reading } from "./paper-check";

/*
 * Papers side by side (issue 45.2): an odometer that went back, papers too
 * far apart, months that differ, and which paper a rule's date comes from.
 */

const r = (
  source: Reading["source"],
  mileageKm: number | null,
  on: string | null,
  months: Partial<Reading> = {},
): Reading => ({
  source,
  mileageKm,
  manufactured: null,
  registered: null,
  on,
  ...months,
});

describe("papers side by side", () => {
  it("agree when the mileage only grows a little on the way to the ship", () => {
    expect(
      disagreements([
        r("listing", 58_100, null),
        r("auction_sheet", 58_000, "2026-10-14"),
        r("export_certificate", 58_020, "2026-11-02"),
        r("inspection", 58_000 + MILEAGE_SLACK_KM, "2026-11-20"),
      ]),
    ).toEqual([]);
  });

  it("say which later paper reads less than an earlier one, even by little", () => {
    expect(
      disagreements([r("auction_sheet", 58_000, "2026-10-14"), r("export_certificate", 57_990, "2026-11-02")]),
    ).toEqual([{ field: "mileage", kind: "went_back", earlier: "auction_sheet", later: "export_certificate" }]);
  });

  it("give papers of one day no order, and still say when the listing is far from papers that went back", () => {
    expect(
      disagreements([r("auction_sheet", 58_000, "2026-10-14"), r("export_certificate", 57_990, "2026-10-14")]),
    ).toEqual([]);
    expect(
      disagreements([
        r("listing", 150_000, null),
        r("auction_sheet", 58_000, "2026-10-14"),
        r("export_certificate", 57_990, "2026-11-02"),
      ]),
    ).toEqual([
      { field: "mileage", kind: "went_back", earlier: "auction_sheet", later: "export_certificate" },
      { field: "mileage", kind: "far_apart", low: "export_certificate", high: "listing" },
    ]);
  });

  it("say which readings are too far apart, the listing's included", () => {
    expect(disagreements([r("listing", 45_000, null), r("auction_sheet", 58_000, "2026-10-14")])).toEqual([
      { field: "mileage", kind: "far_apart", low: "listing", high: "auction_sheet" },
    ]);
    expect(
      disagreements([
        r("auction_sheet", 58_000, "2026-10-14"),
        r("inspection", 58_001 + MILEAGE_SLACK_KM, "2026-11-20"),
      ]),
    ).toHaveLength(1);
  });

  it("say when two papers give different months, and ignore papers that give none", () => {
    const found = disagreements([
      r("listing", null, null, { manufactured: 24_230 }),
      r("auction_sheet", null, "2026-10-14"),
      r("export_certificate", null, "2026-11-02", { manufactured: 24_231, registered: 24_233 }),
    ]);
    expect(found).toEqual([{ field: "manufactured", kind: "differ", sources: ["listing", "export_certificate"] }]);
  });

  it("take a rule's month from the export certificate first, never from the listing alone", () => {
    const readings = [
      r("listing", null, null, { registered: 100 }),
      r("auction_sheet", null, "2026-10-14", { registered: 101 }),
      r("export_certificate", null, "2026-11-02", { registered: 102 }),
    ];
    expect(monthFromPapers(readings, "registered")).toEqual({ source: "export_certificate", month: 102 });
    expect(monthFromPapers(readings.slice(0, 2), "registered")).toEqual({ source: "auction_sheet", month: 101 });
    expect(monthFromPapers(readings.slice(0, 1), "registered")).toBeNull();
  });
});
