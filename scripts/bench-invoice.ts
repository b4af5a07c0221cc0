import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { loadConfig } from "~/config.server";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { bulkInsertStock } from "~/db/seed/bulk.server";
import { seedDemoBank } from "~/db/seed/demo-bank.server";
import { seedDemoOrders } from "~/db/seed/demo-orders.server";
import { DEMO_CUSTOMER, seedFreightPorts } from "~/db/seed/seed.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { localDriver } from "~/domain/media/media-store.server";
import type { InvoiceDocument } from "~/domain/sale/deal-types";
import { invoicePdf } from "~/domain/sale/invoice-file.server";
import { renderInvoicePdf } from "~/domain/sale/invoice-pdf.server";
import { seedCompany } from "~/domain/settings/company.server";

/*
 * `npm run bench:invoice`: what a download of an invoice's PDF costs (issue
 * 47.4), three ways in turn on the demo's invoices, in one process:
 * "printed afresh" renders the PDF (every download before issue 40, and still
 * the first download of each printed version); "copy on the row" reads the
 * base64 copy an invoice row held from issue 40 until this change (emptied
 * whenever the print changed, the old one lost); "kept file" reads the
 * version kept in the documents store (a local folder here).
 *
 *   npm run bench:invoice            (ROUNDS=200 downloads each by default)
 */

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-invoice-"));
const config = loadConfig({ ...process.env, DATA_DIR: dir, SESSION_SECRET: "bench-invoice-secret-0123456789abcdef" });
const db = openDatabase({ dialect: "sqlite", file: path.join(dir, "shop.sqlite") });
const documents = new DocumentStore(localDriver(path.join(dir, "documents")));

function figures(label: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const total = ms.reduce((a, b) => a + b, 0);
  return {
    download: label,
    "p50 ms": at(0.5).toFixed(2),
    "p95 ms": at(0.95).toFixed(2),
    "downloads a second": Math.round((ms.length * 1000) / total),
  };
}

try {
  await migrateToLatest(db);
  await bulkInsertStock(db, { vehicles: 10, parts: 0, photos: [], seed: 47 });
  await seedFreightPorts(db);
  await seedCompany(db);
  await seedDemoBank(db);
  await createCustomer(db, DEMO_CUSTOMER);
  await seedDemoOrders(db, config, documents);
  const invoices = await db.selectFrom("invoices").select(["number", "document"]).execute();
  if (invoices.length === 0) throw new Error("the demo made no invoice");

  const afresh: number[] = [];
  const onRow: number[] = [];
  const kept: number[] = [];
  const copies = new Map<string, string>();
  let size = 0;
  // Warm both paths (fonts loaded, the first version kept) before measuring.
  for (const invoice of invoices) {
    const pdf = (await invoicePdf({ db, documents }, invoice.number))!;
    size = pdf.length;
    copies.set(invoice.number, pdf.toString("base64"));
  }
  // The row's copy as the shop kept it before: a column of its own beside the invoice.
  await sql`create table row_copies (number text primary key, document text not null, pdf text not null)`.execute(db);
  for (const invoice of invoices)
    await sql`insert into row_copies values (${invoice.number}, ${invoice.document}, ${copies.get(invoice.number)!})`.execute(
      db,
    );
  for (let round = 0; round < ROUNDS; round++) {
    const invoice = invoices[round % invoices.length]!;
    let started = performance.now();
    await renderInvoicePdf(JSON.parse(invoice.document) as InvoiceDocument);
    afresh.push(performance.now() - started);
    started = performance.now();
    const { rows } = await sql<{ document: string; pdf: string }>`
      select document, pdf from row_copies where number = ${invoice.number}`.execute(db);
    Buffer.from(rows[0]!.pdf, "base64");
    onRow.push(performance.now() - started);
    started = performance.now();
    await invoicePdf({ db, documents }, invoice.number);
    kept.push(performance.now() - started);
  }
  console.log(`Invoice PDFs, ${invoices.length} invoices of the demo, ${ROUNDS} downloads each way, ${size} bytes`);
  console.table([
    figures("printed afresh", afresh),
    figures("copy on the row (before)", onRow),
    figures("kept file (after)", kept),
  ]);
  const versions = await db.selectFrom("invoice_files").select("version").execute();
  if (versions.length !== invoices.length)
    throw new Error(`${versions.length} files kept for ${invoices.length} invoices`);
  console.log(`Kept files: ${versions.length}, one per invoice: nothing printed twice`);
} finally {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
