import type { StockPath } from "~/domain/inventory/stock-kinds";
import { Choice } from "~/components/ui/choice";
import { useLocation, useNavigate } from "react-router";
import { type ListQuery, listSearch, PER_PAGE_CHOICES, type Sort, SORTS } from "~/domain/search/filters";
import type { View } from "~/domain/search/list";
import { SORT_ORDERS } from "~/domain/lists/sorts";
import { useT } from "~/i18n/i18n";
import { pressWithSpace } from "./press-with-space";

const selectClass = "field-bar";

/**
 * Sort, page size and layout for a list. Sort and size go back to
 * page 1 (SPEC 4). On phones it is a bar that stays at the top while the list
 * scrolls: "Filters (n)", Sort and the layout, wrapped rather than wider than
 * the screen. Where the buyer imports to is asked above it (PlaceChoice).
 */
export function ListToolbar({
  kind,
  keys,
  query,
  view,
  onView,
  filtersOpen,
  onToggleFilters,
  activeFilters,
  sheetOpen,
  onOpenSheet,
  sheetOpener,
}: {
  kind: StockPath;
  keys: readonly string[];
  query: ListQuery<object>;
  view: View;
  onView: (view: View) => void;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  activeFilters: number;
  sheetOpen: boolean;
  onOpenSheet: () => void;
  sheetOpener: React.Ref<HTMLAnchorElement>;
}) {
  const navigate = useNavigate();
  const { t } = useT("stock");
  const go = (change: Partial<ListQuery<object>>) =>
    navigate(`/${kind}${listSearch(keys, { ...query, ...change, page: 1 })}`);
  return (
    <div
      className="flex flex-wrap items-center gap-3 max-lg:sticky max-lg:top-16 max-lg:z-10 max-lg:-mx-4 max-lg:gap-2 max-lg:border-b max-lg:border-slate-200 max-lg:bg-white max-lg:px-4 max-lg:py-2 sm:max-lg:-mx-6 sm:max-lg:px-6"
      data-testid="list-toolbar"
    >
      {/* Phones: the panel is a sheet. Without JavaScript the link shows it (it is the page's target). */}
      <a
        href="#filters"
        ref={sheetOpener}
        role="button"
        aria-haspopup="dialog"
        aria-expanded={sheetOpen}
        aria-controls="filters"
        onClick={(e) => {
          e.preventDefault();
          onOpenSheet();
        }}
        onKeyDown={pressWithSpace}
        className="inline-flex h-10 shrink-0 items-center gap-1.5 btn-accent px-3 text-sm whitespace-nowrap lg:hidden"
        data-testid="filters-button"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 stroke-current" fill="none" strokeWidth="2">
          <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
        </svg>
        {t("toolbar.filtersCount", { n: activeFilters })}
      </a>
      <button
        type="button"
        onClick={onToggleFilters}
        aria-expanded={filtersOpen}
        aria-controls="filters"
        className="h-10 btn-plain bg-white hover:bg-slate-50 px-3 text-sm max-lg:hidden"
      >
        {filtersOpen ? t("toolbar.hideFilters") : t("toolbar.showFilters")}
      </button>
      {/* Without JavaScript these selects are sent with the button beside them. */}
      <form method="get" action={`/${kind}`} className="flex min-w-0 items-center gap-3">
        {keys.map((key) => {
          const value = (query.filters as Record<string, unknown>)[key];
          return value === undefined ? null : <input key={key} type="hidden" name={key} value={String(value)} />;
        })}
        <label className="flex min-w-0 items-center gap-2 text-sm whitespace-nowrap text-slate-700">
          <span className="max-sm:sr-only">{t("toolbar.sort")}</span>
          <select
            name="Sort"
            data-send
            value={query.sort}
            onChange={(e) => go({ sort: e.target.value as Sort })}
            className={`${selectClass} min-w-0 max-w-[11rem]`}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`toolbar.sortOptions.${SORT_ORDERS[s].key}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-700 max-sm:hidden">
          {t("toolbar.perPage")}
          <select
            name="PerPage"
            data-send
            value={query.perPage}
            onChange={(e) => go({ perPage: Number(e.target.value) })}
            className={selectClass}
          >
            {PER_PAGE_CHOICES.map((n) => (
              <Choice key={n} value={String(n)} label={String(n)} />
            ))}
          </select>
        </label>
        <NoScriptApply />
      </form>
      <ViewToggle view={view} onView={onView} className="max-lg:hidden lg:order-last lg:ml-auto" />
    </div>
  );
}

/**
 * Grid or list. A form, so that before the page's scripts arrive a press
 * still changes the layout (the server remembers it); once they have, the
 * press changes it in place.
 */
export function ViewToggle({
  view,
  onView,
  className,
}: {
  view: View;
  onView: (view: View) => void;
  className: string;
}) {
  const { t } = useT("stock");
  const location = useLocation();
  return (
    <form
      method="post"
      action="/preferences"
      className={`shrink-0 ${className}`}
      onSubmit={(e) => {
        // A browser that does not say which button was pressed sends the form as it would without scripts.
        const view = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
        if (view !== "grid" && view !== "list") return;
        e.preventDefault();
        onView(view);
      }}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div className="flex rounded-lg border border-slate-300 p-0.5" role="group" aria-label={t("toolbar.layout")}>
        {(["grid", "list"] as const).map((v) => (
          <button
            key={v}
            type="submit"
            name="view"
            value={v}
            aria-pressed={view === v}
            className={`h-9 rounded-md px-3 text-sm font-medium ${view === v ? "bg-accent-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {v === "grid" ? t("toolbar.grid") : t("toolbar.list")}
          </button>
        ))}
      </div>
    </form>
  );
}

/** Apply, for a list control that applies itself once the page's scripts run: shown only without them. */
export function NoScriptApply() {
  const { t } = useT("stock");
  return (
    <noscript>
      <button type="submit" className="h-10 rounded-lg bg-accent-700 px-3 text-sm font-semibold text-white">
        {t("toolbar.apply")}
      </button>
    </noscript>
  );
}
