import type { DB } from "~/db/db.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import type { SessionServices } from "~/context.server";
import { getStaff } from "~/domain/staff/staff-sessions.server";
import { orderLinkValid } from "./order-links.server";
import { offerLinkValid } from "./offer-links.server";

/*
 * The one answer to "who may see this" for a deal's pages and files
 * (issue 40.4). Three kinds of visitor reach a deal: the staff (signed in
 * to the back office), its buyer (signed in, the quote's customer), and the
 * holder of a link the shop mailed (an offer's, while that offer is the
 * quote's latest; an order's). What each may do:
 *
 * | what                      | staff | buyer | order's link | offer's link |
 * | ------------------------- | ----- | ----- | ------------ | ------------ |
 * | see the quote, answer it  |       | yes   |              | yes          |
 * | see the order, upload     |       | yes   | yes          |              |
 * | download the invoice PDF  | yes   | yes   | yes          | yes          |
 * | an earlier invoice print  | yes   |       |              |              |
 * | download a document       | yes   | yes   | yes          |              |
 *
 * (The staff see quotes and orders on their own pages, which require a
 * staff session.) Anyone else gets the same "not found" as for a number that
 * does not exist.
 */

export type DealPurpose = "quote" | "order" | "invoice" | "invoiceVersion" | "document";
/** How a visitor reached a deal: the way its page keeps (a link's signature stays on the link's pages). */
export type DealWay = "staff" | "buyer" | "orderLink" | "offerLink";

const WAYS: Record<DealPurpose, readonly DealWay[]> = {
  quote: ["buyer", "offerLink"],
  order: ["buyer", "orderLink"],
  invoice: ["staff", "buyer", "orderLink", "offerLink"],
  // An earlier print of an invoice is the owner's record; a buyer is sent the invoice as it prints now.
  invoiceVersion: ["staff"],
  document: ["staff", "buyer", "orderLink"],
};

/** Who is asking, read once from the request by the route. */
export type DealVisitor = {
  staff: boolean;
  customerId: number | null;
  /** An order mail's link: the order it names and its signature. */
  orderLink: { number: string; sig: string } | null;
  /** An offer mail's link: the offer it names and its signature (the quote is the page's). */
  offerLink: { offerId: number; sig: string } | null;
};

/** What of a deal decides access: its buyer, the quote and its latest offer, the order. */
export type DealKeys = {
  customerId: number | null;
  quoteNumber?: string | null;
  latestOffer?: { id: number; valid_until: string } | null;
  orderNumber?: string | null;
};

const SIG = /^[A-Za-z0-9_-]{20,100}$/;

/** A link's parts as the address gives them; anything malformed is no link at all. */
export function linksOf(params: URLSearchParams, orderNumber: string | null) {
  const given = params.get("sig");
  // Stryker disable next-line StringLiteral: any text that is not a signature reads as no link.
  const sig = given ?? "";
  const offerId = Number(params.get("offer"));
  const signed = SIG.test(sig);
  return {
    orderLink: signed && orderNumber ? { number: orderNumber, sig } : null,
    offerLink: signed && Number.isSafeInteger(offerId) && offerId > 0 ? { offerId, sig } : null,
  };
}

/** The visitor of a request: its staff and buyer sessions, and the links the page was given. */
export async function dealVisitor(
  services: SessionServices,
  request: Request,
  links: Pick<DealVisitor, "orderLink" | "offerLink">,
  purpose: DealPurpose,
): Promise<DealVisitor> {
  // A staff session is read only where the staff may come.
  const staff = WAYS[purpose].includes("staff") ? (await getStaff(services, request)) !== null : false;
  const customer = await getCustomer(services, request);
  return { staff, customerId: customer?.id ?? null, ...links };
}

/** How this visitor may reach this deal for this purpose, or null: nothing of it is shown. */
export function dealAccess(secret: string, visitor: DealVisitor, purpose: DealPurpose, deal: DealKeys): DealWay | null {
  for (const way of WAYS[purpose]) {
    if (way === "staff" && visitor.staff) return way;
    if (way === "buyer" && deal.customerId !== null && visitor.customerId === deal.customerId) return way;
    if (
      way === "orderLink" &&
      deal.orderNumber &&
      visitor.orderLink?.number === deal.orderNumber &&
      orderLinkValid(secret, deal.orderNumber, visitor.orderLink.sig)
    )
      return way;
    if (
      way === "offerLink" &&
      deal.quoteNumber &&
      deal.latestOffer &&
      visitor.offerLink?.offerId === deal.latestOffer.id &&
      offerLinkValid(secret, deal.quoteNumber, deal.latestOffer, visitor.offerLink.sig)
    )
      return way;
  }
  return null;
}

/** The keys of the deal an invoice belongs to: its quote's buyer and latest offer, and its order. */
export async function invoiceDealKeys(db: DB, invoice: { number: string; quoteId: number }): Promise<DealKeys | null> {
  const quote = await db
    .selectFrom("quotes")
    .select(["id", "number", "customer_id"])
    .where("id", "=", invoice.quoteId)
    .executeTakeFirst();
  if (!quote) return null;
  const latestOffer = await db
    .selectFrom("offers")
    .select(["id", "valid_until"])
    .where("quote_id", "=", quote.id)
    .orderBy("id", "desc")
    .executeTakeFirst();
  // An order carries its invoice's number.
  return { customerId: quote.customer_id, quoteNumber: quote.number, latestOffer, orderNumber: invoice.number };
}
