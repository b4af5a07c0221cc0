import type { StockPath } from "~/domain/inventory/stock-kinds";
import { Link } from "react-router";
import { type ListQuery, listSearch } from "~/domain/search/filters";
import { pageItems } from "~/domain/search/pagination";
import { useT } from "~/i18n/i18n";

/** Page buttons (SPEC 9), links so they work without JavaScript and can be shared. */
export function Pagination({
  kind,
  keys,
  query,
  pageCount,
  label,
}: {
  kind: StockPath;
  keys: readonly string[];
  query: ListQuery<object>;
  pageCount: number;
  label: string;
}) {
  const { t } = useT("stock");
  if (pageCount <= 1) return null;
  const href = (page: number) => `/${kind}${listSearch(keys, { ...query, page })}`;
  const cell = "flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium";
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {query.page > 1 ? (
            <Link to={href(query.page - 1)} className={`${cell} text-slate-700 hover:bg-slate-100`} rel="prev">
              {t("pagination.previous")}
            </Link>
          ) : (
            <span className={`${cell} text-slate-500`} aria-hidden="true">
              {t("pagination.previous")}
            </span>
          )}
        </li>
        {pageItems(query.page, pageCount).map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} className="px-1 text-slate-500" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={href(item.page)}
                aria-current={item.current ? "page" : undefined}
                aria-label={t("pagination.page", { page: item.page })}
                className={`${cell} ${item.current ? "bg-accent-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {query.page < pageCount ? (
            <Link to={href(query.page + 1)} className={`${cell} text-slate-700 hover:bg-slate-100`} rel="next">
              {t("pagination.next")}
            </Link>
          ) : (
            <span className={`${cell} text-slate-500`} aria-hidden="true">
              {t("pagination.next")}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
