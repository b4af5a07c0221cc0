import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { Config } from "~/config.server";
import { localDriver, type MediaDriver, type StoredObject } from "~/domain/media/media-store.server";
import { checkBucket, s3Driver } from "~/domain/media/s3-driver.server";
import { log } from "~/utils/log.server";
import {
  type CheckedDocument,
  DOCUMENT_EXTENSION,
  type DocumentContentType,
  DocumentError,
} from "./document-check.server";

/*
 * Where an order's private documents are kept: `$DATA_DIR/documents` (never
 * under the photos' folder, which the shop serves to anyone) or a bucket of
 * their own (DOCUMENTS_S3_BUCKET, never the photos' one). Nothing here is
 * reachable by address: the bytes leave only through documentResponse, from a
 * route that has checked who is asking. Names are made here, like photos':
 * 20 random hex digits under a folder of their first two, and the extension
 * of the checked type.
 */

/** How a document is kept and sent: by no cache, shared or not. */
export const DOCUMENT_CACHE_CONTROL = "private, no-store";

/** The only shape of a document's key: `ab/ab12…f0.pdf`. Anything else is never looked up. */
const DOCUMENT_KEY = /^([0-9a-f]{2})\/\1[0-9a-f]{18}\.(pdf|jpg|png|webp)$/;

/** A staged file's key: `imports/ab/ab12…f0.zip`. */
const STAGED_KEY = /^imports\/([0-9a-f]{2})\/\1[0-9a-f]{18}\.zip$/;

export function isDocumentKey(key: string): boolean {
  return DOCUMENT_KEY.test(key);
}

export type StoredDocument = { key: string; size: number; contentType: DocumentContentType };

export class DocumentStore {
  constructor(private readonly driver: MediaDriver) {}

  /** Stores a checked document under a new name. Throws DocumentError("storage") when the storage does not take it. */
  async put(doc: CheckedDocument): Promise<StoredDocument> {
    const id = randomBytes(10).toString("hex");
    const key = `${id.slice(0, 2)}/${id}.${doc.extension}`;
    try {
      await this.driver.write(key, doc.data, { contentType: doc.contentType, cacheControl: DOCUMENT_CACHE_CONTROL });
    } catch (error) {
      log("error", "document could not be stored", { key, error: String(error) });
      // A half-written object must not stay behind; if even that fails, the log above says which.
      await this.driver.remove(key).catch(() => {});
      throw new DocumentError("storage");
    }
    return { key, size: doc.data.length, contentType: doc.contentType };
  }

  /** The stored bytes, or null for a missing document or a key of any other shape. Throws DocumentError("storage"). */
  async read(key: string): Promise<StoredObject | null> {
    if (!isDocumentKey(key)) return null;
    try {
      return await this.driver.read(key);
    } catch (error) {
      log("error", "document could not be read from the storage", { key, error: String(error) });
      throw new DocumentError("storage");
    }
  }

  /**
   * Removes a stored document; nothing to remove, or a key of another shape,
   * is no error. A storage that does not answer throws DocumentError("storage"):
   * a private paper someone asked to remove must not stay behind unnoticed.
   */
  async remove(key: string): Promise<void> {
    if (!isDocumentKey(key)) return;
    try {
      await this.driver.remove(key);
    } catch (error) {
      log("error", "document could not be removed from the storage", { key, error: String(error) });
      throw new DocumentError("storage");
    }
  }
  /**
   * A file kept only until the owner acts on it (a stock import's photos' ZIP,
   * issue 23), under `imports/` in the same private storage. Returns its key.
   */
  async putStaged(data: Buffer): Promise<string> {
    const id = randomBytes(10).toString("hex");
    const key = `imports/${id.slice(0, 2)}/${id}.zip`;
    try {
      await this.driver.write(key, data, { contentType: "application/zip", cacheControl: DOCUMENT_CACHE_CONTROL });
    } catch (error) {
      log("error", "staged file could not be stored", { key, error: String(error) });
      await this.driver.remove(key).catch(() => {});
      throw new DocumentError("storage");
    }
    return key;
  }

  /** A staged file's bytes, or null when it is gone or the key has another shape. Throws DocumentError("storage"). */
  async readStaged(key: string): Promise<Buffer | null> {
    if (!STAGED_KEY.test(key)) return null;
    try {
      const stored = await this.driver.read(key);
      if (!stored) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    } catch (error) {
      log("error", "staged file could not be read from the storage", { key, error: String(error) });
      throw new DocumentError("storage");
    }
  }

  /** Removes a staged file: false when the storage did not answer (logged, tried again later), never a throw. */
  async removeStaged(key: string): Promise<boolean> {
    if (!STAGED_KEY.test(key)) return true;
    try {
      await this.driver.remove(key);
      return true;
    } catch (error) {
      log("warn", "staged file could not be removed from the storage", { key, error: String(error) });
      return false;
    }
  }
}

/** The document store the configuration names: DOCUMENTS_S3_BUCKET when set, else `$DATA_DIR/documents`. */
export function documentStoreFor(config: Pick<Config, "documentsDir" | "documentsS3">): DocumentStore {
  return new DocumentStore(config.documentsS3 ? s3Driver(config.documentsS3) : localDriver(config.documentsDir));
}

/** At start: null when the documents' storage can be used, otherwise one line saying why not. */
export async function documentStorageProblem(config: Pick<Config, "documentsS3">): Promise<string | null> {
  return config.documentsS3 ? checkBucket(config.documentsS3) : null;
}

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
