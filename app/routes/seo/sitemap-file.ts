import { getServices } from "~/context.server";
import { sitemapFile } from "~/domain/seo/sitemap.server";
import type { Route } from "./+types/sitemap-file";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const xml = await sitemapFile(db, config.publicUrl.origin, params.file);
  if (xml === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
