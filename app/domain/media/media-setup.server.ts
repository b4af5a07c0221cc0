import type { Config } from "~/config.server";
import { localDriver, MediaStore } from "./media-store.server";
import { checkBucket, s3Driver } from "./s3-driver.server";

/** The media store the configuration names: the bucket when MEDIA_S3_BUCKET is set, else `$DATA_DIR/media`. */
export function mediaStoreFor(config: Pick<Config, "mediaDir" | "mediaS3">): MediaStore {
  return new MediaStore(config.mediaS3 ? s3Driver(config.mediaS3) : localDriver(config.mediaDir));
}

/** At start: null when the photos' storage can be used, otherwise one line saying why not. */
export async function mediaStorageProblem(config: Pick<Config, "mediaS3">): Promise<string | null> {
  return config.mediaS3 ? checkBucket(config.mediaS3) : null;
}
