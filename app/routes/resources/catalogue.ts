import { areaOfVersion, catalogueFor } from "~/i18n/catalogues.server";
import { adminLanguage, isLanguage } from "~/i18n/languages";
import type { Route } from "./+types/catalogue";

/*
 * /i18n/<language>/<version>.json: the interface text a page renders with,
 * which its browser needs to take the page over (docs/decisions/0018). A
 * page names the file in its head; a version changes with the text, so the
 * file is kept by the browser for a year and fetched once. Only the current
 * version is here: a page of another release (during or after a new release)
 * gets a 404, and stays as the server made it or is loaded afresh, rather
 * than taken over with other words.
 * The staff panel's text is kept by the browser only (the sign-in page needs
 * it before anyone has signed in, as it always did).
 */

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });

export async function loader({ params }: Route.LoaderArgs) {
  const language = params.language;
  const version = params.file.endsWith(".json") ? params.file.slice(0, -".json".length) : null;
  const area = version ? areaOfVersion(version) : null;
  if (!isLanguage(language) || !area) return notFound();
  if (area === "admin" && adminLanguage(language) !== language) return notFound();
  const catalogue = catalogueFor(language, area);
  if (catalogue.version !== version) return notFound();
  return new Response(JSON.stringify(catalogue), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": `${area === "admin" ? "private" : "public"}, max-age=31536000, immutable`,
      "X-Robots-Tag": "noindex",
    },
  });
}
