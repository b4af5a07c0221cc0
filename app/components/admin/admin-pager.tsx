import { Link } from "react-router";
import { ADMIN_PER_PAGE, adminPageNumbers } from "~/domain/search/pagination";
import { useT } from "~/i18n/i18n";

/*
 * The pages of the owner's tables (SPEC 9): a page-size choice inside the
 * table's filter form, and under the table "Page n of m" with five page
 * buttons and first, previous, next and last.
 */

/** The page-size choice; the filter form it sits in sends it with the search. */
export function PerPageField({ value, className }: { value: number; className: string }) {
  const { t } = useT("admin");
  return (
    <label className="flex flex-col text-sm text-slate-700">
      {t("pager.perPage")}
      <select name="perPage" defaultValue={String(value)} className={className}>
        {ADMIN_PER_PAGE.map((n) => (
          <option key={n}>{n}</option>
        ))}
      </select>
    </label>
  );
}

export function AdminPager({
  page,
  pageCount,
  pageHref,
}: {
  page: number;
  pageCount: number;
  /** The address of a page of this list, with its search, filters and page size. */
  pageHref: (page: number) => string;
}) {
  const { t } = useT("admin");
  const cell = "flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm";
  const link = (to: number, label: string, aria: string) =>
    to < 1 || to > pageCount || to === page ? (
      <span className={`${cell} text-slate-500`} aria-hidden="true">
        {label}
      </span>
    ) : (
      <Link to={pageHref(to)} className={`${cell} text-slate-700 hover:bg-slate-100`} aria-label={aria}>
        {label}
      </Link>
    );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{t("pager.pageOf", { page, pageCount })}</p>
      <nav aria-label={t("pager.label")} className="flex flex-wrap items-center gap-1">
        {link(1, "«", t("pager.first"))}
        {link(page - 1, "‹", t("pager.previous"))}
        {adminPageNumbers(page, pageCount).map((p) =>
          p === page ? (
            <span key={p} aria-current="page" className={`${cell} bg-accent-700 font-semibold text-white`}>
              {p}
            </span>
          ) : (
            <Link
              key={p}
              to={pageHref(p)}
              className={`${cell} text-slate-700 hover:bg-slate-100`}
              aria-label={t("pager.page", { page: p })}
            >
              {p}
            </Link>
          ),
        )}
        {link(page + 1, "›", t("pager.next"))}
        {link(pageCount, "»", t("pager.last"))}
      </nav>
    </div>
  );
}
