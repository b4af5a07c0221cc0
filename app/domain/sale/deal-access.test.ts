import { describe, expect, it } from "vitest";
import { orderLinkPath } from "./order-links.server";
import { dealAccess, type DealPurpose, type DealVisitor, linksOf } from "./deal-access.server";
import { offerLinkPath } from "./offer-links.server";

/*
 * Who may see a deal's pages and files (issue 40.4): the table in
 * deal-access.server.ts, tried for every purpose and every kind of visitor,
 * with links that are another deal's, tampered with, or an older offer's.
 */

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const offer = { id: 7, valid_until: "2026-12-20T14:59:59.999Z" };
const deal = { customerId: 41, quoteNumber: "1234567890", latestOffer: offer, orderNumber: "2026-00042" };
const sigOf = (path: string) => new URL(path, "http://x").searchParams.get("sig")!;
const orderSig = sigOf(orderLinkPath(SECRET, deal.orderNumber));
const offerSig = sigOf(offerLinkPath(SECRET, deal.quoteNumber, offer));

const visitor = (v: Partial<DealVisitor>): DealVisitor => ({
  staff: false,
  customerId: null,
  orderLink: null,
  offerLink: null,
  ...v,
});
const VISITORS: Record<string, DealVisitor> = {
  staff: visitor({ staff: true }),
  buyer: visitor({ customerId: 41 }),
  orderLink: visitor({ orderLink: { number: deal.orderNumber, sig: orderSig } }),
  offerLink: visitor({ offerLink: { offerId: offer.id, sig: offerSig } }),
  otherBuyer: visitor({ customerId: 42 }),
  tamperedOrderLink: visitor({
    orderLink: { number: deal.orderNumber, sig: orderSig.replace(/^./, (c) => (c === "A" ? "B" : "A")) },
  }),
  otherOrdersLink: visitor({ orderLink: { number: "2026-00043", sig: orderSig } }),
  olderOffersLink: visitor({ offerLink: { offerId: 6, sig: offerSig } }),
  nobody: visitor({}),
};

describe("who may see a deal", () => {
  it("follows the table: each purpose to its own kinds of visitor, and nobody else", () => {
    const seen: Record<string, Record<DealPurpose, string | null>> = {};
    for (const [name, v] of Object.entries(VISITORS))
      seen[name] = {
        quote: dealAccess(SECRET, v, "quote", deal),
        order: dealAccess(SECRET, v, "order", deal),
        invoice: dealAccess(SECRET, v, "invoice", deal),
        invoiceVersion: dealAccess(SECRET, v, "invoiceVersion", deal),
        document: dealAccess(SECRET, v, "document", deal),
      };
    expect(seen).toEqual({
      staff: { quote: null, order: null, invoice: "staff", invoiceVersion: "staff", document: "staff" },
      buyer: { quote: "buyer", order: "buyer", invoice: "buyer", invoiceVersion: null, document: "buyer" },
      orderLink: { quote: null, order: "orderLink", invoice: "orderLink", invoiceVersion: null, document: "orderLink" },
      offerLink: { quote: "offerLink", order: null, invoice: "offerLink", invoiceVersion: null, document: null },
      otherBuyer: { quote: null, order: null, invoice: null, invoiceVersion: null, document: null },
      tamperedOrderLink: { quote: null, order: null, invoice: null, invoiceVersion: null, document: null },
      otherOrdersLink: { quote: null, order: null, invoice: null, invoiceVersion: null, document: null },
      olderOffersLink: { quote: null, order: null, invoice: null, invoiceVersion: null, document: null },
      nobody: { quote: null, order: null, invoice: null, invoiceVersion: null, document: null },
    });
  });

  it("a deal without a buyer's account is nobody's by session, and a missing order or offer opens nothing", () => {
    const guest = { ...deal, customerId: null };
    expect(dealAccess(SECRET, visitor({ customerId: 41 }), "quote", guest)).toBeNull();
    expect(dealAccess(SECRET, VISITORS.orderLink!, "order", { customerId: null })).toBeNull();
    expect(dealAccess(SECRET, VISITORS.offerLink!, "quote", { ...deal, latestOffer: null })).toBeNull();
  });

  it("reads links from the address only when well formed", () => {
    const good = new URLSearchParams({ sig: orderSig, offer: "7" });
    expect(linksOf(good, "2026-00042")).toEqual({
      orderLink: { number: "2026-00042", sig: orderSig },
      offerLink: { offerId: 7, sig: orderSig },
    });
    // A signature too short, too long, with anything before or after it, or none: no link of either kind.
    const badSigs: Record<string, string>[] = [
      { sig: "short" },
      { sig: "x".repeat(101) },
      { sig: `${orderSig}<x>` },
      { sig: `<x>${orderSig}` },
      {},
    ];
    for (const bad of badSigs)
      expect(linksOf(new URLSearchParams({ ...bad, offer: "7" }), "2026-00042"), JSON.stringify(bad)).toEqual({
        orderLink: null,
        offerLink: null,
      });
    // Shortest and longest signatures the shop makes are read.
    for (const sig of ["a".repeat(20), "a".repeat(100)])
      expect(linksOf(new URLSearchParams({ sig, offer: "7" }), "2026-00042").offerLink).toEqual({ offerId: 7, sig });
    // An offer number that is no offer's.
    for (const offerId of ["-1", "0", "1.5", "x"])
      expect(linksOf(new URLSearchParams({ sig: orderSig, offer: offerId }), null).offerLink, offerId).toBeNull();
  });
});
