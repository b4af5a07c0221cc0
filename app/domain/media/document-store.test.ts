import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { localDriver, type MediaDriver, type StoredObject } from "~/domain/media/media-store.server";
import { startS3, type TestS3 } from "../../../tests/support/s3";
import { type CheckedDocument, DocumentError } from "./document-check.server";
import { documentResponse } from "~/routes/resources/document-response.server";
import { DocumentStore, documentStorageProblem, documentStoreFor, isDocumentKey } from "./document-store.server";

/*
 * Where an order's private documents are kept: in their own folder beside the
 * database (never among the photos the shop serves to anyone), or their own
 * bucket, marked for no cache; under names the server makes; read back only
 * by a name of that shape; and sent as a download nothing will show or keep.
 */

const MEDIA_BUCKET = "shop-media";
const DOCUMENTS_BUCKET = "shop-documents";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-documents-"));
let s3: TestS3;

beforeAll(async () => {
  s3 = await startS3([MEDIA_BUCKET, DOCUMENTS_BUCKET]);
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const pdf = (text: string): CheckedDocument => ({
  data: Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`, "latin1"),
  contentType: "application/pdf",
  extension: "pdf",
});

async function bytesOf(stored: StoredObject | null): Promise<Buffer> {
  expect(stored).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of stored!.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A driver that notes every name it is asked about. */
function watched(real: MediaDriver) {
  const asked: string[] = [];
  const driver: MediaDriver = {
    write: (rel, data, options) => (asked.push(rel), real.write(rel, data, options)),
    read: (rel) => (asked.push(rel), real.read(rel)),
    remove: (rel) => (asked.push(rel), real.remove(rel)),
  };
  return { driver, asked };
}

const BAD_KEYS = (key: string) => [
  "../shop.sqlite",
  "../../etc/passwd",
  `${key.slice(0, 2)}/../${key.slice(3)}`,
  `../documents/${key}`,
  `/${key}`,
  key.toUpperCase(),
  key.replace(/\.\w+$/, ".html"),
  `${key}.tmp`,
  `${key.slice(0, 2)}/${key.slice(3, 3 + 20)}`,
  // Filed under another folder than its first two digits.
  `${key.startsWith("cd") ? "ef" : "cd"}/${key.slice(3)}`,
  "",
];

describe("documents on the local disk", () => {
  const config = () => loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" });

  it("land in $DATA_DIR/documents, not among the photos, and read back as they were", async () => {
    const store = documentStoreFor(config());
    const doc = pdf("export certificate");
    const stored = await store.put(doc);
    expect(stored).toEqual({ key: stored.key, size: doc.data.length, contentType: "application/pdf" });
    expect(stored.key).toMatch(/^([0-9a-f]{2})\/\1[0-9a-f]{18}\.pdf$/);
    expect(isDocumentKey(stored.key)).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, "documents", stored.key)).equals(doc.data)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "media", stored.key))).toBe(false);
    expect(path.relative(config().mediaDir, config().documentsDir).startsWith("..")).toBe(true);

    const read = await store.read(stored.key);
    expect(read!.length).toBe(doc.data.length);
    expect((await bytesOf(read)).equals(doc.data)).toBe(true);

    // Two uploads of the same file are two documents.
    expect((await store.put(doc)).key).not.toBe(stored.key);
  });

  it("are looked up only by names of the shape the store makes", async () => {
    fs.writeFileSync(path.join(dataDir, "shop.sqlite"), "the database");
    const { driver, asked } = watched(localDriver(config().documentsDir));
    const store = new DocumentStore(driver);
    const stored = await store.put(pdf("bill of lading"));
    asked.length = 0;
    for (const junk of BAD_KEYS(stored.key)) {
      expect(await store.read(junk), junk).toBeNull();
      await store.remove(junk);
    }
    expect(asked).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, "shop.sqlite"))).toBe(true);
    // A name of the right shape that was never given out.
    const other = stored.key.replace(/^(..\/..)(.)/, (_, start: string, c: string) => start + (c === "0" ? "1" : "0"));
    expect(await store.read(other)).toBeNull();
  });

  it("are removed, and removing again is no error", async () => {
    const store = documentStoreFor(config());
    const stored = await store.put(pdf("receipt"));
    await store.remove(stored.key);
    await store.remove(stored.key);
    expect(await store.read(stored.key)).toBeNull();
    expect(fs.existsSync(path.join(dataDir, "documents", stored.key))).toBe(false);
  });

  it("a disk that cannot be written gives the storage error", async () => {
    const file = path.join(dataDir, "not-a-folder");
    fs.writeFileSync(file, "x");
    const error = await new DocumentStore(localDriver(file)).put(pdf("x")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).code).toBe("storage");
  });
});

describe("documents in their own bucket", () => {
  const config = () =>
    loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", ...s3.env(MEDIA_BUCKET), DOCUMENTS_S3_BUCKET: DOCUMENTS_BUCKET });

  it("are stored with their own type and no cache lifetime, read back and removed", async () => {
    const store = documentStoreFor(config());
    const doc = pdf("inspection certificate");
    const stored = await store.put(doc);
    const object = await s3.get(DOCUMENTS_BUCKET, stored.key);
    expect(object.contentType).toBe("application/pdf");
    expect(object.cacheControl).toBe("private, no-store");
    expect(object.bytes.equals(doc.data)).toBe(true);
    expect((await s3.objects(MEDIA_BUCKET)).has(stored.key)).toBe(false);

    const png: CheckedDocument = {
      data: Buffer.from("\x89PNG\r\n\x1a\n…", "latin1"),
      contentType: "image/png",
      extension: "png",
    };
    const picture = await store.put(png);
    expect(picture.key).toMatch(/\.png$/);
    expect((await s3.get(DOCUMENTS_BUCKET, picture.key)).contentType).toBe("image/png");

    const read = await store.read(stored.key);
    expect((await bytesOf(read)).equals(doc.data)).toBe(true);
    expect(read!.length).toBe(doc.data.length);

    await store.remove(stored.key);
    await store.remove(stored.key);
    expect((await s3.objects(DOCUMENTS_BUCKET)).has(stored.key)).toBe(false);
    expect(await store.read(stored.key)).toBeNull();
    for (const junk of BAD_KEYS(picture.key)) expect(await store.read(junk), junk).toBeNull();
  });

  it("with the storage down: the storage error for storing, reading and removing", async () => {
    const store = documentStoreFor(config());
    const stored = await store.put(pdf("before the outage"));
    await s3.stop();
    try {
      for (const attempt of [() => store.put(pdf("x")), () => store.read(stored.key), () => store.remove(stored.key)]) {
        const error = await attempt().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DocumentError);
        expect((error as DocumentError).code).toBe("storage");
      }
    } finally {
      await s3.start();
    }
    expect((await bytesOf(await store.read(stored.key))).includes("before the outage")).toBe(true);
  });

  it("are checked at start: the right bucket passes, a missing one is named in one line", async () => {
    expect(await documentStorageProblem(config())).toBeNull();
    expect(await documentStorageProblem(loadConfig({ DATA_DIR: dataDir }))).toBeNull();
    const missing = loadConfig({ DATA_DIR: dataDir, ...s3.env(MEDIA_BUCKET), DOCUMENTS_S3_BUCKET: "no-such-papers" });
    expect(await documentStorageProblem(missing)).toBe(`bucket "no-such-papers" was not found at ${s3.endpoint}`);
  });
});

describe("a document's download", () => {
  const stored = (data: Buffer, length: number | null = data.length): StoredObject => ({
    body: Readable.from([data]),
    length,
    etag: null,
  });

  function filenames(disposition: string) {
    const ascii = /filename="([^"]*)"/.exec(disposition)?.[1];
    const encoded = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1];
    return { ascii, unicode: encoded === undefined ? undefined : decodeURIComponent(encoded) };
  }

  it("is an attachment nothing may show, run or keep, with its bytes and length", async () => {
    const doc = pdf("bill of lading");
    const res = documentResponse(stored(doc.data), { filename: "Bill of lading.pdf", contentType: "application/pdf" });
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toEqual({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="Bill of lading.pdf"; filename*=UTF-8''Bill%20of%20lading.pdf`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "content-length": String(doc.data.length),
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(doc.data)).toBe(true);
    const unknownLength = documentResponse(stored(doc.data, null), {
      filename: "x.pdf",
      contentType: "application/pdf",
    });
    expect(unknownLength.headers.get("content-length")).toBeNull();
  });

  it("names the file safely: no quotes, slashes or line breaks; the real name in UTF-8; the extension of its type", () => {
    const disposition = (filename: string, contentType = "application/pdf") =>
      documentResponse(stored(Buffer.from("x")), { filename, contentType }).headers.get("content-disposition")!;

    const tricky = disposition(`Bill "of" lading/../..\\Tōkyō 輸出証明書.pdf`);
    const names = filenames(tricky);
    expect(names.ascii).toBe("Bill _of_ lading_.._.._Tokyo.pdf");
    expect(names.ascii).toMatch(/^[A-Za-z0-9 ._()-]+$/);
    expect(names.unicode).toBe(`Bill "of" lading_.._.._Tōkyō 輸出証明書.pdf`);
    expect(tricky.match(/"/g)).toHaveLength(2);

    expect(filenames(disposition("輸出証明書.pdf"))).toEqual({ ascii: "document.pdf", unicode: "輸出証明書.pdf" });
    expect(filenames(disposition("receipt.html", "image/jpeg"))).toEqual({
      ascii: "receipt.html.jpg",
      unicode: "receipt.html.jpg",
    });
    expect(filenames(disposition("../../.bashrc"))).toEqual({ ascii: "bashrc.pdf", unicode: "_.._.bashrc.pdf" });
    expect(filenames(disposition("a\r\nSet-Cookie: x=1.pdf"))).toEqual({
      ascii: "a_Set-Cookie_ x_1.pdf",
      unicode: "a_Set-Cookie: x=1.pdf",
    });
    expect(filenames(disposition(""))).toEqual({ ascii: "document.pdf", unicode: "document.pdf" });
    expect(filenames(disposition("x".repeat(500))).ascii).toHaveLength(120 + ".pdf".length);
  });

  it("goes out as plain bytes when the stored type is not one of the kept ones", () => {
    const res = documentResponse(stored(Buffer.from("<html>")), { filename: "page.html", contentType: "text/html" });
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(filenames(res.headers.get("content-disposition")!).ascii).toBe("page.html");
  });
});
