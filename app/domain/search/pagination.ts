/**
 * The page buttons of a public list (SPEC 9): every page when there are 7 or
 * fewer, otherwise the first, the last, and the current page with its
 * neighbours, with an ellipsis where pages are left out.
 */
export type PageItem = { kind: "page"; page: number; current: boolean } | { kind: "gap"; key: string };

export function pageItems(current: number, pageCount: number): PageItem[] {
  if (pageCount <= 1) return [];
  const pages = new Set<number>();
  if (pageCount <= 7) {
    for (let p = 1; p <= pageCount; p++) pages.add(p);
  } else {
    for (const p of [1, current - 1, current, current + 1, pageCount]) if (p >= 1 && p <= pageCount) pages.add(p);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push({ kind: "page", page: previous + 1, current: previous + 1 === current });
    else if (page - previous > 2) items.push({ kind: "gap", key: `gap-${previous}` });
    items.push({ kind: "page", page, current: page === current });
    previous = page;
  }
  return items;
}

/** The page to show: within 1..pageCount whatever was asked. */
export function clampPage(page: number, total: number, perPage: number): { page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  return { page: Math.min(Math.max(1, page), pageCount), pageCount };
}
