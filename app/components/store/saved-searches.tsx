import { Form, Link, useSearchParams } from "react-router";
import { SAVED_SEARCH_NAME_MAX, savedSearchPath } from "~/domain/alerts/saved-search-path";
import type { VehicleFilters } from "~/domain/search/filters";
import type { TFunction } from "~/i18n/core";
import { useFormat, useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { optionLabel } from "./option-label";

/*
 * Saved searches (issue 9): the section of /account that lists them, and the
 * words both it and the "Save this search" form (save-search-form.tsx) write
 * filters in. Both post to /saved-searches; the server decides who may change what.
 */

/** What the words need of useFormat(): numbers and yen in the page's language. */
type Format = Pick<ReturnType<typeof useFormat>, "number" | "yen" | "money">;

/** The page's currency and how its language writes it (root data), so that currency is written without Intl. */
type PageRate = { code: string; pattern?: string } | null | undefined;

/** The filters in words, each a short phrase: "Toyota Land Cruiser", "2015–2020", "up to ¥3,000,000"... */
export function describeFilters(
  f: VehicleFilters,
  t: TFunction<"account">,
  stock: TFunction<"stock">,
  format: Format,
  rate?: PageRate,
): string[] {
  const range = (from: string | undefined, to: string | undefined) =>
    from && to
      ? from === to
        ? from
        : t("savedSearches.words.range", { from, to })
      : from
        ? t("savedSearches.words.from", { value: from })
        : to
          ? t("savedSearches.words.upTo", { value: to })
          : null;
  const km = (n: number | undefined) =>
    n === undefined ? undefined : t("savedSearches.words.km", { value: format.number(n) });
  // Prices in the currency they were saved in ("up to US$8,000").
  const price = (n: number | undefined) =>
    n === undefined
      ? undefined
      : f.Currency
        ? format.money(n, f.Currency, f.Currency === rate?.code ? rate.pattern : undefined)
        : format.yen(n);
  const what = [
    f.Make,
    f.Model,
    f.SubType ? optionLabel(stock, "bodySubType", f.SubType) : f.Type ? optionLabel(stock, "bodyType", f.Type) : null,
  ]
    .filter(Boolean)
    .join(" ");
  return [
    what || null,
    range(f.YearFrom?.toString(), f.YearTo?.toString()),
    range(price(f.PriceFrom), price(f.PriceTo)),
    range(km(f.MileageFrom), km(f.MileageTo)),
    optionLabel(stock, "transmission", f.Transmission),
    optionLabel(stock, "fuel", f.Fuel),
    optionLabel(stock, "drive", f.Drive),
    f.Steering ? `${stock("filters.steering")}: ${optionLabel(stock, "steering", f.Steering)}` : null,
    optionLabel(stock, "color", f.Color),
    f.Keyword ? t("savedSearches.words.keyword", { keyword: f.Keyword }) : null,
    f.ImportTo ? t("savedSearches.words.importTo", { country: f.ImportTo }) : null,
    f.AuctionSheet ? `${stock("filters.sheetGroup")}: ${stock("filters.auctionSheetYes")}` : null,
    f.GradeFrom ? `${stock("filters.gradeFrom")} ${stock("filters.gradeAtLeast", { grade: f.GradeFrom })}` : null,
    f.SheetFlags ? `${stock("filters.sheetFlags")}: ${stock("filters.sheetFlagsHide")}` : null,
  ].filter((part): part is string => Boolean(part));
}

/** The name a new saved search is offered: its filters in a few words, at most 60 characters. */
export function defaultSearchName(
  f: VehicleFilters,
  t: TFunction<"account">,
  stock: TFunction<"stock">,
  format: Format,
  rate?: PageRate,
): string {
  const name = describeFilters(f, t, stock, format, rate).join(", ") || t("savedSearches.words.allVehicles");
  return name.length <= SAVED_SEARCH_NAME_MAX ? name : `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1).trim()}…`;
}

export type SavedSearchRow = {
  id: number;
  name: string;
  query: string;
  alertsOn: boolean;
  lastAlertAt: string | null;
  /** The query's filters, read by the server (savedSearchFilters): the page's script does not parse queries. */
  filters: VehicleFilters;
};

/** What the last change on /account was (the address says, after the redirect). */
const NOTICES = { delete: "deleted", "alerts-on": "turnedOn", "alerts-off": "turnedOff" } as const;

/** The /account section: each search with its filters, alert state and buttons. */
export function SavedSearchesSection({ items }: { items: SavedSearchRow[] }) {
  const { t } = useT("account");
  const { t: stock } = useT("stock");
  const format = useFormat();
  const rate = useRootData()?.rate;
  const [searchParams] = useSearchParams();
  const notice = NOTICES[searchParams.get("savedSearch") as keyof typeof NOTICES] ?? null;
  const button =
    "h-9 rounded-lg border px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    <section
      id="saved-searches"
      aria-labelledby="saved-searches-title"
      className="mt-10 scroll-mt-6"
      data-testid="saved-searches"
    >
      <h2 id="saved-searches-title" className="text-lg font-bold text-slate-900">
        {t("savedSearches.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("savedSearches.intro")}</p>
      {notice ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          {t(`savedSearches.notice.${notice}`)}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-4 text-slate-600">
          {t("savedSearches.empty")}{" "}
          <Link to="/vehicles" className="font-semibold text-accent-700 hover:underline">
            {t("savedSearches.browse")}
          </Link>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {items.map((s) => {
            const summary = describeFilters(s.filters, t, stock, format, rate);
            return (
              <li
                key={s.id}
                className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between"
                data-testid="saved-search"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{s.name}</p>
                  <Link
                    to={savedSearchPath(s.query)}
                    className="mt-0.5 block text-sm break-words text-accent-700 hover:underline"
                  >
                    {summary.length > 0 ? summary.join(" · ") : t("savedSearches.words.allVehicles")}
                  </Link>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                    <span
                      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold ${
                        s.alertsOn ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-700"
                      }`}
                      data-testid="alert-state"
                    >
                      {s.alertsOn ? t("savedSearches.alertsOn") : t("savedSearches.alertsOff")}
                    </span>
                    <span>
                      {s.lastAlertAt
                        ? t("savedSearches.lastAlert", { date: format.date(s.lastAlertAt) })
                        : t("savedSearches.noAlertYet")}
                    </span>
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Form method="post" action="/saved-searches">
                    <input type="hidden" name="id" value={s.id} />
                    <input type="hidden" name="intent" value={s.alertsOn ? "alerts-off" : "alerts-on"} />
                    <button
                      type="submit"
                      aria-label={t(s.alertsOn ? "savedSearches.turnOffLabel" : "savedSearches.turnOnLabel", {
                        name: s.name,
                      })}
                      className={`${button} border-slate-300 text-slate-800 hover:bg-slate-50`}
                    >
                      {s.alertsOn ? t("savedSearches.turnOff") : t("savedSearches.turnOn")}
                    </button>
                  </Form>
                  <Form method="post" action="/saved-searches">
                    <input type="hidden" name="id" value={s.id} />
                    <input type="hidden" name="intent" value="delete" />
                    <button
                      type="submit"
                      aria-label={t("savedSearches.deleteLabel", { name: s.name })}
                      className={`${button} border-red-200 text-red-700 hover:bg-red-50`}
                    >
                      {t("savedSearches.delete")}
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
