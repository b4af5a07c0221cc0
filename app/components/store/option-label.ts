import { type TFunction, translateStored } from "~/i18n/core";

/**
 * Display labels of the shop's option lists (app/domain/inventory/catalogue.ts)
 * in the page's language. Only the label is translated: the value stays the
 * English word that goes into URLs, forms and the database.
 *
 * Catalogue keys are `options.<list>.<value>` in the "stock" namespace, the value
 * written as it is ("options.bodySubType.Compact SUV"), except that "." and ":"
 * (the catalogue's key separators) become "_" ("St. Wagon" is
 * "options.bodyType.St_ Wagon"). A value without an entry shows as the
 * fallback, which is the value itself unless another is given.
 */
export type OptionList =
  | "bodyType"
  | "bodySubType"
  | "fuel"
  | "transmission"
  | "drive"
  | "steering"
  | "color"
  | "partType"
  | "partSubType"
  | "partCondition"
  | "stockStatus";

/** The key segment of a value: "." and ":" become "_". */
export function optionKey(value: string): string {
  return value.trim().replace(/[.:]/g, "_");
}

/** `t` is the "stock" namespace's (`useT("stock")` or `metaT(matches, "stock")`). */
export function optionLabel(
  t: TFunction<"stock">,
  list: OptionList,
  value: string | null | undefined,
  fallback?: string,
): string {
  if (value === null || value === undefined || value.trim() === "") return "";
  return translateStored(t, `options.${list}.${optionKey(value)}`, fallback ?? value);
}
