import { monthText } from "~/domain/inventory/months";
import { absoluteImageUrl, type ImageRef } from "~/domain/media/image-url";
import type { StockPath } from "~/domain/inventory/stock-kinds";
import type { StockStatus } from "~/domain/inventory/stock-status";

/*
 * What a line of each stock feed says (docs/decisions/0016-stock-feeds.md).
 * The columns are Google Merchant Center's attribute names, so the owner can
 * hand the address to Merchant Center's scheduled fetch as it is; other
 * marketplaces and ad tools read the same names or map them once.
 *
 * Sources (read 2026-11-26):
 * - Product data specification: id, title, description, link, image_link,
 *   additional_image_link, availability, price, condition, brand, mpn,
 *   identifier_exists, google_product_category, product_type, color
 *   (support.google.com/merchants/answer/7052112).
 * - additional_image_link: up to 10; in a text file each value in a column
 *   of its own under the same name, because a quoted comma-separated list is
 *   read as one address (support.google.com/merchants/answer/6324370 and
 *   /answer/15001087).
 * - Vehicle ads attributes: model, year, mileage ("121000 km": a whole number
 *   and its unit), body_style, engine, date_first_registered ("2020-07"),
 *   vehicle_fulfillment (support.google.com/merchants/topic/15174112,
 *   /answer/14156166, /answer/14546138, /answer/14154094, /answer/11190480).
 * - transmission is not a Google attribute: Meta's automotive catalogue reads
 *   it (developers.facebook.com/docs/marketing-api/auto-ads/reference) and
 *   Merchant Center passes over a column it does not know. So are
 *   auction_grade and auction_sheet (issue 45.5): the shop's own, for the
 *   Japanese-car marketplaces and the owner's ads, which sort by grade.
 * - google_product_category: 916 "Vehicles & Parts > Vehicles > Motor
 *   Vehicles > Cars, Trucks & Vans" and 899 "Vehicles & Parts > Vehicle Parts
 *   & Accessories > Motor Vehicle Parts" (Google product taxonomy with ids).
 */

/** The statuses a feed lists: sold stock is never offered (reserved goes in as out of stock). */
export const FEED_STATUSES = ["available", "reserved"] as const satisfies readonly StockStatus[];

/** Merchant Center takes up to 10 more photos besides the first. */
export const FEED_MORE_PHOTOS = 10;

/** The photo width a feed links to: the largest variant the shop keeps, as the pages' structured data. */
const FEED_PHOTO_WIDTH = 1600;

/** Merchant Center's limits: a longer title or description is refused, not cut. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

export type FeedLinks = {
  /** The shop's public origin (config `publicUrl`): every link is absolute from it. */
  origin: string;
  /** Where photos are served from: "/media" or MEDIA_PUBLIC_URL. */
  mediaBase: string;
};

/** The columns both kinds' lines are written from (FEED_SHARED_COLUMNS). */
export type SharedFeedRow = {
  id: number;
  ref_id: string;
  name: string;
  description: string;
  price: number | string;
  make: string;
  model: string;
  stock_status: StockStatus;
};

/** The table columns every feed reads, whatever its kind. */
export const FEED_SHARED_COLUMNS = [
  "id",
  "ref_id",
  "name",
  "description",
  "price",
  "make",
  "model",
  "type",
  "sub_type",
  "stock_status",
] as const;

/** The columns a vehicle line is written from. */
export type VehicleFeedRow = SharedFeedRow & {
  type: string | null;
  sub_type: string | null;
  year: number;
  mileage: number | null;
  color: string | null;
  fuel: string | null;
  transmission: string | null;
  registered_month: number | null;
  auction_grade: string | null;
  sheet_state: "none" | "clear" | "flagged";
};

/** The columns a part line is written from. */
export type PartFeedRow = SharedFeedRow & {
  type: string;
  sub_type: string;
  part_number: string | null;
  condition: string | null;
  quantity: number | string;
};

type Cell = string | number | null;

/** What a column reads besides the row: the item's photos as full addresses, and the shop's origin. */
type Around = { photos: readonly string[]; origin: string };

/** A feed's columns, each its name and how a row fills it: the header and the lines come from the same list. */
export type FeedColumns<Row> = readonly (readonly [name: string, cell: (row: Row, around: Around) => Cell])[];

/**
 * In stock only when it can be bought now: available, and for a part at
 * least one on the shelf. A reserved item stays in the feed as out of stock:
 * a hold that falls through puts it back without a new review.
 */
export function feedAvailability(status: StockStatus, quantity: number | null): "in_stock" | "out_of_stock" {
  return status === "available" && (quantity === null || quantity > 0) ? "in_stock" : "out_of_stock";
}

/** "1250000 JPY": whole yen and the ISO 4217 code. */
export function feedPrice(yen: number | string): string {
  return `${Number(yen)} JPY`;
}

function cut(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}

/** Google's body styles (convertible, coupe, crossover, full size van, hatchback, minivan, sedan, station wagon, suv, truck) from the shop's type and subtype. */
export function bodyStyle(type: string | null, subType: string | null): string | null {
  const sub = subType?.trim().toLowerCase() ?? "";
  const kind = type?.trim().toLowerCase() ?? "";
  if (sub.includes("crossover")) return "crossover";
  if (sub === "mini van") return "minivan";
  if (kind === "van") return "full size van";
  if (kind === "wagon") return "station wagon";
  if (kind === "mini truck") return "truck";
  // Special-purpose vehicles are built on a van (ambulances) or a truck (fire engines, tow and crane trucks).
  if (kind === "special purpose") return sub === "ambulance" ? "full size van" : "truck";
  const same = ["convertible", "coupe", "hatchback", "minivan", "sedan", "suv", "truck"];
  return same.includes(kind) ? kind : null;
}

/** Google's engine words from the shop's fuel ("petrol" is "gasoline"). */
export function engineOf(fuel: string | null): string | null {
  if (!fuel) return null;
  const word = fuel.trim().toLowerCase();
  if (word === "petrol" || word === "gasoline") return "gasoline";
  return ["diesel", "electric", "hybrid", "lpg", "plug-in_hybrid"].includes(word) ? word : "other";
}

/** A part's condition in Google's words: Rebuilt is refurbished; a part without one is used (the shop sells used parts). */
export function partConditionOf(condition: string | null): "new" | "used" | "refurbished" {
  const word = condition?.trim().toLowerCase();
  return word === "new" ? "new" : word === "rebuilt" ? "refurbished" : "used";
}

const titleOf = (row: SharedFeedRow) => cut(row.name, TITLE_MAX);

/** The columns both feeds start with; each kind says how it is available and in what condition. */
function sharedColumns<Row extends SharedFeedRow>(
  path: StockPath,
  availability: (row: Row) => Cell,
  condition: (row: Row) => Cell,
): FeedColumns<Row> {
  return [
    ["id", (row) => row.ref_id],
    ["title", titleOf],
    ["description", (row) => cut(row.description || titleOf(row), DESCRIPTION_MAX)],
    ["link", (row, { origin }) => `${origin}/${path}/${row.id}`],
    ["image_link", (_, { photos }) => photos[0] ?? null],
    // Repeated under one name, a photo a column (see the sources above).
    ...Array.from(
      { length: FEED_MORE_PHOTOS },
      (_, i) => ["additional_image_link", (_row: Row, { photos }: Around) => photos[i + 1] ?? null] as const,
    ),
    ["availability", availability],
    ["price", (row) => feedPrice(row.price)],
    ["condition", condition],
    ["brand", (row) => row.make],
  ];
}

/**
 * The vehicles feed. The chassis number is left out: it is no 17-character
 * VIN, and public pages show it only partly hidden
 * (docs/decisions/0015-import-rules.md).
 */
export const VEHICLE_FEED_COLUMNS: FeedColumns<VehicleFeedRow> = [
  ...sharedColumns<VehicleFeedRow>(
    "vehicles",
    (row) => feedAvailability(row.stock_status, null),
    () => "used",
  ),
  ["model", (row) => row.model],
  ["year", (row) => row.year],
  ["mileage", (row) => (row.mileage === null ? null : `${row.mileage} km`)],
  ["color", (row) => row.color],
  ["body_style", (row) => bodyStyle(row.type, row.sub_type)],
  ["engine", (row) => engineOf(row.fuel)],
  ["transmission", (row) => row.transmission?.toLowerCase() ?? null],
  ["date_first_registered", (row) => (row.registered_month === null ? null : monthText(row.registered_month))],
  // Not Google's (Merchant Center passes over them): the auction sheet's overall grade, and whether the
  // page shows the sheet with its translation (issue 45.5), for marketplaces and ads that filter by them.
  ["auction_grade", (row) => row.auction_grade],
  ["auction_sheet", (row) => (row.sheet_state === "none" ? "no" : "yes")],
  // Bought online and shipped to the buyer's port: of Google's three ways only "online" needs no dealership's store code.
  ["vehicle_fulfillment", () => "online"],
  ["google_product_category", () => 916],
  ["product_type", (row) => ["Vehicles", row.type, row.sub_type].filter(Boolean).join(" > ")],
  // Vehicles have no GTIN or part number.
  ["identifier_exists", () => "no"],
];

const mpnOf = (row: PartFeedRow) => row.part_number?.trim() || null;

/** The parts feed: a part's number is its mpn, its make the brand. */
export const PART_FEED_COLUMNS: FeedColumns<PartFeedRow> = [
  ...sharedColumns<PartFeedRow>(
    "parts",
    (row) => feedAvailability(row.stock_status, Number(row.quantity)),
    (row) => partConditionOf(row.condition),
  ),
  ["mpn", mpnOf],
  ["identifier_exists", (row) => (mpnOf(row) ? "yes" : "no")],
  ["google_product_category", () => 899],
  ["product_type", (row) => ["Parts", row.type, row.sub_type].filter(Boolean).join(" > ")],
];

/** A feed's header line. */
export function feedHeader<Row>(columns: FeedColumns<Row>): string[] {
  return columns.map(([name]) => name);
}

/** One item's cells, in its feed's column order; its photos (at most 11) as full addresses of their largest size. */
export function feedCells<Row>(
  columns: FeedColumns<Row>,
  row: Row,
  photos: readonly ImageRef[],
  to: FeedLinks,
): Cell[] {
  const around: Around = {
    origin: to.origin,
    photos: photos
      .slice(0, FEED_MORE_PHOTOS + 1)
      .map((photo) => absoluteImageUrl(photo, FEED_PHOTO_WIDTH, to.origin, to.mediaBase)),
  };
  return columns.map(([, cell]) => cell(row, around));
}
