import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { MAX_IMAGE_BYTES } from "./media-store.server";

/*
 * Reads a multipart form as it streams in, with limits, so an upload cannot
 * fill the memory: at most `maxFiles` files of 5 MB each, a bounded number of
 * small text fields. Anything past a limit is refused with a message for the
 * person uploading, and nothing from the form is kept.
 */

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export type UploadedFile = { field: string; filename: string; data: Buffer };
export type MultipartForm = { fields: Map<string, string[]>; files: UploadedFile[] };

export type MultipartLimits = { maxFiles: number; maxFileBytes?: number; maxFields?: number; maxFieldBytes?: number };

export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data"))
    throw new UploadError("The form must be sent as multipart/form-data.");
  const maxFileBytes = limits.maxFileBytes ?? MAX_IMAGE_BYTES;
  const declared = Number(request.headers.get("content-length") ?? 0);
  // Refuse at once what could not fit: every file at the limit plus the fields.
  if (declared > limits.maxFiles * (maxFileBytes + 4096) + 1024 * 1024) {
    throw new UploadError(`The upload is too large: at most ${limits.maxFiles} images of 5 MB each.`, 413);
  }
  if (!request.body) throw new UploadError("The form was empty.");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: {
        files: limits.maxFiles,
        fileSize: maxFileBytes,
        fields: limits.maxFields ?? 60,
        fieldSize: limits.maxFieldBytes ?? 20_000,
        parts: (limits.maxFields ?? 60) + limits.maxFiles + 1,
      },
    });
  } catch {
    throw new UploadError("The form could not be read.");
  }

  const fields = new Map<string, string[]>();
  const files: UploadedFile[] = [];
  let problem: UploadError | null = null;
  const fail = (error: UploadError) => {
    problem ??= error;
  };

  const done = new Promise<void>((resolve) => {
    parser.on("field", (name, value, info) => {
      if (!name) return fail(new UploadError("The form has a field without a name."));
      if (info.valueTruncated) return fail(new UploadError(`The field ${name.slice(0, 40)} is too long.`));
      fields.set(name, [...(fields.get(name) ?? []), value]);
    });
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (!problem) chunks.push(chunk);
      });
      stream.on("limit", () => fail(new UploadError(`${info.filename || "An image"} is larger than 5 MB.`, 413)));
      // A body that stops inside a file ends that file with an error: a refusal, never a crash.
      stream.on("error", () => fail(new UploadError("The upload was cut off or malformed. Please try again.")));
      stream.on("end", () => {
        if (!name) return fail(new UploadError("The form has a file without a field name."));
        // An empty file input sends a part with no name and no bytes: not an image.
        if (size === 0 && !info.filename) return;
        if (!problem) files.push({ field: name, filename: info.filename ?? "", data: Buffer.concat(chunks) });
      });
    });
    parser.on("filesLimit", () => fail(new UploadError(`At most ${limits.maxFiles} images per upload.`)));
    parser.on("fieldsLimit", () => fail(new UploadError("The form has too many fields.")));
    parser.on("partsLimit", () => fail(new UploadError("The form has too many parts.")));
    parser.on("error", () => {
      fail(new UploadError("The upload was cut off or malformed. Please try again."));
      resolve();
    });
    parser.on("close", () => resolve());
  });

  const body = Readable.fromWeb(request.body as NodeReadableStream);
  body.on("error", () => {
    fail(new UploadError("The upload was cut off. Please try again."));
    parser.destroy();
  });
  body.pipe(parser);
  await done;
  if (problem) throw problem;
  return { fields, files };
}

/** The first value of a text field, or "". */
export function field(form: MultipartForm, name: string): string {
  return form.fields.get(name)?.[0] ?? "";
}
