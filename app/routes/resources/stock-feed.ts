import { getServices } from "~/context.server";
import { feedTokenMatches } from "~/domain/feeds/feed-token.server";
import { feedOfFile, stockFeedStream } from "~/domain/feeds/stock-feed.server";
import type { Route } from "./+types/stock-feed";

/*
 * /feeds/<token>/vehicles.csv and /feeds/<token>/parts.csv: the stock as
 * product feeds for Merchant Center and other marketplaces, streamed from the
 * database (docs/decisions/0016-stock-feeds.md). The token is the only key:
 * a wrong, old or missing one, or an unknown file, gets the same 404.
 *
 * No copy is kept anywhere on the way (private, no-store), so a renewed token
 * shuts the old addresses at once; and no search engine indexes a feed.
 */

const NOT_INDEXED = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const kind = feedOfFile(params.file);
  // The token is checked whatever the file, so the answer's time does not tell a good token from a bad one.
  const allowed = await feedTokenMatches(db, params.token);
  if (!allowed || !kind) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", ...NOT_INDEXED } });
  }
  const body = stockFeedStream(db, kind, {
    origin: config.publicUrl.origin,
    mediaBase: config.mediaPublicUrl ?? "/media",
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `inline; filename="${params.file}"`,
      ...NOT_INDEXED,
    },
  });
}
