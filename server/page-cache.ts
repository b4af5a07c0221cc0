import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { NextFunction, Request, Response } from "express";
import { forgetKeptReads } from "~/db/kept-reads.server";
import { isLanguage, languageFromAcceptLanguage } from "~/i18n/languages";
import { COOKIES, readCookie, SESSION_COOKIE_NAMES } from "~/utils/cookies";
import { carriesSession, openRequestScope, type RequestScope } from "~/utils/request-scope.server";

/*
 * A short cache of the public pages as visitors who are not signed in see
 * them: the home page, stock lists, detail pages, About, How to buy, FAQ, robots and
 * sitemaps, and the data the browser fetches when moving between them.
 *
 * - Keyed by address and by everything else a visitor's page depends on:
 *   the language (cookie or Accept-Language), the currency, the list view, the port and the country imported into.
 * - Anyone with a session (buyer or staff) or a two-step challenge is never
 *   served from it: their pages carry their name and favourites. "Has a
 *   session" is read by the function the app reads sessions with.
 * - An answer is kept only when the app, having made it, found nothing
 *   personal in the request (see app/utils/request-scope.server.ts), is a
 *   200 and sets no cookie.
 * - Every page keeps a nonce of its own: a cached page is sent with a fresh
 *   nonce in its Content-Security-Policy and its script tags.
 * - A request that changed what public pages show (stock, prices, photos,
 *   the freight table, the company details) empties it once it is answered, and a page rendered
 *   while that change was being made is not kept. Other writes (a language
 *   choice, a quote, a sign-in) leave it alone. Other instances see changes
 *   within the cache's lifetime (seconds), or two (below).
 * - When many visitors ask for the same page at once, it is rendered once.
 * - A page past its lifetime is sent as it was, for at most one lifetime
 *   more, while it is being rendered again for another visitor or while the shop is busy (its
 *   event loop nearly always at work, or `busyRenders` renders under way):
 *   when many pages are each seen rarely, visitors do not queue behind a
 *   wave of renders. Only pages nothing has emptied can be sent so: a change
 *   made through this shop empties the cache.
 */

const PUBLIC_PATH =
  /^\/(?:_\.data|(?:about|how-to-buy|faq)(?:\.data)?|(?:vehicles|parts)(?:\.data|\/[^/]+?(?:\.data)?)?|robots\.txt|sitemap\.xml|sitemaps\/[^/]+)?$/;
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
type Entry = {
  status: number;
  headers: [string, string][];
  pieces: Buffer[];
  nonce: string | null;
  expires: number;
  bytes: number;
};

/**
 * The most the kept pages may weigh together (they are kept uncompressed,
 * 60 to 75 KB a page): 32 MB, 450 to 550 pages, rather than 2,000 pages and
 * up to 150 MB of a small server's memory (issue 47.6).
 */
const MAX_BYTES = 32 * 1024 * 1024;

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

/**
 * Runs `fn` when a write that changed public content has its change committed: when its answer
 * starts (before the browser can ask for the page it leads to), or when its client is gone before
 * that (the change may be committed all the same).
 */
function whenPublicChangeCommitted(req: Request, res: Response, scope: RequestScope | undefined, fn: () => void) {
  if (req.method === "GET" || req.method === "HEAD") return;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (scope?.publicContentChanged) fn();
    return writeHead(...args);
  }) as Response["writeHead"];
  res.on("close", () => {
    if (scope?.publicContentChanged) fn();
  });
}

/**
 * Opens the scope in which the app marks what it learns of a request (placed before the cache).
 * A write that changed public content forgets the reads pages share (app/db/kept-reads.server.ts)
 * once more when its change is committed, as the cache below is emptied: on PostgreSQL another
 * page may have read them between the change's first forgetting and its commit.
 */
export function scopeEachRequest(req: Request, res: Response, next: NextFunction) {
  openRequestScope((scope) => {
    res.locals.scope = scope;
    whenPublicChangeCommitted(req, res, scope, forgetKeptReads);
    next();
  });
}

export type PageCache = {
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  clear: () => void;
  size: () => number;
  /** What the kept pages weigh together, in bytes. */
  bytes: () => number;
  /** Lets go the pages past the time they may still be sent stale (the cache does so each lifetime). */
  sweep: () => void;
  /** Stops the sweeping, for a cache no longer used (an app's tests make several). */
  close: () => void;
};

/** Pages rendered at once past which an expired page is sent as it was rather than rendered again. */
const BUSY_RENDERS = 4;

/**
 * Whether this process's event loop was at work for over 90% of the last
 * tenth of a second. A page rendered from SQLite runs start to end without
 * giving way, so renders are never seen under way at once: a busy shop shows
 * as a loop with no rest, its visitors' requests waiting in front of it.
 */
export function eventLoopBusy(): () => boolean {
  if (!loopWatch) {
    let last = performance.eventLoopUtilization();
    let busy = false;
    setInterval(() => {
      const now = performance.eventLoopUtilization();
      busy = performance.eventLoopUtilization(now, last).utilization > 0.9;
      last = now;
    }, 100).unref();
    loopWatch = () => busy;
  }
  return loopWatch;
}
/** One watch of the loop for the process, however many caches ask. */
let loopWatch: (() => boolean) | null = null;

export function createPageCache({
  ttlMs,
  maxEntries = 2000,
  maxBytes = MAX_BYTES,
  busyRenders = BUSY_RENDERS,
  loopBusy = eventLoopBusy(),
}: {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  busyRenders?: number;
  loopBusy?: () => boolean;
}): PageCache {
  const entries = new Map<string, Entry>();
  /** What the kept pages weigh together. */
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return false;
    entries.delete(key);
    bytes -= entry.bytes;
    return true;
  };
  const rendering = new Map<string, Promise<void>>();
  /** Goes up each time the cache is emptied: a render that began before cannot be kept. */
  let generation = 0;
  const empty = () => {
    generation++;
    entries.clear();
    bytes = 0;
  };
  // A page past its lifetime and the stale one after it is never sent again: without this sweep the
  // pages of a busy hour stayed until the cache was full (2,000 pages of HTML, kept uncompressed).
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (now >= entry.expires + ttlMs) forget(key);
  };
  const sweeping = setInterval(sweep, ttlMs).unref();

  function keyOf(req: Request): string | null {
    if (req.method !== "GET") return null;
    if (!PUBLIC_PATH.test(req.path)) return null;
    const cookies = req.headers.cookie ?? null;
    if (carriesSession(cookies, SESSION_COOKIE_NAMES)) return null;
    // The page's language as the shop chooses it (app/i18n/request.server.ts): a cookie that names
    // no language is passed over for the browser's, so it must not decide the key either.
    const chosen = readCookie(cookies, COOKIES.language.name);
    const language =
      (isLanguage(chosen) ? chosen : null) ??
      languageFromAcceptLanguage(req.headers["accept-language"] ?? null) ??
      "en";
    return [
      req.originalUrl,
      language,
      readCookie(cookies, COOKIES.currency.name) ?? "",
      readCookie(cookies, COOKIES.view.name) ?? "",
      readCookie(cookies, COOKIES.port.name) ?? "",
      readCookie(cookies, COOKIES.importCountry.name) ?? "",
    ].join("\u0000");
  }

  function serve(entry: Entry, res: Response, as: "hit" | "stale") {
    const fresh = entry.nonce ? randomBytes(18).toString("base64") : null;
    res.status(entry.status);
    for (const [name, value] of entry.headers)
      res.setHeader(name, fresh && entry.nonce ? value.replaceAll(entry.nonce, fresh) : value);
    res.setHeader("X-Page-Cache", as);
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
    // Set anew at the end, so a page rendered again is the last to go when the cache is full.
    forget(key);
    if (body.length > maxBytes) return;
    while (entries.size > 0 && (entries.size >= maxEntries || bytes + body.length > maxBytes))
      forget(entries.keys().next().value!);
    entries.set(key, {
      status: 200,
      headers,
      pieces: cut(body, nonce),
      nonce,
      expires: Date.now() + ttlMs,
      bytes: body.length,
    });
    bytes += body.length;
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    const scope = (res.locals as { scope?: RequestScope }).scope;
    if (req.method !== "GET" && req.method !== "HEAD") {
      whenPublicChangeCommitted(req, res, scope, empty);
      return next();
    }
    const key = keyOf(req);
    if (!key) return next();

    let hit = entries.get(key);
    const now = Date.now();
    if (hit && hit.expires <= now) {
      // Past its lifetime: sent as it was while it is being rendered again or the shop is busy,
      // for one lifetime more at most; else rendered again (the old copy stays until replaced).
      const tooOld = now >= hit.expires + ttlMs;
      if (tooOld) forget(key);
      else if (rendering.has(key) || rendering.size >= busyRenders || loopBusy()) return serve(hit, res, "stale");
      hit = undefined;
    }
    if (!hit && rendering.has(key)) {
      await rendering.get(key);
      hit = entries.get(key);
      if (hit && hit.expires <= Date.now()) hit = undefined;
    }
    if (hit) return serve(hit, res, "hit");

    // Render, keeping a copy of what is sent.
    const startedIn = generation;
    let done = () => {};
    const render = new Promise<void>((resolve) => (done = resolve));
    rendering.set(key, render);
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
      // Called on finish and again on close: by then another render of the page may be under way.
      if (rendering.get(key) === render) rendering.delete(key);
      done();
    };
    res.on("finish", () => {
      // Kept only when the app read nothing personal for it (no scope: nothing is known, so nothing is kept).
      const shareable = scope !== undefined && !scope.personal && !scope.publicContentChanged;
      if (shareable && startedIn === generation && size <= MAX_BODY) remember(key, res, chunks);
      settle();
    });
    res.on("close", settle);
    res.setHeader("X-Page-Cache", "miss");
    next();
  }

  return {
    middleware: (req, res, next) => void middleware(req, res, next).catch(next),
    clear: empty,
    size: () => entries.size,
    bytes: () => bytes,
    sweep,
    close: () => clearInterval(sweeping),
  };
}
