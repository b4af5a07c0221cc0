import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { VIEW_COOKIE } from "~/components/store/stock-list";
import { CURRENCY_COOKIE } from "~/domain/rates/currencies";
import { languageFromAcceptLanguage, LANGUAGE_COOKIE } from "~/i18n/languages";
import { readCookie } from "~/utils/cookies";
import { PORT_COOKIE } from "~/domain/freight/freight";

/*
 * A short cache of the public pages as visitors who are not signed in see
 * them: the home page, stock lists, detail pages, About, robots and
 * sitemaps, and the data the browser fetches when moving between them.
 *
 * - Keyed by address and by everything else a visitor's page depends on:
 *   the language (cookie or Accept-Language), the currency, the list view and the port.
 * - Anyone with a session (buyer or staff) or a two-step challenge is never
 *   served from it: their pages carry their name and favourites.
 * - A response that sets a cookie, or is not a 200, is not kept.
 * - Every page keeps a nonce of its own: a cached page is sent with a fresh
 *   nonce in its Content-Security-Policy and its script tags.
 * - Any write to this instance (a POST: an upload, an edit, a quote) empties
 *   it; other instances see changes within the cache's lifetime (seconds).
 * - When many visitors ask for the same page at once, it is rendered once.
 */

const PUBLIC_PATH =
  /^\/(?:_root\.data|about(?:\.data)?|(?:vehicles|parts)(?:\.data|\/[^/]+?(?:\.data)?)?|robots\.txt|sitemap\.xml|sitemaps\/[^/]+)?$/;
const PRIVATE_COOKIES = /(?:^|;\s*)(?:__Host-)?(?:sid|staff_sid|staff_2fa)=/;
const KEPT_HEADERS = new Set([
  "content-type",
  "content-security-policy",
  "vary",
  "cache-control",
  "x-robots-tag",
  "link",
]);
const MAX_BODY = 1024 * 1024;

/** A kept answer; its body is cut at each place the nonce stood, so a fresh one is put in without a search. */
type Entry = { status: number; headers: [string, string][]; pieces: Buffer[]; nonce: string | null; expires: number };

function cut(body: Buffer, nonce: string | null): Buffer[] {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    pieces.push(body.subarray(from, at));
    from = at + needle.length;
  }
  pieces.push(body.subarray(from));
  return pieces;
}

export type PageCache = {
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  clear: () => void;
  size: () => number;
};

export function createPageCache({ ttlMs, maxEntries = 2000 }: { ttlMs: number; maxEntries?: number }): PageCache {
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<void>>();

  function keyOf(req: Request): string | null {
    if (req.method !== "GET") return null;
    if (!PUBLIC_PATH.test(req.path)) return null;
    const cookies = req.headers.cookie ?? null;
    if (cookies && PRIVATE_COOKIES.test(cookies)) return null;
    const language =
      readCookie(cookies, LANGUAGE_COOKIE) ??
      languageFromAcceptLanguage(req.headers["accept-language"] ?? null) ??
      "en";
    return [
      req.originalUrl,
      language,
      readCookie(cookies, CURRENCY_COOKIE) ?? "",
      readCookie(cookies, VIEW_COOKIE) ?? "",
      readCookie(cookies, PORT_COOKIE) ?? "",
    ].join("\u0000");
  }

  function serve(entry: Entry, res: Response) {
    const fresh = entry.nonce ? randomBytes(18).toString("base64") : null;
    res.status(entry.status);
    for (const [name, value] of entry.headers)
      res.setHeader(name, fresh && entry.nonce ? value.replaceAll(entry.nonce, fresh) : value);
    res.setHeader("X-Page-Cache", "hit");
    if (!fresh) return res.end(entry.pieces[0]);
    const nonce = Buffer.from(fresh);
    const parts: Buffer[] = [];
    entry.pieces.forEach((piece, i) => {
      if (i > 0) parts.push(nonce);
      parts.push(piece);
    });
    res.end(Buffer.concat(parts));
  }

  function remember(key: string, res: Response, chunks: Buffer[]) {
    if (res.statusCode !== 200 || res.getHeader("set-cookie")) return;
    const body = Buffer.concat(chunks);
    if (body.length > MAX_BODY) return;
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (KEPT_HEADERS.has(name) && value !== undefined) headers.push([name, String(value)]);
    }
    const policy = res.getHeader("content-security-policy");
    const nonce = typeof policy === "string" ? (/'nonce-([^']+)'/.exec(policy)?.[1] ?? null) : null;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { status: 200, headers, pieces: cut(body, nonce), nonce, expires: Date.now() + ttlMs });
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // A write may change what pages show: start afresh, and again once it is done.
      entries.clear();
      res.on("finish", () => entries.clear());
      return next();
    }
    const key = keyOf(req);
    if (!key) return next();

    let hit = entries.get(key);
    if (hit && hit.expires <= Date.now()) {
      entries.delete(key);
      hit = undefined;
    }
    if (!hit && rendering.has(key)) {
      await rendering.get(key);
      hit = entries.get(key);
    }
    if (hit) return serve(hit, res);

    // Render, keeping a copy of what is sent.
    let done = () => {};
    rendering.set(key, new Promise<void>((resolve) => (done = resolve)));
    const chunks: Buffer[] = [];
    let size = 0;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || size > MAX_BODY) return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buffer.length;
      chunks.push(buffer);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response["end"];
    const settle = () => {
      rendering.delete(key);
      done();
    };
    res.on("finish", () => {
      if (size <= MAX_BODY) remember(key, res, chunks);
      settle();
    });
    res.on("close", settle);
    res.setHeader("X-Page-Cache", "miss");
    next();
  }

  return {
    middleware: (req, res, next) => void middleware(req, res, next).catch(next),
    clear: () => entries.clear(),
    size: () => entries.size,
  };
}
