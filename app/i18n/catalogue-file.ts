import { type Catalogue, type CatalogueRef, catalogueHref, heldCatalogue, holdCatalogue } from "./core";
import { isLanguage } from "./languages";

/*
 * The browser's side of the catalogue files (see catalogueHref): a page names
 * its catalogue, and it is fetched before the page is taken over (see
 * entry.client.tsx) or before a page needing another one is shown.
 */

const RETRIES = 3;

/** The page's catalogue, fetched once per language and version; the browser keeps the file as well. */
export async function fetchCatalogue(ref: CatalogueRef): Promise<Catalogue> {
  const have = heldCatalogue(ref);
  if (have) return have;
  let failure: unknown = null;
  for (let attempt = 1; attempt <= RETRIES; attempt++) {
    try {
      const response = await fetch(catalogueHref(ref));
      if (response.ok) {
        const catalogue = (await response.json()) as Catalogue;
        if (catalogue.language === ref.language && catalogue.version === ref.version) {
          holdCatalogue(catalogue);
          return catalogue;
        }
      }
      failure = new Error(`${catalogueHref(ref)} answered ${response.status}`);
      // Not there (a page of another release of the shop): asking again would not help.
      if (response.status < 500) break;
    } catch (error) {
      // A slow phone's connection dropping: tried again after a moment.
      failure = error;
    }
    if (attempt < RETRIES) await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
  }
  throw failure;
}

const FILE = /^\/i18n\/([^/]+)\/([^/]+)\.json$/;

/** The catalogue the server-rendered page names in its head (the root layout's preload link). */
export function pageCatalogueRef(): CatalogueRef | null {
  const href = document.querySelector('link[rel="preload"][href^="/i18n/"]')?.getAttribute("href");
  const match = href ? FILE.exec(href) : null;
  return match && isLanguage(match[1]) ? { language: match[1], version: match[2]! } : null;
}
