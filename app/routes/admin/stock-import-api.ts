import { handleStockUpload } from "./import-action.server";
import { UPLOAD_ROUTE } from "~/utils/route-handle";
import type { Route } from "./+types/stock-import-api";

/** The file and the ZIP stream in with their own limits. */
export const handle = UPLOAD_ROUTE;

/**
 * The import page sends here when JavaScript runs, so it can show how much of
 * a large file has gone; same guard, limits and preview as the page's own
 * action, the answer in JSON.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { status, body } = await handleStockUpload(request, context);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
