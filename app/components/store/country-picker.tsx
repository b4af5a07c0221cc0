import { useT } from "~/i18n/i18n";
import { Choice } from "~/components/ui/choice";
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
      selectClassName={`field-bar ${compact ? "max-w-[12rem]" : "max-w-[18rem]"}`}
    >
      <option value="">{t("imports.chooseCountry")}</option>
      {[...new Set([...(chosen ? [chosen] : []), ...importing.countries])].map((country) => (
        // The value stays the shop's name, which the import rules are matched by; the label is in the page's language.
        <Choice key={country} value={country} label={importing.names[country] ?? country} />
      ))}
    </PreferenceForm>
  );
}
