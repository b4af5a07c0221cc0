import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import sharp, { type Metadata } from "sharp";
import { log } from "~/utils/log.server";
import { staffText } from "~/domain/staff/staff-problems";
import { type Problem, problemText } from "~/i18n/problem";
import { serverT } from "~/i18n/request.server";
import { type ImageRef, isMediaPath, mediaPath } from "./image-url";
import { MAX_PHOTO_BYTES } from "./photo-limits";

/*
 * Images enter the shop only through here: checked by content, decoded under a
 * pixel limit, re-encoded without metadata into a few WebP widths, and stored
 * under a name the server makes. Where the bytes live is the driver's business:
 * a local folder (localDriver) or an S3-compatible bucket (s3-driver.server.ts).
 */

/** The same limit the staff's file boxes check before sending (photo-limits.ts). */
export const MAX_IMAGE_BYTES = MAX_PHOTO_BYTES;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

/** "storage": the image was fine, but the place photos are kept did not take it (disk full, bucket down). */
export type MediaErrorCode = "format" | "size" | "pixels" | "unreadable" | "storage";

/** What the staff are told about each code, in the `admin` catalogue. */
const PROBLEMS: Record<MediaErrorCode, Problem> = {
  format: staffText("imageFormat"),
  size: staffText("imageTooLarge"),
  pixels: staffText("imageTooManyPixels"),
  unreadable: staffText("imageUnreadable"),
  storage: staffText("photoStorageDown"),
};

export class MediaError extends Error {
  readonly problem: Problem;
  constructor(readonly code: MediaErrorCode) {
    // In English for the logs; the staff are shown `problem` in their language.
    super(problemText(serverT("en", "admin"), PROBLEMS[code]));
    this.problem = PROBLEMS[code];
    this.name = "MediaError";
  }
}

/** Stored bytes on their way out: a stream, its length when known, and a tag for conditional requests. */
export type StoredObject = { body: Readable; length: number | null; etag: string | null };

/**
 * How a bucket is to hand an object out. Photos leave both unset (WebP, kept
 * for a year by anyone); private documents set their own type and `private, no-store`.
 * A local folder keeps only the bytes.
 */
export type WriteOptions = { contentType?: string; cacheControl?: string };

/** Where stored bytes live. */
export interface MediaDriver {
  write(relativePath: string, data: Buffer, options?: WriteOptions): Promise<void>;
  /** Succeeds when there is nothing to remove. */
  remove(relativePath: string): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  read(relativePath: string): Promise<StoredObject | null>;
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
    async read(relativePath) {
      const file = path.join(root, relativePath);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { body: createReadStream(file), length: stat.size, etag: null };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
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
    return new MediaError("pixels");
  }
  return new MediaError("unreadable");
}

const IMAGE_OPTIONS = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" as const };

/**
 * The checks every image passes before anything is stored: its size, its
 * format by content (whatever it was called), and its pixels, read from its
 * header without decoding it. Throws MediaError; a stock import's preview
 * asks this of each photo in its ZIP.
 */
export async function inspectImage(data: Buffer): Promise<Metadata> {
  if (data.length > MAX_IMAGE_BYTES) {
    throw new MediaError("size");
  }
  const format = sniffFormat(data);
  if (!format) {
    throw new MediaError("format");
  }
  let meta: Metadata;
  try {
    meta = await sharp(data, IMAGE_OPTIONS).metadata();
  } catch (error) {
    throw decodeError(error);
  }
  if (meta.format !== format) {
    throw new MediaError("format");
  }
  if (!meta.width || !meta.height) throw new MediaError("unreadable");
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new MediaError("pixels");
  }
  return meta;
}

export class MediaStore {
  constructor(private readonly driver: MediaDriver) {}

  /** Checks, re-encodes and stores one image. Throws MediaError with a message for the person uploading. */
  async put(data: Buffer): Promise<ImageRef> {
    const meta = await inspectImage(data);

    // EXIF orientation turns the picture; width and height follow it.
    const rotated = (meta.orientation ?? 1) >= 5;
    const width = rotated ? meta.height : meta.width;
    const height = rotated ? meta.width : meta.height;
    const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
    if (widths.length < VARIANT_WIDTHS.length) widths.push(Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!));

    const key = randomBytes(10).toString("hex");
    const written: string[] = [];
    const source = sharp(data, IMAGE_OPTIONS).rotate();
    for (const w of widths) {
      let out: Buffer;
      try {
        // sharp writes no metadata unless asked, so GPS and camera data are gone.
        out = await source.clone().resize({ width: w, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      } catch (error) {
        await this.discard(written);
        throw decodeError(error);
      }
      const rel = mediaPath(key, w);
      try {
        await this.driver.write(rel, out);
      } catch (error) {
        // The picture was fine; the storage was not. Say so, and keep no part of it.
        log("error", "photo could not be stored", { path: rel, error: String(error) });
        await this.discard([...written, rel]);
        throw new MediaError("storage");
      }
      written.push(rel);
    }
    const largest = widths[widths.length - 1]!;
    return { key, width: largest, height: Math.round((height * largest) / width), variants: widths };
  }

  /**
   * Removes every stored variant of an image, as far as the storage lets it:
   * a photo that cannot be removed now (storage down) is logged and left
   * behind, never a reason to fail what the staff did.
   */
  async remove(image: Pick<ImageRef, "key" | "variants">): Promise<void> {
    await this.discard(image.variants.map((w) => mediaPath(image.key, w)));
  }

  /** The stored bytes of one variant (`ab/ab12…-960.webp`), or null for a missing one or any other name. */
  async read(relativePath: string): Promise<StoredObject | null> {
    if (!isMediaPath(relativePath)) return null;
    return this.driver.read(relativePath);
  }

  private async discard(paths: string[]): Promise<void> {
    const results = await Promise.allSettled(paths.map((rel) => this.driver.remove(rel)));
    const left = paths.filter((_, i) => results[i]!.status === "rejected");
    if (left.length > 0) {
      const reason = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      log("warn", "photos could not be removed and were left in the storage", {
        paths: left,
        error: String(reason.reason),
      });
    }
  }
}
