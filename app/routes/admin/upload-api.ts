import { getServices } from "~/context.server";
import { uploadPart, uploadVehicle } from "~/domain/inventory/stock-upload.server";
import { MAX_IMAGES_PER_UPLOAD, UPLOAD_COMPLETE } from "~/domain/inventory/inventory.schema";
import { readMultipart, UploadError } from "~/domain/media/multipart.server";
import { requireStaff } from "~/domain/staff/staff-sessions.server";
import type { Route } from "./+types/upload-api";

/**
 * The upload forms send here from the browser when JavaScript runs, so that
 * the page can show each file's progress. Same guard, limits and service as
 * the forms' own actions; the answer is JSON.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, media } = getServices(context);
  const staff = await requireStaff(db, request);
  const kind = params.kind;
  if (kind !== "vehicle" && kind !== "part")
    return Response.json({ ok: false, message: "Not found", errors: {} }, { status: 404 });
  try {
    const form = await readMultipart(request, { maxFiles: MAX_IMAGES_PER_UPLOAD });
    const outcome =
      kind === "vehicle" ? await uploadVehicle(db, media, form, staff) : await uploadPart(db, media, form, staff);
    if (!outcome.ok)
      return Response.json({ ok: false, message: outcome.message, errors: outcome.errors }, { status: outcome.status });
    return Response.json({ ok: true, message: UPLOAD_COMPLETE, errors: {}, id: outcome.id });
  } catch (error) {
    if (error instanceof UploadError)
      return Response.json(
        { ok: false, message: `Upload failed: ${error.message}`, errors: {} },
        { status: error.status },
      );
    throw error;
  }
}
