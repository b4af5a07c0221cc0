import { isRealDay } from "~/i18n/format";

/*
 * The owner's purchase record of a vehicle (古物台帳, issue 46.1) and its
 * costs (issue 46.2): the words the form, the ledger and its files share.
 * Staff-only; nothing here reaches a buyer's page. Browser-safe.
 */

/** Whom the vehicle was bought from: at an auction, from a person, or from a company. */
export const SELLER_KINDS = ["auction", "person", "company"] as const;
export type SellerKind = (typeof SELLER_KINDS)[number];

/**
 * How a person's identity was checked when buying from them (古物営業法 15):
 * shown a document in person, or a check made at a distance.
 */
export const ID_CHECKS = [
  "driving_licence",
  "my_number_card",
  "passport",
  "residence_card",
  "health_insurance",
  "remote_check",
  "other",
] as const;
export type IdCheck = (typeof ID_CHECKS)[number];

/** The costs of a vehicle the owner enters, in whole yen; the purchase price is the record's own. */
export const COST_FIELDS = [
  "auctionFee",
  "transport",
  "repairs",
  "inspection",
  "deregistration",
  "shipping",
  "other",
] as const;
export type CostField = (typeof COST_FIELDS)[number];
export type Costs = Record<CostField, number>;

/** How long a purchase record is kept (古物営業法 18: three years from the entry). */
export const PURCHASE_KEEP_YEARS = 3;

export type PurchaseFields = {
  boughtOn: string;
  price: number;
  sellerKind: SellerKind;
  auctionHouse: string;
  lotNumber: string;
  sellerName: string;
  sellerAddress: string;
  sellerOccupation: string;
  sellerAge: number | null;
  idCheck: IdCheck | null;
  idCheckNote: string;
  chassisNumber: string;
  year: number;
  colour: string;
  plate: string;
  costs: Costs;
};

/** A record as the owner's pages show it: what was saved, and when it may be thrown away. */
export type PurchaseRecord = PurchaseFields & {
  id: number;
  vehicleId: number | null;
  refId: string;
  vehicleName: string;
  version: number;
  savedAt: string;
  savedBy: string;
  keepUntil: string;
};

/** Everything the vehicle cost the shop: its price and every cost entered. */
export const totalCost = (record: Pick<PurchaseFields, "price" | "costs">): number =>
  record.price + COST_FIELDS.reduce((sum, field) => sum + record.costs[field], 0);

/** The day a record may be thrown away: `years` after the day it names. */
export function keepUntil(day: string, years: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  // 29 February kept three years is kept to 1 March when the year has none.
  const until = new Date(Date.UTC(y + years, m - 1, d));
  return until.toISOString().slice(0, 10);
}

/** The longest period a ledger covers at once: five years, longer than any record is kept. */
const MAX_PERIOD_DAYS = 5 * 366;

/**
 * A ledger's period from its address (`from`, `to`, shop days): this month
 * to `today` when neither is given; null when they are not two real days in
 * order and at most five years apart.
 */
export function readPeriod(params: URLSearchParams, today: string): { from: string; to: string } | null {
  const from = (params.get("from") ?? `${today.slice(0, 8)}01`).trim();
  const to = (params.get("to") ?? today).trim();
  if (!isRealDay(from) || !isRealDay(to) || to < from) return null;
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 <= MAX_PERIOD_DAYS
    ? { from, to }
    : null;
}

export type MonthMargin = {
  /** YYYY-MM, the shop's month the invoices were issued in. */
  month: string;
  sales: number;
  /** Sales whose vehicle has no costs entered: counted, left out of the sums. */
  withoutCosts: number;
  total: number;
  cost: number;
  margin: number;
};

export type StockCapital = {
  amount: number;
  count: number;
  averageDays: number;
  oldest: { refId: string; days: number; vehicleId: number } | null;
};
