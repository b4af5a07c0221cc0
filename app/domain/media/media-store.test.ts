import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { pixelBombPng } from "../../../tests/support/images";
import { mediaPath } from "./image-url";
import { localDriver, MediaError, MediaStore } from "./media-store.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "media-test-"));
const store = new MediaStore(localDriver(root));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function picture(width: number, height: number, format: "png" | "jpeg" | "webp" = "png") {
  const image = sharp({ create: { width, height, channels: 3, background: "#3a7" } });
  return image.toFormat(format).toBuffer();
}

async function rejection(p: Promise<unknown>): Promise<MediaError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

describe("MediaStore.put", () => {
  it("stores WebP variants no wider than the original, with their sizes", async () => {
    const stored = await store.put(await picture(1200, 900));
    expect(stored.variants).toEqual([480, 960, 1200]);
    expect(stored).toMatchObject({ width: 1200, height: 900 });
    for (const w of stored.variants) {
      const meta = await sharp(path.join(root, mediaPath(stored.key, w))).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(w);
    }
  });

  it("accepts JPEG and WebP and keeps a small picture at its own width", async () => {
    expect((await store.put(await picture(300, 200, "jpeg"))).variants).toEqual([300]);
    expect((await store.put(await picture(2000, 1000, "webp"))).variants).toEqual([480, 960, 1600]);
  });

  it("strips metadata such as GPS position and camera data", async () => {
    const withExif = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#888" } })
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam", Copyright: "Owner" }, IFD3: { GPSLatitudeRef: "N" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const stored = await store.put(withExif);
    const out = fs.readFileSync(path.join(root, mediaPath(stored.key, stored.variants[0]!)));
    const meta = await sharp(out).metadata();
    expect(meta.exif).toBeUndefined();
    expect(out.includes(Buffer.from("SecretCam"))).toBe(false);
  });

  it("refuses what is not a JPG, PNG or WebP whatever its name", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await rejection(store.put(svg))).code).toBe("format");
    const php = Buffer.from("<?php system($_GET['c']); ?>");
    expect((await rejection(store.put(php))).code).toBe("format");
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await rejection(store.put(gif))).code).toBe("format");
  });

  it("refuses a file that starts like a PNG but is not one", async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from("<?php ?>"),
    ]);
    expect((await rejection(store.put(fake))).code).toBe("unreadable");
  });

  it("refuses images over 25 MB", async () => {
    const big = Buffer.concat([await picture(10, 10), Buffer.alloc(25 * 1024 * 1024)]);
    expect((await rejection(store.put(big))).code).toBe("size");
  });

  it("takes a phone's full-size photo over 5 MB and keeps it no wider than 1,600 pixels", async () => {
    // Noise does not compress: 12 megapixels of it make a JPEG as heavy as a phone's photo.
    const photo = await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(8 * 1024 * 1024);
    const stored = await store.put(photo);
    expect([stored.width, stored.height]).toEqual([1600, 1200]);
    const largest = await sharp(path.join(root, mediaPath(stored.key, 1600))).metadata();
    expect([largest.format, largest.width, largest.height]).toEqual(["webp", 1600, 1200]);
  }, 30_000);

  it("refuses a small file that decodes to 14,000 x 14,000 pixels without decoding it", async () => {
    const bomb = await pixelBombPng(14_000, 14_000);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    expect((await rejection(store.put(bomb))).code).toBe("pixels");
  });

  it("remove deletes every variant", async () => {
    const stored = await store.put(await picture(1000, 500));
    await store.remove(stored);
    for (const w of stored.variants) expect(fs.existsSync(path.join(root, mediaPath(stored.key, w)))).toBe(false);
  });
});
