import type { DB } from "~/db/db.server";
import type { QuoteStatus } from "./quote-status";
import type { OfferLine, OfferStatus } from "./deal-types";
import type { DealView } from "./deal-view";

export type { DealView, HoldView, InvoiceView, OfferView } from "./deal-view";
import { latestOffer, mayAnswer, type OfferAccess } from "./answer.server";
import { invoicesOfQuote } from "./invoices.server";
import { type DealImportCheck, dealImportCheck } from "./deal-import-verdict.server";

/*
 * A quote's deal as its pages show it: the offers (newest first), the hold
 * and the invoices. The owner sees every part; the buyer sees their own quote
 * when signed in, or through the offer mail's link.
 */

export async function dealOf(db: DB, quoteId: number): Promise<DealView> {
  const [offers, hold, invoices] = await Promise.all([
    db.selectFrom("offers").selectAll().where("quote_id", "=", quoteId).orderBy("id", "desc").execute(),
    db
      .selectFrom("holds")
      .select(["expires_at", "ended_at", "end_reason", "created_at"])
      .where("quote_id", "=", quoteId)
      .orderBy("id", "desc")
      .executeTakeFirst(),
    invoicesOfQuote(db, quoteId),
  ]);
  return {
    offers: offers.map((o) => ({
      id: o.id,
      status: o.status,
      lines: JSON.parse(o.lines) as OfferLine[],
      total: Number(o.total),
      terms: o.terms,
      port: o.port,
      validUntil: o.valid_until,
      message: o.message,
      createdAt: o.created_at,
      answeredAt: o.answered_at,
      importOverride: Number(o.import_override) ? (o.import_override_reason ?? "") : null,
    })),
    hold: hold
      ? { expiresAt: hold.expires_at, endedAt: hold.ended_at, endReason: hold.end_reason, createdAt: hold.created_at }
      : null,
    invoices: invoices.map((i) => ({
      number: i.number,
      issuedAt: i.issuedAt,
      dueDate: i.dueDate,
      total: i.total,
      code: i.document.code,
      verifyPath: `/verify/${i.code}`,
      voidedAt: i.voidedAt,
    })),
  };
}

export type BuyerQuoteView = {
  number: string;
  kind: "vehicle" | "part";
  itemId: number | null;
  refId: string;
  itemName: string;
  quantity: number | null;
  destination: string | null;
  message: string;
  status: QuoteStatus;
  createdAt: string;
  deal: DealView;
  /** Whether this visitor may accept or decline the open offer now. */
  mayAnswer: boolean;
  /** The destination's import verdict for the vehicle, for the latest offer's port (else the quote's) as the rule stands now. */
  importCheck: DealImportCheck | null;
};

/**
 * A quote as its buyer sees it, or null when this access does not reach it
 * (another buyer's quote, a link that is not this quote's latest offer's).
 */
export async function buyerQuote(
  db: DB,
  secret: string,
  number: string,
  access: OfferAccess,
): Promise<BuyerQuoteView | null> {
  if (!/^\d{10}$/.test(number)) return null;
  const row = await db.selectFrom("quotes").selectAll().where("number", "=", number).executeTakeFirst();
  if (!row) return null;
  if (!mayAnswer(secret, row, await latestOffer(db, row.id), access)) return null;
  const deal = await dealOf(db, row.id);
  const open = deal.offers[0]?.status === "open" && deal.offers[0].validUntil >= new Date().toISOString();
  return {
    number: row.number,
    kind: row.kind,
    itemId: row.kind === "vehicle" ? row.vehicle_id : row.part_id,
    refId: row.ref_id,
    itemName: row.item_name,
    quantity: row.quantity,
    destination: row.destination,
    message: row.message,
    status: row.status,
    createdAt: row.created_at,
    deal,
    mayAnswer: open,
    importCheck: await dealImportCheck(db, row.id, deal.offers[0]?.port ?? null),
  };
}

/** The latest offer of each of these quotes (for the buyer's list). */
export async function latestOffers(db: DB, quoteNumbers: string[]) {
  if (quoteNumbers.length === 0) return new Map<string, { total: number; validUntil: string; status: OfferStatus }>();
  const rows = await db
    .selectFrom("offers")
    .innerJoin("quotes", "quotes.id", "offers.quote_id")
    .select(["quotes.number", "offers.id", "offers.total", "offers.valid_until", "offers.status"])
    .where("quotes.number", "in", quoteNumbers)
    .orderBy("offers.id", "desc")
    .execute();
  const latest = new Map<string, { total: number; validUntil: string; status: OfferStatus }>();
  for (const r of rows)
    if (!latest.has(r.number))
      latest.set(r.number, { total: Number(r.total), validUntil: r.valid_until, status: r.status });
  return latest;
}
