import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { data } from "react-router";
import { getServices } from "~/context.server";
import { dealVisitor, linksOf } from "~/domain/sale/deal-access.server";
import { photoFor } from "~/domain/sale/order-view.server";
import { PHOTO_WIDTHS } from "~/domain/sale/pre-shipment";
import { DOCUMENT_CACHE_CONTROL } from "~/domain/media/document-store.server";
import { documentResponse } from "./document-response.server";
import type { Route } from "./+types/order-photo";

/*
 * A photo of an order's vehicle before loading (issue 45.3), for whoever may
 * see the order's documents (the staff, the order's buyer signed in, the
 * holder of the order mail's link); anyone else gets the same 404 as for a
 * photo that does not exist. `?w=480` or `?w=1600` is the photo made smaller,
 * as a picture to show (kept upright and without camera data since its check); with
 * no width it is the file as kept, a download.
 */

/** Pictures made smaller, kept in memory by the file's SHA-256 and width (each 30 to 250 KB); the oldest goes first. */
const KEPT_SMALLER = 96;
const SMALLER = new Map<string, Buffer>();

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const notFound = () => data("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (!/^\d{1,9}$/.test(params.id)) throw notFound();
  const query = new URL(request.url).searchParams;
  const asked = query.get("w");
  const width = PHOTO_WIDTHS.find((w) => String(w) === asked);
  if (asked !== null && width === undefined) throw notFound();
  const visitor = await dealVisitor(services, request, linksOf(query, params.number), "document");
  const found = await photoFor(services.db, params.number, Number(params.id), {
    secret: services.config.sessionSecret,
    visitor,
  });
  if (!found) throw notFound();
  const stored = await services.documents.read(found.photo.file_key);
  if (!stored) throw notFound();
  if (width === undefined)
    return documentResponse(stored, {
      filename: `Order ${found.order.number} photo ${found.photo.id}`,
      contentType: found.photo.content_type,
    });
  const key = `${found.photo.sha256}-${width}`;
  // Made once per photo and width and kept (a few recent ones): an order page shows many at once.
  let smaller = SMALLER.get(key);
  if (!smaller) {
    smaller = await sharp(await buffer(stored.body))
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: width === 480 ? 72 : 80 })
      .toBuffer();
    SMALLER.set(key, smaller);
    if (SMALLER.size > KEPT_SMALLER) SMALLER.delete(SMALLER.keys().next().value!);
  } else stored.body.destroy();
  return new Response(new Uint8Array(smaller), {
    status: 200,
    headers: {
      "Content-Type": "image/webp",
      // As the order's documents: a photo taken off by mistake must not stay in a shared computer's cache.
      "Cache-Control": DOCUMENT_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": "inline",
      ETag: `"${key.slice(0, 32)}-${width}"`,
    },
  });
}
