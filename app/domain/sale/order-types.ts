/*
 * The words of an order (issue 21): how money is paid, how a vehicle travels,
 * who carries the original documents, and which documents a deal has.
 * Browser-safe.
 */

/** How a payment reached the shop. */
export const PAYMENT_METHODS = ["bank_transfer", "cash", "card", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Roll-on/roll-off ship, or in a container. */
export const SHIPPING_METHODS = ["roro", "container"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** The shipment of an order as the owner records it: the ship, its dates, how it goes, its papers. */
export type ShipmentFacts = {
  vessel: string;
  voyage: string;
  portOfLoading: string;
  etd: string | null;
  eta: string | null;
  method: ShippingMethod | null;
  container: string;
  bl: string;
};

/** Couriers for the original documents, with each one's public tracking page. */
export const COURIERS = ["dhl", "fedex", "ems"] as const;
export type Courier = (typeof COURIERS)[number];

export const COURIER_NAME: Record<Courier, string> = { dhl: "DHL Express", fedex: "FedEx", ems: "EMS (Japan Post)" };

/** The carrier's own page for a tracking number (the number is made safe for an address). */
export function trackingUrl(courier: Courier, tracking: string): string {
  const n = encodeURIComponent(tracking.trim());
  switch (courier) {
    case "dhl":
      return `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`;
    case "fedex":
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case "ems":
      return `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${n}&locale=en`;
  }
}

/** The documents of a deal: the owner's, and the buyer's receipts. */
export const DOCUMENT_KINDS = [
  "export_certificate",
  "export_certificate_translation",
  "bill_of_lading",
  "inspection_certificate",
  "other",
  "receipt",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What the owner may upload (a buyer uploads receipts only). */
export const STAFF_DOCUMENT_KINDS = DOCUMENT_KINDS.filter((k) => k !== "receipt");

/** How documents are named in file names and on the owner's pages (English, the language of the trade). */
export const DOCUMENT_KIND_LABEL: Record<DocumentKind, string> = {
  export_certificate: "Export certificate",
  export_certificate_translation: "Export certificate (English translation)",
  bill_of_lading: "Bill of lading",
  inspection_certificate: "Inspection certificate",
  other: "Document",
  receipt: "Payment receipt",
};

/** What a timeline step is: a status reached, money recorded, the shipment's facts, a document, photos or a video before loading. */
export const ORDER_EVENT_KINDS = [
  "opened",
  "payment",
  "paid",
  "shipment",
  "dates",
  "courier",
  "shipped",
  "arrived",
  "completed",
  "cancelled",
  "document",
  "parties",
  "partiesChange",
  "photos",
  "video",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
