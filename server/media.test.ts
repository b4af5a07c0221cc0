import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, publicSettings } from "~/config.server";
import type { DB } from "~/db/db.server";
import { contentSecurityPolicy } from "~/utils/content-security-policy";
import { startS3, type TestS3 } from "../tests/support/s3";
import { createApp } from "./app";
import { absoluteImageUrl, imageUrl, isMediaPath, mediaPath, setMediaBase } from "~/domain/media/image-url";
import { mediaStoreFor } from "~/domain/media/media-setup.server";
import { documentStoreFor } from "~/domain/media/document-store.server";
import { localDriver, type MediaDriver, MediaError, MediaStore } from "~/domain/media/media-store.server";
import { checkBucket, MEDIA_CACHE_CONTROL, s3Driver } from "~/domain/media/s3-driver.server";

/*
 * Photos on an S3-compatible bucket (s3rver, in this process): the
 * same uploads, variants, deletes and serving as on the local disk.
 */

const BUCKET = "shop-media";
let s3: TestS3;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-s3-"));

beforeAll(async () => {
  s3 = await startS3([BUCKET]);
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const picture = (width: number, height: number, colour = "#3a7") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A GET with the path exactly as given (fetch would resolve dot segments first). */
function rawGet(base: string, rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/`, { path: rawPath }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject);
  });
}

function s3Config(extra: Record<string, string> = {}) {
  return loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", ...s3.env(BUCKET), ...extra });
}

describe("the S3 driver", () => {
  it("stores every variant in the bucket as WebP with the one-year immutable lifetime", async () => {
    const store = new MediaStore(s3Driver(s3.settings(BUCKET)));
    const stored = await store.put(await picture(1200, 900));
    expect(stored.variants).toEqual([480, 960, 1200]);
    const objects = await s3.objects(BUCKET);
    for (const w of stored.variants) {
      const key = mediaPath(stored.key, w);
      expect(objects.has(key), key).toBe(true);
      const object = await s3.get(BUCKET, key);
      expect(object.contentType).toBe("image/webp");
      expect(object.cacheControl).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(object.bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(w);
    }
  });

  it("reads a variant back as a stream with its length, null for a missing one or any other name", async () => {
    const store = new MediaStore(s3Driver(s3.settings(BUCKET)));
    const stored = await store.put(await picture(500, 400, "#a35"));
    const key = mediaPath(stored.key, 480);
    const object = await store.read(key);
    expect(object).not.toBeNull();
    const bytes = await streamBytes(object!.body);
    expect(bytes.equals((await s3.get(BUCKET, key)).bytes)).toBe(true);
    expect(object!.length).toBe(bytes.length);
    expect(await store.read(mediaPath("ab".padEnd(20, "0"), 480))).toBeNull();
    expect(await store.read("../shop.sqlite")).toBeNull();
  });

  it("removes every variant, and removing again is not an error", async () => {
    const store = new MediaStore(s3Driver(s3.settings(BUCKET)));
    const stored = await store.put(await picture(1000, 500));
    await store.remove(stored);
    await store.remove(stored);
    const objects = await s3.objects(BUCKET);
    for (const w of stored.variants) expect(objects.has(mediaPath(stored.key, w))).toBe(false);
    expect(await store.read(mediaPath(stored.key, 480))).toBeNull();
  });

  it("a storage that fails half-way: a clear MediaError, and the variants already written are removed", async () => {
    const real = s3Driver(s3.settings(BUCKET));
    let writes = 0;
    const flaky: MediaDriver = {
      ...real,
      async write(rel, data) {
        if (++writes === 2) throw new Error("connect ECONNREFUSED 127.0.0.1:9000");
        await real.write(rel, data);
      },
    };
    const before = await s3.objects(BUCKET);
    const error = await new MediaStore(flaky).put(await picture(1200, 900)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe("storage");
    expect((error as MediaError).message).toBe(
      "The photo storage is not answering, so nothing was saved. Please try again in a few minutes.",
    );
    expect(writes).toBe(2);
    expect(await s3.objects(BUCKET)).toEqual(before);
  });

  it("a disk that cannot be written gives the same storage error as a bucket that is down", async () => {
    const file = path.join(dataDir, "not-a-folder");
    fs.writeFileSync(file, "x");
    const error = await new MediaStore(localDriver(file)).put(await picture(300, 200)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe("storage");
  });

  it("with the storage down, an upload fails with the storage error (not a 'could not be read')", async () => {
    const store = new MediaStore(s3Driver(s3.settings(BUCKET)));
    await s3.stop();
    try {
      const error = await store.put(await picture(640, 480)).catch((e: unknown) => e);
      expect((error as MediaError).code).toBe("storage");
      // Removing while down does not throw either: it is logged and left.
      await expect(store.remove({ key: "ab".padEnd(20, "1"), variants: [480] })).resolves.toBeUndefined();
    } finally {
      await s3.start();
    }
  });
});

describe("the bucket check at start", () => {
  it("passes for the right bucket and keys", async () => {
    expect(await checkBucket(s3.settings(BUCKET))).toBeNull();
  });

  it("names a wrong bucket, refused keys and an endpoint that does not answer, in one line each", async () => {
    expect(await checkBucket(s3.settings("no-such-bucket"))).toBe(
      `bucket "no-such-bucket" was not found at ${s3.endpoint}`,
    );
    const refused = await checkBucket({
      ...s3.settings(BUCKET),
      credentials: { accessKeyId: "WRONG", secretAccessKey: "WRONG" },
    });
    expect(refused).toMatch(new RegExp(`^the access key was refused for bucket "${BUCKET}" at ${s3.endpoint}`));
    const nobody = await checkBucket({ ...s3.settings(BUCKET), endpoint: "http://127.0.0.1:9" });
    expect(nobody).toMatch(/^http:\/\/127\.0\.0\.1:9 could not be reached \(ECONNREFUSED\)$/);
    for (const line of [refused, nobody]) expect(line).not.toContain("\n");
  });

  it("gives up on an endpoint that takes the connection but never answers, within the time given", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const started = Date.now();
    try {
      expect(await checkBucket({ ...s3.settings(BUCKET), endpoint }, 1000)).toBe(
        `${endpoint} could not be reached (no answer within 1 s)`,
      );
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      silent.close();
    }
  });
});

describe("the S3 settings", () => {
  function problems(env: Record<string, string>): string[] {
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  }

  it("are off by default, and read from MEDIA_S3_* when a bucket is named", () => {
    const plain = loadConfig({ DATA_DIR: dataDir });
    expect(plain.mediaS3).toBeNull();
    expect(plain.mediaPublicUrl).toBeNull();
    expect(publicSettings(plain).mediaBase).toBe("/media");
    const config = loadConfig({
      DATA_DIR: dataDir,
      MEDIA_S3_BUCKET: "photos",
      MEDIA_PUBLIC_URL: "https://cdn.example.com/shop/",
    });
    expect(config.mediaS3).toEqual({ bucket: "photos", endpoint: null, region: "us-east-1", credentials: null });
    expect(config.mediaPublicUrl).toBe("https://cdn.example.com/shop");
    expect(publicSettings(config).mediaBase).toBe("https://cdn.example.com/shop");
    expect(JSON.stringify(publicSettings(s3Config()))).not.toContain(s3.env(BUCKET).MEDIA_S3_SECRET_ACCESS_KEY);
  });

  it("name each wrong variable in one line", () => {
    expect(problems({ MEDIA_S3_BUCKET: "Bad_Bucket" })[0]).toMatch(/^MEDIA_S3_BUCKET must be a bucket name/);
    expect(problems({ MEDIA_S3_BUCKET: "b1b", MEDIA_S3_ENDPOINT: "minio:9000" })[0]).toMatch(
      /^MEDIA_S3_ENDPOINT must be an http/,
    );
    expect(problems({ MEDIA_S3_BUCKET: "b1b", MEDIA_S3_ACCESS_KEY_ID: "k" })).toEqual([
      "MEDIA_S3_SECRET_ACCESS_KEY must be set together with MEDIA_S3_ACCESS_KEY_ID",
    ]);
    expect(problems({ MEDIA_S3_BUCKET: "b1b", MEDIA_PUBLIC_URL: "cdn.example.com" })[0]).toMatch(
      /^MEDIA_PUBLIC_URL must be an http/,
    );
    expect(problems({ MEDIA_S3_ENDPOINT: "http://minio:9000" })).toEqual([
      "MEDIA_S3_ENDPOINT needs MEDIA_S3_BUCKET (photos are on the local disk without it)",
    ]);
  });
});

describe("image addresses in pages", () => {
  afterAll(() => setMediaBase("/media"));

  it("point at /media by default and at MEDIA_PUBLIC_URL when set; the page policy allows that origin", () => {
    const image = { key: "ab".padEnd(20, "c"), width: 960, height: 720, variants: [480, 960] };
    expect(imageUrl(image, 480)).toBe(`/media/${mediaPath(image.key, 480)}`);
    expect(absoluteImageUrl(image, 960, "https://shop.example")).toBe(
      `https://shop.example/media/${mediaPath(image.key, 960)}`,
    );
    setMediaBase("https://cdn.example.com/shop/");
    expect(imageUrl(image, 480)).toBe(`https://cdn.example.com/shop/${mediaPath(image.key, 480)}`);
    expect(absoluteImageUrl(image, 960, "https://shop.example")).toBe(
      `https://cdn.example.com/shop/${mediaPath(image.key, 960)}`,
    );
    expect(contentSecurityPolicy("n")).toContain("img-src 'self' data: blob:;");
    expect(contentSecurityPolicy("n", "https://cdn.example.com")).toContain(
      "img-src 'self' data: blob: https://cdn.example.com;",
    );
  });

  it("only names the server makes are media paths", () => {
    const key = "0f".padEnd(20, "9");
    expect(isMediaPath(mediaPath(key, 480))).toBe(true);
    for (const junk of [
      `0e/${key}-480.webp`,
      `0f/${key}-480.webp.tmp`,
      `0f/${key}-0480.webp`,
      `0F/${key.toUpperCase()}-480.webp`,
      `0f/${key}-480.png`,
      `../0f/${key}-480.webp`,
      `0f/../${key}-480.webp`,
      "0f/%2e%2e-480.webp",
      "",
    ])
      expect(isMediaPath(junk), junk).toBe(false);
  });
});

describe("/media with photos in the bucket", () => {
  async function serve(extra: Record<string, string> = {}, media?: MediaStore) {
    const config = s3Config(extra);
    const { app } = createApp(
      { config, db: null as unknown as DB, media: media ?? mediaStoreFor(config), documents: documentStoreFor(config) },
      () => {
        throw new Error("no pages in this test");
      },
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
  }

  it("streams a stored variant with the immutable lifetime, 404 for a missing one", async () => {
    const stored = await mediaStoreFor(s3Config()).put(await picture(800, 600, "#258"));
    const key = mediaPath(stored.key, 480);
    const shop = await serve();
    try {
      const res = await fetch(`${shop.url}/media/${key}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe(MEDIA_CACHE_CONTROL);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.equals((await s3.get(BUCKET, key)).bytes)).toBe(true);
      expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
      const head = await fetch(`${shop.url}/media/${key}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      const etag = res.headers.get("etag");
      if (etag)
        expect((await fetch(`${shop.url}/media/${key}`, { headers: { "If-None-Match": etag } })).status).toBe(304);
      expect((await fetch(`${shop.url}/media/${mediaPath("ab".padEnd(20, "7"), 480)}`)).status).toBe(404);
      expect((await fetch(`${shop.url}/media/${key}`, { method: "POST" })).status).toBe(405);
    } finally {
      shop.close();
    }
  });

  it("refuses names of any other shape without asking the storage", async () => {
    const real = s3Driver(s3.settings(BUCKET));
    const asked: string[] = [];
    const spy = new MediaStore({
      ...real,
      read: (rel) => {
        asked.push(rel);
        return real.read(rel);
      },
    });
    const shop = await serve({}, spy);
    const key = "ab".padEnd(20, "3");
    try {
      for (const junk of [
        "/media/..%2f..%2fshop.sqlite",
        "/media/%2e%2e/%2e%2e/etc/passwd",
        "/media/../shop.sqlite",
        `/media/ab/../ab/${key}-480.webp`,
        `/media/ab/${key}-480.webp%00.png`,
        `/media/ab/${key}-480.webp/`,
        `/media/cd/${key}-480.webp`,
        "/media/ab",
        "/media/",
        `/media/ab/${key}-480.webp.tmp`,
      ]) {
        expect(await rawGet(shop.url, junk), junk).toBe(404);
      }
      expect(asked).toEqual([]);
    } finally {
      shop.close();
    }
  });

  it("with MEDIA_PUBLIC_URL, sends /media links there, so old links keep working", async () => {
    const shop = await serve({ MEDIA_PUBLIC_URL: "https://cdn.example.com/shop" });
    const key = mediaPath("ab".padEnd(20, "5"), 960);
    try {
      const res = await fetch(`${shop.url}/media/${key}`, { redirect: "manual" });
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(`https://cdn.example.com/shop/${key}`);
      expect(await rawGet(shop.url, "/media/../x")).toBe(404);
    } finally {
      shop.close();
    }
  });

  it("answers 503, not a broken page, while the storage is down", async () => {
    const shop = await serve();
    await s3.stop();
    try {
      const res = await fetch(`${shop.url}/media/${mediaPath("ab".padEnd(20, "6"), 480)}`);
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
    } finally {
      await s3.start();
      shop.close();
    }
  });
});
