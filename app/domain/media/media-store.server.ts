import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { type ImageRef, mediaPath } from "./image-url";

/*
 * Images enter the shop only through here: checked by content, decoded under a
 * pixel limit, re-encoded without metadata into a few WebP widths, and stored
 * under a name the server makes. Where the bytes live is the driver's business
 * (a local folder now; object storage can implement the same interface).
 */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

export type MediaErrorCode = "format" | "size" | "pixels" | "unreadable";

export class MediaError extends Error {
  constructor(
    readonly code: MediaErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "MediaError";
  }
}

/** Where stored bytes live. */
export interface MediaDriver {
  write(relativePath: string, data: Buffer): Promise<void>;
  remove(relativePath: string): Promise<void>;
}

export function localDriver(root: string): MediaDriver {
  return {
    async write(relativePath, data) {
      const file = path.join(root, relativePath);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    },
    async remove(relativePath) {
      await fs.rm(path.join(root, relativePath), { force: true });
    },
  };
}

type Format = "jpeg" | "png" | "webp";

/** The format the bytes say they are, whatever the file was called. */
export function sniffFormat(data: Buffer): Format | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (data.length >= 12 && data.toString("latin1", 0, 4) === "RIFF" && data.toString("latin1", 8, 12) === "WEBP")
    return "webp";
  return null;
}

function decodeError(error: unknown): MediaError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new MediaError("pixels", "The image has too many pixels (at most 40 megapixels).");
  }
  return new MediaError("unreadable", "The image could not be read.");
}

export class MediaStore {
  constructor(private readonly driver: MediaDriver) {}

  /** Checks, re-encodes and stores one image. Throws MediaError with a message for the person uploading. */
  async put(data: Buffer): Promise<ImageRef> {
    if (data.length > MAX_IMAGE_BYTES) {
      throw new MediaError("size", "Image is larger than 5 MB.");
    }
    const format = sniffFormat(data);
    if (!format) {
      throw new MediaError("format", "Only JPG, PNG or WebP images are accepted.");
    }
    const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" as const };
    let meta: Metadata;
    try {
      meta = await sharp(data, options).metadata();
    } catch (error) {
      throw decodeError(error);
    }
    if (meta.format !== format) {
      throw new MediaError("format", "Only JPG, PNG or WebP images are accepted.");
    }
    if (!meta.width || !meta.height) throw new MediaError("unreadable", "The image could not be read.");
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
      throw new MediaError("pixels", "The image has too many pixels (at most 40 megapixels).");
    }

    // EXIF orientation turns the picture; width and height follow it.
    const rotated = (meta.orientation ?? 1) >= 5;
    const width = rotated ? meta.height : meta.width;
    const height = rotated ? meta.width : meta.height;
    const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
    if (widths.length < VARIANT_WIDTHS.length) widths.push(Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!));

    const key = randomBytes(10).toString("hex");
    const written: string[] = [];
    try {
      const source = sharp(data, options).rotate();
      for (const w of widths) {
        // sharp writes no metadata unless asked, so GPS and camera data are gone.
        const out = await source
          .clone()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
        const rel = mediaPath(key, w);
        await this.driver.write(rel, out);
        written.push(rel);
      }
    } catch (error) {
      await Promise.all(written.map((rel) => this.driver.remove(rel)));
      throw decodeError(error);
    }
    const largest = widths[widths.length - 1]!;
    return { key, width: largest, height: Math.round((height * largest) / width), variants: widths };
  }

  /** Removes every stored variant of an image. */
  async remove(image: Pick<ImageRef, "key" | "variants">): Promise<void> {
    await Promise.all(image.variants.map((w) => this.driver.remove(mediaPath(image.key, w))));
  }
}
