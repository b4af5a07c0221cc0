import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation, useNavigate, useNavigation } from "react-router";
import { type FilterField, FilterPanel } from "./filter-panel";
import { capitalise } from "~/domain/inventory/inventory";
import { imageUrl } from "~/domain/media/image-url";
import { CURRENCIES } from "~/domain/rates/currencies";
import { listSearch, PER_PAGE_CHOICES, type Sort, SORTS } from "~/domain/search/filters";
import { pageItems } from "~/domain/search/pagination";
import type { ListItem, ListResult } from "~/domain/search/list";
import { useFormat, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { optionLabel } from "./option-label";
import { sizeClassOf } from "~/domain/freight/freight";
import { DeliveredPrice, PortPicker, Price, RateNote } from "./price";
import { StockImage, StockStatusBadge } from "./stock-card";
import { CompareToggle } from "./compare";
import { BankTransferMark, MastercardMark, VisaMark } from "./payment-marks";

export type ListKind = "vehicles" | "parts";
export type View = "grid" | "list";
export const VIEW_COOKIE = "view";

type Query = { filters: object; sort: Sort; page: number; perPage: number };

/** The left menu (SPEC 2): all stock, favourites, and every make and type with its count. */
export function StockMenu({
  kind,
  keys,
  makes,
  types,
  current,
}: {
  kind: ListKind;
  keys: readonly string[];
  makes: { name: string; count: number | null }[];
  types: { name: string; count: number | null }[];
  /** The list's filters: a make or type link keeps the others, as its count does. */
  current: Record<string, string | number | undefined>;
}) {
  const { t } = useT("stock");
  const base = `/${kind}`;
  const typeList = kind === "vehicles" ? "bodyType" : "partType";
  const linkClass = (active: boolean) =>
    `flex items-center justify-between rounded-md px-3 py-1.5 text-sm ${
      active ? "bg-accent-50 font-semibold text-accent-800" : "text-slate-700 hover:bg-slate-100"
    }`;
  // Choosing a make keeps the other filters but the model; a type, all but the subtype (see menuCounts).
  const hrefOf = (param: "Make" | "Type", name: string) =>
    `${base}${listSearch(keys, {
      filters: { ...current, [param]: name, ...(param === "Make" ? { Model: undefined } : { SubType: undefined }) },
    })}`;
  const section = (title: string, param: "Make" | "Type", list: { name: string; count: number | null }[]) => (
    <div>
      <h3 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <ul className="mt-2 space-y-0.5">
        {list.map((item) => (
          <li key={item.name}>
            <Link
              to={hrefOf(param, item.name)}
              className={linkClass(current[param] === item.name)}
              aria-current={current[param] === item.name ? "page" : undefined}
            >
              <span>{param === "Type" ? optionLabel(t, typeList, item.name) : item.name}</span>
              {item.count === null ? null : (
                <span
                  className="text-xs text-slate-600 tabular-nums"
                  aria-label={t("menu.inStock", { count: item.count })}
                >
                  {item.count}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <nav
      aria-label={kind === "vehicles" ? t("menu.browseVehicles") : t("menu.browseParts")}
      className="space-y-6"
      data-testid="stock-menu"
    >
      <ul className="space-y-0.5">
        <li>
          <Link to={base} className={linkClass(!current.Make && !current.Type)}>
            {kind === "vehicles" ? t("menu.allVehicles") : t("menu.allParts")}
          </Link>
        </li>
        <li>
          <Link to="/favorites" className={linkClass(false)}>
            {t("menu.favorites")}
          </Link>
        </li>
      </ul>
      {section(t("menu.make"), "Make", makes)}
      {section(t("menu.type"), "Type", types)}
    </nav>
  );
}

/** Order steps banner (SPEC 2). */
export function OrderSteps() {
  const { t } = useT("stock");
  const steps = (["order", "payment", "shipment", "delivery"] as const).map((step) => ({
    key: step,
    title: t(`orderSteps.${step}.title`),
    text: t(`orderSteps.${step}.text`),
  }));
  return (
    <ol
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-4"
      aria-label={t("orderSteps.label")}
    >
      {steps.map((step, i) => (
        <li key={step.key} className="flex items-start gap-3">
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-accent-700 text-sm font-bold text-white">
            {i + 1}
          </span>
          <span>
            <span className="block text-sm font-semibold text-slate-900">{step.title}</span>
            {step.key === "payment" ? (
              <span className="mt-1 mb-1 flex flex-wrap gap-1">
                <VisaMark />
                <MastercardMark />
                <BankTransferMark label={t("orderSteps.payment.bankTransfer")} />
              </span>
            ) : null}
            <span className="block text-xs text-slate-600">{step.text}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Page buttons (SPEC 9), links so they work without JavaScript and can be shared. */
export function Pagination({
  kind,
  keys,
  query,
  pageCount,
  label,
}: {
  kind: ListKind;
  keys: readonly string[];
  query: Query;
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

/** Catalogue keys of the sort choices (the URL values stay as they are). */
const SORT_KEY: Record<Sort, string> = {
  newest: "newest",
  oldest: "oldest",
  price_asc: "priceAsc",
  price_desc: "priceDesc",
};

const selectClass =
  "h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-200 focus:outline-none";

/**
 * Sort, page size, currency and layout for a list. Sort and size go back to
 * page 1 (SPEC 4). On phones it is a bar that stays at the top while the list
 * scrolls: "Filters (n)" and Sort first, the rest scrolled sideways.
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
  kind: ListKind;
  keys: readonly string[];
  query: Query;
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
  const location = useLocation();
  const root = useRootData();
  const { t } = useT("stock");
  const go = (change: Partial<Query>) => navigate(`/${kind}${listSearch(keys, { ...query, ...change, page: 1 })}`);
  return (
    <div
      className="flex flex-wrap items-center gap-3 max-lg:sticky max-lg:top-16 max-lg:z-10 max-lg:-mx-4 max-lg:flex-nowrap max-lg:overflow-x-auto max-lg:border-b max-lg:border-slate-200 max-lg:bg-white max-lg:px-4 max-lg:py-2 sm:max-lg:-mx-6 sm:max-lg:px-6"
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
        className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg bg-accent-700 px-3 text-sm font-semibold whitespace-nowrap text-white hover:bg-accent-800 lg:hidden"
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
        className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 max-lg:hidden"
      >
        {filtersOpen ? t("toolbar.hideFilters") : t("toolbar.showFilters")}
      </button>
      {/* Without JavaScript these selects are sent with the button beside them. */}
      <form method="get" action={`/${kind}`} className="flex items-center gap-3 max-lg:shrink-0">
        {keys.map((key) => {
          const value = (query.filters as Record<string, unknown>)[key];
          return value === undefined ? null : <input key={key} type="hidden" name={key} value={String(value)} />;
        })}
        <label className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-700">
          {t("toolbar.sort")}
          <select
            name="Sort"
            value={query.sort}
            onChange={(e) => go({ sort: e.target.value as Sort })}
            className={selectClass}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`toolbar.sortOptions.${SORT_KEY[s]}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-700">
          {t("toolbar.perPage")}
          <select
            name="PerPage"
            value={query.perPage}
            onChange={(e) => go({ perPage: Number(e.target.value) })}
            className={selectClass}
          >
            {PER_PAGE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className="h-10 rounded-lg bg-accent-700 px-3 text-sm font-semibold text-white">
            {t("toolbar.apply")}
          </button>
        </noscript>
      </form>
      <div
        className="flex rounded-lg border border-slate-300 p-0.5 max-lg:shrink-0 lg:order-last lg:ml-auto"
        role="group"
        aria-label={t("toolbar.layout")}
      >
        {(["grid", "list"] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => onView(v)}
            className={`h-9 rounded-md px-3 text-sm font-medium ${view === v ? "bg-accent-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {v === "grid" ? t("toolbar.grid") : t("toolbar.list")}
          </button>
        ))}
      </div>
      <Form
        method="post"
        action="/preferences"
        className="flex items-center gap-2 text-sm text-slate-700 max-lg:shrink-0"
        data-testid="currency-form"
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <label className="flex items-center gap-2">
          {t("toolbar.currency")}
          <select
            name="currency"
            defaultValue={root?.currency ?? "JPY"}
            key={root?.currency}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
            className={selectClass}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className="h-10 rounded-lg bg-accent-700 px-3 font-semibold text-white">
            {t("toolbar.apply")}
          </button>
        </noscript>
      </Form>
      {kind === "vehicles" ? (
        <div className="max-lg:shrink-0">
          <PortPicker compact />
        </div>
      ) : null}
    </div>
  );
}

/** Layout and filter panel state: remembered in a cookie so the server renders the same layout. */
export function useListView(initial: View) {
  const [view, setView] = useState<View>(initial);
  const [filtersOpen, setFiltersOpen] = useState(true);
  return {
    view,
    setView(next: View) {
      setView(next);
      document.cookie = `${VIEW_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
    },
    filtersOpen,
    toggleFilters: () => setFiltersOpen((open) => !open),
  };
}

function specLine(item: ListItem, t: ReturnType<typeof useT>["t"], number: (value: number) => string): string {
  return [
    item.year,
    item.mileage !== null ? t("units.km", { value: number(item.mileage) }) : null,
    item.engineCc !== null ? t("units.cc", { value: number(item.engineCc) }) : null,
    item.transmission ? optionLabel(t, "transmission", item.transmission, capitalise(item.transmission)) : null,
    item.fuel ? optionLabel(t, "fuel", item.fuel, capitalise(item.fuel)) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * A card in a list: photo (and 4 thumbnails when there are at least 5), name,
 * key facts, price. In the list layout on phones it is a compact row: a
 * thumbnail, the name, year and mileage, the price and the total to the
 * buyer's port.
 */
export function ListCard({
  item,
  href,
  view,
  eager,
  kind,
}: {
  item: ListItem;
  href: string;
  view: View;
  eager: boolean;
  kind: ListKind;
}) {
  const { t } = useT("stock");
  const format = useFormat();
  const cover = item.images[0] ?? null;
  const thumbs = item.imageCount >= 5 ? item.images.slice(1, 5) : [];
  const row = view === "list";
  const facts =
    item.mileage !== null || item.engineCc !== null
      ? specLine(item, t, format.number)
      : [
          item.year,
          optionLabel(t, kind === "vehicles" ? "bodyType" : "partType", item.type),
          optionLabel(t, kind === "vehicles" ? "bodySubType" : "partSubType", item.subType),
        ]
          .filter(Boolean)
          .join(" · ");
  // The compact row's line: year and mileage (a part's year and category).
  const short =
    kind === "vehicles"
      ? [item.year, item.mileage !== null ? t("units.km", { value: format.number(item.mileage) }) : null]
          .filter(Boolean)
          .join(" · ")
      : [item.year, optionLabel(t, "partType", item.type)].filter(Boolean).join(" · ");
  return (
    <article
      className={`group relative overflow-hidden border border-slate-200 bg-white shadow-sm transition hover:shadow-md ${
        row ? "flex flex-row rounded-lg sm:rounded-xl" : "flex flex-col rounded-xl"
      }`}
      data-testid="list-card"
    >
      <div className={row ? "relative w-28 shrink-0 self-start sm:w-72" : "relative"} data-testid="card-photo">
        {/* The status badge at the photo's top, the Compare button at its foot: neither hides the other. */}
        <div className="relative">
          <StockImage
            image={cover}
            alt={item.name}
            sizes={
              row ? "(min-width: 640px) 288px, 112px" : "(min-width: 1280px) 300px, (min-width: 640px) 45vw, 100vw"
            }
            eager={eager}
          />
          {item.stockStatus !== "available" ? (
            <div className={row ? "absolute top-1 left-1 sm:top-3 sm:left-3" : "absolute top-3 left-3"}>
              <StockStatusBadge status={item.stockStatus} />
            </div>
          ) : null}
          {kind === "vehicles" ? (
            <div className={`absolute right-3 bottom-3 z-10 ${row ? "max-sm:hidden" : ""}`}>
              <CompareToggle vehicleId={item.id} name={item.name} />
            </div>
          ) : null}
        </div>
        {thumbs.length > 0 ? (
          <div
            className={`grid grid-cols-4 gap-0.5 bg-white pt-0.5 ${row ? "max-sm:hidden" : ""}`}
            data-testid="card-thumbnails"
          >
            {thumbs.map((image) => (
              <img
                key={image.key}
                src={imageUrl(image, 200)}
                width={image.width}
                height={image.height}
                alt=""
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full bg-slate-100 object-cover"
              />
            ))}
          </div>
        ) : null}
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-1 ${row ? "p-3 sm:p-4" : "p-4"}`}>
        <h2
          className={`line-clamp-2 font-semibold text-slate-900 ${row ? "text-sm leading-snug sm:text-base" : "text-base"}`}
        >
          <Link to={href} className="after:absolute after:inset-0" data-testid="stock-card-link">
            {item.name}
          </Link>
        </h2>
        {row ? (
          <p className="text-sm text-slate-600 sm:hidden" data-testid="card-short-facts">
            {short}
          </p>
        ) : null}
        <p className={`text-sm text-slate-600 ${row ? "max-sm:hidden" : ""}`}>{facts}</p>
        <p className={`text-xs text-slate-500 ${row ? "max-sm:hidden" : ""}`}>
          {t("card.ref", { ref: item.refId })}
          {item.stockStatus !== "available" ? ` · ${optionLabel(t, "stockStatus", item.stockStatus)}` : ""}
        </p>
        <div className={row ? "mt-auto pt-1 sm:pt-2" : "mt-auto pt-2"}>
          <Price yen={item.price} />
          {kind === "vehicles" ? <DeliveredPrice yen={item.price} sizeClass={sizeClassOf(item)} /> : null}
        </div>
      </div>
    </article>
  );
}

/** A list's data as the sheet's preview asks for it: the loader of the same list. */
type ListData = { result: ListResult };

/**
 * The filter panel: open beside the list on desktop (SPEC: open by default,
 * Show/Hide Filters), a sheet over it on phones with the number of matches on
 * its apply button. Without JavaScript the sheet is the page's target
 * (#filters), its apply button sends the form and the count is the server's
 * for the current choices; with it, the sheet is a dialog that takes the focus
 * and gives it back, closes with Escape, and counts each choice with the list's
 * own data request before anything is applied.
 */
function FilterSheet({
  kind,
  keys,
  query,
  fields,
  total,
  open,
  desktopOpen,
  onClose,
}: {
  kind: ListKind;
  keys: readonly string[];
  query: Query & { filters: Record<string, string | number | undefined> };
  fields: FilterField[];
  total: number;
  open: boolean;
  desktopOpen: boolean;
  onClose: (applied: boolean) => void;
}) {
  const { t } = useT("stock");
  const format = useFormat();
  const location = useLocation();
  const fetcher = useFetcher<ListData>();
  // The list a preview was asked from: a new list (applied, or another address) counts afresh.
  const [previewedFrom, setPreviewedFrom] = useState<string | null>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const formId = `filter-form-${kind}`;
  useEffect(() => {
    if (open) sheet.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [open]);
  const previewed = previewedFrom === location.search;
  const count = open && previewed && fetcher.state === "idle" && fetcher.data ? fetcher.data.result.total : total;
  const counting = open && previewed && fetcher.state !== "idle";
  return (
    <div
      id="filters"
      ref={sheet}
      role={open ? "dialog" : undefined}
      aria-modal={open ? true : undefined}
      aria-labelledby={open ? "filters-title" : undefined}
      onKeyDown={(e) => {
        if (open && e.key === "Escape") {
          e.stopPropagation();
          onClose(false);
        }
      }}
      data-testid="filter-sheet"
      className={`${desktopOpen ? "lg:block" : "lg:hidden"} ${
        open ? "max-lg:flex" : "max-lg:hidden max-lg:target:flex"
      } max-lg:fixed max-lg:inset-0 max-lg:z-50 max-lg:m-0 max-lg:flex-col max-lg:bg-white`}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 lg:hidden">
        <h2 id="filters-title" tabIndex={-1} data-autofocus className="text-lg font-bold text-slate-900">
          {t("filters.label")}
        </h2>
        <a
          href="#list-top"
          role="button"
          onClick={(e) => {
            e.preventDefault();
            onClose(false);
          }}
          className="flex h-10 items-center rounded-lg px-3 text-sm font-semibold text-accent-700 hover:bg-slate-100"
        >
          {t("filters.close")}
        </a>
      </div>
      <div className="max-lg:flex-1 max-lg:overflow-y-auto max-lg:px-4 max-lg:py-4">
        <FilterPanel
          key={location.search}
          kind={kind}
          keys={keys}
          fields={fields}
          filters={query.filters}
          sort={query.sort}
          perPage={query.perPage}
          formId={formId}
          preview={
            open
              ? (search) => {
                  setPreviewedFrom(location.search);
                  fetcher.load(`/${kind}${search}`);
                }
              : undefined
          }
          onApply={() => onClose(true)}
        />
      </div>
      <div className="flex items-center gap-3 border-t border-slate-200 bg-white px-4 py-3 lg:hidden">
        <Link to={`/${kind}`} onClick={() => onClose(true)} className="px-2 text-sm font-semibold text-accent-700">
          {t("filters.clearAll")}
        </Link>
        <button
          type="submit"
          form={formId}
          className="h-12 flex-1 rounded-lg bg-accent-700 px-4 text-base font-semibold text-white hover:bg-accent-800"
          data-testid="sheet-apply"
          aria-busy={counting || undefined}
        >
          {t(`filters.show.${kind}`, { count, total: format.number(count) })}
        </button>
      </div>
    </div>
  );
}

/** How many filters are set: the phone bar's "Filters (n)". */
export function activeFilterCount(filters: object): number {
  return Object.values(filters).filter((v) => v !== undefined && v !== "").length;
}

/** The body of a list page: toolbar, filters, status line, pagination, cards or the empty state. */
export function StockList({
  kind,
  keys,
  query,
  result,
  initialView,
  fields,
  failed,
  emptyHelp,
}: {
  kind: ListKind;
  keys: readonly string[];
  query: Query & { filters: Record<string, string | number | undefined> };
  result: ListResult;
  initialView: View;
  fields: FilterField[];
  failed: boolean;
  /** What an empty list offers instead (the nearest ways out, Find one for me). */
  emptyHelp?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const { view, setView, filtersOpen, toggleFilters } = useListView(initialView);
  const [sheetOpen, setSheetOpen] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);
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
  const { t } = useT("stock");
  const format = useFormat();

  return (
    <div className="space-y-5 max-lg:space-y-3" id="list-top">
      <ListToolbar
        kind={kind}
        keys={keys}
        query={shownQuery}
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
        kind={kind}
        keys={keys}
        query={shownQuery}
        fields={fields}
        total={result.total}
        open={sheetOpen}
        desktopOpen={filtersOpen}
        onClose={(applied) => {
          setSheetOpen(false);
          if (!applied) opener.current?.focus();
        }}
      />
      <div className="flex min-h-6 items-center justify-between gap-3 text-sm text-slate-600">
        <p role="status" aria-live="polite" data-testid="list-status">
          {loading ? t(`list.${kind}.loading`) : null}
          <span className={loading ? "sr-only" : undefined}>
            {t(`list.${kind}.found`, { count: result.total, total: format.number(result.total) })}
          </span>
        </p>
        {result.total > 0 ? (
          <p className="text-slate-500">{t("list.pageOf", { page: result.page, pageCount: result.pageCount })}</p>
        ) : null}
      </div>
      {failed ? (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          {t(`list.${kind}.failed`)}
        </p>
      ) : null}
      <div className="max-lg:hidden">
        <Pagination
          kind={kind}
          keys={keys}
          query={shownQuery}
          pageCount={result.pageCount}
          label={t("pagination.top")}
        />
      </div>
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
              <ListCard key={item.id} item={item} href={`/${kind}/${item.id}`} view={view} eager={i < 3} kind={kind} />
            ))}
          </div>
        )}
      </div>
      <Pagination
        kind={kind}
        keys={keys}
        query={shownQuery}
        pageCount={result.pageCount}
        label={t("pagination.bottom")}
      />
      <RateNote />
    </div>
  );
}

/**
 * A whole list page: heading, order steps, the menu beside the list, filters,
 * cards. On phones the results come first: the order steps and the menu
 * follow the list (they hold no controls, so the order of the focus is the
 * page's).
 */
export function StockListPage({
  kind,
  title,
  intro,
  keys,
  query,
  result,
  menus,
  fields,
  view,
  failed,
  actions,
  emptyHelp,
}: {
  kind: ListKind;
  title: string;
  intro: string;
  /** Shown under the heading (the vehicle list's "Save this search"). */
  actions?: React.ReactNode;
  keys: readonly string[];
  query: Query & { filters: Record<string, string | number | undefined> };
  result: ListResult;
  menus: { makes: { name: string; count: number | null }[]; types: { name: string; count: number | null }[] };
  fields: FilterField[];
  view: View;
  failed: boolean;
  emptyHelp?: React.ReactNode;
}) {
  const { t } = useT("stock");
  const menu = <StockMenu kind={kind} keys={keys} makes={menus.makes} types={menus.types} current={query.filters} />;
  return (
    <div className="mx-auto flex max-w-7xl flex-col px-4 py-4 sm:px-6 lg:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 lg:text-3xl">{title}</h1>
      <p className="mt-1 text-slate-600 max-lg:hidden">{intro}</p>
      {actions ? <div className="mt-4 max-lg:order-3">{actions}</div> : null}
      <div className="mt-6 max-lg:order-4">
        <OrderSteps />
      </div>
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 max-lg:order-2 max-lg:mt-2 max-lg:gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="hidden lg:block">{menu}</aside>
        <StockList
          kind={kind}
          keys={keys}
          query={query}
          result={result}
          initialView={view}
          failed={failed}
          fields={fields}
          emptyHelp={emptyHelp}
        />
        <details className="rounded-xl border border-slate-200 lg:hidden">
          <summary className="cursor-pointer px-4 py-3 font-semibold text-slate-800">
            {t("menu.browseByMakeAndType")}
          </summary>
          <div className="px-1 pb-4">{menu}</div>
        </details>
      </div>
    </div>
  );
}
