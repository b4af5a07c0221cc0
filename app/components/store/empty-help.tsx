import type { StockPath } from "~/domain/inventory/stock-kinds";
import { Link } from "react-router";
import { listSearch, type Sort, withoutFilter } from "~/domain/search/filters";
import { totalText, type WayOut } from "~/domain/search/list";
import { useFormat, useT } from "~/i18n/i18n";
import type { FilterField } from "./filter-panel";

/** What a buyer sees of a filter: its label and its shown value ("Fuel: Diesel"). */
function filterText(field: FilterField | undefined, name: string, value: string, number: (n: number) => string) {
  if (!field || field.kind === "hidden") return `${name}: ${value}`;
  if (field.kind === "select") {
    // Menu labels carry a count ("Toyota (3)"); such a field says its value in words of its own.
    const option = field.options.find((o) => o.value === value);
    return `${field.label}: ${field.valueLabel ? field.valueLabel(value) : (option?.label ?? value)}`;
  }
  if (field.kind === "dependent") return `${field.label}: ${field.optionLabel ? field.optionLabel(value) : value}`;
  // A price is told as the form shows it (in the buyer's currency).
  if (field.kind === "number" && field.shown !== undefined) return `${field.label}: ${number(field.shown)}`;
  if (field.kind === "number" && /^\d+$/.test(value)) return `${field.label}: ${number(Number(value))}`;
  return `${field.label}: ${value}`;
}

/**
 * An empty list's way on: the nearest ways out (which one filter to drop and
 * how many that would show), and a "Find one for me" request carrying the
 * filters the buyer chose.
 */
export function EmptyHelp({
  kind,
  keys,
  query,
  waysOut,
  fields,
  budgetYen,
}: {
  kind: StockPath;
  keys: readonly string[];
  query: { filters: Record<string, string | number | undefined>; sort: Sort; perPage: number };
  waysOut: WayOut[];
  fields: FilterField[];
  /** The list's price limit in yen (a Find one for me budget is in yen). */
  budgetYen?: number;
}) {
  const { t } = useT("stock");
  const format = useFormat();
  const shown = waysOut.slice(0, 3);
  const f = query.filters;
  const wanted = new URLSearchParams({ kind: kind === "vehicles" ? "vehicle" : "part" });
  for (const [from, to] of [
    ["Make", "make"],
    ["Model", "model"],
    ["YearFrom", "yearFrom"],
    ["YearTo", "yearTo"],
  ] as const) {
    if (f[from] !== undefined) wanted.set(to, String(f[from]));
  }
  if (budgetYen !== undefined) wanted.set("budget", String(budgetYen));
  return (
    <div className="mx-auto mt-6 max-w-md space-y-6 text-left" data-testid="empty-help">
      {shown.length > 0 ? (
        <div>
          <h2 className="text-base font-semibold text-slate-900">{t("empty.nearest")}</h2>
          <ul className="mt-2 space-y-2">
            {shown.map((way) => {
              const rest = withoutFilter(f, way.drop);
              return (
                <li key={way.drop}>
                  <Link
                    to={`/${kind}${listSearch(keys, { filters: rest, sort: query.sort, perPage: query.perPage })}`}
                    className="flex items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm hover:border-accent-600"
                    data-testid="way-out"
                  >
                    <span className="text-slate-800">
                      {t("empty.drop", {
                        filter: filterText(
                          fields.find((x) => x.name === way.drop),
                          way.drop,
                          String(f[way.drop]),
                          format.number,
                        ),
                      })}
                    </span>
                    <span className="shrink-0 font-semibold text-accent-700">
                      {t(`empty.wouldShow.${kind}`, { count: way.total, total: totalText(way, format.number) })}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <div className="rounded-lg bg-slate-50 p-4">
        <h2 className="text-base font-semibold text-slate-900">{t("empty.findTitle")}</h2>
        <p className="mt-1 text-sm text-slate-600">{t(`empty.findText.${kind}`)}</p>
        <Link to={`/find-for-me?${wanted}`} className="mt-3 inline-flex h-11 items-center btn-accent px-4 text-sm">
          {t("empty.findButton")}
        </Link>
      </div>
    </div>
  );
}
