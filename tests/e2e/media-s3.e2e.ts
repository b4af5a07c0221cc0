import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DeleteObjectCommand } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { DEMO_STAFF } from "~/db/seed/seed.server";
import { isMediaPath } from "~/domain/media/image-url";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { startS3, type TestS3 } from "../support/s3";
import { cookieFrom } from "../support/set-cookie";
import { signInStaff } from "../support/sign-in";
import { freePort, ROOT, runShop, type ShopProcess } from "../support/shop-process";

/*
 * The built shop with its photos in an S3-compatible bucket (s3rver, in this
 * process): the start-up check of the bucket, uploads and serving, pages
 * pointing at MEDIA_PUBLIC_URL, an upload while the storage is down, and
 * `npm run media:copy`.
 */

const SECRET = "media-s3-test-secret-media-s3-test-secret";
const BUCKET = "shop-photos";
const COPY_BUCKET = "copy-target";
let s3: TestS3;
const dirs: string[] = [];
const shops: ShopProcess[] = [];

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-s3e2e-"));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  s3 = await startS3([BUCKET, COPY_BUCKET]);
});
afterAll(async () => {
  for (const shop of shops) await shop.stop();
  await s3?.close();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

const png = (w: number, h: number, colour: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Starts the shop; its stderr is kept apart from stdout. */
async function shopWith(env: Record<string, string>) {
  const shop = runShop({ PORT: String(await freePort()), SESSION_SECRET: SECRET, ...env });
  shops.push(shop);
  let stderr = "";
  shop.child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  return { shop, stderr: () => stderr };
}

async function refusedStart(env: Record<string, string>) {
  const { shop, stderr } = await shopWith({ DATA_DIR: tempDir(), ...env });
  await expect(shop.ready).rejects.toThrow();
  expect(await shop.exited).toBe(1);
  const lines = stderr().trimEnd().split("\n");
  expect(lines, stderr()).toHaveLength(1);
  // Nothing else was said either: the one line is the whole story.
  expect(shop.output().trim()).toBe(lines[0]);
  return lines[0]!;
}

describe("start with photos in a bucket", () => {
  it("refuses a bucket that is not there, in one line, exit 1", async () => {
    const line = await refusedStart({ ...s3.env(BUCKET), MEDIA_S3_BUCKET: "no-such-bucket" });
    expect(line).toBe(`Media storage error: bucket "no-such-bucket" was not found at ${s3.endpoint}`);
  });

  it("refuses keys the storage does not accept, in one line, exit 1", async () => {
    const line = await refusedStart({ ...s3.env(BUCKET), MEDIA_S3_ACCESS_KEY_ID: "WRONG-KEY" });
    expect(line).toMatch(/^Media storage error: the access key was refused for bucket "shop-photos" at http:\/\//);
    expect(line).not.toContain("S3RVER");
  });

  it("refuses an endpoint that does not answer, in one line, exit 1", async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const line = await refusedStart({ ...s3.env(BUCKET), MEDIA_S3_ENDPOINT: nobody });
    expect(line).toBe(`Media storage error: ${nobody} could not be reached (ECONNREFUSED)`);
  });

  it("refuses half a key pair as a configuration error", async () => {
    const env = { ...s3.env(BUCKET) } as Record<string, string>;
    delete env.MEDIA_S3_SECRET_ACCESS_KEY;
    expect(await refusedStart(env)).toBe(
      "Configuration error: MEDIA_S3_SECRET_ACCESS_KEY must be set together with MEDIA_S3_ACCESS_KEY_ID",
    );
  });
});

describe("a shop with its photos in a bucket", () => {
  let dataDir: string;
  let shop: ReturnType<typeof runShop>;
  let staff: string;

  beforeAll(async () => {
    dataDir = tempDir();
    const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
    await migrateToLatest(db);
    await ensureStaffAccount(db, DEMO_STAFF.adminId, DEMO_STAFF.password);
    await db.destroy();
    shop = (await shopWith({ DATA_DIR: dataDir, ...s3.env(BUCKET) })).shop;
    await shop.ready;
    const res = await signInStaff(shop.url);
    expect(res.status).toBe(302);
    staff = cookieFrom(res, "staff_sid");
  });

  async function vehicleCount() {
    const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
    try {
      const row = await db
        .selectFrom("vehicles")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const images = await db
        .selectFrom("vehicle_images")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return { vehicles: Number(row.n), images: Number(images.n) };
    } finally {
      await db.destroy();
    }
  }

  async function vehicleForm(model: string, photos: Buffer[]) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ make: "Toyota", model, year: "2018", price: "1,250,000" })) form.set(k, v);
    photos.forEach((p, i) =>
      form.append("images", new Blob([new Uint8Array(p)], { type: "image/png" }), `photo-${i}.png`),
    );
    return form;
  }

  const upload = (to: string, form: FormData) =>
    fetch(`${shop.url}${to}`, { method: "POST", body: form, headers: { Cookie: staff } });

  it("stores an upload's photos in the bucket and serves them at /media with the immutable lifetime", async () => {
    const before = await s3.objects(BUCKET);
    const res = await upload("/admin/api/upload/vehicle", await vehicleForm("Corolla", [await png(1000, 750, "#369")]));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    const added = [...(await s3.objects(BUCKET)).keys()].filter((k) => !before.has(k));
    expect(added.sort()).toHaveLength(3);
    expect(added.every(isMediaPath)).toBe(true);
    // Nothing on the local disk.
    expect(fs.existsSync(path.join(dataDir, "media"))).toBe(false);

    const html = await (await fetch(`${shop.url}/vehicles/${id}`)).text();
    const src = /src="(\/media\/[^"]+\.webp)"/.exec(html)?.[1];
    expect(src).toBeDefined();
    const photo = await fetch(`${shop.url}${src}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(photo.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await photo.arrayBuffer());
    expect(bytes.equals((await s3.get(BUCKET, src!.slice("/media/".length))).bytes)).toBe(true);
    expect((await fetch(`${shop.url}${src!.replace(/-\d+\.webp$/, "-1.webp")}`)).status).toBe(404);
  });

  it("with MEDIA_PUBLIC_URL, pages point at that address, the page policy allows it, and /media redirects there", async () => {
    const cdn = "http://cdn.test:8080/photos";
    const other = (
      await shopWith({
        DATA_DIR: tempDir(),
        DATABASE_URL: `sqlite:${path.join(dataDir, "shop.sqlite")}`,
        MEDIA_PUBLIC_URL: cdn,
        ...s3.env(BUCKET),
      })
    ).shop;
    await other.ready;
    const list = await fetch(`${other.url}/vehicles`);
    const html = await list.text();
    expect(html).toMatch(new RegExp(`src="${cdn}/[0-9a-f]{2}/[0-9a-f]{20}-\\d+\\.webp"`));
    expect(html).not.toMatch(/src="\/media\//);
    expect(list.headers.get("content-security-policy")).toMatch(/img-src 'self' data: blob: http:\/\/cdn\.test:8080;/);
    const key = /src="http:\/\/cdn\.test:8080\/photos\/([^"]+)"/.exec(html)![1]!;
    const res = await fetch(`${other.url}/media/${key}`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`${cdn}/${key}`);
    // The shop without MEDIA_PUBLIC_URL still allows photos from itself only.
    expect((await fetch(`${shop.url}/vehicles`)).headers.get("content-security-policy")).toContain(
      "img-src 'self' data: blob:;",
    );
    await other.stop();
  });

  it("an upload while the storage is down: a clear error for the staff, and no vehicle without its photos", async () => {
    const before = await vehicleCount();
    await s3.stop();
    try {
      const photos = [await png(800, 600, "#a44"), await png(900, 600, "#4a4")];
      const api = await upload("/admin/api/upload/vehicle", await vehicleForm("Hiace", photos));
      expect(api.status).toBe(503);
      expect(await api.json()).toMatchObject({
        ok: false,
        message:
          "Image upload failed: The photo storage is not answering, so nothing was saved. Please try again in a few minutes.",
        id: null,
      });
      // The form without JavaScript says the same.
      const page = await upload("/admin/upload-vehicle", await vehicleForm("Hiace", photos));
      expect(page.status).toBe(503);
      expect(await page.text()).toContain("The photo storage is not answering, so nothing was saved.");
      expect(await vehicleCount()).toEqual(before);
    } finally {
      await s3.start();
    }
    // Back up: the same upload goes through.
    const again = await upload("/admin/api/upload/vehicle", await vehicleForm("Hiace", [await png(640, 480, "#44a")]));
    expect(again.status).toBe(200);
    expect((await vehicleCount()).vehicles).toBe(before.vehicles + 1);
  });
});

describe("npm run media:copy", () => {
  function mediaCopy(env: Record<string, string>) {
    return new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/media-copy.ts"], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.stderr.on("data", (d: Buffer) => (out += d.toString()));
      child.on("exit", (code) => resolve({ code, out }));
    });
  }
  const count = (out: string, label: string) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(out)?.[1] ?? NaN);

  it("copies a local media folder into the bucket, and a second run copies nothing", async () => {
    const dataDir = tempDir();
    const store = new MediaStore(localDriver(path.join(dataDir, "media")));
    await store.put(await png(1200, 800, "#123"));
    await store.put(await png(400, 300, "#456"));
    // A temporary file left by a write that was cut off is not a photo.
    fs.writeFileSync(path.join(dataDir, "media", "left-over.webp.1234.tmp"), "x");
    const local = new Map(
      (fs.readdirSync(path.join(dataDir, "media"), { recursive: true }) as string[])
        .filter((f) => isMediaPath(f))
        .map((f) => [f, fs.statSync(path.join(dataDir, "media", f)).size]),
    );
    expect(local.size).toBe(4);
    const env = { DATA_DIR: dataDir, ...s3.env(COPY_BUCKET) };

    const first = await mediaCopy(env);
    expect(first.code, first.out).toBe(0);
    expect(count(first.out, "Copied")).toBe(4);
    expect(count(first.out, "Other files, left alone")).toBe(1);
    expect(await s3.objects(COPY_BUCKET)).toEqual(local);
    const [one] = [...local.keys()];
    const object = await s3.get(COPY_BUCKET, one!);
    expect(object.contentType).toBe("image/webp");
    expect(object.cacheControl).toBe("public, max-age=31536000, immutable");
    expect(object.bytes.equals(fs.readFileSync(path.join(dataDir, "media", one!)))).toBe(true);

    const second = await mediaCopy(env);
    expect(second.code, second.out).toBe(0);
    expect(count(second.out, "Copied")).toBe(0);
    expect(count(second.out, "Already in the bucket")).toBe(4);

    // One lost from the bucket: the next run puts back that one only.
    await s3.client.send(new DeleteObjectCommand({ Bucket: COPY_BUCKET, Key: one! }));
    const third = await mediaCopy(env);
    expect(count(third.out, "Copied")).toBe(1);
    expect(await s3.objects(COPY_BUCKET)).toEqual(local);
  }, 60_000);

  it("refuses without a bucket, or with a bucket that is not there", async () => {
    const dataDir = tempDir();
    const none = await mediaCopy({ DATA_DIR: dataDir });
    expect(none.code).toBe(1);
    expect(none.out).toMatch(/^MEDIA_S3_BUCKET is not set/);
    fs.mkdirSync(path.join(dataDir, "media"));
    const missing = await mediaCopy({ DATA_DIR: dataDir, ...s3.env(COPY_BUCKET), MEDIA_S3_BUCKET: "nope-bucket" });
    expect(missing.code).toBe(1);
    expect(missing.out.trim()).toBe(`Media storage error: bucket "nope-bucket" was not found at ${s3.endpoint}`);
  }, 60_000);
});
