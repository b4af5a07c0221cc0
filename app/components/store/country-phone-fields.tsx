import { useId, useMemo } from "react";
import { Field } from "~/components/ui/field";
import { countryChoices, findCountry } from "~/domain/countries";
import { phonePrefix } from "~/domain/phone-numbers";
import { useLanguage, useT } from "~/i18n/i18n";

/**
 * The buyer's country, typed into a box that suggests the countries in the
 * page's language (a datalist: searchable on a phone, and there before any
 * script), and the phone, which starts with the chosen country's calling code.
 * The server reads both (contact-fields.ts); the script only fills "+254 " in
 * as the country is chosen.
 */
export function CountryPhoneFields({
  labels,
  values,
  errors,
  phoneName = "phone",
  unknownCountry,
  className = "contents",
}: {
  labels: { country: string; phone: string };
  values: { country?: string; phone?: string };
  errors: { country?: string; phone?: string };
  /** The phone box's name in the form ("phone"). */
  phoneName?: string;
  /** A stored country the list does not know: shown as it was typed, with a word to choose again. */
  unknownCountry?: string | null;
  /** The wrapper's classes: "contents" lets the two fields sit in the form's grid; a stacked form gives its spacing. */
  className?: string;
}) {
  const { t } = useT("account");
  const language = useLanguage();
  const listId = useId();
  const choices = useMemo(() => countryChoices(language), [language]);
  const chosen = findCountry(values.country);
  const againError = unknownCountry ? t("contact.countryAgain", { country: unknownCountry }) : undefined;
  const fillPrefix = (event: React.FormEvent<HTMLDivElement>) => {
    const box = event.target as HTMLInputElement;
    if (box.name !== "country") return;
    const code = findCountry(box.value);
    const phone = event.currentTarget.querySelector<HTMLInputElement>(`input[name="${phoneName}"]`);
    // Only a box that is empty or holds nothing but a calling code: a number being typed is the buyer's.
    if (code && phone && /^\s*(\+\d{0,4}\s*)?$/.test(phone.value)) phone.value = phonePrefix(code);
  };
  return (
    <div className={className} onInput={fillPrefix}>
      <Field
        label={labels.country}
        name="country"
        defaultValue={values.country ?? ""}
        error={errors.country ?? againError}
        autoComplete="country-name"
        maxLength={60}
        list={listId}
        hint={t("contact.countryHint")}
      />
      <datalist id={listId}>
        {choices.map((c) => (
          <option key={c.code} value={c.name} />
        ))}
      </datalist>
      <Field
        label={labels.phone}
        name={phoneName}
        type="tel"
        autoComplete="tel"
        maxLength={30}
        defaultValue={values.phone || (chosen ? phonePrefix(chosen) : "")}
        error={errors.phone}
        hint={t("contact.phoneHint")}
      />
    </div>
  );
}
