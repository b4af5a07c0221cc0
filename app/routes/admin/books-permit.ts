import { data } from "react-router";
import { permitFileOf } from "~/domain/books/export-papers.server";
import { staffRequest } from "~/routes/admin/staff-request.server";
import { documentResponse } from "~/routes/resources/document-response.server";
import type { Route } from "./+types/books-permit";

/** A vehicle's current export permit file, for the staff only: a private download, kept by no cache. */
export async function loader(args: Route.LoaderArgs) {
  const { services } = await staffRequest(args);
  const notFound = () => data("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!/^\d{1,9}$/.test(args.params.id)) throw notFound();
  const file = await permitFileOf(services.db, Number(args.params.id));
  const stored = file && (await services.documents.read(file.key));
  if (!file || !stored) throw notFound();
  return documentResponse(stored, { filename: `Export permit ${file.refId}`, contentType: file.contentType });
}
