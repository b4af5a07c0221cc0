import type { Key } from "~/i18n/core";
import type { StockKind, StockPath } from "./stock-kinds";

/** Options of the owner's stock tables. Browser-safe. */

/**
 * The back office's side of each stock kind (the kind itself is described in
 * stock-kinds.ts): its screens, their words, its stock form and its stock
 * table's options. Browser-safe; kept apart from stock-kinds.ts so that the
 * public pages' scripts do not carry it.
 */

/**
 * Price bands of SPEC 5, in yen (DECISIONS), beside a free min/max. `label` is
 * the English wording; pages show `labelKey` of the admin catalogue.
 */
export const PRICE_BANDS: Record<
  StockPath,
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

/** The filters of an owner's stock table beyond its search, as its address gives them. */
export type StockTableFilters = {
  make: string;
  type: string;
  status: string;
  band: string;
  min: number | null;
  max: number | null;
  stock: string;
};

/**
 * The filters that narrow a stock table, as the database applies them
 * (adminWhere): a price band only when it is one of the kind's, low stock
 * only for parts. The table's phone layout counts them on its folded line.
 */
export function appliedStockFilters(kind: StockPath, f: StockTableFilters) {
  return {
    make: f.make || null,
    type: f.type || null,
    status: f.status || null,
    band: PRICE_BANDS[kind].find((b) => b.value === f.band) ?? null,
    min: f.min,
    max: f.max,
    lowStock: f.stock === "low" && kind === "parts",
  };
}

/** How many filters narrow the table (appliedStockFilters). */
export function stockFiltersInUse(kind: StockPath, f: StockTableFilters): number {
  return Object.values(appliedStockFilters(kind, f)).filter((v) => v !== null && v !== false).length;
}

/**
 * Low stock (SPEC 9): a part not sold with fewer than 10 in stock. The owner's
 * parts table flags it and lists it alone (`stock=low`); the dashboard counts it.
 */
export const LOW_STOCK_BELOW = 10;

export function isLowStock(item: { quantity: number | null; stockStatus: string }): boolean {
  return item.quantity !== null && item.quantity < LOW_STOCK_BELOW && item.stockStatus !== "sold";
}

/** A part's form has the same sections on both screens. */
const PART_SECTIONS = [
  { title: "fields.sections.basicPart", fields: ["refId", "name", "price", "partNumber", "quantity", "condition"] },
  { title: "fields.sections.vehicleCompatibility", fields: ["make", "model", "year", "mileage", "fuel", "color"] },
  { title: "fields.sections.category", fields: ["type", "subType", "stockStatus"] },
] as const;

/**
 * Each kind's back-office screens: their addresses (an item's edit screen is
 * `${edit[0]}/${id}`; SPEC gives parts a second, older address), their titles
 * and words (admin catalogue keys), the option lists of its type and subtype,
 * the column its stock table shows beside make and model, and its stock
 * form: which fields the browser requires or explains, and the sections of
 * SPEC 5 and 8 on each screen (the description and the photos follow them on
 * both).
 */
export const STOCK_ADMIN = {
  vehicle: {
    upload: "/admin/upload-vehicle",
    list: "/admin/all-products",
    edit: ["/admin/edit"],
    quotes: "/admin/vehicle-quotes",
    titles: {
      upload: "titles.uploadVehicle",
      list: "titles.allVehicles",
      edit: "titles.editVehicle",
      quotes: "titles.vehicleQuotes",
    },
    words: { submit: "upload.submitVehicle", photos: "upload.vehicleImages", backToQuotes: "quote.backVehicles" },
    options: { type: "vehicleType", subType: "vehicleSubType" },
    column: "year",
    form: {
      required: ["make", "model", "year", "price"],
      hints: ["price", "refId", "name", "manufactured", "registered", "chassisNumber"],
      upload: [
        {
          title: "fields.sections.basicVehicle",
          fields: ["make", "model", "year", "price", "refId", "name", "stockStatus"],
        },
        {
          title: "fields.sections.vehicleSpecifications",
          fields: [
            "type",
            "subType",
            "mileage",
            "engineCc",
            "fuel",
            "transmission",
            "drive",
            "seats",
            "doors",
            "steering",
          ],
        },
        { title: "fields.sections.featuresCondition", fields: ["color", "exteriorGrade", "interiorGrade"] },
        {
          title: "fields.sections.exportPapers",
          fields: ["manufactured", "registered", "chassisNumber", "modelCode", "auctionGrade"],
        },
      ],
      edit: [
        {
          title: "fields.sections.basicVehicle",
          fields: ["make", "model", "year", "price", "refId", "name", "stockStatus"],
        },
        { title: "fields.sections.vehicleDetails", fields: ["type", "subType", "mileage"] },
        {
          title: "fields.sections.specifications",
          fields: ["engineCc", "fuel", "transmission", "drive", "seats", "doors", "steering"],
        },
        { title: "fields.sections.conditionAppearance", fields: ["color", "exteriorGrade", "interiorGrade"] },
        {
          title: "fields.sections.exportPapers",
          fields: ["manufactured", "registered", "chassisNumber", "modelCode", "auctionGrade"],
        },
      ],
    },
  },
  part: {
    upload: "/admin/upload-part",
    list: "/admin/all-parts-products",
    edit: ["/admin/edit-part", "/admin/edit-parts"],
    quotes: "/admin/parts-quotes",
    titles: {
      upload: "titles.uploadPart",
      list: "titles.allParts",
      edit: "titles.editPart",
      quotes: "titles.partsQuotes",
    },
    words: { submit: "upload.submitPart", photos: "upload.images", backToQuotes: "quote.backParts" },
    options: { type: "partType", subType: "partSubType" },
    column: "quantity",
    form: {
      required: ["refId", "name", "price", "make", "model", "type", "subType"],
      hints: ["quantity"],
      upload: PART_SECTIONS,
      edit: PART_SECTIONS,
    },
  },
} as const;

/** A screen of the stock form: "upload" or "edit". */
export type StockScreen = "upload" | "edit";
/** A field of a stock form, by its form name. */
export type StockFormField = (typeof STOCK_ADMIN)[StockKind]["form"][StockScreen][number]["fields"][number];

/**
 * Which kind a back-office address is about, by the addresses above: its
 * list, upload or quotes screen, or an item's edit screen under one of its
 * edit addresses (the vehicle's when none claims it). The routes share one
 * module for both kinds' screen, so each asks here.
 */
export function kindOfAdminPath(pathname: string): StockKind {
  // Addresses match whatever their case (as the routes do), so the kind is read from the lower-case path.
  const path = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  const claims = (kind: StockKind) => {
    const { list, upload, quotes, edit } = STOCK_ADMIN[kind];
    return [list, upload, quotes].some((screen) => screen === path) || edit.some((e) => path.startsWith(`${e}/`));
  };
  return claims("part") ? "part" : "vehicle";
}
