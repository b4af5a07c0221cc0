import * as ownerMails from "./owner-mails.server";
import type { DB } from "~/db/db.server";
import { logActivity, type ActivityEntry } from "~/domain/activity/activity.server";
import { formatYen } from "~/domain/inventory/price";
import { repositoryOf } from "~/domain/inventory/stock-repository.server";
import { offerAcceptedMail } from "./buyer-mails.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { formatDate, shopDay } from "~/i18n/format";
import { isLanguage } from "~/i18n/languages";
import { problem, type Problem } from "~/i18n/problem";
import type { Refusal } from "~/domain/refusal";
import { getBankAccount, getDealSettings } from "./deal-settings.server";
import { addWorkingDays } from "./deal-time";
import type { OfferLine, OfferTerms } from "./deal-types";
import { invoiceAttachmentRef } from "./invoice-file.server";
import { issueInvoice } from "./invoices.server";
import { openOrder } from "./order-moves.server";
import { buyerQuoteLink } from "./offer-links.server";
import { dealAccess, type DealVisitor } from "./deal-access.server";
import type { DealContext } from "./offers.server";
import { acceptImportRefusal, type AcceptConfirmations } from "./deal-import-verdict.server";
import { applyQuoteMove, lockQuote, type LockedQuote } from "./quote-moves.server";
import { promiseParts, reserveVehicle } from "./stock-moves.server";

/*
 * The buyer's answer to an offer (issue 20.2): a signed-in buyer answers on
 * the quote's page, a buyer without an account through the signed link of
 * the offer mail. Accepting a vehicle's offer holds the vehicle (Reserved for
 * everyone, one active hold per vehicle) and issues the proforma invoice, all
 * in one transaction; a refusal changes nothing.
 */

/**
 * Who is answering: the signed-in buyer (with the offer they were shown, so a
 * newer offer is never accepted unseen), the holder of an offer mail's link,
 * or nobody known.
 */
export type OfferAccess = { customerId: number; seenOfferId?: number } | { offerId: number; sig: string } | null;

export type AnswerOutcome =
  | { ok: true; answer: "accept" | "decline"; invoiceNumber: string | null }
  | { ok: false; refusal: Refusal; message: Problem };

const dealProblem = (key: string, values?: Record<string, string>) => problem(`deal.problems.${key}`, values);
/** A refusal of the buyer's answer, in the deal's words. */
const refuse = (refusal: Refusal, key: string, values?: Record<string, string>): AnswerOutcome => ({
  ok: false,
  refusal,
  message: dealProblem(key, values),
});
const NOT_FOUND = refuse("not-found", "notFound");

/** A refusal found after the hold or the promise was written: thrown so the transaction undoes them. */
class UndoneRefusal extends Error {
  constructor(readonly outcome: AnswerOutcome) {
    super("acceptance refused after its effects began");
  }
}

/** Whether this access reaches this quote (and, through a link, this offer of it while it stands): the deal's one rule. */
export function mayAnswer(
  secret: string,
  quote: Pick<LockedQuote, "number" | "customer_id">,
  offer: { id: number; valid_until: string } | undefined,
  access: OfferAccess,
): boolean {
  if (!access) return false;
  const visitor: DealVisitor = {
    staff: false,
    customerId: "customerId" in access ? access.customerId : null,
    orderLink: null,
    offerLink: "offerId" in access ? { offerId: access.offerId, sig: access.sig } : null,
  };
  const keys = { customerId: quote.customer_id, quoteNumber: quote.number, latestOffer: offer ?? null };
  return dealAccess(secret, visitor, "quote", keys) !== null;
}

/** The last offer of a quote, open or not. */
export async function latestOffer(db: DB, quoteId: number) {
  return db.selectFrom("offers").selectAll().where("quote_id", "=", quoteId).orderBy("id", "desc").executeTakeFirst();
}

function isHeldElsewhere(error: unknown): boolean {
  return /holds_one_active_idx|holds\.vehicle_id/i.test(String(error));
}

export async function answerOffer(
  db: DB,
  deal: DealContext,
  number: string,
  answer: "accept" | "decline",
  access: OfferAccess,
  now = new Date(),
  confirm: AcceptConfirmations = {},
): Promise<AnswerOutcome> {
  try {
    return await db.transaction().execute((trx) => answerIn(trx, deal, number, answer, access, now, confirm));
  } catch (error) {
    if (error instanceof UndoneRefusal) return error.outcome;
    // Another buyer's acceptance of the same vehicle committed first.
    if (isHeldElsewhere(error)) return refuse("conflict", "held");
    throw error;
  }
}

async function answerIn(
  trx: DB,
  deal: DealContext,
  number: string,
  answer: "accept" | "decline",
  access: OfferAccess,
  now: Date,
  confirm: AcceptConfirmations,
): Promise<AnswerOutcome> {
  const quote = await lockQuote(trx, number);
  if (!quote) return NOT_FOUND;
  const offer = await latestOffer(trx, quote.id);
  // A link names its offer: an older offer's link reaches the quote only while its own offer is the latest.
  if (!mayAnswer(deal.sessionSecret, quote, offer, access)) return NOT_FOUND;
  if (!offer || offer.status !== "open")
    return refuse("conflict", offer && offer.status !== "replaced" ? `already.${offer.status}` : "noOffer");
  // The page the buyer answered from showed another offer: they must read this one first.
  if (access && "customerId" in access && access.seenOfferId !== undefined && access.seenOfferId !== offer.id)
    return refuse("conflict", "changed");
  const at = now.toISOString();
  const actor: ActivityEntry["actor"] =
    access && "customerId" in access
      ? { kind: "customer", id: String(access.customerId) }
      : { kind: "visitor", id: null };
  if (offer.valid_until < at) {
    await applyQuoteMove(trx, quote, "expire", "system", { kind: "system", id: null }, at);
    return refuse("gone", "expired", { date: formatDate(offer.valid_until, "en") });
  }
  const row = await trx
    .selectFrom("quotes")
    .select(["name", "email", "phone", "country", "item_name", "ref_id", "language", "quantity"])
    .where("id", "=", quote.id)
    .executeTakeFirstOrThrow();

  // What the owner's mails say of this deal.
  const facts = {
    publicUrl: deal.publicUrl,
    quote: quote.number,
    buyer: row.name,
    country: row.country,
    item: row.item_name,
    ref: row.ref_id,
  };

  if (answer === "decline") {
    const moved = await applyQuoteMove(trx, quote, "decline", "buyer", actor, at);
    if (!moved.ok) return refuse("conflict", "noOffer");
    await enqueueMail(trx, {
      to: deal.ownerEmail,
      replyTo: row.email,
      quoteId: quote.id,
      ...ownerMails.offerDeclinedMail({ ...facts, offer }),
    });
    return { ok: true, answer, invoiceNumber: null };
  }
  // The destination's import rule as it stands now (issue 40): refused unless overridden and read.
  const importRefusal = await acceptImportRefusal(trx, quote.id, offer, confirm, now);
  if (importRefusal) return importRefusal;

  // Accepting: the item must still be there and not sold, and a vehicle not held for someone else.
  const itemId = quote.kind === "vehicle" ? quote.vehicle_id : quote.part_id;
  if (itemId === null || !(await repositoryOf(quote.kind).lock(trx, itemId))) return refuse("conflict", "gone");
  const item = await repositoryOf(quote.kind).quoteItem(trx, itemId);
  if (!item) return refuse("conflict", "gone");
  if (item.stock_status === "sold") return refuse("conflict", "sold");
  // A vehicle reserved by anyone (another buyer's hold, or the owner by hand) is not free to hold.
  if (quote.kind === "vehicle" && item.stock_status !== "available") return refuse("conflict", "held");
  const bank = await getBankAccount(trx);
  if (!bank) return refuse("conflict", "notReady");
  const settings = await getDealSettings(trx);

  let heldUntil: string | null = null;
  if (quote.kind === "vehicle") {
    const other = await trx
      .selectFrom("holds")
      .select("id")
      .where("vehicle_id", "=", itemId)
      .where("ended_at", "is", null)
      .executeTakeFirst();
    if (other) return refuse("conflict", "held");
    heldUntil = addWorkingDays(now, settings.holdWorkingDays).toISOString();
    await trx
      .insertInto("holds")
      .values({
        vehicle_id: itemId,
        quote_id: quote.id,
        offer_id: offer.id,
        created_at: at,
        expires_at: heldUntil,
        ended_at: null,
        end_reason: null,
      })
      .execute();
    await reserveVehicle(
      trx,
      itemId,
      actor,
      at,
      `${row.item_name} (${row.ref_id}) reserved for quote ${quote.number} until ${heldUntil}`,
    );
  } else {
    // A part's quantity is promised to this buyer: what other live deals promised is not there to take.
    const wanted = Math.max(row.quantity ?? 1, 1);
    const promise = await promiseParts(
      trx,
      itemId,
      wanted,
      actor,
      at,
      `${wanted} × ${row.item_name} (${row.ref_id}) promised to quote ${quote.number}`,
    );
    if (!promise.ok) {
      // Told once an hour per quote: a buyer pressing Accept again sends no more mail.
      const toldLately = await trx
        .selectFrom("mail_outbox")
        .select("id")
        .where("quote_id", "=", quote.id)
        .where("to_address", "=", deal.ownerEmail)
        .where("subject", "like", "Not enough stock:%")
        .where("created_at", ">", new Date(now.getTime() - 3_600_000).toISOString())
        .executeTakeFirst();
      if (!toldLately)
        await enqueueMail(trx, {
          to: deal.ownerEmail,
          replyTo: row.email,
          quoteId: quote.id,
          ...ownerMails.notEnoughStockMail({ ...facts, wanted, left: promise.left }),
        });
      return refuse("conflict", "onlyLeft", { left: String(promise.left) });
    }
  }
  const moved = await applyQuoteMove(trx, quote, "accept", "buyer", actor, at);
  // The hold or promise above is already written: a refusal now must take it back, not commit it.
  if (!moved.ok) throw new UndoneRefusal(refuse("conflict", "noOffer"));

  const lines = JSON.parse(offer.lines) as OfferLine[];
  const dueDate = shopDay(heldUntil ? new Date(heldUntil) : addWorkingDays(now, settings.holdWorkingDays));
  const invoice = await issueInvoice(
    trx,
    deal,
    {
      quoteId: quote.id,
      quoteNumber: quote.number,
      offerId: offer.id,
      customerId: quote.customer_id,
      buyer: { name: row.name, country: row.country, email: row.email, phone: row.phone },
      item: { kind: quote.kind, id: itemId, refId: row.ref_id, name: row.item_name, quantity: row.quantity },
      lines,
      total: offer.total,
      terms: offer.terms as OfferTerms,
      port: offer.port,
      dueDate,
      bank,
    },
    now,
  );
  await openOrder(
    trx,
    { id: invoice.id, number: invoice.number, total: offer.total, dueDate },
    {
      quoteId: quote.id,
      customerId: quote.customer_id,
      kind: quote.kind,
      itemId,
      itemName: row.item_name,
      refId: row.ref_id,
      buyer: { name: row.name, email: row.email, country: row.country },
      language: row.language,
      port: offer.port,
    },
    actor,
    at,
  );
  await logActivity(trx, {
    actor,
    action: "invoice.issued",
    subject: { kind: "quote", id: String(quote.id) },
    summary: `Invoice ${invoice.number} issued for quote ${quote.number}: ${formatYen(offer.total)}, due ${dueDate}`,
    at,
  });
  // Rendered when the mail is sent, after this commits: 50-90 ms of CPU never held inside the lock.
  const attachment = {
    filename: `invoice-${invoice.number}.pdf`,
    contentType: "application/pdf",
    ref: invoiceAttachmentRef(invoice.number),
  };
  const followLink = buyerQuoteLink(deal, { number: quote.number, customerId: quote.customer_id }, offer);
  await enqueueMail(trx, {
    to: row.email,
    replyTo: deal.ownerEmail,
    quoteId: quote.id,
    attachments: [attachment],
    ...offerAcceptedMail(isLanguage(row.language) ? row.language : "en", {
      name: row.name,
      item: row.item_name,
      invoice: invoice.number,
      total: offer.total,
      due: dueDate,
      heldUntil,
      verifyLink: invoice.document.verifyUrl,
      code: invoice.document.code,
      link: followLink,
      shopName: deal.shopName,
    }),
  });
  await enqueueMail(trx, {
    to: deal.ownerEmail,
    replyTo: row.email,
    quoteId: quote.id,
    attachments: [attachment],
    ...ownerMails.offerAcceptedMail({ ...facts, offer, invoice: invoice.number, due: dueDate, heldUntil }),
  });
  return { ok: true, answer, invoiceNumber: invoice.number };
}
