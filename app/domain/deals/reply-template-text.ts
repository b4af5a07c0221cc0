/*
 * The owner's reply templates: named texts with placeholders the offer fills
 * in. Unknown placeholders are left as typed, so a mistake shows in the
 * preview rather than vanishing. Browser-safe: the offer form fills a chosen
 * template as the owner picks it, and the server fills what is sent.
 */

export const TEMPLATE_PLACEHOLDERS = ["buyer_name", "vehicle", "total", "port", "valid_until"] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

export type TemplateValues = Record<TemplatePlaceholder, string>;

/** The template with {buyer_name}, {vehicle}, {total}, {port} and {valid_until} replaced (any case, spaces inside the braces allowed). */
export function fillTemplate(body: string, values: TemplateValues): string {
  return body.replace(/\{\s*([A-Za-z_]+)\s*\}/g, (whole, name: string) => {
    const key = name.toLowerCase() as TemplatePlaceholder;
    return TEMPLATE_PLACEHOLDERS.includes(key) ? values[key] : whole;
  });
}
