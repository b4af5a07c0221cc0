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

/** The page asked for in an address ("Page" on the shop's lists): a whole number above 0, else the first. */
export function readPage(params: URLSearchParams, name = "Page"): number {
  const text = params.get(name)?.trim() ?? "";
  const asked = /^\d{1,12}$/.test(text) ? Number(text) : 0;
  return asked > 0 ? asked : 1;
}

/** The page to show: within 1..pageCount whatever was asked. */
export function clampPage(page: number, total: number, perPage: number): { page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  return { page: Math.min(Math.max(1, page), pageCount), pageCount };
}

/** Page sizes of the owner's tables (SPEC 9): 20 by default. */
export const ADMIN_PER_PAGE = [20, 40, 60, 80, 100, 200] as const;
export const ADMIN_DEFAULT_PER_PAGE = 20;

/**
 * The page and page size an owner's table was asked for; never throws. A size
 * not on offer is the default; a page that is not a whole number above 0 is
 * the first (one past the end is brought back by `clampPage`).
 */
export function readAdminPaging(params: URLSearchParams): { page: number; perPage: number } {
  const perPage = Number(params.get("perPage"));
  return {
    page: readPage(params, "page"),
    perPage: (ADMIN_PER_PAGE as readonly number[]).includes(perPage) ? perPage : ADMIN_DEFAULT_PER_PAGE,
  };
}

/** The five page buttons of an owner's table (SPEC 9): the current page as near the middle as the ends allow. */
export function adminPageNumbers(page: number, pageCount: number): number[] {
  const start = Math.max(1, Math.min(page - 2, pageCount - 4));
  return Array.from({ length: Math.min(5, pageCount) }, (_, i) => start + i);
}

/** The address of a list with these values; empty ones, the first page and the default page size are left out. */
export function adminListHref(base: string, values: Record<string, string | number | null>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === "" || (k === "page" && v === 1) || (k === "perPage" && v === ADMIN_DEFAULT_PER_PAGE))
      continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `${base}?${s}` : base;
}

/**
 * One page of a list that may have shrunk since its address was written (a
 * favourite removed, a quote deleted): a page past the end shows the last one.
 */
export async function pageWithin<T>(
  asked: number,
  perPage: number,
  read: (page: number) => Promise<{ items: T[]; total: number }>,
): Promise<{ items: T[]; total: number; page: number; pageCount: number }> {
  let found = await read(asked);
  const { page, pageCount } = clampPage(asked, found.total, perPage);
  if (page !== asked) found = await read(page);
  return { ...found, page, pageCount };
}
