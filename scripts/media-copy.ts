import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "~/config.server";
import { copyMediaFolder } from "~/domain/media/media-copy.server";
import { checkBucket, explainStorageError } from "~/domain/media/s3-driver.server";

/*
 * npm run media:copy [-- --from <folder>]
 *
 * Copies the photos of a shop that kept them on its disk ($DATA_DIR/media, or
 * the folder given) into the bucket named by MEDIA_S3_BUCKET and the other
 * MEDIA_S3_* variables. Photos already in the bucket with the same size are
 * skipped: safe to run again, and while the shop runs.
 */

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`Configuration error: ${problem}`);
    process.exit(1);
  }
  throw error;
}
const s3 = config.mediaS3;
if (!s3) {
  console.error("MEDIA_S3_BUCKET is not set: set it (and the other MEDIA_S3_* variables) to the bucket to copy into.");
  process.exit(1);
}
const { values } = parseArgs({ options: { from: { type: "string" } } });
const folder = path.resolve(values.from ?? config.mediaDir);
if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
  console.error(`No media folder at ${folder}.`);
  process.exit(1);
}
const problem = await checkBucket(s3);
if (problem) {
  console.error(`Media storage error: ${problem}`);
  process.exit(1);
}

console.log(`Copying ${folder} into bucket "${s3.bucket}"…`);
const started = Date.now();
try {
  const counts = await copyMediaFolder(folder, s3);
  console.log(`Photos in the folder: ${counts.found}`);
  console.log(`Copied:                ${counts.copied}`);
  console.log(`Already in the bucket: ${counts.alreadyThere}`);
  if (counts.notPhotos > 0) console.log(`Other files, left alone: ${counts.notPhotos}`);
  if (counts.failed.length > 0) {
    console.error(`Failed: ${counts.failed.length} (run again to retry them)`);
    for (const f of counts.failed.slice(0, 10)) console.error(`  ${f.path}: ${f.error}`);
    process.exitCode = 1;
  } else {
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} catch (error) {
  const fromStorage = (error as { $metadata?: unknown }).$metadata !== undefined;
  console.error(
    fromStorage ? `Media storage error: ${explainStorageError(error, s3)}` : `Copy failed: ${String(error)}`,
  );
  process.exitCode = 1;
}
