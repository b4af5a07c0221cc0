import { Link } from "react-router";
import { adminPageNumbers, type PageItem, pageItems } from "~/domain/lists/pagination";

/*
 * The one pager of the shop's lists: links, so paging works without
 * JavaScript and a page can be shared. Which pages it offers follows SPEC 9:
 *
 * - "gaps": the public stock lists; every page when there are 7 or fewer,
 *   otherwise the ends and the current page's neighbours, with an ellipsis.
 * - "window": the owner's tables; five page buttons with first, previous,
 *   next and last as arrows, and "Page n of m" beside them, even for one page.
 * - "none": the buyer's own lists; previous, "Page n of m", next.
 *
 * Where the list's other values go (search, filters, page size) is the
 * caller's: `pageHref` builds a page's address from them.
 */

export type PagerWords = {
  /** The navigation's accessible name. */
  label: string;
  previous: string;
  next: string;
  /** A numbered page button's accessible name ("gaps" and "window"). */
  page?: (page: number) => string;
  /** "window": the accessible names of the first and last page arrows. */
  first?: string;
  last?: string;
  /** "Page n of m" ("window" and "none"). */
  pageOf?: string;
};

/** How each kind of pager looks: its row, and a button in it. */
const LOOK = {
  gaps: {
    row: "justify-center gap-1",
    cell: "flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium",
  },
  window: { row: "gap-1 text-sm", cell: "flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm" },
  none: { row: "mt-6 justify-center gap-4 text-sm", cell: "font-semibold text-accent-700 hover:underline" },
};

export function Pager({
  page,
  pageCount,
  pageHref,
  words,
  numbers,
}: {
  page: number;
  pageCount: number;
  /** The address of a page of this list, with its other values. */
  pageHref: (page: number) => string;
  words: PagerWords;
  numbers: "gaps" | "window" | "none";
}) {
  const table = numbers === "window";
  if (!table && pageCount <= 1) return null;
  const { row, cell } = LOOK[numbers];
  const link = numbers === "none" ? cell : `${cell} text-slate-700 hover:bg-slate-100`;
  const current = `${cell} bg-accent-700 text-white`;
  // With numbered pages an arrow that leads nowhere keeps its place, greyed, so the buttons do not move.
  const step = (to: number, text: string, name?: string, rel?: string) =>
    to >= 1 && to <= pageCount && to !== page ? (
      <li>
        <Link to={pageHref(to)} className={link} aria-label={name} rel={rel}>
          {text}
        </Link>
      </li>
    ) : numbers === "none" ? null : (
      <li>
        <span className={`${cell} text-slate-500`} aria-hidden="true">
          {text}
        </span>
      </li>
    );
  // The owner's tables show arrows named by the words; the other lists show the words.
  const arrow = (to: number, symbol: string, word: string, rel: string) =>
    table ? step(to, symbol, word, rel) : step(to, word, undefined, rel);
  const items: PageItem[] =
    numbers === "gaps"
      ? pageItems(page, pageCount)
      : table
        ? adminPageNumbers(page, pageCount).map((p) => ({ kind: "page", page: p, current: p === page }))
        : [];
  const where = <li className={table ? "mr-auto pr-3 text-slate-600" : "text-slate-600"}>{words.pageOf}</li>;
  return (
    <nav aria-label={words.label}>
      <ul className={`flex flex-wrap items-center ${row}`}>
        {table ? where : null}
        {table ? step(1, "«", words.first) : null}
        {arrow(page - 1, "‹", words.previous, "prev")}
        {items.map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} className="px-1 text-slate-500" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              {/* The owner's tables show the current page as plain text; the public lists keep it a link. */}
              {item.current && table ? (
                <span aria-current="page" className={`${current} font-semibold`}>
                  {item.page}
                </span>
              ) : (
                <Link
                  to={pageHref(item.page)}
                  aria-current={item.current ? "page" : undefined}
                  aria-label={words.page?.(item.page)}
                  className={item.current ? current : link}
                >
                  {item.page}
                </Link>
              )}
            </li>
          ),
        )}
        {numbers === "none" ? where : null}
        {arrow(page + 1, "›", words.next, "next")}
        {table ? step(pageCount, "»", words.last) : null}
      </ul>
    </nav>
  );
}
