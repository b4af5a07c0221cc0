import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { dialectOf, nowIso } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { DocumentStore } from "~/domain/media/document-store.server";
import { forgetFile } from "~/domain/proof/papers.server";
import { shopDay } from "~/i18n/format";
import { log } from "~/utils/log.server";
import type { InvoiceDocument } from "./deal-types";
import { renderInvoicePdf } from "./invoice-pdf.server";

/*
 * An invoice's PDF, rendered once per printed version and kept in the
 * documents store (issue 47.4). Rendering takes 50-90 ms of CPU, so it happens
 * after the issuing transaction has committed (the first mail that carries
 * it, or the first download), never while the database is locked for the
 * acceptance. When what it prints changes (a hold extended moves the due
 * date, a consignee changed, the invoice cancelled and stamped), the next
 * download makes a new version; the earlier files stay for the record.
 */

type Db = Kysely<Database>;
export type InvoiceFiles = { db: Db; documents: DocumentStore };

/** What an outbox row names instead of carrying the file: made when the mail is sent. */
export const invoiceAttachmentRef = (number: string) => `invoice:${number}`;

type Printed = { document: InvoiceDocument; cancelled?: { on: string; reason: string } };

/** The fingerprint of what a file prints: two downloads of the same print share one file. */
const printedSha = (printed: Printed) => createHash("sha256").update(JSON.stringify(printed)).digest("hex");

/** What an invoice prints now: its document, stamped when cancelled. */
function printedNow(row: { document: string; voided_at: string | null; void_reason: string | null }): Printed {
  const printed: Printed = { document: JSON.parse(row.document) as InvoiceDocument };
  if (row.voided_at) printed.cancelled = { on: shopDay(new Date(row.voided_at)), reason: row.void_reason ?? "" };
  return printed;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A kept file's bytes when they are whole; "lost" when the store has none or other bytes; null when the store does not answer. */
async function readKept(documents: DocumentStore, file: { file_key: string; file_sha256: string }) {
  let bytes: Buffer | null;
  try {
    bytes = await documents.readBytes(file.file_key);
  } catch {
    return null;
  }
  return bytes && sha256(bytes) === file.file_sha256 ? bytes : ("lost" as const);
}

/**
 * The PDF of an invoice by number, as it prints now: read from the store when
 * this print was made before, else rendered, kept as the next version and
 * returned. Null when there is no such invoice. A store that does not answer
 * never stops the download: the file is rendered and sent, and kept next time.
 */
export async function invoicePdf({ db, documents }: InvoiceFiles, number: string): Promise<Buffer | null> {
  const row = await db
    .selectFrom("invoices")
    .select(["id", "document", "voided_at", "void_reason", "pdf"])
    .where("number", "=", number)
    .executeTakeFirst();
  if (!row) return null;
  // The copy an invoice kept on its row before files were kept in the store (what was mailed) becomes its version 1.
  if (row.pdf) await keepOldCopy({ db, documents }, row.id, row.document, Buffer.from(row.pdf, "base64"));
  const printed = printedNow(row);
  const sha = printedSha(printed);

  const kept = await db
    .selectFrom("invoice_files")
    .select(["id", "file_key", "file_sha256"])
    .where("invoice_id", "=", row.id)
    .where("printed_sha256", "=", sha)
    .executeTakeFirst();
  const bytes = kept ? await readKept(documents, kept) : undefined;
  if (bytes instanceof Buffer) return bytes;
  if (bytes === "lost")
    log("error", "a kept invoice file is missing or changed; printed again", { number, key: kept!.file_key });

  const started = performance.now();
  const pdf = await renderInvoicePdf(printed.document, printed.cancelled ? { cancelled: printed.cancelled } : {});
  const renderMs = Math.round(performance.now() - started);
  // The store not answering (null) is not a lost file: the download goes as printed and nothing is rewritten.
  if (bytes !== null)
    await keep({ db, documents }, { invoiceId: row.id, printed: sha, lost: kept ?? null }, pdf, renderMs).catch(
      (error: unknown) =>
        log("error", "an invoice file could not be kept; sent as rendered", { number, error: String(error) }),
    );
  return pdf;
}

/** Holds the invoice's row for the rest of the transaction (PostgreSQL; SQLite has one writer). */
async function lockInvoice(trx: Kysely<Database>, invoiceId: number) {
  return trx
    .selectFrom("invoices")
    .select(["document", "voided_at", "void_reason"])
    .where("id", "=", invoiceId)
    .$if(dialectOf(trx) === "postgres", (q) => q.forUpdate())
    .executeTakeFirst();
}

/**
 * Stores a rendered print as the invoice's next version, or in place of a
 * version whose file was lost. Kept only if the invoice still prints it (a
 * hold extended meanwhile makes another print) and no other download kept it
 * first; otherwise the stored file is removed again.
 */
async function keep(
  { db, documents }: InvoiceFiles,
  { invoiceId, printed, lost }: { invoiceId: number; printed: string; lost: { id: number; file_key: string } | null },
  pdf: Buffer,
  renderMs: number,
): Promise<void> {
  const stored = await documents.put({ data: pdf, contentType: "application/pdf", extension: "pdf" });
  let kept = false;
  let replaced: string | null = null;
  try {
    await db.transaction().execute(async (trx) => {
      const invoice = await lockInvoice(trx, invoiceId);
      if (!invoice) return;
      const now = printedNow(invoice);
      if (printedSha(now) !== printed) return;
      if (lost) {
        // Only the download that finds the lost file still named replaces it.
        const moved = await trx
          .updateTable("invoice_files")
          .set({ file_key: stored.key, file_sha256: sha256(pdf), size: pdf.length })
          .where("id", "=", lost.id)
          .where("file_key", "=", lost.file_key)
          .executeTakeFirst();
        kept = Number(moved.numUpdatedRows) === 1;
        if (kept) replaced = lost.file_key;
        return;
      }
      const already = await trx
        .selectFrom("invoice_files")
        .select("id")
        .where("invoice_id", "=", invoiceId)
        .where("printed_sha256", "=", printed)
        .executeTakeFirst();
      if (already) return;
      await insertVersion(trx, invoiceId, printed, stored.key, pdf, renderMs, Boolean(now.cancelled));
      kept = true;
    });
  } finally {
    if (!kept) await forgetFile(documents, stored.key);
  }
  if (replaced) await forgetFile(documents, replaced);
}

async function insertVersion(
  trx: Kysely<Database>,
  invoiceId: number,
  printed: string,
  key: string,
  pdf: Buffer,
  renderMs: number,
  cancelled: boolean,
) {
  const last = await trx
    .selectFrom("invoice_files")
    .select((eb) => eb.fn.max("version").as("version"))
    .where("invoice_id", "=", invoiceId)
    .executeTakeFirst();
  await trx
    .insertInto("invoice_files")
    .values({
      invoice_id: invoiceId,
      version: Number(last?.version ?? 0) + 1,
      printed_sha256: printed,
      file_key: key,
      file_sha256: sha256(pdf),
      size: pdf.length,
      cancelled: cancelled ? 1 : 0,
      render_ms: renderMs,
      created_at: nowIso(),
    })
    .execute();
}

/**
 * Moves the copy an invoice kept on its row (before issue 47) into the store
 * as its first version, with the print of the document it was made from (the
 * row's copy was emptied whenever the document changed), then empties the
 * row. A store that does not answer leaves the copy for the next download.
 */
async function keepOldCopy({ db, documents }: InvoiceFiles, invoiceId: number, document: string, pdf: Buffer) {
  const stored = await documents.put({ data: pdf, contentType: "application/pdf", extension: "pdf" }).catch(() => null);
  if (!stored) return;
  let kept = false;
  try {
    await db.transaction().execute(async (trx) => {
      await lockInvoice(trx, invoiceId);
      const row = await trx
        .selectFrom("invoices")
        .select(["pdf", "document"])
        .where("id", "=", invoiceId)
        .executeTakeFirst();
      if (!row?.pdf || row.document !== document) return;
      const files = await trx
        .selectFrom("invoice_files")
        .select("id")
        .where("invoice_id", "=", invoiceId)
        .executeTakeFirst();
      if (!files) {
        const printed = printedSha({ document: JSON.parse(document) as InvoiceDocument });
        await insertVersion(trx, invoiceId, printed, stored.key, pdf, 0, false);
        kept = true;
      }
      await trx.updateTable("invoices").set({ pdf: null }).where("id", "=", invoiceId).execute();
    });
  } finally {
    if (!kept) await forgetFile(documents, stored.key);
  }
}

export type InvoiceFileVersion = { version: number; cancelled: boolean; size: number; createdAt: string };

/** The files an invoice has printed, newest first, for the owner's record. */
export async function invoiceFileVersions(db: Db, number: string): Promise<InvoiceFileVersion[]> {
  const rows = await db
    .selectFrom("invoice_files")
    .innerJoin("invoices", "invoices.id", "invoice_files.invoice_id")
    .select(["invoice_files.version", "invoice_files.cancelled", "invoice_files.size", "invoice_files.created_at"])
    .where("invoices.number", "=", number)
    .orderBy("invoice_files.version", "desc")
    .execute();
  return rows.map((r) => ({ version: r.version, cancelled: r.cancelled === 1, size: r.size, createdAt: r.created_at }));
}

/**
 * One kept version of an invoice's file, for the staff; null when there is
 * none or its bytes are lost. Throws DocumentError("storage") when the store does not answer.
 */
export async function invoiceFileVersion(
  { db, documents }: InvoiceFiles,
  number: string,
  version: number,
): Promise<Buffer | null> {
  const row = await db
    .selectFrom("invoice_files")
    .innerJoin("invoices", "invoices.id", "invoice_files.invoice_id")
    .select(["invoice_files.file_key", "invoice_files.file_sha256"])
    .where("invoices.number", "=", number)
    .where("invoice_files.version", "=", version)
    .executeTakeFirst();
  if (!row) return null;
  const bytes = await documents.readBytes(row.file_key);
  if (bytes && sha256(bytes) === row.file_sha256) return bytes;
  log("error", "a kept invoice version is missing or changed", { number, version, key: row.file_key });
  return null;
}

/**
 * Makes the outbox's invoice attachments when their mail is sent. An invoice
 * cancelled before its mail went out is not sent as a document to pay (the
 * mail of its cancellation follows): the mail goes without it.
 */
export function invoiceAttachments(files: InvoiceFiles) {
  return async (ref: string): Promise<Buffer | null> => {
    const number = /^invoice:(\d{4}-\d{5,7})$/.exec(ref)?.[1];
    const row = number
      ? await files.db.selectFrom("invoices").select("voided_at").where("number", "=", number).executeTakeFirst()
      : undefined;
    if (!row) throw new Error(`no invoice for attachment ${ref}`);
    if (row.voided_at) return null;
    return invoicePdf(files, number!);
  };
}
