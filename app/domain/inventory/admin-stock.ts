import type { Key } from "~/i18n/core";
import type { StockPath } from "./stock-kinds";
/** Options of the owner's stock tables. Browser-safe. */

export type AdminKind = StockPath;

/**
 * Price bands of SPEC 5, in yen (DECISIONS), beside a free min/max. `label` is
 * the English wording; pages show `labelKey` of the admin catalogue.
 */
export const PRICE_BANDS: Record<
  AdminKind,
  { value: string; label: string; labelKey: Key<"admin">; min?: number; max?: number }[]
> = {
  vehicles: [
    { value: "lt50000", label: "Under ¥50,000", labelKey: "stockTable.bands.vehiclesUnder50000", max: 49_999 },
    {
      value: "50000-100000",
      label: "¥50,000 to ¥100,000",
      labelKey: "stockTable.bands.vehicles50000To100000",
      min: 50_000,
      max: 100_000,
    },
    { value: "gt100000", label: "Over ¥100,000", labelKey: "stockTable.bands.vehiclesOver100000", min: 100_001 },
  ],
  parts: [
    { value: "le100", label: "Up to ¥100", labelKey: "stockTable.bands.partsUpTo100", max: 100 },
    { value: "100-500", label: "¥101 to ¥500", labelKey: "stockTable.bands.parts101To500", min: 101, max: 500 },
    { value: "500-1000", label: "¥501 to ¥1,000", labelKey: "stockTable.bands.parts501To1000", min: 501, max: 1000 },
    { value: "gt1000", label: "Over ¥1,000", labelKey: "stockTable.bands.partsOver1000", min: 1001 },
  ],
};

/**
 * Words and addresses of each kind's back-office screens: English words, and
 * the admin catalogue's keys pages show (`*Key`).
 */
export const STOCK_SCREENS = {
  vehicles: {
    list: "/admin/all-products",
    title: "All Vehicles",
    titleKey: "titles.allVehicles",
    editTitle: "Edit Vehicle",
    editTitleKey: "titles.editVehicle",
    one: "vehicle",
    many: "vehicles",
  },
  parts: {
    list: "/admin/all-parts-products",
    title: "All Parts",
    titleKey: "titles.allParts",
    editTitle: "Edit Part",
    editTitleKey: "titles.editPart",
    one: "part",
    many: "parts",
  },
} as const;

/** Which kind a back-office address is about: the parts screens say "part" in their path. */
export function kindOfPath(pathname: string): AdminKind {
  return /^\/admin\/(all-parts-products|edit-parts?\/)/.test(pathname) ? "parts" : "vehicles";
}
