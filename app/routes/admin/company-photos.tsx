import type { Problem } from "~/i18n/problem";
import { staffText } from "~/domain/staff/staff-problems";
import { data, redirect } from "react-router";
import { getServices } from "~/context.server";
import { imageUploadFailed } from "~/domain/inventory/inventory.schema";
import { storePhotos } from "~/domain/stock-io/stock-upload.server";
import { readMultipart, UploadError } from "~/domain/media/multipart.server";
import { MAX_OFFICE_PHOTOS } from "~/domain/settings/company";
import { addOfficePhotos, TOO_MANY_OFFICE_PHOTOS } from "~/domain/settings/company.server";
import { requireStaff } from "~/routes/guards.server";
import { refusalStatus } from "~/routes/refusal-status";
import { UPLOAD_ROUTE } from "~/utils/route-handle";
import type { Route } from "./+types/company-photos";

/*
 * Office photos for About (issue 18.8), through the same checks as stock
 * photos: JPG, PNG or WebP by content, 5 MB, 40 megapixels, re-encoded
 * without metadata. A refusal shows the Company screen again with its reason.
 */

/** Photos stream in with their own limits. */
export const handle = UPLOAD_ROUTE;

export { loader, meta, default } from "./company";

export const NO_PHOTO_CHOSEN = staffText("noPhotoChosen");

export async function action({ request, context }: Route.ActionArgs) {
  const { db, media } = getServices(context);
  const staff = await requireStaff(getServices(context), request);
  const fail = (message: Problem, status: number) => data({ message, errors: {}, values: null }, { status });
  try {
    const form = await readMultipart(request, { maxFiles: MAX_OFFICE_PHOTOS, maxFields: 4 });
    if (form.files.length === 0) return fail(NO_PHOTO_CHOSEN, 400);
    const stored = await storePhotos(media, form);
    if (!Array.isArray(stored)) return fail(imageUploadFailed(stored.message), refusalStatus(stored.refusal));
    // Nothing half-done: files stored for photos that were not listed are removed again.
    const listed = await addOfficePhotos(db, staff, stored).catch(async (error: unknown) => {
      await Promise.all(stored.map((image) => media.remove(image).catch(() => undefined)));
      throw error;
    });
    if (!listed) {
      await Promise.all(stored.map((image) => media.remove(image)));
      return fail(TOO_MANY_OFFICE_PHOTOS, 400);
    }
    return redirect("/admin/company?saved=photos");
  } catch (error) {
    if (error instanceof UploadError) return fail(imageUploadFailed(error.problem), refusalStatus(error.refusal));
    throw error;
  }
}
