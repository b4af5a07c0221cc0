import { readMultipart, UploadError, type UploadedFile } from "~/domain/media/multipart.server";
import { staffText } from "~/domain/staff/staff-problems";
import { problem } from "~/i18n/problem";
import { formInput } from "~/utils/forms";
import { FORM_BODY_LIMIT } from "~/utils/route-handle";
import { MAX_DOCUMENT_BYTES } from "~/domain/media/document-check.server";

/*
 * The owner's order page takes small forms (a payment, the shipment, a step)
 * and one with a document. Its route streams its body (`handle.streamsUploads`)
 * so that a document of 10 MB can come in; each form is then read here with
 * its own limits: a multipart form with at most `maxFiles` files of MAX_DOCUMENT_BYTES,
 * any other form up to the size of the shop's ordinary forms. The services get
 * the fields as `formInput` shapes them: a name sent once is its text.
 */

/** The same limit the server puts on every other form. */
const SMALL_FORM_BYTES = FORM_BODY_LIMIT;

export type OrderForm = { fields: Record<string, unknown>; file: UploadedFile | null; files: UploadedFile[] };

/**
 * Reads the form of an order page's action (or another staff form with `maxFiles` documents and `maxFields`
 * fields, such as a vehicle's papers); a form past its limits throws an UploadError (invalid or too large).
 */
export async function readOrderForm(
  request: Request,
  maxFields = 20,
  maxFieldBytes = 4000,
  maxFiles = 1,
): Promise<OrderForm> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    const read = await readMultipart(request, {
      maxFiles,
      maxFileBytes: MAX_DOCUMENT_BYTES,
      maxFields,
      maxFieldBytes,
    });
    const form = new FormData();
    for (const [name, values] of read.fields) for (const value of values) form.append(name, value);
    return { fields: formInput(form), file: read.files[0] ?? null, files: read.files };
  }
  const text = await smallBody(request);
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
  return { fields: formInput(form), file: null, files: [] };
}

/** The body as text, refused as soon as it passes SMALL_FORM_BYTES. */
async function smallBody(request: Request): Promise<string> {
  const tooLarge = () => new UploadError(problem("messages.order.formTooLarge"), "too-large");
  if (Number(request.headers.get("content-length") ?? 0) > SMALL_FORM_BYTES) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw new UploadError(staffText("uploadCutOff"));
    });
    if (done) break;
    size += value.byteLength;
    if (size > SMALL_FORM_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
