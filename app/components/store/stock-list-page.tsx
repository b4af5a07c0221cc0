import type { StockPath } from "~/domain/inventory/stock-kinds";
import type { ListQuery } from "~/domain/search/filters";
import type { ListResult, View } from "~/domain/search/list";
import type { MetaDescriptor } from "react-router";
import { totalText } from "~/domain/search/list";
import { canonicalFor } from "~/i18n/alternates";
import { formatNumber } from "~/i18n/format";
import { catalogueOf, metaT, useT } from "~/i18n/i18n";
import type { FilterField } from "./filter-panel";
import { OrderSteps } from "./order-steps";
import { PlaceChoice } from "./price";
import { StockList } from "./stock-list";
import { StockMenu } from "./stock-menu";
import { type MetaMatches, shopNameOf } from "./page-meta";

/**
 * A list page's title and description (naming its filters in words, `what`, when any), its canonical
 * address, and a robots line keeping searches by hand and empty lists out of search engines.
 */
export function stockListMeta(
  kind: StockPath,
  matches: MetaMatches,
  list?: { what: string; result: { total: number; more: boolean }; canonical: string; noindex: boolean },
): MetaDescriptor[] {
  const t = metaT(matches, "stock");
  if (!list) return [{ title: t(`list.${kind}.title`) }];
  const { what } = list;
  const language = catalogueOf(matches)?.language ?? "en";
  const total = totalText(list.result, (n) => formatNumber(n, language));
  return [
    {
      title: `${what ? t(`list.${kind}.meta.titleFiltered`, { what, total }) : t(`list.${kind}.meta.titleAll`, { total })} · ${shopNameOf(matches) ?? ""}`,
    },
    {
      name: "description",
      content: what
        ? t(`list.${kind}.meta.descriptionFiltered`, { what, total })
        : t(`list.${kind}.meta.descriptionAll`, { total }),
    },
    { tagName: "link", rel: "canonical", href: canonicalFor(list.canonical, matches) },
    ...(list.noindex || list.result.total === 0 ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
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
  list,
  menus,
  fields,
  actions,
  emptyHelp,
}: {
  kind: StockPath;
  title: string;
  intro: string;
  /** Shown under the heading (the vehicle list's "Save this search"). */
  actions?: React.ReactNode;
  keys: readonly string[];
  /** The list as the loader found it. */
  list: {
    query: ListQuery<object> & { filters: Record<string, string | number | undefined> };
    result: ListResult;
    view: View;
    failed: boolean;
  };
  menus: { makes: { name: string; count: number | null }[]; types: { name: string; count: number | null }[] };
  fields: FilterField[];
  emptyHelp?: React.ReactNode;
}) {
  const { t } = useT("stock");
  return (
    <div className="mx-auto flex max-w-7xl flex-col px-4 py-4 sm:px-6 lg:py-8">
      <h1 className="text-2xl title lg:text-3xl">{title}</h1>
      <p className="mt-1 text-slate-600 max-lg:hidden">{intro}</p>
      {/* Where the buyer imports to: asked once, then a chip that opens the same choice. */}
      <div className="mt-3 max-lg:mt-2">
        <PlaceChoice />
      </div>
      {/* The list comes first in the page, as a phone shows it: a phone that paints the page while it
          still arrives never sees the steps below jump down. On desktop they stand above it. */}
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 max-lg:mt-2 max-lg:gap-6 lg:order-3 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <div className="lg:col-start-2 lg:row-start-1">
          <StockList kind={kind} keys={keys} {...list} fields={fields} emptyHelp={emptyHelp} />
        </div>
        {/* One menu for both: folded under the list on a phone, open beside it on a desktop (app.css, .menu-box). */}
        <details className="menu-box lg:col-start-1 lg:row-start-1">
          <summary>{t("menu.browseByMakeAndType")}</summary>
          <StockMenu kind={kind} keys={keys} makes={menus.makes} types={menus.types} current={list.query.filters} />
        </details>
      </div>
      {actions ? <div className="mt-4 lg:order-1">{actions}</div> : null}
      <div className="mt-6 lg:order-2">
        <OrderSteps />
      </div>
    </div>
  );
}
