import { getServices } from "~/context.server";
import { isStockKind } from "~/domain/inventory/stock-kinds";
import { handleUpload } from "~/domain/inventory/upload-action.server";
import { requireStaff } from "~/domain/staff/staff-sessions.server";
import type { Route } from "./+types/upload-api";
import { UPLOAD_ROUTE } from "~/utils/route-handle";

/** Photos stream in with their own limits. */
export const handle = UPLOAD_ROUTE;

/**
 * The upload forms send here from the browser when JavaScript runs, so that
 * the page can show each file's progress. Same guard, limits and service as
 * the forms' own actions; the answer is JSON.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  if (!isStockKind(params.kind)) {
    await requireStaff(getServices(context), request);
    return Response.json({ ok: false, message: "Not found", errors: {} }, { status: 404 });
  }
  const answer = await handleUpload(request, context, params.kind);
  return Response.json(answer.body, { status: answer.status });
}
