import { getServices } from "~/context.server";
import { getStaff } from "~/domain/staff/staff-sessions.server";
import { areaOfVersion, catalogueFor } from "~/i18n/catalogues.server";
import { adminLanguage, isLanguage } from "~/i18n/languages";
import type { Route } from "./+types/catalogue";

/*
 * /i18n/<language>/<version>.json: the interface text a page renders with,
 * which its browser needs to take the page over (docs/decisions/0018). A
 * page names the file in its head; a version changes with the text, so the
 * current one is kept by the browser for a year and fetched once. An older
 * version (a page from before a new release) gets today's text, not kept.
 * The staff panel's text is for signed-in staff only.
 */

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const language = params.language;
  const version = params.file.endsWith(".json") ? params.file.slice(0, -".json".length) : null;
  const area = version ? areaOfVersion(version) : null;
  if (!isLanguage(language) || !area) return notFound();
  if (area === "admin") {
    if (adminLanguage(language) !== language || !(await getStaff(getServices(context), request))) return notFound();
  }
  const catalogue = catalogueFor(language, area);
  const current = catalogue.version === version;
  const kept = area === "admin" ? "private" : "public";
  return new Response(JSON.stringify(catalogue), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? `${kept}, max-age=31536000, immutable` : `${kept}, no-cache`,
      "X-Robots-Tag": "noindex",
    },
  });
}
