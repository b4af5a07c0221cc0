import { createHash } from "node:crypto";
import { MAX_IMAGES_PER_ITEM } from "~/domain/inventory/inventory.schema";
import { inspectImage, MAX_IMAGE_BYTES, MediaError } from "~/domain/media/media-store.server";
import { fileName } from "~/domain/media/multipart.server";
import { staffPattern } from "~/domain/staff/staff-problems";
import type { Problem } from "~/i18n/problem";
import { type ZipEntry, zipEntries, zipEntryData, ZipError, type ZipLimits } from "./zip-read.server";

/*
 * The photos of a stock import come in a ZIP beside the file, each named by
 * its listing's ref id and its place: V-123456_1.jpg, V-123456_2.jpg … (in any
 * folder of the ZIP). They go through the same checks and the same re-encoding
 * as photos uploaded one by one, with the same limits: 25 MB and 40 million
 * pixels each, 12 per listing.
 */

/** The largest ZIP taken: about 40 vehicles of 12 large auction photos each. */
export const MAX_ZIP_BYTES = 250 * 1024 * 1024;

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 5_000,
  maxEntryBytes: MAX_IMAGE_BYTES,
  // What the entries may declare in all: past this, the archive is refused before anything is inflated.
  maxTotalBytes: 1024 * 1024 * 1024,
};

const PHOTO_NAME = /^(.+)_(\d{1,2})\.(jpe?g|png|webp)$/i;
/** What computers put in a ZIP beside the photos: never a mistake of the owner's. */
const SYSTEM_FILE = /(^|\/)(__MACOSX\/|\.[^/]*$|Thumbs\.db$|desktop\.ini$)/i;

export type ZipPhoto = { entry: ZipEntry; number: number };

export type PhotoIndex = {
  /** The photos of each ref id (in capitals), in the order of their numbers. */
  byRef: Map<string, ZipPhoto[]>;
  /** Files whose names are not ref id, underscore, number. */
  unnamed: string[];
};

/** Why a ZIP cannot be read at all, for the owner. */
export function zipProblem(error: ZipError): Problem {
  return staffPattern(`import.zip.${error.code}`, {
    name: error.entry ?? "",
    where: error.entry ? ` (${error.entry})` : "",
  });
}

/** The photos of a ZIP by ref id; throws ZipError for an archive that cannot be trusted. */
export function photoIndex(zip: Buffer): PhotoIndex {
  const byRef = new Map<string, ZipPhoto[]>();
  const unnamed: string[] = [];
  for (const entry of zipEntries(zip, ZIP_LIMITS)) {
    if (entry.directory || SYSTEM_FILE.test(entry.path)) continue;
    const match = PHOTO_NAME.exec(entry.name);
    if (!match) {
      unnamed.push(entry.path);
      continue;
    }
    const ref = match[1]!.toUpperCase();
    byRef.set(ref, [...(byRef.get(ref) ?? []), { entry, number: Number(match[2]) }]);
  }
  for (const photos of byRef.values()) photos.sort((a, b) => a.number - b.number);
  return { byRef, unnamed };
}

/** A photo found fit: where it is in the ZIP (read again when it is stored) and its fingerprint. */
export type CheckedPhoto = { name: string; entry: ZipEntry; hash: string };

/** A checked photo's bytes, read again from the ZIP when it is stored (so they are never all in memory at once). */
export function photoBytes(zip: Buffer, photo: CheckedPhoto): Buffer {
  return zipEntryData(zip, photo.entry, MAX_IMAGE_BYTES);
}

/**
 * One listing's photos, read and checked: the place and fingerprint of each,
 * or the first problem (two photos with one number, more than 12, a file
 * that is not an image the shop takes).
 */
export async function checkedPhotos(
  zip: Buffer,
  photos: readonly ZipPhoto[],
): Promise<{ ok: true; photos: CheckedPhoto[] } | { ok: false; problem: Problem }> {
  if (photos.length > MAX_IMAGES_PER_ITEM)
    return {
      ok: false,
      problem: staffPattern("import.tooManyPhotos", { count: photos.length, max: MAX_IMAGES_PER_ITEM }),
    };
  const out: CheckedPhoto[] = [];
  for (const [i, photo] of photos.entries()) {
    const name = photo.entry.name;
    if (i > 0 && photos[i - 1]!.number === photo.number)
      return {
        ok: false,
        problem: staffPattern("import.photoNumberTwice", { name, other: photos[i - 1]!.entry.name }),
      };
    let data: Buffer;
    try {
      data = zipEntryData(zip, photo.entry, MAX_IMAGE_BYTES);
    } catch (error) {
      if (!(error instanceof ZipError)) throw error;
      const reason = error.code === "tooLarge" ? new MediaError("size").problem : zipProblem(error);
      return { ok: false, problem: staffPattern("fileProblem", { name: fileName(name), reason }) };
    }
    try {
      await inspectImage(data);
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      return { ok: false, problem: staffPattern("fileProblem", { name: fileName(name), reason: error.problem }) };
    }
    out.push({ name, entry: photo.entry, hash: createHash("sha256").update(data).digest("hex") });
  }
  return { ok: true, photos: out };
}
