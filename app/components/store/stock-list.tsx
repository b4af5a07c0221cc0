import type { StockPath } from "~/domain/inventory/stock-kinds";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigation } from "react-router";
import { type ListQuery, listSearch, setFilters } from "~/domain/search/filters";
import { type ListResult, totalText, type View } from "~/domain/search/list";
import { useFormat, useT } from "~/i18n/i18n";
import type { FilterField } from "./filter-panel";
import { FilterSheet } from "./filter-sheet";
import { StockCard } from "./stock-card";
import { sizeClassOf } from "~/domain/inventory/size-class";
import { Pager } from "~/components/ui/pager";
import { ListToolbar, ViewToggle } from "./list-toolbar";
import { useListView } from "./list-view";
import { RateNote } from "./price";

/** How many filters are set: the phone bar's "Filters (n)". */
function activeFilterCount(filters: object): number {
  return setFilters(filters).length;
}

/** The body of a list page: toolbar, filters, status line, pagination, cards or the empty state. */
export function StockList({
  kind,
  keys,
  query,
  result,
  view: drawnView,
  fields,
  failed,
  emptyHelp,
}: {
  kind: StockPath;
  keys: readonly string[];
  query: ListQuery<object> & { filters: Record<string, string | number | undefined> };
  result: ListResult;
  /** The view the page was drawn in; the buyer may change it. */
  view: View;
  fields: FilterField[];
  failed: boolean;
  /** What an empty list offers instead (the nearest ways out, Find one for me). */
  emptyHelp?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const { view, setView, filtersOpen, toggleFilters } = useListView(drawnView);
  const [sheetOpen, setSheetOpen] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);
  // Closed without applying, the focus goes back to the Filters button once the page behind is usable again.
  const refocus = useRef(false);
  useEffect(() => {
    if (sheetOpen || !refocus.current) return;
    refocus.current = false;
    opener.current?.focus();
  }, [sheetOpen]);
  // A sheet opened before the page's script ran (the link made it the page's target) becomes the
  // script's own, so Escape, Close and Apply work on it; the address loses the target without a new
  // history entry (pushState alone would leave the sheet shown by CSS).
  useEffect(() => {
    if (window.location.hash === "#filters") {
      window.location.replace("#list-top");
      opener.current?.click();
    }
  }, []);
  const loading = navigation.state === "loading" && navigation.location?.pathname === `/${kind}`;
  const shownQuery = { ...query, page: result.page };
  // The list the toolbar and the filter sheet both act on.
  const list = { kind, keys, query: shownQuery };
  const { t } = useT("stock");
  const vehicles = kind === "vehicles";
  const pager = (label: string) => (
    <Pager
      numbers="gaps"
      page={result.page}
      pageCount={result.pageCount}
      pageHref={(page) => `/${kind}${listSearch(keys, { ...shownQuery, page })}`}
      words={{
        label,
        previous: t("pagination.previous"),
        next: t("pagination.next"),
        page: (page) => t("pagination.page", { page }),
      }}
    />
  );
  const format = useFormat();

  return (
    <div className="space-y-5 max-lg:space-y-3" id="list-top">
      <ListToolbar
        {...list}
        view={view}
        onView={setView}
        filtersOpen={filtersOpen}
        onToggleFilters={toggleFilters}
        activeFilters={activeFilterCount(query.filters)}
        sheetOpen={sheetOpen}
        onOpenSheet={() => setSheetOpen(true)}
        sheetOpener={opener}
      />
      <FilterSheet
        {...list}
        fields={fields}
        found={result}
        open={sheetOpen}
        desktopOpen={filtersOpen}
        onClose={(applied) => {
          setSheetOpen(false);
          refocus.current = !applied;
        }}
      />
      <div className="flex min-h-6 items-center justify-between gap-3 text-sm text-slate-600">
        <p role="status" aria-live="polite" data-testid="list-status">
          {loading ? t(`list.${kind}.loading`) : null}
          <span className={loading ? "sr-only" : undefined}>
            {t(`list.${kind}.found`, { count: result.total, total: totalText(result, format.number) })}
          </span>
        </p>
        {/* On a phone the layout sits here, so the bar above stays one line. */}
        <ViewToggle view={view} onView={setView} className="lg:hidden" />
        {result.total > 0 ? (
          <p className="text-slate-500 max-lg:hidden">
            {t("list.pageOf", {
              page: result.page,
              pageCount: result.more ? `${result.pageCount}+` : result.pageCount,
            })}
          </p>
        ) : null}
      </div>
      {failed ? (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          {t(`list.${kind}.failed`)}
        </p>
      ) : null}
      <div className="max-lg:hidden">{pager(t("pagination.top"))}</div>
      <div className={loading ? "opacity-60 transition-opacity" : "transition-opacity"} data-testid="list-results">
        {result.items.length === 0 && !failed ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center sm:px-6 lg:py-12">
            <p className="text-lg font-semibold text-slate-900">{t(`list.${kind}.empty`)}</p>
            <p className="mt-2 text-slate-600">{t("list.emptyHint")}</p>
            {emptyHelp}
            <Link to={`/${kind}`} className="mt-6 inline-block font-semibold text-accent-700 hover:underline">
              {t(`list.${kind}.showAll`)}
            </Link>
          </div>
        ) : (
          <div
            className={view === "grid" ? "grid gap-5 sm:grid-cols-2 xl:grid-cols-3" : "flex flex-col gap-2 sm:gap-4"}
          >
            {result.items.map((item, i) => (
              <StockCard
                key={item.id}
                item={{
                  ...item,
                  kind: vehicles ? "vehicle" : "part",
                  image: item.images[0] ?? null,
                  sizeClass: vehicles ? sizeClassOf(item) : null,
                }}
                href={`/${kind}/${item.id}`}
                layout={view === "grid" ? "grid" : "row"}
                eager={i === 0 ? "first" : i < 3}
                compare={vehicles}
                heading="h2"
                inList
                sizes={view === "grid" ? "(min-width: 1280px) 300px, (min-width: 640px) 45vw, 100vw" : undefined}
              />
            ))}
          </div>
        )}
      </div>
      {pager(t("pagination.bottom"))}
      {result.more && result.page === result.pageCount ? (
        <p className="text-center text-sm text-slate-600">
          {t("list.firstOnly", { total: format.number(result.total) })}
        </p>
      ) : null}
      <RateNote />
    </div>
  );
}
