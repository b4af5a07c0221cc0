import type { FilterField } from "~/components/store/filter-panel";
import { StockListPage, VIEW_COOKIE } from "~/components/store/stock-list";
import { getServices } from "~/context.server";
import { listSearch, readVehicleQuery, VEHICLE_FILTER_KEYS } from "~/domain/search/filters";
import type { ListResult } from "~/domain/search/list";
import { vehicleMenus } from "~/domain/search/menus";
import { searchVehicles, stockFacets } from "~/domain/search/search.server";
import { readCookie } from "~/utils/cookies";
import { log } from "~/utils/log.server";
import type { Route } from "./+types/vehicles";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const url = new URL(request.url);
  const query = readVehicleQuery(url.searchParams);
  const view =
    readCookie(request.headers.get("Cookie"), VIEW_COOKIE) === "list" ? ("list" as const) : ("grid" as const);
  const canonical = `${config.publicUrl.origin}/vehicles${listSearch(VEHICLE_FILTER_KEYS, query)}`;
  try {
    const [result, facets] = await Promise.all([searchVehicles(db, query), stockFacets(db, "vehicles")]);
    return {
      query: { ...query, page: result.page },
      result,
      menus: vehicleMenus(facets),
      view,
      canonical,
      failed: false,
    };
  } catch (error) {
    log("error", "vehicle list could not be read", { error: String(error) });
    const result: ListResult = { items: [], total: 0, page: 1, pageCount: 1, perPage: query.perPage };
    return {
      query,
      result,
      menus: vehicleMenus({ makes: [], types: [], models: {}, subTypes: {} }),
      view,
      canonical,
      failed: true,
    };
  }
}

export function meta({ data, matches }: Route.MetaArgs) {
  const shop =
    (matches[0]?.loaderData as { settings?: { shop: { name: string } } } | undefined)?.settings?.shop.name ?? "";
  if (!data) return [{ title: "Vehicle Stock" }];
  const f = data.query.filters;
  const what = [f.Make, f.Model, f.Type].filter(Boolean).join(" ") || "Used vehicles";
  return [
    { title: `${what} for sale from Japan (${data.result.total.toLocaleString("en-US")}) · ${shop}` },
    {
      name: "description",
      content: `${what} in stock in Japan: ${data.result.total.toLocaleString("en-US")} listed with photos and FOB prices in yen. Ask for a free quote with shipping to your port.`,
    },
    { tagName: "link", rel: "canonical", href: data.canonical },
    ...(f.Keyword || data.result.total === 0 ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

export default function VehicleList({ loaderData }: Route.ComponentProps) {
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
    {
      kind: "select",
      name: "YearFrom",
      label: "Year from",
      options: menus.yearsFrom.map((y) => ({ value: y, label: y })),
    },
    { kind: "select", name: "YearTo", label: "Year to", options: menus.yearsTo.map((y) => ({ value: y, label: y })) },
    { kind: "number", name: "PriceFrom", label: "Price from (¥)", placeholder: "e.g. 500000" },
    { kind: "number", name: "PriceTo", label: "Price to (¥)", placeholder: "e.g. 2000000" },
    { kind: "number", name: "MileageFrom", label: "Mileage from (km)", placeholder: "e.g. 0" },
    { kind: "number", name: "MileageTo", label: "Mileage to (km)", placeholder: "e.g. 100000" },
    { kind: "select", name: "Transmission", label: "Transmission", options: menus.transmissions },
    { kind: "select", name: "Fuel", label: "Fuel", options: menus.fuels },
    { kind: "select", name: "Drive", label: "Drive", options: menus.drives },
    { kind: "select", name: "Steering", label: "Steering", options: menus.steering },
    { kind: "select", name: "Color", label: "Color", options: menus.colors },
    {
      kind: "text",
      name: "Keyword",
      label: "Keyword",
      placeholder: "Name, model, ref no. or words in the description",
    },
  ];
  return (
    <StockListPage
      kind="vehicles"
      title="Vehicle Stock"
      intro="Used vehicles in Japan, ready for export. Prices are FOB in yen."
      keys={VEHICLE_FILTER_KEYS}
      query={query}
      result={result}
      menus={menus}
      fields={fields}
      view={view}
      failed={failed}
    />
  );
}
