import * as ownerMails from "~/domain/sale/owner-mails.server";
import { orderableUnits } from "~/domain/sale/stock-moves.server";
import type { StockKind } from "~/domain/inventory/stock-kinds";
import { createHash, randomInt } from "node:crypto";
import type { DB } from "~/db/db.server";
import { repositoryOf } from "~/domain/inventory/stock-repository.server";
import { vehicleRepository } from "~/domain/inventory/vehicles.server";
import { addressKey, countTries, mailboxKey } from "~/domain/auth/rate-limit.server";
import { logActivity } from "~/domain/activity/activity.server";
import { landedPrice, percentFromBp, portLabel } from "~/domain/freight/freight";
import { countryKey, importVerdict } from "~/domain/imports/import-rules";
import { monthText } from "~/domain/inventory/months";
import { getImportSettings, ruleForCountry, shippingMonths } from "~/domain/imports/import-rules.server";
import { type FreightPort, getFreightPort } from "~/domain/freight/freight.server";
import { formatYen } from "~/domain/inventory/price";
import { quoteConfirmationMail } from "~/domain/mail/buyer-mails.server";
import { claimLinkPath } from "./quote-claims.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import type { LanguageCode } from "~/i18n/languages";
import { QUOTE_MAX_QUANTITY, type QuoteRequest } from "./quotes.schema";
import type { QuoteStatus } from "~/domain/sale/quote-status";

/** A quote number: random, 10 digits, 1000000000 to 9999999999 (SPEC 9). */
export function newQuoteNumber(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

/**
 * What is stored of a form's submission key: the key with the sender's e-mail
 * address and the item, hashed. A page kept in the public page cache hands the
 * same key to every visitor for a few seconds; two people sending it are two
 * quotes, the same person sending twice is one. The same key sent for another
 * item is another quote, never the first item's answer.
 */
export function storedSubmissionKey(
  request: Pick<QuoteRequest, "submissionKey" | "email" | "kind" | "itemId">,
): string {
  return createHash("sha256")
    .update(`${request.submissionKey}\n${request.email.trim().toLowerCase()}\n${request.kind}:${request.itemId}`)
    .digest("hex");
}

/**
 * Quote requests per client address and per e-mail address: each sends a
 * confirmation mail, so without a limit the form could be used to mail
 * strangers. A buyer asking about many cars in one sitting stays well inside.
 */
export const QUOTE_LIMITS = {
  perAddress: { tries: 20, windowMs: 60 * 60 * 1000 },
  perEmail: { tries: 8, windowMs: 60 * 60 * 1000 },
};

/**
 * Counts a form that mails the address typed in it (a quote, a Find one for me
 * request) against the quotes' limits, per client address and per mailbox, on
 * the same counters. `retryAfterSeconds` is set when refused; `giveBack` returns
 * the tries of a form that saved nothing new.
 */
export async function countMailingForm(
  db: DB,
  clientIp: string,
  email: string,
): Promise<{ retryAfterSeconds: number | null; giveBack: () => Promise<void> }> {
  const gates = [
    await countTries(db, [`quote:ip:${addressKey(clientIp)}`], QUOTE_LIMITS.perAddress),
    await countTries(db, [`quote:email:${mailboxKey(email)}`], QUOTE_LIMITS.perEmail),
  ];
  const refused = gates.filter((gate) => !gate.allowed);
  return {
    retryAfterSeconds: refused.length > 0 ? Math.max(...refused.map((gate) => gate.retryAfterSeconds)) : null,
    giveBack: async () => {
      await Promise.all(gates.map((gate) => gate.giveBack()));
    },
  };
}

/** The owner's mail line for a vehicle's total to the buyer's port, as the buyer saw it. */
async function priceToPortLine(db: DB, vehicleId: number, port: FreightPort): Promise<string> {
  const [v] = await vehicleRepository.cards(db, [vehicleId]);
  if (!v) throw new Error(`Vehicle ${vehicleId} is gone`);
  const size = v.sizeClass!;
  const landed = landedPrice(v.price, size, port);
  if (!landed) return `no freight entry for a ${size} vehicle to this port: please quote freight by hand`;
  const parts = [`FOB ${formatYen(landed.fob)}`, `freight ${formatYen(landed.freight)} (${size} vehicle)`];
  if (landed.terms === "CIF")
    parts.push(`insurance ${formatYen(landed.insurance)} (${percentFromBp(port.insuranceBp)} %)`);
  if (landed.inspection > 0) parts.push(`pre-shipment inspection ${formatYen(landed.inspection)}`);
  return `${landed.terms} ${formatYen(landed.total)} = ${parts.join(" + ")}`;
}

/**
 * The owner's mail lines on whether the vehicle may enter the buyer's country,
 * as the shop's rules say today: the country they typed in the form, and the
 * one the site answered them for (chosen, else their port's) when that is
 * another. A country without a rule says so.
 */
async function importCheckLines(
  db: DB,
  vehicleId: number,
  typed: string,
  onSite: string | null,
): Promise<[string, string][]> {
  const [v] = await vehicleRepository.cards(db, [vehicleId]);
  if (!v || v.year === null) return [];
  const when = shippingMonths(await getImportSettings(db), new Date());
  const line = async (country: string): Promise<string> => {
    const rule = await ruleForCountry(db, country);
    if (!rule) return `${country}: no import rule on file, check before quoting`;
    const verdict = importVerdict({ ...v, year: v.year! }, rule.country, rule, when);
    const checked = `(rule checked ${rule.checkedOn}${rule.confirmed ? "" : ", unconfirmed"})`;
    const name = rule.country;
    switch (verdict.kind) {
      case "importable":
        return `${name}: can be imported${verdict.shipBy === null ? "" : ` if it ships by ${monthText(verdict.shipBy)}`} ${checked}`;
      case "too_old":
        return `WARNING ${name}: too old, it had to ship by ${monthText(verdict.lastShip)} ${checked}`;
      case "wrong_steering":
        return `WARNING ${name}: admits ${verdict.required.toLowerCase()}-hand drive only ${checked}`;
      case "steering_unknown":
        return `WARNING ${name}: admits ${verdict.required.toLowerCase()}-hand drive only and this vehicle's steering is not on file ${checked}`;
      default:
        return `WARNING ${name}: admits no used vehicles ${checked}`;
    }
  };
  const lines: [string, string][] = [["import_check", await line(typed)]];
  if (onSite && countryKey(onSite) !== countryKey(typed)) lines.push(["import_check_on_site", await line(onSite)]);
  return lines;
}

export type QuoteOutcome =
  | { ok: true; number: string; repeated: boolean }
  | { ok: false; reason: "not-found" | "sold" }
  | { ok: false; reason: "quantity"; max: number };

/** The most of a part one quote may ask for: its stock, when the shop has counted it. */
export function partQuantityLimit(stock: number): number {
  return stock > 0 ? Math.min(stock, QUOTE_MAX_QUANTITY) : QUOTE_MAX_QUANTITY;
}

/** `language`: the buyer's, from the request that sent the form (the owner's mail stays English). */
type MailSettings = {
  ownerEmail: string;
  shopName: string;
  publicUrl: URL;
  language?: LanguageCode;
  /** The country the buyer chose on the site to import into. */
  importCountry?: string | null;
  /** Signs the link that joins a quote sent without an account to the account of its address. */
  sessionSecret?: string;
};

/**
 * Saves a quote request and, in the same transaction, queues the owner's mail
 * (SPEC 7's payload) and the buyer's confirmation. The form's submission key
 * makes a double click or a re-sent form find the first quote, not make a second.
 */
export async function createQuote(
  db: DB,
  request: QuoteRequest,
  customerId: number | null,
  mail: MailSettings,
): Promise<QuoteOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const earlier = await trx
          .selectFrom("quotes")
          .select("number")
          .where("submission_key", "=", storedSubmissionKey(request))
          .executeTakeFirst();
        if (earlier) return { ok: true, number: earlier.number, repeated: true } as const;

        const item = await repositoryOf(request.kind).quoteItem(trx, request.itemId);
        if (!item) return { ok: false, reason: "not-found" } as const;
        if (item.stock_status === "sold") return { ok: false, reason: "sold" } as const;
        // A part is quoted for a number of pieces (one when the form gave none), a vehicle never.
        const quantity = request.kind === "part" ? (request.quantity ?? 1) : null;
        // Bounded by what can still be ordered: the stock less what other buyers' deals were promised.
        const orderable = request.kind === "part" ? (await orderableUnits(trx, item.id))?.orderable : undefined;
        const limit = orderable !== undefined ? partQuantityLimit(orderable) : null;
        if (quantity !== null && limit !== null && quantity > limit)
          return { ok: false, reason: "quantity", max: limit } as const;

        // The chosen port, as written now; a port removed meanwhile is simply not named.
        const port = request.portId === null ? null : await getFreightPort(trx, request.portId);
        const destination = port ? portLabel(port) : null;

        const number = newQuoteNumber();
        const now = new Date().toISOString();
        const row = await trx
          .insertInto("quotes")
          .values({
            number,
            kind: request.kind,
            vehicle_id: request.kind === "vehicle" ? item.id : null,
            part_id: request.kind === "part" ? item.id : null,
            ref_id: item.ref_id,
            item_name: item.name,
            customer_id: customerId,
            name: request.name,
            country: request.country,
            email: request.email,
            phone: request.phone,
            message: request.message,
            destination,
            quantity,
            language: mail.language ?? "en",
            contact_methods: JSON.stringify(request.contactMethods),
            submission_key: storedSubmissionKey(request),
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();

        const itemField = request.kind === "vehicle" ? "vehicle_name" : "part_name";
        const link = new URL(`/${request.kind === "vehicle" ? "vehicles" : "parts"}/${item.id}`, mail.publicUrl).href;
        const payload: [string, string][] = [
          ["quoteID", number],
          ["ref_id", item.ref_id],
          [itemField, item.name],
          ...(quantity !== null ? ([["quantity", String(quantity)]] as [string, string][]) : []),
          ["name", request.name],
          ["country", request.country],
          ...(destination ? ([["destination_port", destination]] as [string, string][]) : []),
          ...(port && request.kind === "vehicle"
            ? [["price_to_port", await priceToPortLine(trx, item.id, port)] as [string, string]]
            : []),
          ...(request.kind === "vehicle"
            ? await importCheckLines(trx, item.id, request.country, mail.importCountry || port?.country || null)
            : []),
          ["email", request.email],
          ["phone", request.phone],
          ["contact_methods", request.contactMethods.join(", ") || "none chosen"],
          ["message", request.message],
        ];
        await enqueueMail(trx, {
          to: mail.ownerEmail,
          replyTo: request.email,
          quoteId: row.id,
          ...ownerMails.quoteRequestMail({
            number,
            itemName: item.name,
            refId: item.ref_id,
            price: Number(item.price),
            itemLink: link,
            lines: payload,
          }),
        });
        await enqueueMail(trx, {
          to: request.email,
          quoteId: row.id,
          ...quoteConfirmationMail(mail.language ?? "en", {
            name: request.name,
            item: item.name,
            ref: item.ref_id,
            number,
            country: request.country,
            link,
            shopName: mail.shopName,
            claimLink:
              customerId === null && mail.sessionSecret
                ? new URL(claimLinkPath(mail.sessionSecret, number, request.email), mail.publicUrl).href
                : undefined,
          }),
        });
        await logActivity(trx, {
          actor: customerId ? { kind: "customer", id: String(customerId) } : { kind: "visitor", id: null },
          action: "quote.requested",
          subject: { kind: "quote", id: String(row.id) },
          summary: `Quote request ${number} from ${request.name} (${request.country}) for ${item.name}`,
          at: now,
        });
        return { ok: true, number, repeated: false } as const;
      });
    } catch (error) {
      // Two quotes drew the same number, or the same form arrived twice at once: try again, which finds the first.
      if (attempt < 4 && /unique|duplicate/i.test(String(error))) continue;
      throw error;
    }
  }
}

export type BuyerQuote = {
  number: string;
  kind: StockKind;
  itemId: number | null;
  refId: string;
  itemName: string;
  message: string;
  status: QuoteStatus;
  createdAt: string;
};

/** The buyer's own quotes, newest first, with the total. */
export async function listCustomerQuotes(db: DB, customerId: number, page: number, perPage: number) {
  const total = Number(
    (
      await db
        .selectFrom("quotes")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("customer_id", "=", customerId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const rows = await db
    .selectFrom("quotes")
    .select(["id", "number", "kind", "vehicle_id", "part_id", "ref_id", "item_name", "message", "status", "created_at"])
    .where("customer_id", "=", customerId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((Math.max(1, page) - 1) * perPage)
    .execute();
  const items: BuyerQuote[] = rows.map((r) => ({
    number: r.number,
    kind: r.kind,
    itemId: r.kind === "vehicle" ? r.vehicle_id : r.part_id,
    refId: r.ref_id,
    itemName: r.item_name,
    message: r.message,
    status: r.status,
    createdAt: r.created_at,
  }));
  return { items, total };
}
