import { getServices } from "~/context.server";
import { sitemapIndex } from "~/domain/seo/sitemap.server";
import type { Route } from "./+types/sitemap-index";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  return new Response(await sitemapIndex(db, config.publicUrl.origin), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
