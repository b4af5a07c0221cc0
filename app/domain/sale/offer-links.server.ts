import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The link in an offer mail that lets a buyer without an account answer it:
 * /quotes/{number}?offer={id}&sig={signature}. The signature covers the quote
 * number, the offer and its validity, under the shop's secret, so it works
 * for that one offer of that one quote, cannot be altered, and stops working
 * when the offer does. Once answered, the offer is no longer open and the
 * link only shows what happened.
 */

function signature(secret: string, quoteNumber: string, offerId: number, validUntil: string): string {
  return createHmac("sha256", secret)
    .update(`offer-answer\n${quoteNumber}\n${offerId}\n${validUntil}`)
    .digest("base64url");
}

export function offerLinkPath(secret: string, quoteNumber: string, offer: { id: number; valid_until: string }): string {
  const sig = signature(secret, quoteNumber, offer.id, offer.valid_until);
  return `/quotes/${quoteNumber}?offer=${offer.id}&sig=${sig}`;
}

/** Whether a link's signature is the one this offer's link carries (time is checked by the caller). */
export function offerLinkValid(
  secret: string,
  quoteNumber: string,
  offer: { id: number; valid_until: string },
  sig: string,
): boolean {
  const expected = Buffer.from(signature(secret, quoteNumber, offer.id, offer.valid_until));
  const given = Buffer.from(sig.slice(0, 100));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Where a buyer's mails about a quote send them: their own quote page (they
 * sign in to open it), or, for a buyer without an account, the offer's link.
 */
export function buyerQuoteLink(
  deal: { sessionSecret: string; publicUrl: URL },
  quote: { number: string; customerId: number | null },
  offer: { id: number; valid_until: string },
): string {
  const path =
    quote.customerId !== null ? `/quotes/${quote.number}` : offerLinkPath(deal.sessionSecret, quote.number, offer);
  return new URL(path, deal.publicUrl).href;
}
