import { randomBytes } from "node:crypto";
import { jsonLdText } from "./utils/json-ld";
import { pageJsonLd } from "./routes/store/json-ld.server";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { servicesContext } from "./context.server";
import { contentSecurityPolicy } from "./utils/content-security-policy";
import { NonceContext } from "./utils/nonce";
import { wholePageResponse } from "./utils/whole-page.server";

export const streamTimeout = 5_000;

const HEAD_END = Buffer.from("</head>");
const SCRIPT_END = Buffer.from("</script>");
/** What the router writes in the head for the scripts: their module preloads, and the text catalogue's fetch. */
const FOR_THE_SCRIPTS = /<link rel="(?:modulepreload"|preload" as="fetch")[^>]*>/g;

/**
 * A page's scripts are asked for once its first photo is on the screen (or
 * at once where it has none), never before: on a slow phone the photo does
 * not share the line with some 130 KB of scripts, and the page shows and
 * works without them until they have come (its links and forms are plain
 * HTML). The router writes the scripts' preloads in the head and a module
 * script (with the page's nonce, which no text of the page can hold) at the
 * end; here both go into an inert template, which a small script hands to
 * the browser at about the photo's paint, or after three seconds whatever
 * happens (a photo that never loads, a tab in the background). A page
 * without that module script is left as it is. They are handed over in
 * slices of 4 ms, each a task of its own (not inside the photo's frame): on
 * a phone some 7 times slower than this machine, a slice stays under the
 * 50 ms that counts as blocking (docs/performance.md).
 *
 * React takes the page over with the template and that small script in the
 * place of the router's module script: it passes over elements it did not
 * write in the body, as it does for those a browser extension adds.
 */
export function scriptsAfterFirstPhoto(
  page: Buffer<ArrayBuffer>,
  nonce: string,
  jsonLd: object | null = null,
): Buffer<ArrayBuffer> {
  const headEnd = page.indexOf(HEAD_END);
  if (headEnd < 0) return page;
  const scriptStart = page.indexOf(`<script nonce="${nonce}" type="module" async="">`, headEnd);
  if (scriptStart < 0) return page;
  const scriptEnd = page.indexOf(SCRIPT_END, scriptStart);
  if (scriptEnd < 0) return page;
  const moduleScript = page.subarray(scriptStart, scriptEnd + SCRIPT_END.length).toString("utf8");
  const links: string[] = [];
  const head = page
    .subarray(0, headEnd)
    .toString("utf8")
    .replace(FOR_THE_SCRIPTS, (link) => {
      links.push(link);
      return "";
    });
  const deferred =
    `<template id="page-scripts">${links.join("")}${moduleScript}</template>` +
    `<script nonce="${nonce}">${SCRIPTS_AFTER_FIRST_PHOTO}</script>`;
  return Buffer.concat([
    Buffer.from(withinHead(head, nonce, jsonLd), "utf8"),
    page.subarray(headEnd, scriptStart),
    Buffer.from(deferred, "utf8"),
    page.subarray(scriptEnd + SCRIPT_END.length),
  ]);
}

/**
 * The head with what the server adds to it: the early script before the
 * style sheet (a script after it would wait for the sheet, and hold up the
 * reading of the page behind it), and the page's structured data at its end.
 */
function withinHead(head: string, nonce: string, jsonLd: object | null): string {
  const early = `<script nonce="${nonce}">${SEND_BEFORE_SCRIPTS}</script>`;
  const sheet = head.indexOf('<link rel="stylesheet"');
  const at = sheet < 0 ? head.length : sheet;
  const data = jsonLd ? `<script type="application/ld+json">${jsonLdText(jsonLd)}</script>` : "";
  return head.slice(0, at) + early + head.slice(at) + data;
}

/**
 * Until the page's scripts take over, a control marked `data-send` (a list's
 * sort, "Only what I can import") sends its form when changed, as a plain
 * form: on a slow line a buyer's choice is never left without an answer. Once
 * they have (root.tsx marks the page `data-live`), the page's own handlers
 * answer and this steps aside. Written here, so no page's scripts carry it.
 */
const SEND_BEFORE_SCRIPTS =
  'document.addEventListener("change",function(e){var t=e.target,f=t.form;if(f&&t.hasAttribute("data-send")&&!document.documentElement.hasAttribute("data-live"))f.requestSubmit?f.requestSubmit():f.submit()})';

/**
 * Runs in the browser, at the end of the page. The page's first photo is the
 * one it asked for first (fetchpriority="high"); once it can be drawn
 * (decode), the second animation frame after comes at about its paint. The
 * three seconds are counted first, so nothing that fails after stops them
 * (a browser without decode). Plain ES2017 for the phones the shop is read
 * on, and short: every page carries it.
 */
const SCRIPTS_AFTER_FIRST_PHOTO = `(() => {
  const nonce = document.currentScript.nonce;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const template = document.getElementById("page-scripts");
    const nodes = [...template.content.childNodes];
    template.remove();
    const handOver = () => {
      const until = performance.now() + 4;
      while (nodes.length && performance.now() < until) {
        const node = nodes.shift();
        if (node.localName === "script") {
          const script = document.createElement("script");
          script.type = "module";
          script.nonce = nonce;
          script.textContent = node.textContent;
          document.body.append(script);
        } else {
          document.head.append(node);
        }
      }
      if (nodes.length) setTimeout(handOver, 0);
    };
    setTimeout(handOver, 0);
  };
  setTimeout(start, 3000);
  const afterNextPaint = () => requestAnimationFrame(() => requestAnimationFrame(start));
  const photo = document.querySelector('img[fetchpriority="high"]');
  if (photo && photo.decode) photo.decode().then(afterNextPaint, afterNextPaint);
  else afterNextPaint();
})();`.replace(/\n\s*/g, "");

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
              const body = scriptsAfterFirstPhoto(Buffer.concat(chunks), nonce, loadContext.get(pageJsonLd));
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
