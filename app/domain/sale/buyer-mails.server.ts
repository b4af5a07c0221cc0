import type { Key } from "~/i18n/core";
import type { LanguageCode } from "~/i18n/languages";
import { formatDate, formatYenIn } from "~/i18n/format";
import { mailT, render, type BuyerMail, type Block } from "~/domain/mail/buyer-mails.server";
import { COURIER_NAME, type Courier, type DocumentKind, type ShipmentFacts } from "./order-types";

/*
 * The deal's mails to its buyer, in the buyer's language (the `mail`
 * catalogue, English where a text is missing): the offer, the accepted
 * offer with its invoice, the hold's end or extension, a closed or lapsed
 * deal, and each change of the order. The owner's are in owner-mails.server.ts.
 */

/** An offer's priced lines as a buyer reads them: the shop's words for its own lines, the owner's for other fees. */
export type MailOfferLine = { kind: string; label: string; amount: number };

function offerLineText(t: ReturnType<typeof mailT>, language: LanguageCode, line: MailOfferLine): string {
  const label = line.kind === "other" ? line.label : t(`deal.lines.${line.kind}` as Key<"mail">);
  return t("deal.line", { label, amount: formatYenIn(line.amount, language) });
}

/** The owner's offer: the lines, the total to the port, how long it stands, and where to answer it. */
export function offerMail(
  language: LanguageCode,
  offer: {
    name: string;
    item: string;
    ref: string;
    number: string;
    lines: MailOfferLine[];
    total: number;
    terms: string;
    port: string;
    validUntil: string;
    holdDays: number;
    message: string;
    link: string;
    shopName: string;
    vehicle: boolean;
  },
): BuyerMail {
  const t = mailT(language);
  const total = formatYenIn(offer.total, language);
  return {
    subject: t("deal.offer.subject", { item: offer.item, total, number: offer.number }),
    ...render(language, [
      { lines: [t("shared.greeting", { name: offer.name })] },
      { lines: [t("deal.offer.intro", { item: offer.item, ref: offer.ref })] },
      ...(offer.message.trim() ? [{ lines: offer.message.trim().split(/\r?\n/) }] : []),
      {
        lines: [
          ...offer.lines.map((line) => offerLineText(t, language, line)),
          t("deal.offer.total", { terms: offer.terms, port: offer.port, total }),
        ],
      },
      {
        lines: [
          t("deal.offer.valid", { date: formatDate(offer.validUntil, language) }),
          ...(offer.vehicle ? [t("deal.offer.hold", { days: String(offer.holdDays) })] : []),
          t("deal.offer.howToAnswer"),
        ],
      },
      { link: offer.link },
      { lines: [t("shared.closing"), offer.shopName] },
    ]),
  };
}

/** After an accepted offer: the hold, the invoice (attached), and how to check it before paying. */
export function offerAcceptedMail(
  language: LanguageCode,
  deal: {
    name: string;
    item: string;
    invoice: string;
    total: number;
    due: string;
    heldUntil: string | null;
    verifyLink: string;
    code: string;
    link: string;
    shopName: string;
  },
): BuyerMail {
  const t = mailT(language);
  const total = formatYenIn(deal.total, language);
  const due = formatDate(`${deal.due}T12:00:00+09:00`, language);
  return {
    subject: t("deal.accepted.subject", { invoice: deal.invoice, item: deal.item, due }),
    ...render(language, [
      { lines: [t("shared.greeting", { name: deal.name })] },
      {
        lines: [
          t("deal.accepted.thanks", { item: deal.item }),
          ...(deal.heldUntil
            ? [
                t("deal.accepted.held", {
                  until: formatDate(deal.heldUntil, language, {
                    day: "numeric",
                    month: "short",
                    year: "numeric",
                    hour: "2-digit",
                    minute: "2-digit",
                  }),
                }),
              ]
            : []),
          t("deal.accepted.invoice", { invoice: deal.invoice, total, due }),
        ],
      },
      { lines: [t("deal.accepted.verify", { code: deal.code })] },
      { link: deal.verifyLink },
      { lines: [t("deal.accepted.never")] },
      { lines: [t("deal.accepted.follow")] },
      { link: deal.link },
      { lines: [t("shared.closing"), deal.shopName] },
    ]),
  };
}

/** A hold that ended without payment: the vehicle is on sale again. */
export function holdEndedMail(
  language: LanguageCode,
  hold: { name: string; item: string; ref: string; ended: string; reason: "expired" | "released"; shopName: string },
): BuyerMail {
  const t = mailT(language);
  return {
    subject: t("deal.holdEnded.subject", { item: hold.item }),
    ...render(language, [
      { lines: [t("shared.greeting", { name: hold.name })] },
      {
        lines: [
          t(hold.reason === "expired" ? "deal.holdEnded.expired" : "deal.holdEnded.released", {
            item: hold.item,
            ref: hold.ref,
            date: formatDate(hold.ended, language),
          }),
          t("deal.holdEnded.again"),
        ],
      },
      { lines: [t("shared.closing"), hold.shopName] },
    ]),
  };
}

/** An accepted deal the owner closed before payment: its invoice is cancelled. */
export function dealClosedMail(
  language: LanguageCode,
  deal: { name: string; item: string; ref: string; invoice: string; shopName: string },
): BuyerMail {
  const t = mailT(language);
  return {
    subject: t("deal.closed.subject", { item: deal.item }),
    ...render(language, [
      { lines: [t("shared.greeting", { name: deal.name })] },
      { lines: [t("deal.closed.body", { item: deal.item, ref: deal.ref, invoice: deal.invoice })] },
      { lines: [t("deal.closed.again")] },
      { lines: [t("shared.closing"), deal.shopName] },
    ]),
  };
}

/** A part deal's invoice ran past its due date unpaid: it is cancelled and the parts are on sale again. */
export function dealLapsedMail(
  language: LanguageCode,
  deal: { name: string; item: string; ref: string; invoice: string; due: string; shopName: string },
): BuyerMail {
  const t = mailT(language);
  return {
    subject: t("deal.lapsed.subject", { item: deal.item, invoice: deal.invoice }),
    ...render(language, [
      { lines: [t("shared.greeting", { name: deal.name })] },
      {
        lines: [
          t("deal.lapsed.body", {
            item: deal.item,
            ref: deal.ref,
            invoice: deal.invoice,
            date: formatDate(deal.due, language),
          }),
        ],
      },
      { lines: [t("deal.lapsed.again")] },
      { lines: [t("shared.closing"), deal.shopName] },
    ]),
  };
}

/** The owner kept a vehicle longer for the buyer: the new end of the reservation and the invoice's new due date. */
export function holdExtendedMail(
  language: LanguageCode,
  hold: { name: string; item: string; ref: string; until: string; invoice: string; due: string; shopName: string },
): BuyerMail {
  const t = mailT(language);
  const until = formatDate(hold.until, language, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  const due = formatDate(`${hold.due}T12:00:00+09:00`, language);
  return {
    subject: t("deal.extended.subject", { item: hold.item, until }),
    ...render(language, [
      { lines: [t("shared.greeting", { name: hold.name })] },
      { lines: [t("deal.extended.body", { item: hold.item, ref: hold.ref, until, invoice: hold.invoice, due })] },
      { lines: [t("shared.closing"), hold.shopName] },
    ]),
  };
}

/**
 * What happened to an order (issue 21), for the one mail each change sends.
 * Days are Tokyo days (YYYY-MM-DD); amounts whole yen. `port` is the port of
 * arrival; empty texts (voyage, container, bill of lading) are left out.
 */
export type OrderChange =
  | { kind: "payment"; amount: number; receivedOn: string; paid: number; balance: number }
  | {
      kind: "paid";
      amount: number;
      receivedOn: string;
      total: number;
      /** 0 unless the buyer paid too much: to be refunded. */
      overpaid: number;
    }
  | ({ kind: "shipment" } & ShipmentFacts)
  | { kind: "dates"; etd: string | null; eta: string | null; previousEtd: string | null; previousEta: string | null }
  | { kind: "courier"; courier: Courier; tracking: string; trackingUrl: string }
  | {
      kind: "shipped";
      vessel: string;
      etd: string | null;
      eta: string | null;
      port: string;
      /** More than 0 when the vehicle left before full payment. */
      balance: number;
    }
  | {
      kind: "document";
      documentKind: Exclude<DocumentKind, "receipt">;
      /** The owner's name for an "other" document. */
      title: string;
    }
  | { kind: "arrived"; port: string }
  | { kind: "completed" }
  | { kind: "cancelled"; reason: string; refundNote: string };

/** An order's facts every order mail names. */
export type MailOrder = { name: string; number: string; item: string; ref: string; link: string; shopName: string };

/** The owner's own words, line by line; nothing when empty. */
function ownerLines(text: string): string[] {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\r?\n/) : [];
}

/** The subject and the blocks that say what changed and what comes next. */
function orderChangeText(
  t: ReturnType<typeof mailT>,
  language: LanguageCode,
  order: MailOrder,
  change: OrderChange,
): { subject: string; blocks: Block[] } {
  const yen = (amount: number) => formatYenIn(amount, language);
  const day = (tokyoDay: string) => formatDate(`${tokyoDay}T12:00:00+09:00`, language);
  const about = { number: order.number, item: order.item, ref: order.ref };
  const dateLines = (etd: string | null, eta: string | null) => [
    ...(etd ? [t("order.etd", { date: day(etd) })] : []),
    ...(eta ? [t("order.eta", { date: day(eta) })] : []),
  ];
  const never = { lines: [t("deal.accepted.never")] };

  switch (change.kind) {
    case "payment": {
      const amount = yen(change.amount);
      return {
        subject: t("order.payment.subject", { ...about, amount }),
        blocks: [
          { lines: [t("order.payment.received", { ...about, amount, date: day(change.receivedOn) })] },
          {
            lines: [
              t("order.payment.paidSoFar", { paid: yen(change.paid) }),
              t("order.payment.balance", { balance: yen(change.balance) }),
            ],
          },
          { lines: [t("order.payment.next")] },
          never,
        ],
      };
    }
    case "paid": {
      const total = yen(change.total);
      return {
        subject: t("order.paid.subject", { ...about, total }),
        blocks: [
          {
            lines: [
              t("order.paid.received", { ...about, amount: yen(change.amount), date: day(change.receivedOn), total }),
              ...(change.overpaid > 0 ? [t("order.paid.overpaid", { overpaid: yen(change.overpaid) })] : []),
            ],
          },
          { lines: [t("order.paid.next")] },
        ],
      };
    }
    case "shipment": {
      const method =
        change.method === "roro"
          ? t("order.methods.roro")
          : change.method === "container"
            ? change.container.trim()
              ? t("order.methods.container", { container: change.container.trim() })
              : t("order.methods.containerNoNumber")
            : null;
      const line = (key: Key<"mail">, name: string, value: string) =>
        value.trim() ? [t(key, { [name]: value.trim() })] : [];
      return {
        subject: t("order.shipment.subject", about),
        blocks: [
          { lines: [t("order.shipment.intro", about)] },
          {
            lines: [
              ...line("order.shipment.vessel", "vessel", change.vessel),
              ...line("order.shipment.voyage", "voyage", change.voyage),
              ...line("order.shipment.portOfLoading", "port", change.portOfLoading),
              ...dateLines(change.etd, change.eta),
              ...(method ? [t("order.shipment.method", { method })] : []),
              ...line("order.shipment.bl", "bl", change.bl),
            ],
          },
          { lines: [t("order.shipment.next")] },
        ],
      };
    }
    case "dates": {
      // A date that moved shows where it was; one that stayed shows alone; one never set is left out.
      const moved = (now: string | null, before: string | null): string | null => {
        if (now === before || !before) return now ? day(now) : null;
        return t("order.changed", { date: now ? day(now) : t("order.toBeConfirmed"), previous: day(before) });
      };
      const etd = moved(change.etd, change.previousEtd);
      const eta = moved(change.eta, change.previousEta);
      const dates =
        change.etd && change.eta
          ? t("order.dates.both", { etd: day(change.etd), eta: day(change.eta) })
          : change.etd
            ? t("order.dates.etdOnly", { etd: day(change.etd) })
            : change.eta
              ? t("order.dates.etaOnly", { eta: day(change.eta) })
              : t("order.dates.none");
      return {
        subject: t("order.dates.subject", { ...about, dates }),
        blocks: [
          {
            lines: [
              t("order.dates.intro", about),
              ...(etd ? [t("order.etd", { date: etd })] : []),
              ...(eta ? [t("order.eta", { date: eta })] : []),
            ],
          },
          { lines: [t("order.dates.next")] },
        ],
      };
    }
    case "courier": {
      const courier = COURIER_NAME[change.courier];
      return {
        subject: t("order.courier.subject", { ...about, courier, tracking: change.tracking }),
        blocks: [
          { lines: [t("order.courier.sent", { ...about, courier, tracking: change.tracking })] },
          { lines: [t("order.courier.keep")] },
          { lines: [t("order.courier.track", { courier })] },
          { link: change.trackingUrl },
        ],
      };
    }
    case "shipped":
      return {
        subject: t("order.shipped.subject", { ...about, vessel: change.vessel }),
        blocks: [
          {
            lines: [
              t("order.shipped.body", { ...about, vessel: change.vessel, port: change.port }),
              ...dateLines(change.etd, change.eta),
            ],
          },
          { lines: [t("order.shipped.documents")] },
          ...(change.balance > 0
            ? [{ lines: [t("order.shipped.balance", { balance: yen(change.balance) })] }, never]
            : []),
        ],
      };
    case "document": {
      const title = change.title.trim();
      const document =
        change.documentKind === "other" && title ? title : t(`order.documents.${change.documentKind}` as Key<"mail">);
      return {
        subject: t("order.document.subject", { ...about, document }),
        blocks: [{ lines: [t("order.document.body", { ...about, document }), t("order.document.where")] }],
      };
    }
    case "arrived":
      return {
        subject: t("order.arrived.subject", { ...about, port: change.port }),
        blocks: [
          { lines: [t("order.arrived.body", { ...about, port: change.port })] },
          { lines: [t("order.arrived.next")] },
        ],
      };
    case "completed":
      return {
        subject: t("order.completed.subject", about),
        blocks: [
          { lines: [t("order.completed.body", { ...about, shop: order.shopName })] },
          { lines: [t("order.completed.after")] },
        ],
      };
    case "cancelled": {
      const reason = ownerLines(change.reason);
      const refund = ownerLines(change.refundNote);
      return {
        subject: t("order.cancelled.subject", about),
        blocks: [
          { lines: [t("order.cancelled.body", about)] },
          ...(reason.length ? [{ lines: [t("order.cancelled.reason"), ...reason] }] : []),
          ...(refund.length ? [{ lines: [t("order.cancelled.refund"), ...refund] }] : []),
          { lines: [t("order.cancelled.questions")] },
        ],
      };
    }
  }
}

/** One change of an order, told to the buyer once: what happened, what comes next, and the order's page. */
export function orderUpdateMail(language: LanguageCode, order: MailOrder, change: OrderChange): BuyerMail {
  const t = mailT(language);
  const { subject, blocks } = orderChangeText(t, language, order, change);
  return {
    subject,
    ...render(language, [
      { lines: [t("shared.greeting", { name: order.name })] },
      ...blocks,
      { lines: [t("order.follow")] },
      { link: order.link },
      { lines: [t("shared.closing"), order.shopName] },
    ]),
  };
}
