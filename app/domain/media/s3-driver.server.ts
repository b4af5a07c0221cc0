import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3MediaSettings } from "~/config.server";
import type { MediaDriver, StoredObject } from "./media-store.server";

/*
 * The media store's second driver: an S3-compatible bucket (AWS S3, MinIO,
 * Cloudflare R2, Backblaze B2, …). Objects keep the names the server made for
 * them (`ab/ab12…-960.webp`) at the top of the bucket, carry their type and
 * their one-year immutable cache lifetime, so a CDN in front of the bucket
 * (MEDIA_PUBLIC_URL) serves them as the shop would. The private document store
 * uses the same driver on its own bucket, with its own type and lifetime.
 */

/** Photo names are never reused: whoever holds a copy may keep it for a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

export function createS3Client(settings: S3MediaSettings, options: { maxAttempts?: number } = {}): S3Client {
  // The SDK's notice about the Node versions it will stop supporting is not for the shop's log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return new S3Client({
    region: settings.region,
    // Other S3-compatible stores answer at their own address, with the bucket in the path.
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Not every S3-compatible store knows the newer checksum headers: send them only where S3 requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: options.maxAttempts ?? 3,
    // A store that stops answering must not hold an upload, or a photo request, for long.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

type SdkError = Error & { $metadata?: { httpStatusCode?: number }; code?: string; Code?: string };

function statusOf(error: unknown): number | undefined {
  return (error as SdkError | null)?.$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as SdkError | null)?.name;
  return statusOf(error) === 404 || name === "NoSuchKey" || name === "NotFound";
}

export function s3Driver(settings: S3MediaSettings, client: S3Client = createS3Client(settings)): MediaDriver {
  const Bucket = settings.bucket;
  return {
    async write(relativePath, data, options = {}) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: relativePath,
          Body: data,
          ContentLength: data.length,
          ContentType: options.contentType ?? "image/webp",
          CacheControl: options.cacheControl ?? MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async remove(relativePath) {
      // Deleting what is not there succeeds, as on disk with `force`.
      await client.send(new DeleteObjectCommand({ Bucket, Key: relativePath }));
    },
    async read(relativePath): Promise<StoredObject | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: relativePath }));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          length: object.ContentLength ?? null,
          etag: object.ETag ?? null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}

/** Where the bucket is, for messages: the configured endpoint, or AWS's regional one. */
export function storageAddress(settings: S3MediaSettings): string {
  return settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`;
}

/** One line for the operator about a failed storage request (no secrets in it). */
export function explainStorageError(error: unknown, settings: S3MediaSettings, timeoutMs?: number): string {
  const where = storageAddress(settings);
  const bucket = `bucket "${settings.bucket}"`;
  const e = error as SdkError | null;
  const status = statusOf(error);
  const name = e?.name ?? "";
  if (name === "CredentialsProviderError") {
    return `no access key was found for ${bucket}: set MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY`;
  }
  if (status === undefined) {
    if (name === "AbortError" || name === "TimeoutError") {
      return `${where} could not be reached (no answer within ${Math.round((timeoutMs ?? 5000) / 1000)} s)`;
    }
    const code = e?.code ?? (e?.cause as { code?: string } | undefined)?.code ?? name ?? "no answer";
    return `${where} could not be reached (${code || "no answer"})`;
  }
  if (status === 404 || name === "NotFound" || name === "NoSuchBucket") return `${bucket} was not found at ${where}`;
  if (status === 401 || status === 403) {
    return `the access key was refused for ${bucket} at ${where} (HTTP ${status})`;
  }
  if (status === 301) {
    return `${bucket} at ${where} is not in region "${settings.region}" (set MEDIA_S3_REGION to the bucket's region)`;
  }
  return `${bucket} at ${where} answered HTTP ${status}${name && name !== "Unknown" ? ` (${name})` : ""}`;
}

/**
 * Asks the bucket whether it is there and these keys may use it (HeadBucket).
 * Null when all is well, otherwise one line saying what is wrong.
 */
export async function checkBucket(settings: S3MediaSettings, timeoutMs = 5_000): Promise<string | null> {
  const client = createS3Client(settings, { maxAttempts: 2 });
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }), {
      abortSignal: AbortSignal.timeout(timeoutMs),
    });
    return null;
  } catch (error) {
    return explainStorageError(error, settings, timeoutMs);
  } finally {
    client.destroy();
  }
}

/** Every object in the bucket with its size in bytes. */
export async function listObjectSizes(client: S3Client, bucket: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
    for (const object of page.Contents ?? []) if (object.Key) sizes.set(object.Key, object.Size ?? 0);
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return sizes;
}
