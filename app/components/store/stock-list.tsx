import { useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { type FilterField, FilterPanel } from "./filter-panel";
import { capitalise, STOCK_STATUS_LABEL } from "~/domain/inventory/inventory";
import { imageUrl } from "~/domain/media/image-url";
import { CURRENCIES } from "~/domain/rates/currencies";
import { listSearch, PER_PAGE_CHOICES, type Sort, SORT_LABEL, SORTS } from "~/domain/search/filters";
import { pageItems } from "~/domain/search/pagination";
import type { ListItem, ListResult } from "~/domain/search/list";
import { useRootData } from "~/utils/root-data";
import { Price, RateNote } from "./price";
import { StockImage, StockStatusBadge } from "./stock-card";

export type ListKind = "vehicles" | "parts";
export type View = "grid" | "list";
export const VIEW_COOKIE = "view";

type Query = { filters: object; sort: Sort; page: number; perPage: number };

/** The left menu (SPEC 2): all stock, favourites, and every make and type with its count. */
export function StockMenu({
  kind,
  makes,
  types,
  current,
}: {
  kind: ListKind;
  makes: { name: string; count: number }[];
  types: { name: string; count: number }[];
  current: { Make?: string; Type?: string };
}) {
  const base = `/${kind}`;
  const linkClass = (active: boolean) =>
    `flex items-center justify-between rounded-md px-3 py-1.5 text-sm ${
      active ? "bg-accent-50 font-semibold text-accent-800" : "text-slate-700 hover:bg-slate-100"
    }`;
  const section = (title: string, param: "Make" | "Type", list: { name: string; count: number }[]) => (
    <div>
      <h3 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <ul className="mt-2 space-y-0.5">
        {list.map((item) => (
          <li key={item.name}>
            <Link
              to={`${base}?${param}=${encodeURIComponent(item.name)}`}
              className={linkClass(current[param] === item.name)}
              aria-current={current[param] === item.name ? "page" : undefined}
            >
              <span>{item.name}</span>
              <span className="text-xs text-slate-500 tabular-nums" aria-label={`${item.count} in stock`}>
                {item.count}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <nav
      aria-label={kind === "vehicles" ? "Browse vehicles" : "Browse parts"}
      className="space-y-6"
      data-testid="stock-menu"
    >
      <ul className="space-y-0.5">
        <li>
          <Link to={base} className={linkClass(!current.Make && !current.Type)}>
            {kind === "vehicles" ? "All Vehicles" : "All parts"}
          </Link>
        </li>
        <li>
          <Link to="/favorites" className={linkClass(false)}>
            Favorites
          </Link>
        </li>
      </ul>
      {section("Make", "Make", makes)}
      {section("Type", "Type", types)}
    </nav>
  );
}

/** Order steps banner (SPEC 2). */
export function OrderSteps() {
  const steps = [
    { title: "Order", text: "Get a price quote" },
    { title: "Payment", text: "Visa · Mastercard · Bank transfer" },
    { title: "Shipment", text: "We book the ship and the papers" },
    { title: "Delivery", text: "Collect at your port" },
  ];
  return (
    <ol
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-4"
      aria-label="How buying works"
    >
      {steps.map((step, i) => (
        <li key={step.title} className="flex items-start gap-3">
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-accent-700 text-sm font-bold text-white">
            {i + 1}
          </span>
          <span>
            <span className="block text-sm font-semibold text-slate-900">{step.title}</span>
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
  if (pageCount <= 1) return null;
  const href = (page: number) => `/${kind}${listSearch(keys, { ...query, page })}`;
  const cell = "flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium";
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {query.page > 1 ? (
            <Link to={href(query.page - 1)} className={`${cell} text-slate-700 hover:bg-slate-100`} rel="prev">
              ‹ Previous
            </Link>
          ) : (
            <span className={`${cell} text-slate-500`} aria-hidden="true">
              ‹ Previous
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
                aria-label={`Page ${item.page}`}
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
              Next ›
            </Link>
          ) : (
            <span className={`${cell} text-slate-500`} aria-hidden="true">
              Next ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

const selectClass =
  "h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-200 focus:outline-none";

/** Sort, page size, currency and layout for a list. Sort and size go back to page 1 (SPEC 4). */
export function ListToolbar({
  kind,
  keys,
  query,
  view,
  onView,
  filtersOpen,
  onToggleFilters,
}: {
  kind: ListKind;
  keys: readonly string[];
  query: Query;
  view: View;
  onView: (view: View) => void;
  filtersOpen: boolean;
  onToggleFilters: () => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const root = useRootData();
  const go = (change: Partial<Query>) => navigate(`/${kind}${listSearch(keys, { ...query, ...change, page: 1 })}`);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={onToggleFilters}
        aria-expanded={filtersOpen}
        aria-controls="filter-panel"
        className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        {filtersOpen ? "Hide Filters" : "Show Filters"}
      </button>
      {/* Without JavaScript these selects are sent with the button beside them. */}
      <form method="get" action={`/${kind}`} className="flex flex-wrap items-center gap-3">
        {keys.map((key) => {
          const value = (query.filters as Record<string, unknown>)[key];
          return value === undefined ? null : <input key={key} type="hidden" name={key} value={String(value)} />;
        })}
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Sort
          <select
            name="Sort"
            value={query.sort}
            onChange={(e) => go({ sort: e.target.value as Sort })}
            className={selectClass}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Per page
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
            Apply
          </button>
        </noscript>
      </form>
      <Form
        method="post"
        action="/preferences"
        className="flex items-center gap-2 text-sm text-slate-700"
        data-testid="currency-form"
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <label className="flex items-center gap-2">
          Currency
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
            Apply
          </button>
        </noscript>
      </Form>
      <div className="ml-auto flex rounded-lg border border-slate-300 p-0.5" role="group" aria-label="Layout">
        {(["grid", "list"] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => onView(v)}
            className={`h-9 rounded-md px-3 text-sm font-medium ${view === v ? "bg-accent-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {v === "grid" ? "Grid" : "List"}
          </button>
        ))}
      </div>
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

function specLine(item: ListItem): string {
  return [
    item.year,
    item.mileage !== null ? `${item.mileage.toLocaleString("en-US")} km` : null,
    item.engineCc !== null ? `${item.engineCc.toLocaleString("en-US")} cc` : null,
    item.transmission ? capitalise(item.transmission) : null,
    item.fuel ? capitalise(item.fuel) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** A card in a list: photo (and 4 thumbnails when there are at least 5), name, key facts, price. */
export function ListCard({ item, href, view, eager }: { item: ListItem; href: string; view: View; eager: boolean }) {
  const cover = item.images[0] ?? null;
  const thumbs = item.imageCount >= 5 ? item.images.slice(1, 5) : [];
  const facts =
    item.mileage !== null || item.engineCc !== null
      ? specLine(item)
      : [item.year, item.type, item.subType].filter(Boolean).join(" · ");
  return (
    <article
      className={`group relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md ${
        view === "list" ? "flex flex-col sm:flex-row" : "flex flex-col"
      }`}
      data-testid="list-card"
    >
      <div className={view === "list" ? "relative sm:w-72 sm:shrink-0" : "relative"}>
        <StockImage
          image={cover}
          alt={item.name}
          sizes={
            view === "list"
              ? "(min-width: 640px) 288px, 100vw"
              : "(min-width: 1280px) 300px, (min-width: 640px) 45vw, 100vw"
          }
          eager={eager}
        />
        {item.stockStatus !== "available" ? (
          <div className="absolute top-3 left-3">
            <StockStatusBadge status={item.stockStatus} />
          </div>
        ) : null}
        {thumbs.length > 0 ? (
          <div className="grid grid-cols-4 gap-0.5 bg-white pt-0.5" data-testid="card-thumbnails">
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
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 className="line-clamp-2 text-base font-semibold text-slate-900">
          <Link to={href} className="after:absolute after:inset-0" data-testid="stock-card-link">
            {item.name}
          </Link>
        </h2>
        <p className="text-sm text-slate-600">{facts}</p>
        <p className="text-xs text-slate-500">
          Ref {item.refId}
          {item.stockStatus !== "available" ? ` · ${STOCK_STATUS_LABEL[item.stockStatus]}` : ""}
        </p>
        <div className="mt-auto pt-2">
          <Price yen={item.price} />
        </div>
      </div>
    </article>
  );
}

/** The body of a list page: toolbar, filters, status line, pagination, cards or the empty state. */
export function StockList({
  kind,
  keys,
  query,
  result,
  initialView,
  filterPanel,
  failed,
}: {
  kind: ListKind;
  keys: readonly string[];
  query: Query;
  result: ListResult;
  initialView: View;
  filterPanel: React.ReactNode;
  failed: boolean;
}) {
  const navigation = useNavigation();
  const { view, setView, filtersOpen, toggleFilters } = useListView(initialView);
  const loading = navigation.state === "loading" && navigation.location?.pathname === `/${kind}`;
  const shownQuery = { ...query, page: result.page };
  const noun = kind === "vehicles" ? "vehicles" : "parts";

  return (
    <div className="space-y-5">
      <ListToolbar
        kind={kind}
        keys={keys}
        query={shownQuery}
        view={view}
        onView={setView}
        filtersOpen={filtersOpen}
        onToggleFilters={toggleFilters}
      />
      <div id="filter-panel" hidden={!filtersOpen}>
        {filterPanel}
      </div>
      <RateNote />
      <div className="flex min-h-6 items-center justify-between gap-3 text-sm text-slate-600">
        <p role="status" aria-live="polite" data-testid="list-status">
          {loading ? (kind === "vehicles" ? "Loading vehicles..." : "Loading parts...") : null}
          <span
            className={loading ? "sr-only" : undefined}
          >{`${result.total.toLocaleString("en-US")} ${noun} found`}</span>
        </p>
        {result.total > 0 ? (
          <p className="text-slate-500">
            Page {result.page} of {result.pageCount}
          </p>
        ) : null}
      </div>
      {failed ? (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          We could not load the {noun} just now. Please try again in a moment.
        </p>
      ) : null}
      <Pagination kind={kind} keys={keys} query={shownQuery} pageCount={result.pageCount} label="Pages, top" />
      <div className={loading ? "opacity-60 transition-opacity" : "transition-opacity"} data-testid="list-results">
        {result.items.length === 0 && !failed ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <p className="text-lg font-semibold text-slate-900">
              {kind === "vehicles" ? "No vehicles found" : "No parts found"}
            </p>
            <p className="mt-2 text-slate-600">Try adjusting your search criteria or filters</p>
            <Link to={`/${kind}`} className="mt-6 inline-block font-semibold text-accent-700 hover:underline">
              Show all {noun}
            </Link>
          </div>
        ) : (
          <div className={view === "grid" ? "grid gap-5 sm:grid-cols-2 xl:grid-cols-3" : "flex flex-col gap-4"}>
            {result.items.map((item, i) => (
              <ListCard key={item.id} item={item} href={`/${kind}/${item.id}`} view={view} eager={i < 3} />
            ))}
          </div>
        )}
      </div>
      <Pagination kind={kind} keys={keys} query={shownQuery} pageCount={result.pageCount} label="Pages, bottom" />
    </div>
  );
}

/** A whole list page: heading, order steps, the menu beside the list, filters, cards. */
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
}: {
  kind: ListKind;
  title: string;
  intro: string;
  keys: readonly string[];
  query: Query & { filters: Record<string, string | number | undefined> };
  result: ListResult;
  menus: { makes: { name: string; count: number }[]; types: { name: string; count: number }[] };
  fields: FilterField[];
  view: View;
  failed: boolean;
}) {
  const location = useLocation();
  const current = query.filters as { Make?: string; Type?: string };
  const menu = <StockMenu kind={kind} makes={menus.makes} types={menus.types} current={current} />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{intro}</p>
      <div className="mt-6">
        <OrderSteps />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="hidden lg:block">{menu}</aside>
        <details className="rounded-xl border border-slate-200 lg:hidden">
          <summary className="cursor-pointer px-4 py-3 font-semibold text-slate-800">Browse by make and type</summary>
          <div className="px-1 pb-4">{menu}</div>
        </details>
        <StockList
          kind={kind}
          keys={keys}
          query={query}
          result={result}
          initialView={view}
          failed={failed}
          filterPanel={
            <FilterPanel
              key={location.search}
              kind={kind}
              keys={keys}
              fields={fields}
              filters={query.filters}
              sort={query.sort}
              perPage={query.perPage}
            />
          }
        />
      </div>
    </div>
  );
}
