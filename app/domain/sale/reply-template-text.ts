/*
 * The owner's reply templates: named texts with placeholders the offer fills
 * in. Unknown placeholders are left as typed, so a mistake shows in the
 * preview rather than vanishing. Browser-safe: the offer form fills a chosen
 * template as the owner picks it, and the server fills what is sent.
 */

export const TEMPLATE_PLACEHOLDERS = ["buyer_name", "vehicle", "total", "port", "valid_until"] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

export type TemplateValues = Record<TemplatePlaceholder, string>;

/** The longest name and text a template may have, in characters (a text's line ends count once). */
export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_BODY_MAX = 4000;

/** A placeholder as the owner may type it: a name in braces, any case, spaces allowed inside. */
const PLACEHOLDER = /\{\s*([A-Za-z_]+)\s*\}/g;

/** The placeholder a name in braces stands for, or null when the shop cannot fill it. */
function placeholderOf(name: string): TemplatePlaceholder | null {
  const key = name.toLowerCase();
  return TEMPLATE_PLACEHOLDERS.find((known) => known === key) ?? null;
}

/** The template with {buyer_name}, {vehicle}, {total}, {port} and {valid_until} replaced (any case, spaces inside the braces allowed). */
export function fillTemplate(body: string, values: TemplateValues): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => {
    const key = placeholderOf(name);
    return key ? values[key] : whole;
  });
}

/** The placeholders a text uses that the shop cannot fill, as typed ("{buyer}"), each once, in the order they appear. */
export function unknownPlaceholders(body: string): string[] {
  const found = [...body.matchAll(PLACEHOLDER)].filter(([, name]) => !placeholderOf(name!)).map(([whole]) => whole);
  return [...new Set(found)];
}
