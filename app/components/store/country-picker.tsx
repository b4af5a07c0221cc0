import { useT } from "~/i18n/i18n";
import { useRootData } from "~/utils/root-data";
import { PreferenceForm } from "./preference-form";

/** Choose the country imported into (when it is not the port's); remembered for a year. */
export function CountryPicker({ compact = false }: { compact?: boolean }) {
  const importing = useRootData()?.importing ?? null;
  const { t } = useT("stock");
  if (!importing || importing.countries.length === 0) return null;
  const chosen = importing.country ?? "";
  return (
    <PreferenceForm
      name="importCountry"
      value={chosen}
      label={<span className={compact ? "whitespace-nowrap" : "font-medium"}>{t("imports.importInto")}</span>}
      testId="country-form"
      className="flex items-center gap-2 text-sm text-slate-700"
      selectClassName={`h-10 ${compact ? "max-w-[12rem]" : "max-w-[18rem]"} rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-accent-600 focus:ring-2 focus:ring-accent-200 focus:outline-none`}
    >
      <option value="">{t("imports.chooseCountry")}</option>
      {[...new Set([...(chosen ? [chosen] : []), ...importing.countries])].map((country) => (
        <option key={country} value={country}>
          {country}
        </option>
      ))}
    </PreferenceForm>
  );
}
