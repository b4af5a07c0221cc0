import type { ReactNode } from "react";
import { useState } from "react";
import { Link } from "react-router";
import { compareStore, setCompareIds, useCompareIds, useMeasuredHeight } from "~/components/store/compare";
import { optionLabel } from "~/components/store/option-label";
import { useRootData } from "~/utils/root-data";
import { DeliveredPrice, PortText, Price } from "~/components/store/price";
import { landedPrice } from "~/domain/freight/freight";
import { sizeClassOf } from "~/domain/inventory/size-class";
import { StockImage, StockStatusBadge } from "~/components/store/stock-card";
import { type SpecRow, vehicleFactRows, vehicleNameRows } from "~/components/store/vehicle-specs";
import { useMonthText } from "~/components/store/import-badge";
import { getServices } from "~/context.server";
import { compareHref, MAX_COMPARE, parseCompareIds, sameVehicles } from "~/domain/buyer-tools/compare";
import { compareVehicles } from "~/domain/buyer-tools/compare.server";
import { metaT, useFormat, useT } from "~/i18n/i18n";
import { useHydrated } from "~/utils/stored-ids";
import { shopNameOf } from "~/components/store/page-meta";
import type { Route } from "./+types/compare";

/*
 * Vehicles side by side at their own address (/compare?ids=12,7,30), so a
 * comparison can be shared. The address decides what is shown; the
 * visitor's stored selection is only changed when they say so.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const { ids, more } = parseCompareIds(new URL(request.url).searchParams);
  const found = await compareVehicles(db, ids);
  // Only what the table shows travels to the page: no description, one photo.
  const vehicles = found.map(({ description: _description, images, createdAt: _c, updatedAt: _u, ...v }) => ({
    ...v,
    image: images[0] ?? null,
  }));
  return { ids, more, missing: ids.length - vehicles.length, vehicles };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches, "home");
  const name = shopNameOf(matches) ?? t("meta.fallbackName", { defaultValue: "Japanese used vehicles" });
  return [
    { title: t("compare.meta.title", { shopName: name, defaultValue: `Compare vehicles · ${name}` }) },
    // A comparison is any mix of ids: not a page for search engines.
    { name: "robots", content: "noindex" },
  ];
}

type Vehicle = Route.ComponentProps["loaderData"]["vehicles"][number];

/**
 * One row of the table. `values` decide whether the row differs (rows that only name the
 * vehicle are never marked); `cells`, when given, are shown instead.
 */
export type CompareRow = {
  key: string;
  label: string;
  values: (string | number | null)[];
  cells?: ReactNode[];
  names?: boolean;
};

const blank = (value: string | number | null) => value === null || value === "";

/** A row differs when two shown vehicles have different values (a missing value counts as one). */
export function rowDiffers(values: readonly (string | number | null)[]): boolean {
  return values.length > 1 && new Set(values.map((v) => (blank(v) ? "" : String(v)))).size > 1;
}

function useRows(vehicles: Vehicle[]): CompareRow[] {
  const { t } = useT("stock");
  const { t: homeT } = useT("home");
  const format = useFormat();
  const month = useMonthText();
  const destination = useRootData()?.destination ?? null;
  const tableRows = (of: (v: Vehicle) => SpecRow[], names: boolean): CompareRow[] => {
    const perVehicle = vehicles.map(of);
    return (perVehicle[0] ?? []).map(([label], i) => ({
      key: `${names ? "name" : "spec"}-${i}`,
      label,
      values: perVehicle.map((rows) => rows[i]![1]),
      names,
    }));
  };
  const nameRows = tableRows((v) => vehicleNameRows(v, t), true);
  const specRows = tableRows((v) => vehicleFactRows(v, t, format.number, month), false);
  // A list, so more rows (such as the total to the buyer's port) can join it.
  return [
    {
      key: "price",
      label: t("detail.vehicle.fobPrice"),
      values: vehicles.map((v) => v.price),
      cells: vehicles.map((v) => <Price key={v.id} yen={v.price} label="" />),
    },
    // With a port chosen: the C&F / CIF total there, or "ask for a quote".
    ...(destination
      ? [
          {
            key: "to-port",
            label: destination.words.title,
            values: vehicles.map((v) => landedPrice(v.price, sizeClassOf(v), destination)?.total ?? null),
            cells: vehicles.map((v) => <DeliveredPrice key={v.id} yen={v.price} sizeClass={sizeClassOf(v)} />),
          },
        ]
      : []),
    {
      key: "status",
      label: homeT("compare.table.status"),
      values: vehicles.map((v) => v.stockStatus),
      cells: vehicles.map((v) => optionLabel(t, "stockStatus", v.stockStatus)),
    },
    ...nameRows,
    ...specRows,
  ];
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { t } = useT("home");
  const { t: stockT } = useT("stock");
  const { ids, more, missing, vehicles } = loaderData;
  const shown = vehicles.map((v) => v.id);
  const stored = useCompareIds();
  const hydrated = useHydrated();
  const [adopted, setAdopted] = useState(false);
  const rows = useRows(vehicles);
  const mine = sameVehicles(stored, shown) || sameVehicles(stored, ids);
  const remove = (id: number) => {
    // The visitor's own selection follows; someone else's shared link does not touch it.
    const current = compareStore.get();
    if (sameVehicles(current, shown) || sameVehicles(current, ids)) setCompareIds(shown.filter((x) => x !== id));
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl title">{t("compare.title")}</h1>
      <p className="mt-1 text-slate-600">{t("compare.intro", { max: MAX_COMPARE })}</p>

      {more || missing > 0 ? (
        <div className="mt-4 space-y-2" data-testid="compare-notices">
          {more ? (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
              {t("compare.more", { max: MAX_COMPARE })}
            </p>
          ) : null}
          {missing > 0 ? (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
              {t("compare.missing", { count: missing })}
            </p>
          ) : null}
        </div>
      ) : null}

      {vehicles.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center">
          <p className="text-lg font-semibold text-slate-900">{t("compare.empty.title")}</p>
          <p className="mx-auto mt-2 max-w-xl text-slate-600">{t("compare.empty.text", { max: MAX_COMPARE })}</p>
          <div className="mt-6 flex flex-col items-center gap-3">
            <Link to="/vehicles" className="inline-flex h-11 items-center btn-accent px-5">
              {t("compare.empty.browse")}
            </Link>
            {hydrated && stored.length > 0 && !sameVehicles(stored, ids) ? (
              <Link to={compareHref(stored)} className="inline-flex h-11 items-center btn-plain px-5">
                {t("compare.empty.yours")}
              </Link>
            ) : null}
          </div>
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600 sm:hidden">{t("compare.swipe")}</p>
          {/* Scrolls sideways on phones; focusable, so the keyboard can scroll it too. Positioned, so the
              screen-reader-only texts inside (positioned absolutely) scroll with it instead of widening the page. */}
          <div
            role="region"
            aria-labelledby="compare-caption"
            tabIndex={0}
            className="relative mt-2 overflow-x-auto rounded-xl border border-slate-200 sm:mt-6"
            data-testid="compare-scroll"
          >
            <table className="w-full border-collapse text-sm" data-testid="compare-table">
              <caption id="compare-caption" className="sr-only">
                {t("compare.table.caption")}
              </caption>
              <thead>
                <tr className="align-top">
                  <td className="sticky left-0 z-10 w-28 min-w-28 border-b border-slate-200 bg-white sm:w-44" />
                  {vehicles.map((v) => (
                    <th
                      key={v.id}
                      scope="col"
                      className="min-w-44 border-b border-l border-slate-200 p-3 text-left font-normal"
                      data-testid="compare-column"
                      data-vehicle-id={v.id}
                    >
                      <div className="relative overflow-hidden rounded-lg">
                        <StockImage image={v.image} alt="" sizes="(min-width: 1024px) 280px, 45vw" />
                        <div className="absolute top-2 left-2">
                          <StockStatusBadge status={v.stockStatus} />
                        </div>
                      </div>
                      {/* Two lines for every name, so the Remove buttons line up. */}
                      <Link
                        to={`/vehicles/${v.id}`}
                        className="mt-2 line-clamp-2 min-h-10 leading-5 font-semibold text-slate-900 hover:text-accent-700 hover:underline"
                        data-testid="compare-vehicle-link"
                      >
                        {v.name}
                      </Link>
                      <Link
                        to={compareHref(shown.filter((x) => x !== v.id))}
                        onClick={() => remove(v.id)}
                        className="mt-2 inline-flex h-9 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50"
                        data-testid="compare-remove"
                      >
                        {t("compare.remove")} <span className="sr-only">{v.name}</span>
                      </Link>
                      <Link
                        to={`/vehicles/${v.id}#quote`}
                        className="mt-2 ml-2 inline-flex h-9 items-center btn-accent px-3 text-sm"
                        data-testid="compare-quote"
                      >
                        {t("compare.quote")} <span className="sr-only">{v.name}</span>
                      </Link>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const differs = !row.names && rowDiffers(row.values);
                  const tone = differs ? "bg-amber-50" : "bg-white";
                  return (
                    <tr key={row.key} data-testid="compare-row" data-row={row.key} data-differs={differs}>
                      <th
                        scope="row"
                        className={`sticky left-0 z-10 border-b border-slate-200 px-3 py-2.5 text-left align-top font-medium text-slate-600 ${tone}`}
                      >
                        <PortText text={row.label} />
                        {differs ? (
                          <span className="mt-0.5 block text-xs font-semibold text-amber-800">
                            <span aria-hidden="true">≠ </span>
                            {t("compare.differs")}
                          </span>
                        ) : null}
                      </th>
                      {row.values.map((value, i) => (
                        <td
                          key={vehicles[i]!.id}
                          className={`border-b border-l border-slate-200 px-3 py-2.5 align-top text-slate-900 ${tone}`}
                        >
                          {row.cells?.[i] ?? (blank(value) ? stockT("detail.spec.notAvailable") : value)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="mt-4">
            <Link to="/vehicles" className="font-semibold text-accent-700 hover:underline">
              {t("compare.empty.browse")}
            </Link>
          </p>
          {hydrated && (!mine || adopted) ? (
            <SharedComparisonBar
              adopted={adopted}
              yours={stored}
              onUse={() => {
                setCompareIds(shown);
                setAdopted(true);
              }}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * Someone else's comparison (a shared link) is shown as it is; this bar
 * offers to make it the visitor's own. It is fixed at the bottom, like the
 * compare bar, so appearing after hydration moves nothing on the page.
 */
function SharedComparisonBar({
  adopted,
  yours,
  onUse,
}: {
  adopted: boolean;
  yours: readonly number[];
  onUse: () => void;
}) {
  const { t } = useT("home");
  const [height, measure] = useMeasuredHeight();
  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section
        ref={measure}
        aria-label={t("compare.bar.label")}
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(15,23,42,0.08)]"
        data-testid="shared-comparison"
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <p role="status" className={adopted ? "text-sm font-medium text-slate-900" : "sr-only"}>
            {adopted ? t("compare.shared.used") : null}
          </p>
          {adopted ? null : (
            <>
              <p className="text-sm text-slate-800">
                {yours.length > 0 ? (
                  <>
                    {t("compare.shared.yoursToo", { count: yours.length })}{" "}
                    <Link to={compareHref(yours)} className="font-semibold text-accent-700 underline">
                      {t("compare.shared.openYours")}
                    </Link>
                  </>
                ) : (
                  t("compare.shared.text")
                )}
              </p>
              <button
                type="button"
                onClick={onUse}
                className="ml-auto inline-flex h-10 items-center btn-accent px-4 text-sm"
              >
                {t("compare.shared.use")}
              </button>
            </>
          )}
        </div>
      </section>
    </>
  );
}
