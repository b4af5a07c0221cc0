import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { data } from "react-router";
import { getServices } from "~/context.server";
import { DOCUMENT_EXTENSION } from "~/domain/media/document-check.server";
import { readAuctionSheet, sheetFile } from "~/domain/proof/auction-sheets.server";
import type { Route } from "./+types/auction-sheet";

/*
 * A vehicle's current auction sheet, for anyone looking at the vehicle (issue
 * 45.1): the file the shop holds, as kept (its SHA-256 is the one the page
 * prints), or `?w=960`, a picture made smaller for a phone. A picture is shown
 * in the page; a PDF is a download. Never run as a page on the shop's address
 * (sandboxed, its type not guessed). Earlier versions are not served: the
 * proof of them is their fingerprint.
 */

const DISPLAY_WIDTH = 960;
/** The smaller pictures kept in memory, by the file's SHA-256 (each 50 to 150 KB); the oldest made goes first. */
const KEPT_SMALLER = 64;
const SMALLER = new Map<string, Buffer>();

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, documents } = getServices(context);
  const notFound = () => data("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!/^\d{1,9}$/.test(params.id) || !/^\d{1,6}$/.test(params.version)) throw notFound();
  // The current version only: an older one is proven by its fingerprint, never served again.
  const id = Number(params.id);
  const version = Number(params.version);
  const current = await readAuctionSheet(db, id);
  if (!current?.paper || current.paper.version !== version) throw notFound();
  const file = await sheetFile(db, id, version);
  const stored = file && (await documents.read(file.key));
  if (!file || !stored) throw notFound();
  // Only the kinds the documents' check keeps are shown; anything else goes out as a download.
  const image = file.contentType in DOCUMENT_EXTENSION && file.contentType.startsWith("image/");
  const headers = new Headers({
    "Content-Type": file.contentType,
    // The address names the version: what it serves never changes.
    "Cache-Control": "public, max-age=86400",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Disposition": image ? "inline" : `attachment; filename="auction-sheet-${id}-${version}.pdf"`,
    ETag: `"${file.sha256}"`,
  });
  if (image && new URL(request.url).searchParams.get("w") === String(DISPLAY_WIDTH)) {
    // Made once per file and kept (a few recent ones): a busy page must not re-encode the sheet on every view.
    let smaller = SMALLER.get(file.sha256);
    if (!smaller) {
      smaller = await sharp(await buffer(stored.body))
        .resize({ width: DISPLAY_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      SMALLER.set(file.sha256, smaller);
      if (SMALLER.size > KEPT_SMALLER) SMALLER.delete(SMALLER.keys().next().value!);
    } else stored.body.destroy();
    headers.set("Content-Type", "image/webp");
    headers.set("ETag", `"${file.sha256.slice(0, 32)}-${DISPLAY_WIDTH}"`);
    return new Response(new Uint8Array(smaller), { status: 200, headers });
  }
  if (stored.length !== null) headers.set("Content-Length", String(stored.length));
  return new Response(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, { status: 200, headers });
}
