import type { Key, TFunction } from "~/i18n/core";
import { isFindRequestStatus } from "~/domain/quotes/find-request-status";
import { formatYenIn } from "~/i18n/format";
import { isOrderStatus, type OrderEvent } from "~/domain/sale/order-status";
import { DOCUMENT_KINDS } from "~/domain/sale/order-types";
import { QUOTE_STATUSES, type QuoteEvent, type QuoteStatus } from "~/domain/sale/quote-status";

/*
 * The dashboard's activity log in the owner's words (issue 44.5). The log keeps
 * one English line per change, written for support ("Order 2026-00002:
 * awaiting_payment → paid (pay_full)"); this reads the facts back out of it by
 * action and says them in the page's language. An action or a line it does not
 * know becomes a plain phrase about its subject, never the stored codes.
 * The dashboard's loader writes the lines: the reader stays off the page's scripts.
 */

type Translate = TFunction<"admin">;
export type ActivityRow = { id: number; at: string; action: string; summary: string };
export type ActivityLine = { id: number; at: string; text: string };

type Facts = Record<string, string>;
type Line = Key<"admin">;
type Phrase = { key: Line; read?: RegExp; say?: (facts: Facts, words: Words) => string | null };
/**
 * `country` names a country and `port` a port ("Mombasa, Kenya") in the page's language: the
 * dashboard's server writes the lines.
 */
type Words = {
  t: Translate;
  yen: (value: number) => string;
  country?: (name: string) => string;
  port?: (name: string) => string;
};

const L = (name: string) => `dashboard.activity.lines.${name}` as Line;
const NUMBER = String.raw`(?<number>[\w-]+)`;
const YEN = String.raw`¥[\d,]+`;
const ITEM = String.raw`(?<item>.+) \((?<ref>[^()]+)\)`;

/** "¥1,075,000" as the log writes it, back to whole yen. */
export function yenOf(text: string | undefined): number | null {
  if (!text) return null;
  const digits = text.replace(/[^\d]/g, "");
  return digits ? Number(digits) : null;
}

/** The state machines' events with words of their own (typed against them: a name no machine has is an error). */
const ORDER_EVENTS = [
  "pay_part",
  "pay_full",
  "ship",
  "ship_unpaid",
  "arrive",
  "complete",
  "cancel",
] as const satisfies readonly OrderEvent[];
const QUOTE_EVENTS = [
  "offer",
  "accept",
  "decline",
  "expire",
  "close",
  "reopen",
] as const satisfies readonly QuoteEvent[];
/** The shipment's columns as orders.server.ts names them in the log. */
const SHIPMENT_FIELDS = [
  "vessel",
  "voyage",
  "port_of_loading",
  "etd",
  "eta",
  "shipping_method",
  "container_number",
  "bl_number",
] as const;

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (list as readonly string[]).includes(value);

const PHRASES: Record<string, Phrase> = {
  "order.status_changed": {
    key: L("orderChanged"),
    read: new RegExp(String.raw`^Order ${NUMBER}: (?<from>\w+) → (?<to>\w+) \((?<event>\w+)\)$`),
    say: ({ number, to, event }, { t }) => {
      if (oneOf(ORDER_EVENTS, event)) return t(L(`orderMoves.${event}`), { number });
      if (isOrderStatus(to)) return t(L("orderNow"), { number, status: t(`messages.orderStatusNames.${to}` as Line) });
      return null;
    },
  },
  "order.payment": {
    key: L("payment"),
    read: new RegExp(
      String.raw`^Order ${NUMBER}: (?<amount>${YEN}) received on [\d-]+ \(.*\); paid (?<paid>${YEN}) of (?<total>${YEN})$`,
    ),
    say: ({ number, amount, paid, total }, { t, yen }) => {
      const [a, p, s] = [yenOf(amount), yenOf(paid), yenOf(total)];
      if (a === null || p === null || s === null) return null;
      return p >= s
        ? t(L("paymentFull"), { number, amount: yen(a) })
        : t(L("paymentPart"), { number, amount: yen(a), balance: yen(s - p) });
    },
  },
  "order.shipment": {
    key: L("shipment"),
    read: new RegExp(String.raw`^Order ${NUMBER}: shipment (?<fields>[\w, ]+?) changed`),
    say: ({ number, fields }, { t }) => {
      const known = (fields ?? "").split(", ").filter((f) => oneOf(SHIPMENT_FIELDS, f));
      if (known.length === 0) return t(L("shipment"), { number });
      const words = known.map((f) => t(`dashboard.activity.fields.${f}` as Line));
      return t(L("shipmentFields"), { number, fields: words.join(t(L("listSeparator"))) });
    },
  },
  "order.opened": { key: L("orderOpened"), read: new RegExp(`^Order ${NUMBER} opened: ${ITEM} for (?<buyer>.+)$`) },
  "order.courier": {
    key: L("courier"),
    read: new RegExp(String.raw`^Order ${NUMBER}: original documents sent by (?<courier>.+), tracking`),
    say: ({ number, courier }, { t }) => t(L("courier"), { number, courier: (courier ?? "").toUpperCase() }),
  },
  "order.shipped_unpaid": {
    key: L("shippedUnpaid"),
    read: new RegExp(`^Order ${NUMBER} shipped with (?<balance>${YEN}) still to pay`),
    say: ({ number, balance }, { t, yen }) => {
      const b = yenOf(balance);
      return b === null ? null : t(L("shippedUnpaid"), { number, balance: yen(b) });
    },
  },
  "order.shipped_before_etd": { key: L("shippedBeforeEtd"), read: new RegExp(`^Order ${NUMBER} marked shipped`) },
  "order.document": {
    key: L("document"),
    read: new RegExp(String.raw`^Order ${NUMBER}: (?<kind>\w+)`),
    say: ({ number, kind }, { t }) =>
      oneOf(DOCUMENT_KINDS, kind)
        ? t(L("documentKind"), { number, kind: t(`order.documentKinds.${kind}` as Line) })
        : t(L("document"), { number }),
  },
  "order.document_removed": { key: L("documentRemoved"), read: new RegExp(`^Order ${NUMBER}:`) },
  "order.partiesChangeApproved": { key: L("partiesApproved"), read: new RegExp(`^Order ${NUMBER}:`) },
  "order.partiesChangeRefused": { key: L("partiesRefused"), read: new RegExp(`^Order ${NUMBER}:`) },
  "order.partiesChangeCodeFailed": { key: L("partiesCodeFailed"), read: new RegExp(`^Order ${NUMBER}:`) },
  "quote.status_changed": {
    key: L("quoteChanged"),
    read: new RegExp(String.raw`^Quote ${NUMBER}: (?<from>\w+) → (?<to>\w+) \((?<event>\w+)\)$`),
    say: ({ number, to, event }, { t }) => {
      if (oneOf(QUOTE_EVENTS, event)) return t(L(`quoteMoves.${event}`), { number });
      if (oneOf<QuoteStatus>(QUOTE_STATUSES, to))
        return t(L("quoteNow"), { number, status: t(`quoteStatus.${to}` as Line) });
      return null;
    },
  },
  "quote.requested": {
    key: L("quoteRequested"),
    read: new RegExp(String.raw`^Quote request ${NUMBER} from (?<name>.+) \((?<country>[^()]+)\) for (?<item>.+)$`),
  },
  "quote.deleted": { key: L("quoteDeleted"), read: new RegExp(`^Quote ${NUMBER} from (?<name>.+) deleted$`) },
  "quote.claimed": { key: L("quoteClaimed"), read: new RegExp(`^Quote ${NUMBER},`) },
  "find.requested": {
    key: L("findRequested"),
    read: new RegExp(`^Find one for me ${NUMBER} from (?<name>.+?): `),
  },
  "find_request.status_changed": {
    key: L("findChanged"),
    read: new RegExp(String.raw`^Find request ${NUMBER}: (?<from>\w+) → (?<to>\w+)$`),
    say: ({ number, to }, { t }) =>
      isFindRequestStatus(to) ? t(L("findChanged"), { number, status: t(`quoteStatus.${to}` as Line) }) : null,
  },
  "offer.created": {
    key: L("offerCreated"),
    read: new RegExp(`^Offer on quote ${NUMBER}: .* (?<total>${YEN}), valid until`),
    say: ({ number, total }, { t, yen }) => {
      const s = yenOf(total);
      return s === null ? null : t(L("offerCreated"), { number, total: yen(s) });
    },
  },
  "offer.import_override": { key: L("offerOverride"), read: new RegExp(`^Offer on quote ${NUMBER} sent despite`) },
  "invoice.issued": {
    key: L("invoiceIssued"),
    read: new RegExp(`^Invoice (?<invoice>[\\w-]+) issued for quote ${NUMBER}: (?<total>${YEN})`),
    say: ({ invoice, number, total }, { t, yen }) => {
      const s = yenOf(total);
      return s === null ? null : t(L("invoiceIssued"), { invoice, number, total: yen(s) });
    },
  },
  "hold.expired": { key: L("holdExpired"), read: new RegExp(`^Hold of quote ${NUMBER} expired`) },
  "hold.extended": {
    key: L("holdExtended"),
    read: new RegExp(String.raw`^Hold of quote ${NUMBER} .*extended by (?<days>\d+) working days`),
  },
  "hold.released": { key: L("holdReleased"), read: new RegExp(`^Hold of quote ${NUMBER} released`) },
  "vehicle.created": { key: L("vehicleCreated"), read: new RegExp(`^New vehicle listed: ${ITEM}$`) },
  "part.created": { key: L("partCreated"), read: new RegExp(`^New part listed: ${ITEM}$`) },
  "vehicle.updated": { key: L("vehicleUpdated"), read: /^Vehicle updated: (?<ref>.+)$/ },
  "part.updated": { key: L("partUpdated"), read: /^Part updated: (?<ref>.+)$/ },
  "vehicle.deleted": { key: L("vehicleDeleted"), read: new RegExp(`^Vehicle deleted: ${ITEM}$`) },
  "part.deleted": { key: L("partDeleted"), read: new RegExp(`^Part deleted: ${ITEM}$`) },
  "vehicle.imported": {
    key: L("stockImported"),
    read: /^Stock file (?<file>.+) imported: (?<created>\d+) new, (?<updated>\d+) updated$/,
  },
  "part.imported": {
    key: L("stockImported"),
    read: /^Stock file (?<file>.+) imported: (?<created>\d+) new, (?<updated>\d+) updated$/,
  },
  "vehicle.reserved": { key: L("vehicleReserved"), read: new RegExp(`^${ITEM} reserved for quote ${NUMBER}`) },
  "vehicle.hold_ended": { key: L("vehicleHoldEnded") },
  "vehicle.sold": { key: L("vehicleSold"), read: new RegExp(`^${ITEM} sold`) },
  "vehicle.unsold": { key: L("vehicleUnsold"), read: new RegExp(`^${ITEM} `) },
  "part.promised": { key: L("partPromised") },
  "part.promise_freed": { key: L("partPromiseFreed"), read: new RegExp(`^Order ${NUMBER} was cancelled`) },
  "part.stock_taken": {
    key: L("partStockTaken"),
    read: new RegExp(String.raw`^(?<units>\d+) × ${ITEM} taken from stock: order ${NUMBER}`),
  },
  "part.stock_returned": {
    key: L("partStockReturned"),
    read: new RegExp(String.raw`^(?<units>\d+) × ${ITEM} back in stock`),
  },
  "customer.registered": {
    key: L("customerRegistered"),
    read: /^New user registration: (?<name>.+) \((?<country>[^()]*)\)$/,
  },
  "staff.created": { key: L("staffCreated"), read: /^Staff account (?<staff>\S+) created$/ },
  "staff.password_reset": { key: L("staffPassword"), read: /staff account (?<staff>\S+)$/ },
  "staff.two_factor_on": { key: L("twoFactorOn"), read: /for (?<staff>\S+)$/ },
  "staff.two_factor_off": { key: L("twoFactorOff"), read: /for (?<staff>\S+)$/ },
  "staff.recovery_codes_renewed": { key: L("recoveryCodes"), read: /for (?<staff>\S+)$/ },
  "company.updated": { key: L("companyUpdated") },
  "company.photos_added": { key: L("companyPhotosAdded") },
  "company.photo_removed": { key: L("companyPhotoRemoved") },
  "books.purchase_saved": { key: L("purchaseSaved"), read: /^Purchase record of (?<ref>\S+) saved/ },
  "books.export_papers_saved": { key: L("exportPapersSaved"), read: /^Export papers of (?<ref>\S+) saved/ },
  "freight.added": { key: L("freightAdded"), read: /^Freight to (?<port>.+) added$/ },
  "freight.updated": { key: L("freightUpdated"), read: /^Freight to (?<port>.+) updated$/ },
  "freight.deleted": { key: L("freightDeleted"), read: /^Freight to (?<port>.+) deleted$/ },
  "imports.rule_added": { key: L("ruleAdded"), read: /^Import rule for (?<country>.+) added$/ },
  "imports.rule_updated": { key: L("ruleUpdated"), read: /^Import rule for (?<country>.+) updated$/ },
  "imports.rule_deleted": { key: L("ruleDeleted"), read: /^Import rule for (?<country>.+) deleted$/ },
  "imports.settings_updated": { key: L("shippingTimes") },
  "landed.loaded": { key: L("landedLoaded"), read: /^Table (?<name>.+) v(?<version>\d+) of/ },
  "rates.set": { key: L("ratesSet") },
  "feeds.created": { key: L("feedsCreated") },
  "feeds.renewed": { key: L("feedsRenewed") },
  "bank.changed": { key: L("bankChanged") },
  "bank.saved_unchanged": { key: L("bankUnchanged") },
  "bank.change_refused": { key: L("bankRefused") },
  "deals.settings_updated": { key: L("dealSettings") },
  "template.created": { key: L("templateCreated"), read: /^Reply template "(?<name>.+)" added$/ },
  "template.updated": { key: L("templateUpdated"), read: /^Reply template "(?<name>.+)" updated/ },
  "template.deleted": { key: L("templateDeleted"), read: /^Reply template "(?<name>.+)" deleted$/ },
  "search.saved": { key: L("searchSaved") },
  "search.deleted": { key: L("searchDeleted") },
  "search.alerts_on": { key: L("alertsOn") },
  "search.alerts_off": { key: L("alertsOff") },
  "search.unsubscribed": { key: L("alertsOff") },
};

/** Subjects with a phrase of their own when a line cannot be read ("An order was updated"). */
const SUBJECTS = ["order", "quote", "vehicle", "part", "customer", "staff", "offer", "invoice", "hold"] as const;

/** The words for a line nothing more can be read from: its subject's, or a plain "A change was recorded". */
function generic(action: string, t: Translate): string {
  const subject = action.split(".")[0];
  return t(oneOf(SUBJECTS, subject) ? L(`generic.${subject}`) : L("generic.other"));
}

/** One log line in words. */
export function activityText(row: Pick<ActivityRow, "action" | "summary">, words: Words): string {
  const phrase = PHRASES[row.action];
  if (!phrase) return generic(row.action, words.t);
  const facts: Facts = {};
  if (phrase.read) {
    const match = phrase.read.exec(row.summary);
    if (!match) return generic(row.action, words.t);
    for (const [name, value] of Object.entries(match.groups ?? {})) if (value !== undefined) facts[name] = value;
    if (facts.country && words.country) facts.country = words.country(facts.country);
    if (facts.port && words.port) facts.port = words.port(facts.port);
  }
  const said = phrase.say ? phrase.say(facts, words) : words.t(phrase.key, facts);
  return said ?? generic(row.action, words.t);
}

const orderOf = (summary: string) => /^Order ([\w-]+)[: ]/.exec(summary)?.[1];

/**
 * The log in words, newest first as given. A payment and the status move it
 * caused are written at the same moment; they are said once, as the payment
 * ("Order 2026-00002: payment of ¥1,075,000 recorded: paid in full").
 */
export function activityLines(
  rows: ActivityRow[],
  t: Translate,
  yen: (value: number) => string = (value) => formatYenIn(value, "en"),
  country?: (name: string) => string,
  port?: (name: string) => string,
): ActivityLine[] {
  const payments = new Set(
    rows.filter((r) => r.action === "order.payment").map((r) => `${r.at}|${orderOf(r.summary) ?? ""}`),
  );
  return rows
    .filter(
      (r) =>
        !(
          r.action === "order.status_changed" &&
          /\((pay_part|pay_full)\)$/.test(r.summary) &&
          payments.has(`${r.at}|${orderOf(r.summary) ?? ""}`)
        ),
    )
    .map((r) => ({ id: r.id, at: r.at, text: activityText(r, { t, yen, country, port }) }));
}
