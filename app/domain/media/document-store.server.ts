import { randomBytes } from "node:crypto";
import type { Config } from "~/config.server";
import { localDriver, type MediaDriver, type StoredObject } from "./media-store.server";
import { checkBucket, s3Driver } from "./s3-driver.server";
import { log } from "~/utils/log.server";
import { type CheckedDocument, type DocumentContentType, DocumentError } from "./document-check.server";

/*
 * Where the shop's private documents are kept (an order's, a vehicle's papers): `$DATA_DIR/documents` (never
 * under the photos' folder, which the shop serves to anyone) or a bucket of
 * their own (DOCUMENTS_S3_BUCKET, never the photos' one). Nothing here is
 * reachable by address: the bytes leave only through documentResponse
 * (routes/resources/document-response.server.ts), from a route that has
 * checked who is asking. Names are made here, like photos':
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

  /** A stored document's bytes whole, or null as for read. Throws DocumentError("storage"). */
  async readBytes(key: string): Promise<Buffer | null> {
    const stored = await this.read(key);
    return stored ? collect(stored.body) : null;
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
      return stored ? await collect(stored.body) : null;
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

async function collect(body: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The document store the configuration names: DOCUMENTS_S3_BUCKET when set, else `$DATA_DIR/documents`. */
export function documentStoreFor(config: Pick<Config, "documentsDir" | "documentsS3">): DocumentStore {
  return new DocumentStore(config.documentsS3 ? s3Driver(config.documentsS3) : localDriver(config.documentsDir));
}

/** At start: null when the documents' storage can be used, otherwise one line saying why not. */
export async function documentStorageProblem(config: Pick<Config, "documentsS3">): Promise<string | null> {
  return config.documentsS3 ? checkBucket(config.documentsS3) : null;
}
