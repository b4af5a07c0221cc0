import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { servicesContext } from "./context.server";
import { contentSecurityPolicy } from "./utils/content-security-policy";
import { NonceContext } from "./utils/nonce";
import { wholePageResponse } from "./utils/whole-page.server";

export const streamTimeout = 5_000;

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const HEAD_END = Buffer.from("</head>");

/**
 * The page's scripts are fetched at low priority: on a slow phone the style
 * sheet, the fonts and the first photo come first, and the page shows before
 * its scripts have arrived (it works without them until they have). The
 * router writes its module preloads without a priority, so it is added here,
 * in the page's head.
 */
export function scriptsAfterContent(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = page.indexOf(HEAD_END);
  if (headEnd < 0 || page.indexOf(MODULE_PRELOAD) < 0) return page;
  const head = page
    .subarray(0, headEnd)
    .toString("utf8")
    .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchPriority="low"');
  return Buffer.concat([Buffer.from(head, "utf8"), page.subarray(headEnd)]);
}

/**
 * Renders a page. Every page gets a Content-Security-Policy with a fresh nonce,
 * which the router's own inline scripts carry; nothing else inline may run.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = randomBytes(18).toString("base64");
  // The development server injects its own inline scripts; the policy is for the built shop.
  if (process.env.NODE_ENV === "production") {
    const mediaUrl = loadContext.get(servicesContext).config.mediaPublicUrl;
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, mediaUrl && new URL(mediaUrl).origin));
  }

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // A page's data is loaded before it renders, so it is written whole, in one piece: sending
    // it as it renders only cost writes and stream hops, and a browser shows nothing sooner.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const body = scriptsAfterContent(Buffer.concat(chunks));
              responseHeaders.set("Content-Type", "text/html");
              responseHeaders.set("Content-Length", String(body.length));
              resolve(wholePageResponse(body, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
            // React gave up writing (a fatal error): the request fails rather than waits for ever.
            destroy(error, callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              if (error) reject(error);
              callback(error);
            },
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}
