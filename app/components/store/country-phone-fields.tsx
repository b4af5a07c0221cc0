import { useId } from "react";
import { Field } from "~/components/ui/field";
import { type CountryList, type CountryOption, unpackCountries } from "~/domain/country-list";
import { useT } from "~/i18n/i18n";

/** The option a typed country names: by its name in the list or its code, whatever the case and spacing. */
const optionOf = (choices: readonly CountryOption[], typed: string | undefined) => {
  const key = (typed ?? "").trim().toLowerCase();
  return key ? choices.find((c) => c.name.toLowerCase() === key || c.code.toLowerCase() === key) : undefined;
};

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
  choices,
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
  /** Every country, written by the server (countryOptions): the list of them stays off the page's scripts. */
  choices: CountryList;
}) {
  const { t } = useT("account");
  const listId = useId();
  const options = unpackCountries(choices);
  const chosen = optionOf(options, values.country);
  const againError = unknownCountry ? t("contact.countryAgain", { country: unknownCountry }) : undefined;
  const fillPrefix = (event: React.FormEvent<HTMLDivElement>) => {
    const box = event.target as HTMLInputElement;
    if (box.name !== "country") return;
    const option = optionOf(options, box.value);
    const phone = event.currentTarget.querySelector<HTMLInputElement>(`input[name="${phoneName}"]`);
    // Only a box that is empty or holds nothing but a calling code: a number being typed is the buyer's.
    if (option && phone && /^\s*(\+\d{0,4}\s*)?$/.test(phone.value)) phone.value = option.prefix;
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
        {options.map((c) => (
          <option key={c.code} value={c.name} />
        ))}
      </datalist>
      <Field
        label={labels.phone}
        name={phoneName}
        type="tel"
        autoComplete="tel"
        maxLength={30}
        defaultValue={values.phone || (chosen ? chosen.prefix : "")}
        error={errors.phone}
        hint={t("contact.phoneHint")}
      />
    </div>
  );
}
