import { type FilterField, useCatalogueFilterFields } from "~/components/store/filter-panel";
import { optionLabel } from "~/components/store/option-label";
import { StockListPage, stockListMeta } from "~/components/store/stock-list-page";
import { EmptyHelp } from "~/components/store/empty-help";
import { getServices } from "~/context.server";
import { PART_FILTER_KEYS, readPartQuery } from "~/domain/search/filters";
import { partMenus, withPartLists } from "~/domain/search/menus";
import { searchParts } from "~/domain/search/search.server";
import { fitmentCars } from "~/domain/inventory/parts.server";
import { log } from "~/utils/log.server";
import { stockListData } from "~/domain/search/list-page.server";
import { metaT, useT } from "~/i18n/i18n";
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
  if (!loaderData) return stockListMeta("parts", matches);
  const t = metaT(matches, "stock");
  const f = loaderData.query.filters;
  // Make and model names stay as they are; the part category is shown in the page's language.
  const category =
    f.SubType !== undefined ? optionLabel(t, "partSubType", f.SubType) : optionLabel(t, "partType", f.Type);
  return stockListMeta("parts", matches, {
    what: [f.Make, f.Model, category].filter(Boolean).join(" "),
    result: loaderData.result,
    canonical: loaderData.canonical,
    // A car's year makes a list per year of every model: left to the buyers, not to search engines.
    noindex: Boolean(f.Keyword) || f.FitYear !== undefined,
  });
}

export default function PartList({ loaderData }: Route.ComponentProps) {
  const { query, fitCars } = loaderData;
  const menus = withPartLists(loaderData.menus);
  const { t } = useT("stock");
  const catalogue = useCatalogueFilterFields(menus, { type: "partType", subType: "partSubType" });
  const fields: FilterField[] = [
    ...catalogue,
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
      list={loaderData}
      menus={menus}
      fields={fields}
      emptyHelp={
        <EmptyHelp kind="parts" keys={PART_FILTER_KEYS} query={query} waysOut={loaderData.waysOut} fields={fields} />
      }
    />
  );
}
