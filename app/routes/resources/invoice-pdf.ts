import { data } from "react-router";
import { getServices } from "~/context.server";
import { dealAccess, dealVisitor, invoiceDealKeys, linksOf } from "~/domain/sale/deal-access.server";
import { invoiceFileVersion, invoicePdf } from "~/domain/sale/invoice-file.server";
import { invoiceByNumber } from "~/domain/sale/invoices.server";
import { DocumentError } from "~/domain/media/document-check.server";
import type { Route } from "./+types/invoice-pdf";

/*
 * A proforma invoice as a PDF, for the staff, the buyer whose quote it is
 * (signed in), or the holder of that quote's offer link or of its order's link. Anyone else gets the
 * same 404 as for a number that does not exist. Rendered once per printed
 * version and kept in the documents store (invoice-file.server.ts); never kept
 * by a shared cache. `?version=N` gives the staff an earlier printed version.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { db } = services;
  const number = params.file.replace(/\.pdf$/i, "");
  const invoice = await invoiceByNumber(db, number);
  const notFound = () => data("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!invoice || invoice.quoteId === null) throw notFound();
  const url = new URL(request.url);
  const asked = url.searchParams.get("version");
  const purpose = asked === null ? "invoice" : "invoiceVersion";
  const visitor = await dealVisitor(
    services,
    request,
    linksOf(url.searchParams, url.searchParams.get("order")),
    purpose,
  );
  const keys = await invoiceDealKeys(db, { number: invoice.number, quoteId: invoice.quoteId });
  if (!keys || !dealAccess(services.config.sessionSecret, visitor, purpose, keys)) throw notFound();
  if (asked !== null && !/^[1-9]\d{0,5}$/.test(asked)) throw notFound();
  let pdf: Buffer | null;
  try {
    pdf =
      asked === null
        ? await invoicePdf(services, invoice.number)
        : await invoiceFileVersion(services, invoice.number, Number(asked));
  } catch (error) {
    if (error instanceof DocumentError)
      throw data("The documents' storage is not answering; please try again in a few minutes.", {
        status: 503,
        headers: { "Cache-Control": "no-store", "Retry-After": "60" },
      });
    throw error;
  }
  if (!pdf) throw notFound();
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="invoice-${invoice.number}${asked ? `-v${asked}` : ""}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
