import type { metaT } from "~/i18n/i18n";

/** A page's route matches, as `meta` gets them. */
export type MetaMatches = Parameters<typeof metaT>[0];

/** The shop's name from the root's settings, for a page's title; none while the root has no data. */
export function shopNameOf(matches: MetaMatches): string | undefined {
  return (matches[0]?.loaderData as { settings?: { shop: { name: string } } } | undefined)?.settings?.shop.name;
}

/** The title and description a page's loader made in the buyer's language; none before it has data. */
export function loadedMeta(page: { meta: { title: string; description: string } } | undefined) {
  if (!page) return [];
  return [{ title: page.meta.title }, { name: "description", content: page.meta.description }];
}
