import fs from "node:fs/promises";
import path from "node:path";
import type { S3MediaSettings } from "~/config.server";
import { isMediaPath } from "./image-url";
import { createS3Client, listObjectSizes, s3Driver } from "./s3-driver.server";

export type MediaCopyCounts = {
  /** Photo files in the folder. */
  found: number;
  copied: number;
  /** Already in the bucket with the same size. */
  alreadyThere: number;
  /** Files whose names the shop never makes (left-over temporary files and the like): left alone. */
  notPhotos: number;
  failed: { path: string; error: string }[];
};

async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/**
 * Copies a local media folder (`$DATA_DIR/media`) into the bucket, under the
 * same names, with the type and cache lifetime the shop gives new photos.
 * What the bucket already holds with the same size is skipped, so running it
 * again copies only what is new or was cut off.
 */
export async function copyMediaFolder(
  folder: string,
  settings: S3MediaSettings,
  options: { concurrency?: number; onCopied?: (relativePath: string) => void } = {},
): Promise<MediaCopyCounts> {
  const client = createS3Client(settings);
  try {
    const driver = s3Driver(settings, client);
    const files = await filesUnder(folder);
    const photos = files.filter(isMediaPath);
    const existing = await listObjectSizes(client, settings.bucket);
    const counts: MediaCopyCounts = {
      found: photos.length,
      copied: 0,
      alreadyThere: 0,
      notPhotos: files.length - photos.length,
      failed: [],
    };
    const queue = [...photos];
    const worker = async () => {
      for (let rel = queue.shift(); rel !== undefined; rel = queue.shift()) {
        const file = path.join(folder, ...rel.split("/"));
        try {
          const { size } = await fs.stat(file);
          if (existing.get(rel) === size) {
            counts.alreadyThere++;
            continue;
          }
          await driver.write(rel, await fs.readFile(file));
          counts.copied++;
          options.onCopied?.(rel);
        } catch (error) {
          counts.failed.push({ path: rel, error: String(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
    return counts;
  } finally {
    client.destroy();
  }
}
