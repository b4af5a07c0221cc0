import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { shopDay } from "~/i18n/format";
import type { InvoiceDocument } from "./deal-types";
import { renderInvoicePdf } from "./invoice-pdf.server";

/*
 * An invoice's PDF, rendered once and kept: rendering takes 50-90 ms of CPU,
 * so it happens after the issuing transaction has committed (the first mail
 * that carries it, or the first download), never while the database is
 * locked for the acceptance. A cancelled invoice is stamped as such on each
 * download (rare), from the same document.
 */

type Trx = Kysely<Database>;

/** What an outbox row names instead of carrying the file: made when the mail is sent. */
export const invoiceAttachmentRef = (number: string) => `invoice:${number}`;

/** The PDF of an invoice by number, rendered the first time and kept; null when there is no such invoice. */
export async function invoicePdf(db: Trx, number: string): Promise<Buffer | null> {
  const row = await db
    .selectFrom("invoices")
    .select(["id", "document", "pdf", "voided_at", "void_reason"])
    .where("number", "=", number)
    .executeTakeFirst();
  if (!row) return null;
  const document = JSON.parse(row.document) as InvoiceDocument;
  if (row.voided_at)
    return renderInvoicePdf(document, {
      cancelled: { on: shopDay(new Date(row.voided_at)), reason: row.void_reason ?? "" },
    });
  if (row.pdf) return Buffer.from(row.pdf, "base64");
  const pdf = await renderInvoicePdf(document);
  // Kept only while the document is the one rendered: a change meanwhile (a hold extended) empties it.
  await db
    .updateTable("invoices")
    .set({ pdf: pdf.toString("base64") })
    .where("id", "=", row.id)
    .where("document", "=", row.document)
    .execute();
  return pdf;
}

/**
 * Makes the outbox's invoice attachments when their mail is sent. An invoice
 * cancelled before its mail went out is not sent as a document to pay (the
 * mail of its cancellation follows): the mail goes without it.
 */
export function invoiceAttachments(db: Trx) {
  return async (ref: string): Promise<Buffer | null> => {
    const number = /^invoice:(\d{4}-\d{5,7})$/.exec(ref)?.[1];
    const row = number
      ? await db.selectFrom("invoices").select("voided_at").where("number", "=", number).executeTakeFirst()
      : undefined;
    if (!row) throw new Error(`no invoice for attachment ${ref}`);
    if (row.voided_at) return null;
    return invoicePdf(db, number!);
  };
}
