import { getServices } from "~/context.server";
import { robotsTxt } from "~/domain/seo/sitemap.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(getServices(context).config.publicUrl.origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
