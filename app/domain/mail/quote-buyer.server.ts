import type { DB } from "~/db/db.server";
import { isLanguage, type LanguageCode } from "~/i18n/languages";
import type { BuyerMail } from "./buyer-mails.server";
import { enqueueMail } from "./outbox.server";

/*
 * The buyer of a quote as the deal's mails address them, read once, and the
 * one way a deal's mail is queued to them: replies go to the owner.
 */

/** Whom a deal's mail goes to, and the item their quote asked about (the mails' name, item and ref). */
export type QuoteBuyer = {
  quoteId: number;
  number: string;
  email: string;
  language: LanguageCode;
  name: string;
  item: string;
  ref: string;
  /** The deal's latest invoice number (the order's number too), null before one is issued: the mails' subjects name it. */
  invoice: string | null;
};

/** The quote's buyer; English when their language is not one the shop speaks. */
export async function quoteBuyer(db: DB, quoteId: number): Promise<QuoteBuyer> {
  const row = await db
    .selectFrom("quotes")
    .select(["number", "name", "email", "item_name", "ref_id", "language"])
    .where("id", "=", quoteId)
    .executeTakeFirstOrThrow();
  const invoice = await db
    .selectFrom("invoices")
    .select("number")
    .where("quote_id", "=", quoteId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  const language = isLanguage(row.language) ? row.language : "en";
  return {
    quoteId,
    number: row.number,
    email: row.email,
    language,
    name: row.name,
    item: row.item_name,
    ref: row.ref_id,
    invoice: invoice?.number ?? null,
  };
}

/** Queues a mail to the quote's buyer, with the owner's address to reply to. */
export async function mailQuoteBuyer(db: DB, buyer: QuoteBuyer, ownerEmail: string, mail: BuyerMail): Promise<void> {
  await enqueueMail(db, { to: buyer.email, replyTo: ownerEmail, quoteId: buyer.quoteId, ...mail });
}
