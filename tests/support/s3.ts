import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3MediaSettings } from "~/config.server";
import { createS3Client } from "~/domain/media/s3-driver.server";

/** s3rver's one account. Any other access key is refused. */
export const S3_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export type TestS3 = Awaited<ReturnType<typeof startS3>>;

/**
 * An S3-compatible server in the test process (s3rver, from npm: nothing is
 * downloaded), with its buckets in a temporary folder. It can be stopped and
 * brought back on the same port with the same objects, like a storage outage.
 */
export async function startS3(buckets: string[]) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const make = (port: number) =>
    new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: buckets.map((name) => ({ name })),
    });
  let server = make(0);
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  let running = true;
  const settings = (bucket: string): S3MediaSettings => ({
    bucket,
    endpoint,
    region: "us-east-1",
    credentials: S3_KEYS,
  });
  const client: S3Client = createS3Client(settings(buckets[0] ?? "none"));

  return {
    endpoint,
    settings,
    /** The shop's environment for one bucket. */
    env: (bucket: string): Record<string, string> => ({
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
    }),
    client,
    /** Every key in a bucket with its size. */
    async objects(bucket: string): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      for (const o of page.Contents ?? []) out.set(o.Key!, o.Size ?? 0);
      return out;
    },
    async get(bucket: string, key: string) {
      const o = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        bytes: Buffer.from(await o.Body!.transformToByteArray()),
        contentType: o.ContentType,
        cacheControl: o.CacheControl,
      };
    },
    /** Takes the server down (connections refused) until start(). */
    async stop() {
      if (!running) return;
      running = false;
      await server.close();
    },
    async start() {
      if (running) return;
      server = make(port);
      await server.run();
      running = true;
    },
    async close() {
      await this.stop();
      client.destroy();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
