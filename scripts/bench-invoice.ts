import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
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
 * 47.4). "Printed afresh" is each download rendering the PDF, as before the
 * files were kept, and still the first download of each printed version;
 * "kept" is each download reading the version kept in the documents store
 * (a local folder here). Both in turn on the demo's invoices, in one process.
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
  const kept: number[] = [];
  let size = 0;
  // Warm both paths (fonts loaded, the first version kept) before measuring.
  for (const invoice of invoices) size = (await invoicePdf({ db, documents }, invoice.number))!.length;
  for (let round = 0; round < ROUNDS; round++) {
    const invoice = invoices[round % invoices.length]!;
    let started = performance.now();
    await renderInvoicePdf(JSON.parse(invoice.document) as InvoiceDocument);
    afresh.push(performance.now() - started);
    started = performance.now();
    await invoicePdf({ db, documents }, invoice.number);
    kept.push(performance.now() - started);
  }
  console.log(`Invoice PDFs, ${invoices.length} invoices of the demo, ${ROUNDS} downloads each way, ${size} bytes`);
  console.table([figures("printed afresh (before)", afresh), figures("kept in the store (after)", kept)]);
  const versions = await db.selectFrom("invoice_files").select("version").execute();
  console.log(`Kept files: ${versions.length} (one per invoice: nothing printed twice)`);
} finally {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
