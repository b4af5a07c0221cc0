import { formatYen } from "~/domain/inventory/price";

/*
 * The mails the shop writes to its owner, in one place beside the buyer's
 * (buyer-mails.server.ts): in English, the language of the trade and of the
 * owner's panel, each with the link to the page where the owner acts. They
 * take plain values, so the services that queue them say what happened and
 * these say how it reads.
 */

export type OwnerMail = { subject: string; text: string };

const page = (publicUrl: URL, path: string) => new URL(path, publicUrl).href;

/** A quote request, with SPEC 7's lines (name: value). */
export function quoteRequestMail(q: {
  number: string;
  itemName: string;
  refId: string;
  price: number;
  itemLink: string;
  lines: [string, string][];
}): OwnerMail {
  return {
    subject: `Quote request ${q.number}: ${q.itemName} (${q.refId})`,
    text:
      `A new quote request for ${q.itemName}, ${formatYen(q.price)} FOB.\n${q.itemLink}\n\n` +
      q.lines.map(([k, v]) => `${k}: ${v}`).join("\n") +
      "\n",
  };
}

/** A buyer asks the owner to find a vehicle or part the stock does not have. */
export function findRequestMail(f: {
  number: string;
  kind: string;
  wanted: string;
  destination: string;
  listLink: string;
  lines: [string, string][];
}): OwnerMail {
  return {
    subject: `Find one for me ${f.number}: ${f.wanted} to ${f.destination}`,
    text:
      `A buyer asks you to find a ${f.kind} the stock does not have.\n${f.listLink}\n\n` +
      f.lines.map(([k, v]) => `${k}: ${v}`).join("\n") +
      "\n",
  };
}

type DealFacts = { publicUrl: URL; quote: string; buyer: string; country: string; item: string; ref: string };
type OfferFacts = { total: number; terms: string; port: string };

/** The buyer declined the offer. */
export function offerDeclinedMail(d: DealFacts & { offer: OfferFacts }): OwnerMail {
  return {
    subject: `Offer declined: quote ${d.quote}, ${d.item} (${d.ref})`,
    text: `${d.buyer} (${d.country}) declined your offer of ${formatYen(d.offer.total)} ${d.offer.terms} ${d.offer.port} for ${d.item}.\n${page(d.publicUrl, `/admin/quotes/${d.quote}`)}\n`,
  };
}

/** The buyer accepted: the invoice is issued (and a vehicle held). */
export function offerAcceptedMail(
  d: DealFacts & { offer: OfferFacts; invoice: string; due: string; heldUntil: string | null },
): OwnerMail {
  return {
    subject: `Offer accepted: quote ${d.quote}, ${d.item} (${d.ref}), invoice ${d.invoice}`,
    text:
      `${d.buyer} (${d.country}) accepted your offer of ${formatYen(d.offer.total)} ${d.offer.terms} ${d.offer.port} for ${d.item}.\n` +
      (d.heldUntil ? `The vehicle is reserved until ${d.heldUntil} (UTC).\n` : "") +
      `Invoice ${d.invoice}, due ${d.due}.\n${page(d.publicUrl, `/admin/quotes/${d.quote}`)}\n`,
  };
}

/** A buyer tried to accept more units of a part than are not promised to other deals. */
export function notEnoughStockMail(d: DealFacts & { wanted: number; left: number }): OwnerMail {
  return {
    subject: `Not enough stock: quote ${d.quote}, ${d.item} (${d.ref})`,
    text:
      `${d.buyer} (${d.country}) tried to accept your offer for ${d.wanted} × ${d.item}, but only ${d.left} can still be sold: the rest is promised to other buyers' deals.\n` +
      `The offer stays open. Add stock, or send a new offer for what is left.\n${page(d.publicUrl, `/admin/quotes/${d.quote}`)}\n`,
  };
}

/** A vehicle's hold ended unpaid (run out, or released by hand): it is on sale again. */
export function holdEndedMail(d: {
  publicUrl: URL;
  quote: string;
  item: string;
  ref: string;
  reason: "expired" | "released";
}): OwnerMail {
  return {
    subject: `Hold ${d.reason}: ${d.item} (${d.ref}) is on sale again`,
    text:
      `The hold of quote ${d.quote} on ${d.item} (${d.ref}) ended (${d.reason}); the vehicle is Available again and the invoice is cancelled.\n` +
      `${page(d.publicUrl, `/admin/quotes/${d.quote}`)}\n`,
  };
}

/** A part deal's invoice ran past its due day unpaid: its units can be ordered again. */
export function dealLapsedMail(d: {
  publicUrl: URL;
  quote: string;
  invoice: string;
  item: string;
  ref: string;
  due: string;
}): OwnerMail {
  return {
    subject: `Invoice ${d.invoice} lapsed unpaid: ${d.item} (${d.ref}) can be ordered again`,
    text:
      `Invoice ${d.invoice} of quote ${d.quote} was due on ${d.due} and nothing was paid: it is cancelled and its order with it; the units it was promised can be ordered again.\n` +
      `${page(d.publicUrl, `/admin/quotes/${d.quote}`)}\n`,
  };
}

/** A buyer uploaded a bank transfer receipt: the owner checks it against the bank. */
export function receiptMail(d: {
  publicUrl: URL;
  order: string;
  buyer: string;
  item: string;
  ref: string;
  balance: number;
}): OwnerMail {
  return {
    subject: `Payment receipt for order ${d.order}: ${d.item} (${d.ref})`,
    text:
      `${d.buyer} uploaded a bank transfer receipt for order ${d.order} (balance ${formatYen(Math.max(d.balance, 0))}).\n` +
      `Check it against the bank, then record the payment:\n${page(d.publicUrl, `/admin/orders/${d.order}`)}\n`,
  };
}

/** The warning that the bank account buyers pay into was changed. */
export function bankChangedMail(b: {
  publicUrl: URL;
  shopName: string;
  by: string;
  when: string;
  ip: string;
  details: string;
  before: string;
}): OwnerMail {
  return {
    subject: `${b.shopName}: the bank account buyers pay into was changed`,
    text:
      `The bank account buyers pay into was changed on ${b.shopName}'s staff panel.\n\n` +
      `Changed by: ${b.by}\n` +
      `When: ${b.when} (Japan time)\n` +
      `From the address: ${b.ip}\n\n` +
      `The new account, printed on every invoice issued from now on:\n${b.details}\n\n` +
      `Before: ${b.before}.\n` +
      `Invoices already issued keep the account they were issued with.\n\n` +
      `If this was not you, sign in and change it back now, and turn on two-step sign-in:\n` +
      `${page(b.publicUrl, "/admin/invoicing")}\n${page(b.publicUrl, "/admin/security")}\n`,
  };
}

/** The buyer named who takes the vehicle at the port: the owner confirms it by phone before the bill of lading. */
export function partiesGivenMail(p: {
  publicUrl: URL;
  order: string;
  buyer: string;
  consignee: { name: string; address: string; phone: string; taxId: string };
  notify: string | null;
}): OwnerMail {
  const { consignee } = p;
  return {
    subject: `Consignee given for order ${p.order}: ${consignee.name}`,
    text:
      `${p.buyer} named the consignee of order ${p.order}:\n\n` +
      [consignee.name, consignee.address, consignee.phone, consignee.taxId].filter(Boolean).join("\n") +
      `\n\nNotify party: ${p.notify ?? "same as the consignee"}\n\n` +
      "A hijacked mailbox can name someone else: confirm it with the buyer by phone, on the number you know, " +
      `before the bill of lading is made out.\n${page(p.publicUrl, `/admin/orders/${p.order}`)}\n`,
  };
}

/** A change of the consignee, to the owner (issue 42.2): call the buyer before it is applied. */
export function partyChangeOwnerMail(p: {
  publicUrl: URL;
  order: string;
  buyer: string;
  stage: "requested" | "applied" | "refused" | "withdrawn";
  by: "customer" | "staff" | "system";
  requestedAt: string;
  due: string;
  before: { consignee: { name: string; address: string; phone: string; taxId: string } | null };
  after: { consignee: { name: string; address: string; phone: string; taxId: string } };
}): OwnerMail {
  const party = (c: { name: string; address: string; phone: string; taxId: string } | null) =>
    c ? [c.name, c.address, c.phone, c.taxId].filter(Boolean).join("\n") : "-";
  const tokyo = (iso: string) =>
    new Date(iso).toLocaleString("en-GB", { timeZone: "Asia/Tokyo", dateStyle: "medium", timeStyle: "short" }) + " JST";
  const head = {
    requested: [
      `Consignee change asked for on order ${p.order}`,
      `${p.buyer} asked on ${tokyo(p.requestedAt)} to change the consignee of order ${p.order}, confirmed with the password and the code mailed to the account. It takes effect on ${tokyo(p.due)} unless you refuse it.\n\nA hijacked mailbox can ask for this: call the buyer on the number you know. Approve it sooner or refuse it on the order's page.`,
    ],
    applied: [
      `Consignee changed on order ${p.order}`,
      `The consignee of order ${p.order} changed ${p.by === "staff" ? "with your approval" : "after the day's wait"}. Make the bill of lading out to the new one.`,
    ],
    refused: [
      `Consignee change stopped on order ${p.order}`,
      p.by === "staff"
        ? `You refused the change of the consignee of order ${p.order}; the buyer is told.`
        : `The change of the consignee of order ${p.order} was not applied: the order has shipped or its bill of lading is made out.`,
    ],
    withdrawn: [
      `Consignee change withdrawn on order ${p.order}`,
      `${p.buyer} withdrew the change of the consignee of order ${p.order}.`,
    ],
  }[p.stage];
  return {
    subject: head[0]!,
    text:
      `${head[1]}\n\nConsignee before:\n${party(p.before.consignee)}\n\nConsignee asked for:\n${party(p.after.consignee)}\n\n` +
      `${page(p.publicUrl, `/admin/orders/${p.order}`)}\n`,
  };
}

/** Five wrong codes after the right password (issue 42.2): the buyer's password may be known to someone else. */
export function codesFailedOwnerMail(p: { publicUrl: URL; order: string; buyer: string }): OwnerMail {
  return {
    subject: `Consignee change on order ${p.order} cancelled after wrong codes`,
    text:
      `Someone signed in as ${p.buyer} gave the right password to change the consignee of order ${p.order}, ` +
      "then five wrong codes. The change is cancelled and nothing changed. The buyer's password may be known to " +
      `someone else: call the buyer on the number you know.\n${page(p.publicUrl, `/admin/orders/${p.order}`)}\n`,
  };
}
