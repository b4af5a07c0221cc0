import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import {
  createRequestHandler as createRouterHandler,
  matchPath,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { documentPath } from "~/utils/page-url";
import { wholePageBytes } from "~/utils/whole-page.server";
import { FORM_BODY_LIMIT, type ShopRouteHandle } from "~/utils/route-handle";

/*
 * Hands a request to the pages (React Router), as @react-router/express does,
 * with the checks that adapter leaves to each action:
 *
 * - The address is built from a Host that was checked (see requestShape), so
 *   a malformed one is a 400, never a failure inside the pages.
 * - A form body is read here, while it streams in, up to FORM_BODY_LIMIT:
 *   past that the answer is 413 and the rest is not read. Routes that stream
 *   photos say so (`handle.streamsUploads`) and keep their own limits
 *   (app/domain/media/multipart.server.ts). A 413, from here or from a
 *   route, ends the connection and says so (`Connection: close`).
 * - What is not a form (JSON, a compressed body, broken multipart) is refused
 *   with 415 or 400 before any action sees it, so every action may call
 *   request.formData() and get a form.
 */

export { FORM_BODY_LIMIT };

/** An answer to a request the shop will not take, with a message for the person or program that sent it. */
export class RequestRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export function createShopRequestHandler(options: {
  build: BuildSource;
  mode: string;
  getLoadContext: (req: ExpressRequest) => RouterContextProvider;
}) {
  const handle = createRouterHandler(options.build, options.mode);
  let uploadPaths: { build: ServerBuild; paths: string[] } | null = null;

  /** The full paths of the routes that read their own streamed body. */
  async function streamingPaths(): Promise<string[]> {
    const build = typeof options.build === "function" ? await options.build() : options.build;
    if (uploadPaths?.build !== build) uploadPaths = { build, paths: uploadRoutePaths(build) };
    return uploadPaths.paths;
  }

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      // req.host is the Host header, or X-Forwarded-Host from a trusted proxy; both were checked by requestShape.
      const url = new URL(`${req.protocol}://${req.host}${req.originalUrl}`);
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) for (const v of value) headers.append(key, v);
        else if (value !== undefined) headers.set(key, value);
      }
      const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
      if (req.method !== "GET" && req.method !== "HEAD") {
        const page = documentPath(url.pathname);
        if ((await streamingPaths()).some((path) => matchPath({ path, end: true }, page))) {
          init.body = createReadableStreamFromReadable(req);
          init.duplex = "half";
        } else {
          const body = await readFormBody(req, headers);
          init.body = body;
          // A multipart form is parsed once here, so that no action meets one it cannot read
          // (a URL-encoded form always parses).
          if (headers.get("content-type")?.toLowerCase().startsWith("multipart/")) {
            await new Request(url, { method: "POST", headers, body }).formData().catch(() => {
              throw new RequestRefused(400, "The form could not be read. Please send it again from the page.");
            });
          }
        }
      }
      const response = await handle(new Request(url, init), options.getLoadContext(req));
      // A route that refused an upload too large answered before reading it.
      if (response.status === 413) endWithAnswer(req, res);
      await send(res, response);
    } catch (error) {
      if (error instanceof RequestRefused && error.status === 413) endWithAnswer(req, res);
      next(error);
    }
  };
}

/** Every route whose module says `handle = { streamsUploads: true }`, as a full path pattern. */
function uploadRoutePaths(build: ServerBuild): string[] {
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  return Object.values(build.routes)
    .filter((route) => (route?.module.handle as ShopRouteHandle | undefined)?.streamsUploads)
    .map((route) => fullPath(route!.id));
}

/** The body of a form, read while it streams in and refused as soon as it passes the limit. */
async function readFormBody(req: ExpressRequest, headers: Headers): Promise<Uint8Array<ArrayBuffer>> {
  const encoding = (req.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity") throw new RequestRefused(415, "Forms must be sent without Content-Encoding.");
  const declared = Number(req.get("content-length") ?? 0);
  if (declared > FORM_BODY_LIMIT) throw tooLarge();

  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > FORM_BODY_LIMIT) {
        stop();
        reject(tooLarge());
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve();
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => {
      stop();
      reject(new RequestRefused(400, "The form ended before it was complete."));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
  const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (size === 0 && type === "") {
    // An empty POST (a bare "sign out" from a script): an empty form.
    headers.set("content-type", FORM_TYPES[0]!);
  } else if (!FORM_TYPES.includes(type)) {
    throw new RequestRefused(
      415,
      "This address takes form submissions only (application/x-www-form-urlencoded or multipart/form-data).",
    );
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** How much more of a body that is too large is read, and thrown away, so the client can read the 413. */
const DISCARD = { ms: 5000, bytes: 1024 * 1024 };

function tooLarge(): RequestRefused {
  return new RequestRefused(413, `The form is too large: at most ${FORM_BODY_LIMIT / 1024} KB.`);
}

/**
 * An answer to a body that was not read to its end (a 413) ends the connection:
 * it says `Connection: close`, so a client that reuses connections sends its
 * next request on a new one rather than after the unread rest of this body.
 */
export function endWithAnswer(req: ExpressRequest, res: ExpressResponse): void {
  if (!res.headersSent) res.setHeader("Connection", "close");
  if (req.complete || req.destroyed) return;
  // Nothing reads the body any more (a streamed one is let go too): what still comes is dropped.
  req.removeAllListeners("data");
  // Closing a connection that still has data coming resets it, and the client loses the answer;
  // so a little more is read and dropped (never kept). A body that goes on past that has its
  // connection closed: only a client sending far too much, or for too long, misses the 413.
  let dropped = 0;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, DISCARD.ms);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD.bytes) cut();
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  const own = new Set<string>();
  for (const [key, value] of response.headers.entries()) {
    // A page's own value replaces the server's default (Referrer-Policy on /verify); cookies add up.
    if (key !== "set-cookie" && !own.has(key)) {
      own.add(key);
      res.removeHeader(key);
    }
    res.append(key, value);
  }
  const whole = wholePageBytes(response);
  if (whole) {
    // A page rendered whole: one write, no stream to read it back from.
    res.end(whole);
  } else if (response.body) {
    try {
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      throw error;
    }
  } else {
    res.end();
  }
}

const UNSUPPORTED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** A host name or address with an optional port, as a Host header may carry it. */
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export function isValidHost(value: string | undefined): boolean {
  if (!value) return false;
  const match = HOST.exec(value);
  if (!match) return false;
  if (match[1] !== undefined && (Number(match[1]) < 1 || Number(match[1]) > 65535)) return false;
  try {
    new URL(`http://${value}/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses, with a 400, a request the shop cannot place (and with a 405 TRACE,
 * TRACK and CONNECT): a request-target that
 * is not a path ("*", "http://other.example/"), or a Host (or a trusted
 * proxy's X-Forwarded-Host) that is not a host name with a valid port. An
 * HTTP/1.0 request without Host is for the shop's own public address.
 */
export function requestShape(publicUrl: URL) {
  return (req: ExpressRequest, _res: ExpressResponse, next: NextFunction) => {
    // Methods a web request cannot carry (fetch's Request refuses them); the shop has no use for them either.
    if (UNSUPPORTED_METHODS.has(req.method)) return next(new RequestRefused(405, "Method not allowed."));
    if (!req.url.startsWith("/")) return next(new RequestRefused(400, "Bad request: the address must be a path."));
    if (req.headers.host === undefined && req.httpVersion === "1.0") req.headers.host = publicUrl.host;
    if (!isValidHost(req.headers.host) || !isValidHost(req.host)) {
      return next(new RequestRefused(400, "Bad request: the Host header is not a valid host name."));
    }
    next();
  };
}
