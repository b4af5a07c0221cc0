import { pipeline } from "node:stream/promises";
import express, { type Request, type RequestHandler, type Response } from "express";
import type { Config } from "~/config.server";
import { isMediaPath } from "~/domain/media/image-url";
import type { MediaStore } from "~/domain/media/media-store.server";
import { MEDIA_CACHE_CONTROL } from "~/domain/media/s3-driver.server";
import { log } from "~/utils/log.server";

/*
 * /media/<ab>/<key>-<width>.webp. On the local disk: the folder, as static
 * files. In a bucket: the object streamed from it, or, when pages point at
 * MEDIA_PUBLIC_URL, a redirect there so that old links keep working. Names
 * are made by the server; anything of another shape is not looked up at all.
 */
export function mediaHandler(config: Pick<Config, "mediaDir" | "mediaS3" | "mediaPublicUrl">, media: MediaStore) {
  // Media names are made by the server and never reused, so they can be cached for good.
  if (!config.mediaS3) {
    return express.static(config.mediaDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false });
  }
  const publicUrl = config.mediaPublicUrl;
  const handler: RequestHandler = async (req: Request, res: Response) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Method not allowed");
      return;
    }
    // req.path is the raw path under /media: no decoding, so %2e%2e and the like fail the shape.
    const relativePath = req.path.slice(1);
    if (!isMediaPath(relativePath)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    if (publicUrl) {
      res.set("Cache-Control", "public, max-age=86400").redirect(301, `${publicUrl}/${relativePath}`);
      return;
    }
    let object;
    try {
      object = await media.read(relativePath);
    } catch (error) {
      log("error", "photo could not be read from the storage", { path: relativePath, error: String(error) });
      res.status(503).set("Cache-Control", "no-store").type("text/plain").send("The photo storage is not answering.");
      return;
    }
    if (!object) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.set({ "Content-Type": "image/webp", "Cache-Control": MEDIA_CACHE_CONTROL });
    if (object.etag) {
      res.set("ETag", object.etag);
      if (req.get("if-none-match") === object.etag) {
        object.body.destroy();
        res.status(304).end();
        return;
      }
    }
    if (object.length !== null) res.set("Content-Length", String(object.length));
    if (req.method === "HEAD") {
      object.body.destroy();
      res.status(200).end();
      return;
    }
    res.status(200);
    // A client that goes away, or a storage that breaks off, ends both streams; nothing to answer then.
    await pipeline(object.body, res).catch((error: unknown) => {
      if (!res.writableFinished && !req.destroyed)
        log("warn", "photo stream broke off", { path: relativePath, error: String(error) });
    });
  };
  return handler;
}
