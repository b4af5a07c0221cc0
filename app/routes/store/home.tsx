import { Link } from "react-router";
import { optionLabel } from "~/components/store/option-label";
import { SearchBox, type SearchBoxOptions } from "~/components/store/search-box";
import { RecentlyViewed } from "~/components/store/recent";
import { StockCard } from "~/components/store/stock-card";
import { TypeIcon } from "~/components/store/type-icon";
import { MakeBadge } from "~/components/store/make-badge";
import { getServices } from "~/context.server";
import {
  HOME_MAKES,
  HOME_TYPES,
  mergeOptions,
  PART_MAKES,
  PART_MODELS,
  PART_TYPES,
  PUBLIC_FIRST_YEAR,
  VEHICLE_MAKES,
  VEHICLE_MODELS,
  VEHICLE_SUB_TYPES,
  VEHICLE_TYPES,
  yearsFrom,
} from "~/domain/inventory/catalogue";
import { latestParts, latestVehicles } from "~/domain/inventory/inventory.server";
import { stockFacets } from "~/domain/search/menu-counts.server";
import { getCustomer } from "~/domain/accounts/sessions.server";
import { recentVehicles } from "~/domain/buyer-tools/recent.server";
import { metaT, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { log } from "~/utils/log.server";
import { shopNameOf } from "~/components/store/page-meta";
import type { Route } from "./+types/home";

function mergeMap(reference: Record<string, readonly string[]>, inStock: Record<string, string[]>) {
  const keys = mergeOptions(Object.keys(reference), Object.keys(inStock));
  return Object.fromEntries(keys.map((k) => [k, mergeOptions(reference[k] ?? [], inStock[k] ?? [])]));
}

// The query string is ignored on purpose: the home page is the same for everyone.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  // Signed-in buyers' recently viewed vehicles come from the server; visitors' from their browser.
  const customer = await getCustomer(getServices(context), request);
  const years = yearsFrom(PUBLIC_FIRST_YEAR);
  const reference = {
    vehicle: {
      types: [...new Set([...VEHICLE_TYPES, ...HOME_TYPES])],
      makes: [...new Set([...VEHICLE_MAKES, ...HOME_MAKES])],
    },
  };
  try {
    // The makes, models, types and subtypes in stock, and how many, from the counts the database keeps
    // (issue 18.2): reading them from the stock itself took 150 to 210 ms a page at a million vehicles.
    const [vehicles, parts, recent, facets, partFacets] = await Promise.all([
      latestVehicles(db),
      latestParts(db),
      customer ? recentVehicles(db, customer.id) : null,
      stockFacets(db, "vehicles"),
      stockFacets(db, "parts"),
    ]);
    // How many of each make are in stock (not sold).
    const makeCounts: Record<string, number> = Object.fromEntries(facets.makes.map((m) => [m.name, m.unsold]));
    const vehicleSearch: SearchBoxOptions = {
      types: mergeOptions(reference.vehicle.types, Object.keys(facets.subTypes)),
      subTypes: mergeMap(VEHICLE_SUB_TYPES, facets.subTypes),
      makes: mergeOptions(reference.vehicle.makes, Object.keys(facets.models)),
      models: mergeMap(VEHICLE_MODELS, facets.models),
      years,
    };
    const partSearch: SearchBoxOptions = {
      types: mergeOptions(PART_TYPES, Object.keys(partFacets.subTypes)),
      makes: mergeOptions(PART_MAKES, Object.keys(partFacets.models)),
      models: mergeMap(PART_MODELS, partFacets.models),
      years,
    };
    return { vehicles, parts, vehicleSearch, partSearch, failed: false, recent, makeCounts };
  } catch (error) {
    log("error", "home page stock could not be read", { error: String(error) });
    // The page still works from the reference lists; the visitor is told the stock is missing.
    const vehicleSearch: SearchBoxOptions = {
      ...reference.vehicle,
      subTypes: mergeMap(VEHICLE_SUB_TYPES, {}),
      models: mergeMap(VEHICLE_MODELS, {}),
      years,
    };
    const partSearch: SearchBoxOptions = {
      types: PART_TYPES,
      makes: PART_MAKES,
      models: mergeMap(PART_MODELS, {}),
      years,
    };
    return {
      vehicles: [],
      parts: [],
      vehicleSearch,
      partSearch,
      failed: true,
      recent: null,
      makeCounts: null as Record<string, number> | null,
    };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches, "home");
  const name = shopNameOf(matches) ?? t("meta.fallbackName", { defaultValue: "Japanese used vehicles" });
  return [
    { title: t("meta.title", { shopName: name, defaultValue: `${name} · Used vehicles and parts from Japan` }) },
    {
      name: "description",
      content: t("meta.description", {
        defaultValue:
          "Quality used vehicles, parts and machinery from Japan with low fees, worldwide shipping and dedicated support. Ask for a free price quote.",
      }),
    },
  ];
}

// Keys of the "home" catalogue: why.<point>.title and why.<point>.text.
const WHY = ["support", "inventory", "fees", "shipping"] as const;

function SectionHeading({ id, title, href, more }: { id: string; title: string; href: string; more: string }) {
  return (
    <div className="flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl title">
        {title}
      </h2>
      <Link to={href} className="shrink-0 text-sm font-semibold text-accent-700 hover:underline">
        {more} →
      </Link>
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useT("home");
  const { t: stockT } = useT("stock");
  const root = useRootData();
  const customer = root?.customer ?? null;
  const { vehicles, parts, vehicleSearch, partSearch, failed, recent, makeCounts } = loaderData;

  return (
    <>
      <section className="bg-gradient-to-b from-accent-50 to-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 pt-5 pb-4 sm:px-6 sm:pt-12 sm:pb-10 lg:grid-cols-[1.1fr_1fr] lg:pt-16">
          <div className="flex flex-col justify-center">
            <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase max-sm:hidden">
              {t("hero.eyebrow")}
            </p>
            <h1 className="mt-3 text-3xl leading-tight title max-sm:mt-0 max-sm:text-xl sm:text-5xl">
              {t("hero.headline")}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600 max-sm:hidden">{t("hero.intro")}</p>
            {/* A phone's first screen: one search box, then the newest cars (the full search is on the list). */}
            <form method="get" action="/vehicles" className="mt-3 flex gap-2 sm:hidden" data-testid="phone-search">
              <label htmlFor="phone-keyword" className="sr-only">
                {t("search.vehicleTitle")}
              </label>
              <input
                id="phone-keyword"
                name="Keyword"
                type="search"
                maxLength={100}
                placeholder={t("search.vehiclePlaceholder")}
                className="field mt-0 min-w-0 flex-1"
              />
              <button type="submit" className="h-11 shrink-0 btn-accent px-4">
                {t("search.searchVehicles")}
              </button>
            </form>
            {customer ? (
              <p className="mt-8 text-lg font-semibold text-slate-900 max-sm:hidden">
                {t("hero.welcomeBack", { name: customer.fullName })}
              </p>
            ) : (
              <div className="mt-8 flex flex-wrap gap-3 max-sm:hidden" data-testid="welcome-banner">
                <Link to="/register" className="btn-accent px-6 py-3">
                  {t("hero.register")}
                </Link>
                <Link to="/login" className="btn-plain bg-white hover:bg-slate-50 px-6 py-3">
                  {t("hero.login")}
                </Link>
              </div>
            )}
          </div>
          <div className="grid gap-6 max-sm:hidden">
            <SearchBox
              title={t("search.vehicleTitle")}
              action="/vehicles"
              options={vehicleSearch}
              withSubType
              testId="vehicle-search"
            />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-16 px-4 max-sm:space-y-10 sm:px-6">
        {failed ? (
          <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
            {t("stockFailed")}
          </p>
        ) : null}

        <section aria-labelledby="latest-vehicles" className="space-y-6 pt-6 max-sm:pt-2">
          <SectionHeading
            id="latest-vehicles"
            title={t("latest.vehicles")}
            href="/vehicles"
            more={t("latest.moreVehicles")}
          />
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="latest-vehicles">
            {vehicles.map((v, i) => (
              <StockCard key={v.id} item={v} href={`/vehicles/${v.id}`} eager={i < 3} compare />
            ))}
          </div>
        </section>

        <section aria-labelledby="makes-title">
          <h2 id="makes-title" className="text-lg font-bold text-slate-900">
            {t("makes.title")}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
            {HOME_MAKES.map((make) => {
              const id = `make-count-${make.replace(/[^a-z0-9]+/gi, "-")}`;
              const count = makeCounts?.[make] ?? 0;
              // A make with nothing in stock is not offered as a way in: its tile says so, without a link.
              if (makeCounts && count === 0)
                return (
                  <li key={make}>
                    <div className="make-tile make-tile-empty" data-testid="make-empty">
                      <MakeBadge make={make} />
                      <span className="truncate">{make}</span>
                      <span className="make-count" aria-hidden="true">
                        0
                      </span>
                      <span className="sr-only">{stockT("menu.inStock", { count: 0 })}</span>
                    </div>
                  </li>
                );
              return (
                <li key={make}>
                  <Link
                    to={`/vehicles?Make=${encodeURIComponent(make)}`}
                    aria-describedby={makeCounts ? id : undefined}
                    className="make-tile"
                  >
                    <MakeBadge make={make} />
                    <span className="truncate">{make}</span>
                    {makeCounts ? (
                      <>
                        {/* The link's name stays the make; the count is its description ("9 in stock"). */}
                        <span className="make-count" aria-hidden="true" data-testid="make-count">
                          {count}
                        </span>
                        <span id={id} hidden>
                          {stockT("menu.inStock", { count })}
                        </span>
                      </>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
          <ul className="mt-6 grid grid-cols-4 gap-3 sm:grid-cols-5 lg:grid-cols-10" aria-label={t("makes.typesLabel")}>
            {HOME_TYPES.map((type) => (
              <li key={type} className="type-tile">
                <TypeIcon type={type} />
                {optionLabel(stockT, "bodyType", type)}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="latest-parts-title" className="grid gap-8 lg:grid-cols-[1fr_2fr]">
          <div className="lg:self-start">
            <SearchBox
              title={t("search.partTitle")}
              action="/parts"
              options={partSearch}
              withSubType={false}
              testId="part-search"
            />
          </div>
          <div className="space-y-6">
            <SectionHeading
              id="latest-parts-title"
              title={t("latest.parts")}
              href="/parts"
              more={t("latest.moreParts")}
            />
            <div className="grid gap-6 sm:grid-cols-2" data-testid="latest-parts">
              {parts.map((p) => (
                <StockCard key={p.id} item={p} href={`/parts/${p.id}`} />
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="why-title" className="rounded-2xl bg-slate-50 px-6 py-12 sm:px-10">
          <h2 id="why-title" className="text-center text-2xl title">
            {t("why.title")}
          </h2>
          <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {WHY.map((point) => (
              <li key={point}>
                <h3 className="font-semibold text-slate-900">{t(`why.${point}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(`why.${point}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        {/* Last on the page: drawn in the browser for visitors, so when it appears nothing above it moves. */}
        <RecentlyViewed serverItems={recent} />
      </div>
    </>
  );
}
