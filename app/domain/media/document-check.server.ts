import sharp, { type Metadata, type Sharp } from "sharp";
import { MAX_IMAGE_PIXELS, sniffFormat } from "./media-store.server";
import { staffText } from "~/domain/staff/staff-problems";
import { type Problem, problem, problemText } from "~/i18n/problem";
import { serverT } from "~/i18n/request.server";

/*
 * The shop's documents (an order's export certificate, bill of lading and the
 * buyer's transfer receipts; a vehicle's auction sheet) enter only through here. What a file is, is read
 * from its bytes, never from its name or the type the browser declared. Only
 * PDF and three picture formats pass; pictures are decoded and written again
 * in their own format without metadata, which drops whatever rode along
 * (an HTML page appended to a JPEG, GPS positions). A PDF cannot be re-written
 * here, so it must look like a PDF from its first line to its last and carry,
 * anywhere in it, nothing a browser could take for a web page.
 */

/** The most a document may weigh. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export type DocumentContentType = "application/pdf" | "image/jpeg" | "image/png" | "image/webp";
export type DocumentExtension = "pdf" | "jpg" | "png" | "webp";

export type CheckedDocument = { data: Buffer; contentType: DocumentContentType; extension: DocumentExtension };

/** The extension each kept type is stored and downloaded under. */
export const DOCUMENT_EXTENSION: Record<DocumentContentType, DocumentExtension> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/**
 * "size" covers both the bytes (MAX_DOCUMENT_BYTES) and a picture's pixels (MAX_IMAGE_PIXELS).
 * "storage": the document was fine, but the place documents are kept did not take it or give it back.
 */
export type DocumentErrorCode = "empty" | "size" | "format" | "unreadable" | "storage";

const STAFF_PROBLEMS: Record<DocumentErrorCode, Problem> = {
  empty: staffText("documentEmpty"),
  size: staffText("documentTooLarge"),
  format: staffText("documentFormat"),
  unreadable: staffText("documentUnreadable"),
  storage: staffText("documentStorageDown"),
};

/** What the person who sent the document is told: the staff in the `admin` catalogue, a buyer in `messages`. */
export function documentProblem(code: DocumentErrorCode, audience: "staff" | "buyer"): Problem {
  return audience === "staff" ? STAFF_PROBLEMS[code] : problem(`documents.${code}`);
}

export class DocumentError extends Error {
  constructor(readonly code: DocumentErrorCode) {
    // In English for the logs; people are shown documentProblem(code, …) in their language.
    super(problemText(serverT("en", "admin"), STAFF_PROBLEMS[code]));
    this.name = "DocumentError";
  }
}

/** How far from the end %%EOF must be. */
const PDF_WINDOW = 1024;

/** What marks a page a browser would run: a file that is both PDF and HTML (or SVG) is no document. */
const MARKUP = /<(html|script|svg|!doctype|\?xml|body|head|iframe)/i;

/** PDF's white-space characters (NUL, tab, line feed, form feed, carriage return, space). */
const PDF_END = /%%EOF[\0\t\n\f\r ]*$/;

function checkPdf(data: Buffer): CheckedDocument {
  const whole = data.toString("latin1");
  const tail = whole.slice(Math.max(0, whole.length - PDF_WINDOW));
  // The whole file, not only where a browser looks first; but not inside its streams, whose compressed
  // bytes are as good as random and would now and then spell "<svg" in a genuine scan.
  const outsideStreams = whole.replace(/(?<![a-z])stream\r?\n[\s\S]*?endstream/g, "");
  if (!/^%PDF-\d\.\d/.test(whole) || MARKUP.test(outsideStreams)) throw new DocumentError("format");
  // A PDF that stops short was cut off on the way; one with more after its end carries something else.
  if (!PDF_END.test(tail)) throw new DocumentError("unreadable");
  return { data, contentType: "application/pdf", extension: "pdf" };
}

const IMAGE_TYPE = {
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  png: { contentType: "image/png", extension: "png" },
  webp: { contentType: "image/webp", extension: "webp" },
} as const;

function decodeError(error: unknown): DocumentError {
  return new DocumentError(error instanceof Error && /pixel limit/i.test(error.message) ? "size" : "unreadable");
}

async function checkImage(data: Buffer, format: keyof typeof IMAGE_TYPE): Promise<CheckedDocument> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" as const };
  let meta: Metadata;
  try {
    meta = await sharp(data, options).metadata();
  } catch (error) {
    throw decodeError(error);
  }
  if (meta.format !== format) throw new DocumentError("format");
  if (!meta.width || !meta.height) throw new DocumentError("unreadable");
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new DocumentError("size");

  // Turned upright by its EXIF orientation, then written afresh: sharp keeps no metadata unless asked.
  const source: Sharp = sharp(data, options).rotate();
  const encoder =
    format === "jpeg"
      ? source.jpeg({ quality: 90 })
      : format === "png"
        ? source.png({ compressionLevel: 9 })
        : source.webp({ quality: 90 });
  let out: Buffer;
  try {
    out = await encoder.toBuffer();
  } catch (error) {
    throw decodeError(error);
  }
  return { data: out, ...IMAGE_TYPE[format] };
}

/**
 * Decides from the bytes alone whether a file may be kept as an order's
 * document, and gives back what is to be stored: a PDF as it came, a picture
 * re-encoded in its own format without metadata. Throws DocumentError.
 */
export async function checkDocument(data: Buffer): Promise<CheckedDocument> {
  if (data.length === 0) throw new DocumentError("empty");
  if (data.length > MAX_DOCUMENT_BYTES) throw new DocumentError("size");
  if (data.toString("latin1", 0, 5) === "%PDF-") return checkPdf(data);
  const format = sniffFormat(data);
  if (!format) throw new DocumentError("format");
  return checkImage(data, format);
}
