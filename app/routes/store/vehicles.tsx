import { type FilterField, useCatalogueFilterFields } from "~/components/store/filter-panel";
import { optionLabel, type OptionList } from "~/components/store/option-label";
import { StockListPage, stockListMeta } from "~/components/store/stock-list-page";
import { EmptyHelp } from "~/components/store/empty-help";
import { getServices } from "~/context.server";
import { GRADE_FLOORS, listSearch, readVehicleQuery, VEHICLE_FILTER_KEYS } from "~/domain/search/filters";
import { vehicleMenus, withVehicleLists } from "~/domain/search/menus";
import { resolveVehicleFilters } from "~/domain/search/list-where.server";
import { searchVehicles } from "~/domain/search/search.server";
import { stockListData } from "~/domain/search/list-page.server";
import { convertYen } from "~/domain/rates/currencies";
import { metaT, useT } from "~/i18n/i18n";
import { SaveSearchEntry } from "~/components/store/save-search-entry";
import { ImportListNote, ImportOnlyToggle } from "~/components/store/import-only-toggle";
import { ImportingFor } from "~/components/store/import-badge";
import { importingFor } from "~/domain/imports/import-rules.server";
import { countryKey } from "~/domain/imports/import-rules";
import { useRootData } from "~/utils/root-data";
import type { Route } from "./+types/vehicles";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const url = new URL(request.url);
  const query = readVehicleQuery(url.searchParams);
  const { filters, ...data } = await stockListData(db, request, config.publicUrl.origin, {
    path: "vehicles",
    query,
    keys: VEHICLE_FILTER_KEYS,
    // Prices typed in the buyer's currency are searched in yen; a country to import into, by its rule.
    resolve: (filters) => resolveVehicleFilters(db, filters),
    search: searchVehicles,
    menus: vehicleMenus,
  });
  // "Only what I can import into Kenya": the cards answer for Kenya, whatever the buyer's own country.
  const importTo = query.filters.ImportTo;
  const answersFor = importTo ? await importingFor(db, importTo, []) : null;
  return {
    ...data,
    priceYen: { from: filters?.PriceFrom, to: filters?.PriceTo },
    answersFor: answersFor && {
      country: answersFor.country,
      rule: answersFor.rule,
      months: answersFor.months,
      today: answersFor.today,
    },
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return stockListMeta("vehicles", matches);
  const t = metaT(matches, "stock");
  const f = loaderData.query.filters;
  return stockListMeta("vehicles", matches, {
    // Make and model names stay as they are; the type is shown in the page's language.
    what: [f.Make, f.Model, optionLabel(t, "bodyType", f.Type)].filter(Boolean).join(" "),
    result: loaderData.result,
    canonical: loaderData.canonical,
    noindex: Boolean(f.Keyword),
  });
}

/** A Find one for me budget from the list's price limit: a limit typed in another currency, to the nearest ¥10,000. */
function findBudget(yen: number | undefined, currency: string | undefined): number | undefined {
  if (yen === undefined || !currency) return yen;
  return Math.max(10_000, Math.round(yen / 10_000) * 10_000);
}

/** The countries to choose from, with the one the address names even when the shop has no rule for it. */
function importCountries(countries: readonly string[], chosen: string | undefined): string[] {
  return chosen && !countries.some((c) => countryKey(c) === countryKey(chosen))
    ? [chosen, ...countries]
    : [...countries];
}

/** An example amount with two significant digits (3,312 → 3,300). */
function roughly(amount: number): number {
  if (amount < 100) return amount;
  const step = 10 ** (Math.floor(Math.log10(amount)) - 1);
  return Math.round(amount / step) * step;
}

export default function VehicleList({ loaderData }: Route.ComponentProps) {
  const { query } = loaderData;
  const menus = withVehicleLists(loaderData.menus);
  const { t } = useT("stock");
  const root = useRootData();
  // Values stay English (they go into the URL); only the shown labels are translated.
  const labelled = (list: OptionList, options: { value: string; label: string }[]) =>
    options.map((o) => ({ value: o.value, label: optionLabel(t, list, o.value, o.label) }));
  const example = (value: string) => t("filters.example", { value });
  // Prices are typed in the currency the buyer sees; the server reads them in yen at the same rate.
  const rate = root?.rate ?? null;
  const shownCurrency = rate?.code ?? "JPY";
  const given = query.filters.Currency ?? "JPY";
  const inShown = (yen: number) => (rate ? convertYen(yen, rate.rate) : yen);
  const priceShown = (yen: number | undefined) =>
    given === shownCurrency || yen === undefined ? undefined : inShown(yen);
  const unit = rate ? rate.code : t("filters.yenUnit");
  const catalogue = useCatalogueFilterFields(menus, { type: "bodyType", subType: "bodySubType" });
  const fields: FilterField[] = [
    ...catalogue,
    {
      kind: "number",
      name: "PriceFrom",
      label: t("filters.priceFrom", { currency: unit }),
      placeholder: example(String(roughly(inShown(500_000)))),
      shown: priceShown(loaderData.priceYen.from),
    },
    {
      kind: "number",
      name: "PriceTo",
      label: t("filters.priceTo", { currency: unit }),
      placeholder: example(String(roughly(inShown(2_000_000)))),
      shown: priceShown(loaderData.priceYen.to),
    },
    ...(rate ? [{ kind: "hidden" as const, name: "Currency", value: rate.code }] : []),
    { kind: "number", name: "MileageFrom", label: t("filters.mileageFrom"), placeholder: example("0") },
    { kind: "number", name: "MileageTo", label: t("filters.mileageTo"), placeholder: example("100000") },
    {
      kind: "select",
      name: "Transmission",
      label: t("filters.transmission"),
      options: labelled("transmission", menus.transmissions),
    },
    { kind: "select", name: "Fuel", label: t("filters.fuel"), options: labelled("fuel", menus.fuels) },
    { kind: "select", name: "Drive", label: t("filters.drive"), options: labelled("drive", menus.drives) },
    {
      kind: "select",
      name: "Steering",
      label: t("filters.steering"),
      options: labelled("steering", menus.steering),
    },
    { kind: "select", name: "Color", label: t("filters.color"), options: labelled("color", menus.colors) },
    {
      kind: "text",
      name: "Keyword",
      label: t("filters.keyword"),
      placeholder: t("list.vehicles.keywordPlaceholder"),
    },
    {
      kind: "select",
      name: "ImportTo",
      label: t("filters.importTo"),
      options: importCountries(root?.importing?.countries ?? [], query.filters.ImportTo).map((c) => ({
        value: c,
        label: c,
      })),
    },
    // What the auction sheet says (issue 45.5).
    {
      kind: "select",
      group: t("filters.sheetGroup"),
      name: "AuctionSheet",
      label: t("filters.auctionSheet"),
      options: [{ value: "yes", label: t("filters.auctionSheetYes") }],
    },
    {
      kind: "select",
      group: t("filters.sheetGroup"),
      name: "GradeFrom",
      label: t("filters.gradeFrom"),
      options: GRADE_FLOORS.map((grade) => ({ value: grade, label: t("filters.gradeAtLeast", { grade }) })),
    },
    {
      kind: "select",
      group: t("filters.sheetGroup"),
      name: "SheetFlags",
      label: t("filters.sheetFlags"),
      options: [{ value: "hide", label: t("filters.sheetFlagsHide") }],
    },
  ];
  return (
    <ImportingFor.Provider value={loaderData.answersFor}>
      <StockListPage
        kind="vehicles"
        title={t("list.vehicles.title")}
        intro={t("list.vehicles.intro")}
        keys={VEHICLE_FILTER_KEYS}
        list={loaderData}
        menus={menus}
        fields={fields}
        emptyHelp={
          <EmptyHelp
            kind="vehicles"
            keys={VEHICLE_FILTER_KEYS}
            query={query}
            waysOut={loaderData.waysOut}
            fields={fields}
            budgetYen={findBudget(loaderData.priceYen.to, query.filters.Currency)}
          />
        }
        actions={
          <div className="flex flex-wrap items-start gap-3">
            <ImportOnlyToggle query={query} />
            <SaveSearchEntry
              filters={query.filters}
              query={listSearch(VEHICLE_FILTER_KEYS, { filters: query.filters }).slice(1)}
              signedIn={Boolean(root?.customer)}
            />
            <ImportListNote />
          </div>
        }
      />
    </ImportingFor.Provider>
  );
}
