import { useCallback } from "react";
import { translateStored, useT } from "~/i18n/i18n";

/** The option lists of the stock forms that have words to translate (makes and models are names). */
export type OptionGroup =
  | "fuel"
  | "transmission"
  | "steering"
  | "color"
  | "condition"
  | "vehicleType"
  | "vehicleSubType"
  | "partType"
  | "partSubType";

/** The catalogue key of an option value: "Full-size SUV" → "fullSizeSuv", "petrol" → "petrol". */
export function optionKey(value: string): string {
  return value
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word, i) => {
      const lower = word.toLowerCase();
      return i === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join("");
}

/**
 * Labels for stored option values: the value stays English in the form and
 * the database, the label is in the staff's language. A value the catalogue
 * does not know is shown as it is (or as `fallback` gives it).
 */
export function useOptionLabels() {
  const { t } = useT("admin");
  const label = useCallback(
    (group: OptionGroup, value: string, fallback = value) =>
      translateStored(t, `options.${group}.${optionKey(value)}`, fallback),
    [t],
  );
  const options = useCallback(
    (group: OptionGroup, values: readonly string[], fallback: (value: string) => string = (v) => v) =>
      values.map((value) => ({ value, label: label(group, value, fallback(value)) })),
    [label],
  );
  return { label, options };
}
