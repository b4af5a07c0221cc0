import type { Key } from "~/i18n/core";
import type { LanguageCode } from "~/i18n/languages";
import { formatDate, formatYenIn } from "~/i18n/format";
import { letter, mailT, type BuyerMail, type Block } from "~/domain/mail/buyer-mails.server";
import { letterBody } from "./reply-template-text";
import { shownPortPlain } from "~/domain/freight/port-names.server";
import { COURIER_NAME, type Courier, type DocumentKind, type ShipmentFacts } from "./order-types";

/*
 * The deal's mails to its buyer, in the buyer's language (the `mail`
 * catalogue, English where a text is missing): the offer, the accepted
 * offer with its invoice, the hold's end or extension, a closed or lapsed
 * deal, and each change of the order. The owner's are in owner-mails.server.ts.
 */

type MailText = ReturnType<typeof mailT>;

/** The shop's invoice check, on the site the mail's own links lead to (both from PUBLIC_URL). */
export function verifyUrlOf(shopAddress: string | URL): string {
  return new URL("/verify", shopAddress).href;
}

/**
 * The note every mail about money ends with (issue 42.2), written here only:
 * where to check an invoice on the shop's own site (with its code when the
 * mail names one) and that the shop never changes its bank account by mail.
 */
export function paymentSafetyNote(
  t: MailText,
  check: { url: string } | { url: string; invoice: string; code: string },
): Extract<Block, { note: unknown }> {
  return {
    note: [
      "code" in check ? t("safety.checkCode", { invoice: check.invoice, code: check.code }) : t("safety.check"),
      { link: check.url },
      t("safety.never"),
    ],
  };
}

/** An offer's priced lines as a buyer reads them: the shop's words for its own lines, the owner's for other fees. */
export type MailOfferLine = { kind: string; label: string; amount: number };

function offerLineText(t: ReturnType<typeof mailT>, language: LanguageCode, line: MailOfferLine): string {
  const label = line.kind === "other" ? line.label : t(`deal.lines.${line.kind}` as Key<"mail">);
  return t("deal.line", { label, amount: formatYenIn(line.amount, language) });
}

/**
 * The owner's offer: the lines, the total to the port, how long it stands, and
 * where to answer it. The owner's message (a template or typed) is the body:
 * its own greeting and sign-off are dropped, the letter has one of each.
 */
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
  const message = letterBody(offer.message);
  return {
    subject: t("deal.offer.subject", { item: offer.item, total, number: offer.number }),
    ...letter(
      language,
      offer,
      [
        { lines: [t("deal.offer.intro", { item: offer.item, ref: offer.ref })] },
        ...(message ? [{ lines: message.split("\n") }] : []),
        {
          lines: [
            ...offer.lines.map((line) => offerLineText(t, language, line)),
            // The port as the offer stored it ("Mombasa, Kenya"), named in the buyer's language as the quote page does.
            t("deal.offer.total", { terms: offer.terms, port: shownPortPlain(offer.port, language), total }),
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
      ],
      paymentSafetyNote(t, { url: verifyUrlOf(offer.link) }),
    ),
  };
}

const HELD_UNTIL: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
};

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
    ...letter(
      language,
      deal,
      [
        {
          lines: [
            t("deal.accepted.thanks", { item: deal.item }),
            ...(deal.heldUntil
              ? [t("deal.accepted.held", { until: formatDate(deal.heldUntil, language, HELD_UNTIL) })]
              : []),
            t("deal.accepted.invoice", { invoice: deal.invoice, total, due }),
          ],
        },
        { lines: [t("deal.accepted.follow")] },
        { link: deal.link },
      ],
      paymentSafetyNote(t, { url: deal.verifyLink, invoice: deal.invoice, code: deal.code }),
    ),
  };
}

/** A hold that ended without payment: the vehicle is on sale again, and its invoice is not to be paid. */
export function holdEndedMail(
  language: LanguageCode,
  hold: {
    name: string;
    item: string;
    ref: string;
    invoice: string;
    ended: string;
    reason: "expired" | "released";
    shopName: string;
    publicUrl: string | URL;
  },
): BuyerMail {
  const t = mailT(language);
  return {
    subject: t("deal.holdEnded.subject", { item: hold.item, invoice: hold.invoice }),
    ...letter(
      language,
      hold,
      [
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
      ],
      paymentSafetyNote(t, { url: verifyUrlOf(hold.publicUrl) }),
    ),
  };
}

/** An accepted deal the owner closed before payment: its invoice is cancelled. */
export function dealClosedMail(
  language: LanguageCode,
  deal: { name: string; item: string; ref: string; invoice: string; shopName: string; publicUrl: string | URL },
): BuyerMail {
  const t = mailT(language);
  return {
    subject: t("deal.closed.subject", { item: deal.item, invoice: deal.invoice }),
    ...letter(
      language,
      deal,
      [
        { lines: [t("deal.closed.body", { item: deal.item, ref: deal.ref, invoice: deal.invoice })] },
        { lines: [t("deal.closed.again")] },
      ],
      paymentSafetyNote(t, { url: verifyUrlOf(deal.publicUrl) }),
    ),
  };
}

/** A part deal's invoice ran past its due date unpaid: it is cancelled and the parts are on sale again. */
export function dealLapsedMail(
  language: LanguageCode,
  deal: {
    name: string;
    item: string;
    ref: string;
    invoice: string;
    due: string;
    shopName: string;
    publicUrl: string | URL;
  },
): BuyerMail {
  const t = mailT(language);
  return {
    subject: t("deal.lapsed.subject", { item: deal.item, invoice: deal.invoice }),
    ...letter(
      language,
      deal,
      [
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
      ],
      paymentSafetyNote(t, { url: verifyUrlOf(deal.publicUrl) }),
    ),
  };
}

/** The owner kept a vehicle longer for the buyer: the new end of the reservation and the invoice's new due date. */
export function holdExtendedMail(
  language: LanguageCode,
  hold: {
    name: string;
    item: string;
    ref: string;
    until: string;
    invoice: string;
    due: string;
    shopName: string;
    publicUrl: string | URL;
  },
): BuyerMail {
  const t = mailT(language);
  const until = formatDate(hold.until, language, HELD_UNTIL);
  const due = formatDate(`${hold.due}T12:00:00+09:00`, language);
  return {
    subject: t("deal.extended.subject", { item: hold.item, until, invoice: hold.invoice }),
    ...letter(
      language,
      hold,
      [{ lines: [t("deal.extended.body", { item: hold.item, ref: hold.ref, until, invoice: hold.invoice, due })] }],
      paymentSafetyNote(t, { url: verifyUrlOf(hold.publicUrl) }),
    ),
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
  | { kind: "photos"; count: number }
  | { kind: "video"; host: string }
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

/**
 * What one change says: its subject, what happened, what comes next (left to
 * the last change when several go in one mail), and whether it speaks of money.
 */
type ChangeText = { subject: string; blocks: Block[]; next: Block[]; money: boolean };

function orderChangeText(t: MailText, language: LanguageCode, order: MailOrder, change: OrderChange): ChangeText {
  const yen = (amount: number) => formatYenIn(amount, language);
  const day = (tokyoDay: string) => formatDate(`${tokyoDay}T12:00:00+09:00`, language);
  const about = { number: order.number, item: order.item, ref: order.ref };
  const dateLines = (etd: string | null, eta: string | null) => [
    ...(etd ? [t("order.etd", { date: day(etd) })] : []),
    ...(eta ? [t("order.eta", { date: day(eta) })] : []),
  ];

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
        ],
        next: [{ lines: [t("order.payment.next")] }],
        money: true,
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
        ],
        next: [{ lines: [t("order.paid.next")] }],
        money: true,
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
              ...line("order.shipment.portOfLoading", "port", shownPortPlain(change.portOfLoading, language)),
              ...dateLines(change.etd, change.eta),
              ...(method ? [t("order.shipment.method", { method })] : []),
              ...line("order.shipment.bl", "bl", change.bl),
            ],
          },
        ],
        next: [{ lines: [t("order.shipment.next")] }],
        money: false,
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
        ],
        next: [{ lines: [t("order.dates.next")] }],
        money: false,
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
        next: [],
        money: false,
      };
    }
    case "shipped":
      return {
        subject: t("order.shipped.subject", { ...about, vessel: change.vessel }),
        blocks: [
          {
            lines: [
              t("order.shipped.body", { ...about, vessel: change.vessel, port: shownPortPlain(change.port, language) }),
              ...dateLines(change.etd, change.eta),
            ],
          },
          ...(change.balance > 0 ? [{ lines: [t("order.shipped.balance", { balance: yen(change.balance) })] }] : []),
        ],
        next: [{ lines: [t("order.shipped.documents")] }],
        money: change.balance > 0,
      };
    case "document": {
      const title = change.title.trim();
      const document =
        change.documentKind === "other" && title ? title : t(`order.documents.${change.documentKind}` as Key<"mail">);
      return {
        subject: t("order.document.subject", { ...about, document }),
        blocks: [{ lines: [t("order.document.body", { ...about, document }), t("order.document.where")] }],
        next: [],
        money: false,
      };
    }
    case "photos":
      return {
        subject: t("order.photos.subject", about),
        blocks: [{ lines: [t("order.photos.body", { ...about, count: change.count }), t("order.photos.where")] }],
        next: [],
        money: false,
      };
    case "video":
      return {
        subject: t("order.video.subject", about),
        // The link is on the order's page, behind the buyer's sign-in or signed link: the mail names the site only.
        blocks: [{ lines: [t("order.video.body", { ...about, host: change.host }), t("order.video.where")] }],
        next: [],
        money: false,
      };
    case "arrived":
      return {
        subject: t("order.arrived.subject", { ...about, port: shownPortPlain(change.port, language) }),
        blocks: [{ lines: [t("order.arrived.body", { ...about, port: shownPortPlain(change.port, language) })] }],
        next: [{ lines: [t("order.arrived.next")] }],
        money: false,
      };
    case "completed":
      return {
        subject: t("order.completed.subject", about),
        blocks: [{ lines: [t("order.completed.body", { ...about, shop: order.shopName })] }],
        next: [{ lines: [t("order.completed.after")] }],
        money: false,
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
        ],
        next: [{ lines: [t("order.cancelled.questions")] }],
        // "Make no further payment", and a refund when money came in.
        money: true,
      };
    }
  }
}

/** One change of an order, told to the buyer: what happened, what comes next, and the order's page. */
export function orderUpdateMail(language: LanguageCode, order: MailOrder, change: OrderChange): BuyerMail {
  return orderChangesMail(language, order, [change]);
}

/**
 * The changes of an order gathered into one mail (issue 42.6), oldest first:
 * each under its own heading, what comes next once (the last change's), the
 * order's page, and the payment safety note when any of them speaks of money.
 */
export function orderChangesMail(language: LanguageCode, order: MailOrder, changes: OrderChange[]): BuyerMail {
  const t = mailT(language);
  const texts = changes.map((change) => orderChangeText(t, language, order, change));
  const only = texts.length === 1 ? texts[0]! : null;
  const about = { number: order.number, item: order.item, ref: order.ref };
  const blocks: Block[] = only
    ? only.blocks
    : [
        { lines: [t("order.digest.intro", about)] },
        ...texts.flatMap((text, i) => {
          const [first, ...rest] = text.blocks;
          const heading = `${i + 1}. ${text.subject}`;
          return first && "lines" in first
            ? [{ lines: [heading, ...first.lines] }, ...rest]
            : [{ lines: [heading] }, ...text.blocks];
        }),
      ];
  return {
    subject: only ? only.subject : t("order.digest.subject", { ...about, count: String(texts.length) }),
    ...letter(
      language,
      order,
      [...blocks, ...(texts.at(-1)?.next ?? []), { lines: [t("order.follow")] }, { link: order.link }],
      texts.some((text) => text.money) ? paymentSafetyNote(t, { url: verifyUrlOf(order.link) }) : undefined,
    ),
  };
}

const CHANGE_TIME: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Asia/Tokyo",
  timeZoneName: "short",
};

/** The code that confirms a change of the consignee (issue 42.2), to the address on the account only. */
export function changeCodeMail(
  language: LanguageCode,
  change: { name: string; order: string; code: string; shopName: string },
): BuyerMail {
  const t = mailT(language);
  return {
    subject: t("partyChange.code.subject", { order: change.order }),
    ...letter(language, change, [
      { lines: [t("partyChange.code.text", { order: change.order, code: change.code })] },
      { lines: [t("partyChange.code.notYou")] },
    ]),
  };
}

/** Where a change of the consignee stands, as each person concerned is told. */
export type PartyChangeStage = "requested" | "applied" | "refused" | "withdrawn";

type ChangedParties = {
  consignee: { name: string; address: string; phone: string; taxId: string } | null;
  notify: { name: string } | null;
};

/** A party on one line: who, where, which phone. */
const partyLine = (party: ChangedParties["consignee"]) =>
  party
    ? [party.name, party.address.replace(/\s*\n\s*/g, ", "), party.phone, party.taxId].filter(Boolean).join(", ")
    : "";

/**
 * A change of the consignee (issue 42.2): asked for and waiting, applied,
 * stopped by the shop or withdrawn. Sent to the account's address, the
 * order's, and the consignees' before and after; each says what the
 * consignee was and is asked to be, so a change nobody asked for is seen.
 */
export function partyChangeMail(
  language: LanguageCode,
  stage: PartyChangeStage,
  change: {
    name: string;
    order: string;
    requestedAt: string;
    due: string;
    before: ChangedParties;
    after: ChangedParties;
    /** The buyer's own addresses read every detail; a consignee's, the names only. */
    details: boolean;
    shopName: string;
    publicUrl: string | URL;
  },
): BuyerMail {
  const t = mailT(language);
  const when = (iso: string) => formatDate(iso, language, CHANGE_TIME);
  const line = (party: ChangedParties["consignee"]) => (change.details ? partyLine(party) : (party?.name ?? ""));
  const values = {
    order: change.order,
    asked: when(change.requestedAt),
    due: when(change.due),
    before: line(change.before.consignee),
    after: line(change.after.consignee),
  };
  const lines = {
    requested: [t("partyChange.requested.text", values), t("partyChange.requested.call", values)],
    applied: [t("partyChange.applied.text", values)],
    refused: [t("partyChange.refused.text", values)],
    withdrawn: [t("partyChange.withdrawn.text", values)],
  }[stage];
  return {
    subject: t(`partyChange.${stage}.subject`, values),
    ...letter(
      language,
      change,
      [
        { lines },
        { lines: [t("partyChange.before", values), t("partyChange.after", values)] },
        { lines: [t("partyChange.notYou")] },
      ],
      paymentSafetyNote(t, { url: verifyUrlOf(change.publicUrl) }),
    ),
  };
}
