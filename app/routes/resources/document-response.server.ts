import { Readable } from "node:stream";
import type { StoredObject } from "~/domain/media/media-store.server";
import { DOCUMENT_EXTENSION, type DocumentContentType } from "~/domain/media/document-check.server";
import { DOCUMENT_CACHE_CONTROL } from "~/domain/media/document-store.server";

/*
 * How a stored document of an order goes out to whoever the route let see it:
 * the HTTP answer, with the headers that keep it a private download.
 */

/** A file name as plain ASCII for the old `filename=` (letters, digits, space, dot, dash, underscore, brackets). */
function asciiFilename(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._()-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[\s._]+|[\s._]+$/g, "");
}

/** RFC 5987 encoding, for `filename*=UTF-8''…`. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const MAX_NAME = 120;

/**
 * The name a document is saved under: what the route chose, without path
 * separators or control characters, ending in the extension of what the
 * bytes are (so "receipt.html" downloads as "receipt.html.pdf").
 */
function downloadNames(filename: string, extension: string | null): { ascii: string; unicode: string } {
  const ending = extension ? `.${extension}` : "";
  const cleaned = filename
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f/\\]+/g, "_")
    .trim();
  const base = ending && cleaned.toLowerCase().endsWith(ending) ? cleaned.slice(0, -ending.length) : cleaned;
  // A name longer than any a person types is cut (by characters, never inside one).
  const asciiBase = asciiFilename(base)
    .slice(0, MAX_NAME)
    .replace(/[\s.]+$/, "");
  const unicodeBase = Array.from(base.replace(/^[\s.]+/, "").trim())
    .slice(0, MAX_NAME)
    .join("")
    .trim();
  return {
    ascii: `${/[A-Za-z0-9]/.test(asciiBase) ? asciiBase : "document"}${ending}`,
    unicode: `${unicodeBase || "document"}${ending}`,
  };
}

const CONTENT_TYPES = new Set<string>(Object.keys(DOCUMENT_EXTENSION));

/**
 * A download of a stored document: sent as an attachment, never shown in the
 * shop's own pages (a PDF's scripts or a picture's tricks would run on the
 * shop's address), kept by no cache, its type not guessed by the browser.
 * `file.contentType` is the type stored with the document; anything but the
 * four kept types goes out as plain bytes.
 */
export function documentResponse(stored: StoredObject, file: { filename: string; contentType: string }): Response {
  const contentType: DocumentContentType | null = CONTENT_TYPES.has(file.contentType)
    ? (file.contentType as DocumentContentType)
    : null;
  const names = downloadNames(file.filename, contentType && DOCUMENT_EXTENSION[contentType]);
  const headers = new Headers({
    "Content-Type": contentType ?? "application/octet-stream",
    "Content-Disposition": `attachment; filename="${names.ascii}"; filename*=UTF-8''${encodeRfc5987(names.unicode)}`,
    "Cache-Control": DOCUMENT_CACHE_CONTROL,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (stored.length !== null) headers.set("Content-Length", String(stored.length));
  const body = Readable.toWeb(stored.body) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
