import { useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
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
  makes,
  types,
  current,
}: {
  kind: ListKind;
  makes: { name: string; count: number }[];
  types: { name: string; count: number }[];
  current: { Make?: string; Type?: string };
}) {
  const { t } = useT("stock");
  const base = `/${kind}`;
  const typeList = kind === "vehicles" ? "bodyType" : "partType";
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
              <span>{param === "Type" ? optionLabel(t, typeList, item.name) : item.name}</span>
              <span
                className="text-xs text-slate-500 tabular-nums"
                aria-label={t("menu.inStock", { count: item.count })}
              >
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
  const { t } = useT("stock");
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
        {filtersOpen ? t("toolbar.hideFilters") : t("toolbar.showFilters")}
      </button>
      {/* Without JavaScript these selects are sent with the button beside them. */}
      <form method="get" action={`/${kind}`} className="flex flex-wrap items-center gap-3">
        {keys.map((key) => {
          const value = (query.filters as Record<string, unknown>)[key];
          return value === undefined ? null : <input key={key} type="hidden" name={key} value={String(value)} />;
        })}
        <label className="flex items-center gap-2 text-sm text-slate-700">
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
        <label className="flex items-center gap-2 text-sm text-slate-700">
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
      <Form
        method="post"
        action="/preferences"
        className="flex items-center gap-2 text-sm text-slate-700"
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
      {kind === "vehicles" ? <PortPicker compact /> : null}
      <div
        className="ml-auto flex rounded-lg border border-slate-300 p-0.5"
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

/** A card in a list: photo (and 4 thumbnails when there are at least 5), name, key facts, price. */
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
        {kind === "vehicles" ? (
          <div className="absolute top-3 right-3 z-10">
            <CompareToggle vehicleId={item.id} name={item.name} />
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
          {t("card.ref", { ref: item.refId })}
          {item.stockStatus !== "available" ? ` · ${optionLabel(t, "stockStatus", item.stockStatus)}` : ""}
        </p>
        <div className="mt-auto pt-2">
          <Price yen={item.price} />
          {kind === "vehicles" ? <DeliveredPrice yen={item.price} sizeClass={sizeClassOf(item)} /> : null}
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
  const { t } = useT("stock");
  const format = useFormat();

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
      <Pagination kind={kind} keys={keys} query={shownQuery} pageCount={result.pageCount} label={t("pagination.top")} />
      <div className={loading ? "opacity-60 transition-opacity" : "transition-opacity"} data-testid="list-results">
        {result.items.length === 0 && !failed ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <p className="text-lg font-semibold text-slate-900">{t(`list.${kind}.empty`)}</p>
            <p className="mt-2 text-slate-600">{t("list.emptyHint")}</p>
            <Link to={`/${kind}`} className="mt-6 inline-block font-semibold text-accent-700 hover:underline">
              {t(`list.${kind}.showAll`)}
            </Link>
          </div>
        ) : (
          <div className={view === "grid" ? "grid gap-5 sm:grid-cols-2 xl:grid-cols-3" : "flex flex-col gap-4"}>
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
  actions,
}: {
  kind: ListKind;
  title: string;
  intro: string;
  /** Shown under the heading (the vehicle list's "Save this search"). */
  actions?: React.ReactNode;
  keys: readonly string[];
  query: Query & { filters: Record<string, string | number | undefined> };
  result: ListResult;
  menus: { makes: { name: string; count: number }[]; types: { name: string; count: number }[] };
  fields: FilterField[];
  view: View;
  failed: boolean;
}) {
  const location = useLocation();
  const { t } = useT("stock");
  const current = query.filters as { Make?: string; Type?: string };
  const menu = <StockMenu kind={kind} makes={menus.makes} types={menus.types} current={current} />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{intro}</p>
      {actions ? <div className="mt-4">{actions}</div> : null}
      <div className="mt-6">
        <OrderSteps />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="hidden lg:block">{menu}</aside>
        <details className="rounded-xl border border-slate-200 lg:hidden">
          <summary className="cursor-pointer px-4 py-3 font-semibold text-slate-800">
            {t("menu.browseByMakeAndType")}
          </summary>
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
