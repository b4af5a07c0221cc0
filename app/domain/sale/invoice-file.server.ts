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

async function readAll(store: DocumentStore, key: string): Promise<Buffer | null> {
  const stored = await store.read(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
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
    .select(["id", "document", "voided_at", "void_reason"])
    .where("number", "=", number)
    .executeTakeFirst();
  if (!row) return null;
  const printed: Printed = { document: JSON.parse(row.document) as InvoiceDocument };
  if (row.voided_at) printed.cancelled = { on: shopDay(new Date(row.voided_at)), reason: row.void_reason ?? "" };
  const sha = printedSha(printed);

  const kept = await db
    .selectFrom("invoice_files")
    .select(["id", "file_key", "file_sha256"])
    .where("invoice_id", "=", row.id)
    .where("printed_sha256", "=", sha)
    .executeTakeFirst();
  if (kept) {
    const bytes = await readAll(documents, kept.file_key).catch(() => null);
    if (bytes && createHash("sha256").update(bytes).digest("hex") === kept.file_sha256) return bytes;
    log("error", "a kept invoice file is missing or changed; printed again", { number, key: kept.file_key });
  }

  const started = performance.now();
  const pdf = await renderInvoicePdf(printed.document, printed.cancelled ? { cancelled: printed.cancelled } : {});
  const renderMs = Math.round(performance.now() - started);
  await keep(
    { db, documents },
    { invoiceId: row.id, printed: sha, lost: kept?.id ?? null },
    pdf,
    renderMs,
    Boolean(printed.cancelled),
  ).catch((error: unknown) =>
    log("error", "an invoice file could not be kept; sent as rendered", { number, error: String(error) }),
  );
  return pdf;
}

/**
 * Stores a rendered print as the invoice's next version (or in place of a
 * version whose file was lost); a second download at the same moment keeps the first's.
 */
async function keep(
  { db, documents }: InvoiceFiles,
  { invoiceId, printed, lost }: { invoiceId: number; printed: string; lost: number | null },
  pdf: Buffer,
  renderMs: number,
  cancelled: boolean,
): Promise<void> {
  const stored = await documents.put({ data: pdf, contentType: "application/pdf", extension: "pdf" });
  const fileSha = createHash("sha256").update(pdf).digest("hex");
  let kept = false;
  try {
    if (lost !== null) {
      const old = await db.selectFrom("invoice_files").select("file_key").where("id", "=", lost).executeTakeFirst();
      await db
        .updateTable("invoice_files")
        .set({ file_key: stored.key, file_sha256: fileSha, size: pdf.length })
        .where("id", "=", lost)
        .execute();
      kept = true;
      if (old) await forgetFile(documents, old.file_key);
      return;
    }
    await db.transaction().execute(async (trx) => {
      // The invoice's row is the lock: two first downloads never take the same version.
      await trx
        .selectFrom("invoices")
        .select("id")
        .where("id", "=", invoiceId)
        .$if(dialectOf(trx) === "postgres", (q) => q.forUpdate())
        .executeTakeFirst();
      const already = await trx
        .selectFrom("invoice_files")
        .select("id")
        .where("invoice_id", "=", invoiceId)
        .where("printed_sha256", "=", printed)
        .executeTakeFirst();
      if (already) return;
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
          file_key: stored.key,
          file_sha256: fileSha,
          size: pdf.length,
          cancelled: cancelled ? 1 : 0,
          render_ms: renderMs,
          created_at: nowIso(),
        })
        .execute();
      kept = true;
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

/** One kept version of an invoice's file, for the staff; null when there is none. */
export async function invoiceFileVersion(
  { db, documents }: InvoiceFiles,
  number: string,
  version: number,
): Promise<Buffer | null> {
  const row = await db
    .selectFrom("invoice_files")
    .innerJoin("invoices", "invoices.id", "invoice_files.invoice_id")
    .select(["invoice_files.file_key"])
    .where("invoices.number", "=", number)
    .where("invoice_files.version", "=", version)
    .executeTakeFirst();
  return row ? readAll(documents, row.file_key) : null;
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
