import type { StockKind } from "~/domain/inventory/stock-kinds";
import type { FieldProblems, Problem } from "~/utils/forms";
import type { RouterContextProvider } from "react-router";
import { getServices } from "~/context.server";
import { readMultipart, UploadError } from "~/domain/media/multipart.server";
import { requireStaff } from "~/routes/guards.server";
import { refusalStatus } from "~/routes/refusal-status";
import { MAX_IMAGES_PER_UPLOAD, UPLOAD_COMPLETE, uploadFailed } from "~/domain/inventory/inventory.schema";
import { uploadPart, uploadVehicle } from "~/domain/stock-io/stock-upload.server";

export type UploadAnswer = {
  status: number;
  body: { ok: boolean; message: Problem; errors: FieldProblems; id: number | null };
};

/**
 * What the upload forms and the progress endpoint share: the guard, the
 * streamed form with its limits, the service, and the answer with its status.
 */
export async function handleUpload(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: StockKind,
): Promise<UploadAnswer> {
  const { db, media } = getServices(context);
  const staff = await requireStaff(getServices(context), request);
  try {
    const form = await readMultipart(request, { maxFiles: MAX_IMAGES_PER_UPLOAD });
    const outcome =
      kind === "vehicle" ? await uploadVehicle(db, media, form, staff) : await uploadPart(db, media, form, staff);
    if (!outcome.ok)
      return {
        status: refusalStatus(outcome.refusal),
        body: { ok: false, message: outcome.message, errors: outcome.errors, id: null },
      };
    return { status: 200, body: { ok: true, message: UPLOAD_COMPLETE, errors: {}, id: outcome.id } };
  } catch (error) {
    if (error instanceof UploadError) {
      return {
        status: refusalStatus(error.refusal),
        body: { ok: false, message: uploadFailed(error.problem), errors: {}, id: null },
      };
    }
    throw error;
  }
}
