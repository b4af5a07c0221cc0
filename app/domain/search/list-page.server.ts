import type { DB } from "~/db/db.server";
import type { StockPath } from "~/domain/inventory/stock-kinds";
import { log } from "~/utils/log.server";
import { COOKIES, readCookie } from "~/utils/cookies";
import { listSearch, type ListQuery } from "./filters";
import type { Facets, ListCount, ListResult, MenuCounts, View } from "./list";
import { menuCounts, stockFacets, waysOut } from "./menu-counts.server";

/** A list's menus with nothing in stock (when the list could not be read). */
const NO_FACETS: Facets = { makes: [], types: [], models: {}, subTypes: {} };

/**
 * What a public stock list shows, for either kind: one page of matches, the
 * make and type menus counted under the other filters, and, when nothing
 * matches, the nearest ways out. Prices the buyer typed in another currency
 * are read in yen first, a country to import into by its rule (`resolve`). When the database cannot be read the list
 * is shown empty with a notice (`failed`), never an error page.
 */
export async function stockListData<F extends object, Menus, R extends object = F>(
  db: DB,
  request: Request,
  origin: string,
  list: {
    path: StockPath;
    query: ListQuery<F>;
    /** The list's filter names, in the order its addresses are written. */
    keys: readonly string[];
    /** The filters as the database reads them (prices in yen, a country by its rule). */
    resolve: (filters: F) => Promise<R>;
    search: (db: DB, query: ListQuery<R>, counted?: (count: ListCount) => void) => Promise<ListResult>;
    menus: (facets: Facets, counts?: { makes: MenuCounts; types: MenuCounts }) => Menus;
  },
) {
  const { path, query } = list;
  // Grid or rows, as the buyer last chose; the address without the page is the one search engines keep.
  const view: View = readCookie(request.headers.get("Cookie"), COOKIES.view.name) === "list" ? "list" : "grid";
  const shown = { view, canonical: `${origin}/${path}${listSearch(list.keys, query)}` };
  try {
    const filters = await list.resolve(query.filters);
    // The menus may wait for the list's count, not for its page.
    let counted!: (count: ListCount) => void;
    const listCount = new Promise<ListCount>((resolve) => (counted = resolve));
    const search = list.search(db, { ...query, filters }, counted);
    // The list's end answers them too, had it not told its count; a list that failed, with nothing counted and
    // none read (the failure is the list's to tell).
    search.then(
      ({ total, more }) => counted({ total, more }),
      () => counted({ total: 0, more: true }),
    );
    const [result, facets, counts] = await Promise.all([
      search,
      stockFacets(db, path),
      menuCounts(db, path, filters, listCount),
    ]);
    return {
      query: { ...query, page: result.page },
      filters: filters as R | null,
      result,
      menus: list.menus(facets, counts),
      // An empty list offers the nearest ways out: the filters that, dropped alone, would show something.
      waysOut: result.total === 0 ? await waysOut(db, path, filters) : [],
      failed: false,
      ...shown,
    };
  } catch (error) {
    log("error", `${path} list could not be read`, { error: String(error) });
    const result: ListResult = { items: [], total: 0, more: false, page: 1, pageCount: 1, perPage: query.perPage };
    return { query, filters: null, result, menus: list.menus(NO_FACETS), waysOut: [], failed: true, ...shown };
  }
}
