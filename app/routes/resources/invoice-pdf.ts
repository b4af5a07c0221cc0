import { data } from "react-router";
import { getServices } from "~/context.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { latestOffer, mayAnswer } from "~/domain/deals/answer.server";
import { invoicePdf } from "~/domain/deals/invoice-file.server";
import { invoiceByNumber } from "~/domain/deals/invoices.server";
import { orderLinkValid } from "~/domain/orders/order-links.server";
import { getStaff } from "~/domain/staff/staff-sessions.server";
import type { Route } from "./+types/invoice-pdf";

/*
 * A proforma invoice as a PDF, for the staff, the buyer whose quote it is
 * (signed in), or the holder of that quote's offer link or of its order's link. Anyone else gets the
 * same 404 as for a number that does not exist. Rendered once from what the
 * invoice kept when issued, and kept (invoice-file.server.ts); never kept by a shared cache.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { db } = services;
  const number = params.file.replace(/\.pdf$/i, "");
  const invoice = await invoiceByNumber(db, number);
  const notFound = () => data("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!invoice || invoice.quoteId === null) throw notFound();
  const allowed = await (async () => {
    if (await getStaff(services, request)) return true;
    const quote = await db
      .selectFrom("quotes")
      .select(["number", "customer_id"])
      .where("id", "=", invoice.quoteId!)
      .executeTakeFirst();
    if (!quote) return false;
    const customer = await getCustomer(services, request);
    if (customer && quote.customer_id === customer.id) return true;
    const url = new URL(request.url);
    // The order mail's link: an order carries its invoice's number.
    const orderSig = url.searchParams.get("sig") ?? "";
    if (url.searchParams.get("order") === invoice.number && orderSig)
      return orderLinkValid(services.config.sessionSecret, invoice.number, orderSig);
    const offerId = Number(url.searchParams.get("offer"));
    const sig = url.searchParams.get("sig") ?? "";
    if (url.searchParams.get("quote") !== quote.number || !Number.isSafeInteger(offerId) || !sig) return false;
    return mayAnswer(services.config.sessionSecret, quote, await latestOffer(db, invoice.quoteId!), { offerId, sig });
  })();
  if (!allowed) throw notFound();
  const pdf = await invoicePdf(db, invoice.number);
  if (!pdf) throw notFound();
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="invoice-${invoice.number}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
