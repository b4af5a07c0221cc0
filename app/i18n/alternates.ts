import { catalogueOf } from "./core";
import { LANGUAGE_PARAM, LANGUAGES, type LanguageCode } from "./languages";

/** The address of a page in one language: English is the plain address, others add ?lng=. */
export function languageUrl(href: string, language: LanguageCode): string {
  const url = new URL(href);
  url.searchParams.delete(LANGUAGE_PARAM);
  if (language !== "en") url.searchParams.set(LANGUAGE_PARAM, language);
  return url.toString();
}

/** hreflang alternates of a page for search engines, with x-default on the plain address. */
export function languageAlternates(href: string): { hrefLang: string; href: string }[] {
  return [
    ...LANGUAGES.map((l) => ({ hrefLang: l.code, href: languageUrl(href, l.code) })),
    { hrefLang: "x-default", href: languageUrl(href, "en") },
  ];
}

/** A path and query without the language link parameter, for going back after a choice. */
export function withoutLanguageParam(pathAndSearch: string): string {
  const url = new URL(pathAndSearch, "http://x");
  url.searchParams.delete(LANGUAGE_PARAM);
  return url.pathname + url.search;
}

/** The canonical address of a page in the language it is shown in (for a route's `meta`). */
export function canonicalFor(
  href: string,
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): string {
  const catalogue = catalogueOf(matches);
  return catalogue ? languageUrl(href, catalogue.language) : href;
}
