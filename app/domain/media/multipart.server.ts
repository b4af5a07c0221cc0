import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { MAX_IMAGE_BYTES } from "./media-store.server";
import { staffPattern, staffText } from "~/domain/staff/staff-problems";
import { type Problem, problem, problemText } from "~/i18n/problem";
import { serverT } from "~/i18n/request.server";
import type { Refusal } from "~/domain/refusal";

/*
 * Reads a multipart form as it streams in, with limits, so an upload cannot
 * fill the memory: at most `maxFiles` files of MAX_IMAGE_BYTES each, a bounded number of
 * small text fields. Anything past a limit is refused with a message for the
 * person uploading, and nothing from the form is kept.
 */

export class UploadError extends Error {
  constructor(
    /** What the staff are told, in the `admin` catalogue. */
    readonly problem: Problem,
    /** Why, in the shop's words; a route turns it into a status. */
    readonly refusal: Refusal = "invalid",
  ) {
    // In English for the logs; the staff are shown `problem` in their language.
    super(problemText(serverT("en", "admin"), problem));
    this.name = "UploadError";
  }
}

/** A file's name as the sentences about it say it: its own, or "An image". */
export const fileName = (name: string): string | Problem => name || problem("messages.anImage");

export type UploadedFile = { field: string; filename: string; data: Buffer };
export type MultipartForm = { fields: Map<string, string[]>; files: UploadedFile[] };

/** The first value of each text field, as a form's schema reads it. */
export function firstValues(form: MultipartForm): Record<string, string> {
  return Object.fromEntries([...form.fields].map(([k, v]) => [k, v[0] ?? ""]));
}

export type MultipartLimits = { maxFiles: number; maxFileBytes?: number; maxFields?: number; maxFieldBytes?: number };

export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw new UploadError(staffText("formNotMultipart"));
  const maxFileBytes = limits.maxFileBytes ?? MAX_IMAGE_BYTES;
  const declared = Number(request.headers.get("content-length") ?? 0);
  // Refuse at once what could not fit: every file at the limit plus the fields.
  if (declared > limits.maxFiles * (maxFileBytes + 4096) + 1024 * 1024) {
    throw new UploadError(staffPattern("uploadTooLarge", { max: limits.maxFiles }), "too-large");
  }
  if (!request.body) throw new UploadError(staffText("formEmpty"));

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
    throw new UploadError(staffText("formUnreadable"));
  }

  const fields = new Map<string, string[]>();
  const files: UploadedFile[] = [];
  let problem: UploadError | null = null;
  const fail = (error: UploadError) => {
    problem ??= error;
  };

  const done = new Promise<void>((resolve) => {
    parser.on("field", (name, value, info) => {
      if (!name) return fail(new UploadError(staffText("fieldWithoutName")));
      if (info.valueTruncated) return fail(new UploadError(staffPattern("fieldTooLong", { name: name.slice(0, 40) })));
      fields.set(name, [...(fields.get(name) ?? []), value]);
    });
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (!problem) chunks.push(chunk);
      });
      stream.on("limit", () =>
        fail(new UploadError(staffPattern("fileTooLarge", { name: fileName(info.filename ?? "") }), "too-large")),
      );
      // A body that stops inside a file ends that file with an error: a refusal, never a crash.
      stream.on("error", () => fail(new UploadError(staffText("uploadMalformed"))));
      stream.on("end", () => {
        if (!name) return fail(new UploadError(staffText("fileWithoutName")));
        // An empty file input sends a part with no name and no bytes: not an image.
        if (size === 0 && !info.filename) return;
        if (!problem) files.push({ field: name, filename: info.filename ?? "", data: Buffer.concat(chunks) });
      });
    });
    parser.on("filesLimit", () => fail(new UploadError(staffPattern("tooManyFiles", { max: limits.maxFiles }))));
    parser.on("fieldsLimit", () => fail(new UploadError(staffText("tooManyFields"))));
    parser.on("partsLimit", () => fail(new UploadError(staffText("tooManyParts"))));
    parser.on("error", () => {
      fail(new UploadError(staffText("uploadMalformed")));
      resolve();
    });
    parser.on("close", () => resolve());
  });

  const body = Readable.fromWeb(request.body as NodeReadableStream);
  body.on("error", () => {
    fail(new UploadError(staffText("uploadCutOff")));
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
