import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * Where a buyer's order mails send them: their own order page (signed in),
 * or, for a buyer who asked without an account, the order's signed link
 * /orders/{number}?sig={signature}. The signature covers the order number
 * under the shop's secret: it opens that one order and cannot be altered.
 */

function signature(secret: string, number: string): string {
  return createHmac("sha256", secret).update(`order-view\n${number}`).digest("base64url");
}

export function orderLinkPath(secret: string, number: string): string {
  return `/orders/${number}?sig=${signature(secret, number)}`;
}

/** Whether a link's signature is this order's. */
export function orderLinkValid(secret: string, number: string, sig: string): boolean {
  const expected = Buffer.from(signature(secret, number));
  const given = Buffer.from(sig.slice(0, 100));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The address of an order page for its buyer's mails. */
export function orderLink(
  deal: { sessionSecret: string; publicUrl: URL },
  order: { number: string; customer_id: number | null },
): string {
  const path = order.customer_id !== null ? `/orders/${order.number}` : orderLinkPath(deal.sessionSecret, order.number);
  return new URL(path, deal.publicUrl).href;
}
