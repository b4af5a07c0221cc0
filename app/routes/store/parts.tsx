import type { FilterField } from "~/components/store/filter-panel";
import { StockListPage, VIEW_COOKIE } from "~/components/store/stock-list";
import { getServices } from "~/context.server";
import { listSearch, PART_FILTER_KEYS, readPartQuery } from "~/domain/search/filters";
import type { ListResult } from "~/domain/search/list";
import { partMenus } from "~/domain/search/menus";
import { searchParts, stockFacets } from "~/domain/search/search.server";
import { readCookie } from "~/utils/cookies";
import { log } from "~/utils/log.server";
import type { Route } from "./+types/parts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const query = readPartQuery(new URL(request.url).searchParams);
  const view =
    readCookie(request.headers.get("Cookie"), VIEW_COOKIE) === "list" ? ("list" as const) : ("grid" as const);
  const canonical = `${config.publicUrl.origin}/parts${listSearch(PART_FILTER_KEYS, query)}`;
  try {
    const [result, facets] = await Promise.all([searchParts(db, query), stockFacets(db, "parts")]);
    return { query: { ...query, page: result.page }, result, menus: partMenus(facets), view, canonical, failed: false };
  } catch (error) {
    log("error", "parts list could not be read", { error: String(error) });
    const result: ListResult = { items: [], total: 0, page: 1, pageCount: 1, perPage: query.perPage };
    return {
      query,
      result,
      menus: partMenus({ makes: [], types: [], models: {}, subTypes: {} }),
      view,
      canonical,
      failed: true,
    };
  }
}

export function meta({ data, matches }: Route.MetaArgs) {
  const shop =
    (matches[0]?.loaderData as { settings?: { shop: { name: string } } } | undefined)?.settings?.shop.name ?? "";
  if (!data) return [{ title: "Parts Stock" }];
  const f = data.query.filters;
  const what = [f.Make, f.Model, f.SubType ?? f.Type].filter(Boolean).join(" ") || "Used and new vehicle parts";
  return [
    { title: `${what} from Japan (${data.result.total.toLocaleString("en-US")}) · ${shop}` },
    {
      name: "description",
      content: `${what}: ${data.result.total.toLocaleString("en-US")} parts in our Japanese warehouse with photos and prices in yen. Shipped worldwide.`,
    },
    { tagName: "link", rel: "canonical", href: data.canonical },
    ...(f.Keyword || data.result.total === 0 ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

export default function PartList({ loaderData }: Route.ComponentProps) {
  const { query, result, menus, view, failed } = loaderData;
  const fields: FilterField[] = [
    {
      kind: "select",
      name: "Make",
      label: "Make",
      options: menus.makes.map((m) => ({ value: m.name, label: m.name })),
    },
    { kind: "dependent", name: "Model", label: "Model", parent: "Make", groups: menus.models },
    {
      kind: "select",
      name: "Type",
      label: "Type",
      options: menus.types.map((m) => ({ value: m.name, label: m.name })),
    },
    { kind: "dependent", name: "SubType", label: "SubType", parent: "Type", groups: menus.subTypes },
    { kind: "text", name: "Keyword", label: "Keyword", placeholder: "Part name, number, model or ref no." },
  ];
  return (
    <StockListPage
      kind="parts"
      title="Parts Stock"
      intro="Engine, transmission, suspension, electrical and body parts from Japan, checked before shipping."
      keys={PART_FILTER_KEYS}
      query={query}
      result={result}
      menus={menus}
      fields={fields}
      view={view}
      failed={failed}
    />
  );
}
