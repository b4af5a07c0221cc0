import { Form } from "react-router";
import { listSearch, type Sort, VEHICLE_FILTER_KEYS, type VehicleFilters } from "~/domain/search/filters";
import { useT } from "~/i18n/i18n";
import { SourceLink, useCheckedDay, useCountryName, useImporting } from "./import-badge";
import { NoScriptApply } from "./list-toolbar";
import { useRootData } from "~/utils/root-data";

/**
 * Above the vehicle list: "Only what I can import into Kenya", a checkbox
 * that applies itself (Apply without JavaScript), keeping the list's other
 * filters, sort and page size.
 */
export function ImportOnlyToggle({ query }: { query: { filters: VehicleFilters; sort: Sort; perPage: number } }) {
  const importing = useRootData()?.importing ?? null;
  const { t } = useT("stock");
  const named = useCountryName();
  const { filters } = query;
  const country = filters.ImportTo ?? importing?.country ?? null;
  if (!country) return null;
  const others = new URLSearchParams(
    listSearch(VEHICLE_FILTER_KEYS, { ...query, filters: { ...filters, ImportTo: undefined }, page: 1 }),
  );
  return (
    <Form method="get" action="/vehicles" data-testid="import-only" className="flex items-center gap-2">
      {[...others].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50">
        <input
          type="checkbox"
          name="ImportTo"
          data-send
          value={country}
          defaultChecked={Boolean(filters.ImportTo)}
          key={filters.ImportTo ?? ""}
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
          className="h-4 w-4 rounded border-slate-400 accent-accent-700"
        />
        {t("imports.onlyImportable", { country: named(country) })}
      </label>
      <NoScriptApply />
    </Form>
  );
}

/** Under the list's toggle: whose rule the cards answer with, when it was checked, and the advice to confirm. */
export function ImportListNote() {
  const { t } = useT("stock");
  const checkedDay = useCheckedDay();
  const named = useCountryName();
  const rule = useImporting()?.rule;
  if (!rule) return null;
  return (
    <p className="w-full text-xs text-slate-600" data-testid="import-list-note">
      {t("imports.listNote", { country: named(rule.country), date: checkedDay(rule) })} <SourceLink rule={rule} />
    </p>
  );
}
