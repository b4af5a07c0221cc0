import { data } from "react-router";
import { getServices } from "~/context.server";
import { dealVisitor, linksOf } from "~/domain/sale/deal-access.server";
import { documentResponse } from "./document-response.server";
import { DOCUMENT_KIND_LABEL } from "~/domain/sale/order-types";
import { documentFor } from "~/domain/sale/order-view.server";
import type { Route } from "./+types/order-document";

/*
 * A private document of an order (issue 21), for the staff, the order's buyer
 * (signed in) or the holder of the order mail's link; anyone else gets the
 * same 404 as for a document that does not exist. Always a download, never
 * kept by a shared cache, never shown as a page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const notFound = () => data("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const id = Number(params.id);
  if (!/^\d{1,9}$/.test(params.id)) throw notFound();
  const links = linksOf(new URL(request.url).searchParams, params.number);
  const visitor = await dealVisitor(services, request, links, "document");
  const found = await documentFor(services.db, params.number, id, {
    secret: services.config.sessionSecret,
    visitor,
  });
  if (!found) throw notFound();
  const stored = await services.documents.read(found.document.file_key);
  if (!stored) throw notFound();
  const label =
    found.document.kind === "other" && found.document.title
      ? found.document.title
      : DOCUMENT_KIND_LABEL[found.document.kind];
  const extension = found.document.file_key.split(".").pop() ?? "bin";
  return documentResponse(stored, {
    filename: `${label} ${found.order.number}.${extension}`,
    contentType: found.document.content_type,
  });
}
