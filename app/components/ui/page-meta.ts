import type { MetaDescriptor } from "react-router";
import { type Key, metaT, type Namespace } from "~/i18n/core";

/*
 * The head of a page search engines must not list (the owner's screens, a
 * buyer's own pages): its title from the catalogue, and noindex.
 */
export function noindexMeta<NS extends Namespace>(ns: NS, key: Key<NS>) {
  return ({ matches }: { matches: Parameters<typeof metaT>[0] }): MetaDescriptor[] => [
    { title: metaT(matches, ns)(key) },
    { name: "robots", content: "noindex" },
  ];
}
