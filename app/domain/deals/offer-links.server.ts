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
