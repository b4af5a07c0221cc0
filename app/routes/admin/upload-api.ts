import { getServices } from "~/context.server";
import { isStockKind } from "~/domain/inventory/stock-kinds";
import { handleUpload } from "./upload-action.server";
import { requireStaff } from "~/routes/guards.server";
import type { Route } from "./+types/upload-api";
import { UPLOAD_ROUTE } from "~/utils/route-handle";
import { problemText } from "~/i18n/problem";
import { serverT } from "~/i18n/request.server";

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
  const { status, body } = await handleUpload(request, context, params.kind);
  // The page shows `problem` in the staff's language; `message` is its English, for other clients.
  const message = problemText(serverT("en", "admin"), body.message);
  return Response.json({ ...body, message, problem: body.message }, { status });
}
