import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

/*
 * The built scripts and style sheets, sent as the copies the build
 * compressed once (scripts/compress-assets.ts): brotli where the browser
 * reads it, else gzip, else the file itself (express.static, after this).
 * Only names the build wrote are looked up, read once at start: a request's
 * path never reaches the disk. The files never change under one name, so
 * each copy is kept by browsers for a year like its file.
 */

const ENCODINGS = [
  { name: "br", ext: ".br" },
  { name: "gzip", ext: ".gz" },
] as const;

/**
 * How a built file is sent, compressed or not: kept a year, never asked
 * about again. A name never holds other bytes, so a validator (ETag,
 * Last-Modified) or a range would only add bytes to every answer: a page
 * loads some thirty scripts, and on a phone each answer's headers count.
 */
export const IMMUTABLE_FILE = {
  immutable: true,
  maxAge: "1y",
  etag: false,
  lastModified: false,
  acceptRanges: false,
} as const;

export function precompressedAssets(folder: string) {
  const names = new Set(fs.existsSync(folder) ? fs.readdirSync(folder) : []);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (name.includes("/") || !names.has(name)) return next();
    const offered = ENCODINGS.filter((encoding) => names.has(name + encoding.ext));
    if (offered.length === 0) return next();
    // Whichever way the file goes, caches must keep one answer per encoding.
    res.vary("Accept-Encoding");
    // Brotli whenever it is read at all, the smaller: browsers list gzip first ("gzip, deflate, br, zstd")
    // without preferring it; a browser that gives gzip a higher weight still gets brotli.
    const encoding = offered.find((e) => req.acceptsEncodings(e.name) === e.name);
    if (!encoding) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding.name);
    res.sendFile(name + encoding.ext, { root: folder, ...IMMUTABLE_FILE }, (error) => {
      // Sent, or the browser left part way (a phone on a slow line): nothing to answer.
      if (!error || res.headersSent) return;
      // The copy gone since the start: the file itself, as it is.
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      next();
    });
  };
}
