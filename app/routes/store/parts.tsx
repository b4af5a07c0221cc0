import { type FilterField, yearFilterFields } from "~/components/store/filter-panel";
import { optionLabel } from "~/components/store/option-label";
import { StockListPage } from "~/components/store/stock-list-page";
import { EmptyHelp } from "~/components/store/empty-help";
import { getServices } from "~/context.server";
import { PART_FILTER_KEYS, readPartQuery } from "~/domain/search/filters";
import { partMenus, withPartLists } from "~/domain/search/menus";
import { searchParts } from "~/domain/search/search.server";
import { fitmentCars } from "~/domain/inventory/parts.server";
import { log } from "~/utils/log.server";
import { totalText } from "~/domain/search/list";
import { stockListData } from "~/domain/search/list-page.server";
import { canonicalFor } from "~/i18n/alternates";
import { formatNumber } from "~/i18n/format";
import { catalogueOf, metaT, useFormat, useT } from "~/i18n/i18n";
import type { Route } from "./+types/parts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const query = readPartQuery(new URL(request.url).searchParams);
  const [{ filters: _inYen, ...data }, fitCars] = await Promise.all([
    stockListData(db, request, config.publicUrl.origin, {
      path: "parts",
      query,
      keys: PART_FILTER_KEYS,
      resolve: async (filters) => filters,
      search: searchParts,
      menus: partMenus,
    }),
    // "Fits my car" offers the cars the parts name; without them the list still shows (the menus stay empty).
    fitmentCars(db).catch((error: unknown) => {
      log("error", "the cars parts fit could not be read", { error: String(error) });
      return {} as Record<string, string[]>;
    }),
  ]);
  return { ...data, fitCars };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shop =
    (matches[0]?.loaderData as { settings?: { shop: { name: string } } } | undefined)?.settings?.shop.name ?? "";
  const t = metaT(matches, "stock");
  if (!loaderData) return [{ title: t("list.parts.title") }];
  const f = loaderData.query.filters;
  // Make and model names stay as they are; the part category is shown in the page's language.
  const category =
    f.SubType !== undefined ? optionLabel(t, "partSubType", f.SubType) : optionLabel(t, "partType", f.Type);
  const what = [f.Make, f.Model, category].filter(Boolean).join(" ");
  const language = catalogueOf(matches)?.language ?? "en";
  const total = totalText(loaderData.result, (n) => formatNumber(n, language));
  return [
    {
      title: `${what ? t("list.parts.meta.titleFiltered", { what, total }) : t("list.parts.meta.titleAll", { total })} · ${shop}`,
    },
    {
      name: "description",
      content: what
        ? t("list.parts.meta.descriptionFiltered", { what, total })
        : t("list.parts.meta.descriptionAll", { total }),
    },
    { tagName: "link", rel: "canonical", href: canonicalFor(loaderData.canonical, matches) },
    // A car's year makes a list per year of every model: left to the buyers, not to search engines.
    ...(f.Keyword || f.FitYear !== undefined || loaderData.result.total === 0
      ? [{ name: "robots", content: "noindex, follow" }]
      : []),
  ];
}

export default function PartList({ loaderData }: Route.ComponentProps) {
  const { query, result, view, failed, fitCars } = loaderData;
  const menus = withPartLists(loaderData.menus);
  const { t } = useT("stock");
  const format = useFormat();
  // A menu choice with how many it would show under the other filters ("Toyota (3)").
  const counted = (label: string, count: number | null) =>
    count === null ? label : t("filters.withCount", { label, number: format.number(count) });
  const fields: FilterField[] = [
    {
      kind: "select",
      name: "Make",
      label: t("filters.make"),
      options: menus.makes.map((m) => ({ value: m.name, label: counted(m.name, m.count) })),
      valueLabel: (value) => value,
    },
    { kind: "dependent", name: "Model", label: t("filters.model"), parent: "Make", groups: menus.models },
    {
      kind: "select",
      name: "Type",
      label: t("filters.type"),
      options: menus.types.map((m) => ({ value: m.name, label: counted(optionLabel(t, "partType", m.name), m.count) })),
      valueLabel: (value) => optionLabel(t, "partType", value),
    },
    {
      kind: "dependent",
      name: "SubType",
      label: t("filters.subType"),
      parent: "Type",
      groups: menus.subTypes,
      optionLabel: (value) => optionLabel(t, "partSubType", value),
      groupLabel: (value) => optionLabel(t, "partType", value),
    },
    ...yearFilterFields(menus, t),
    { kind: "text", name: "Keyword", label: t("filters.keyword"), placeholder: t("list.parts.keywordPlaceholder") },
    // "Fits my car" (issue 23): the cars the parts' lists name; a model follows its make.
    {
      kind: "select",
      name: "FitMake",
      label: t("filters.fitMake"),
      group: t("filters.fitGroup"),
      options: Object.keys(fitCars).map((make) => ({ value: make, label: make })),
    },
    {
      kind: "dependent",
      name: "FitModel",
      label: t("filters.fitModel"),
      group: t("filters.fitGroup"),
      parent: "FitMake",
      groups: fitCars,
    },
    {
      kind: "select",
      name: "FitYear",
      label: t("filters.fitYear"),
      group: t("filters.fitGroup"),
      options: menus.yearsTo.map((y) => ({ value: y, label: y })),
    },
  ];
  return (
    <StockListPage
      kind="parts"
      title={t("list.parts.title")}
      intro={t("list.parts.intro")}
      keys={PART_FILTER_KEYS}
      query={query}
      result={result}
      menus={menus}
      fields={fields}
      view={view}
      failed={failed}
      emptyHelp={
        <EmptyHelp kind="parts" keys={PART_FILTER_KEYS} query={query} waysOut={loaderData.waysOut} fields={fields} />
      }
    />
  );
}
