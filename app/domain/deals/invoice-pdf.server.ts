import type { InvoiceDocument } from "./deal-types";

/** The proforma invoice as a PDF (English, A4). */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  throw new Error(`The invoice PDF is not written yet (${doc.number})`);
}
