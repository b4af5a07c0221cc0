import type { MetaDescriptor } from "react-router";
import { type Key, metaT, type Namespace } from "~/i18n/core";

/*
 * The head of a page search engines must not list (the owner's screens, a
 * buyer's own pages): its title from the catalogue, and noindex. A module
 * that serves more than one address names its title from the path.
 */
export function noindexMeta<NS extends Namespace>(ns: NS, title: Key<NS> | ((pathname: string) => Key<NS>)) {
  return ({
    matches,
    location,
  }: {
    matches: Parameters<typeof metaT>[0];
    location: { pathname: string };
  }): MetaDescriptor[] => [
    { title: metaT(matches, ns)(typeof title === "function" ? title(location.pathname) : title) },
    { name: "robots", content: "noindex" },
  ];
}
