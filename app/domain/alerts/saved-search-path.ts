/*
 * What the pages' scripts need of saved searches (saved-searches.ts holds the
 * rest): kept apart from the list's query reader, which only the vehicle list
 * and the server need.
 */

export const SAVED_SEARCH_NAME_MAX = 60;

/** The address of the vehicle list a saved search stands for. */
export function savedSearchPath(query: string): string {
  return query ? `/vehicles?${query}` : "/vehicles";
}
