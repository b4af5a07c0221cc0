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

/*
 * One letter, not two (issue 42.6): the shop's mail greets the buyer by name
 * in their language and signs for the shop, so an owner's text (a template
 * or typed) only fills the body. Its own greeting and sign-off are dropped
 * when the mail is written, rather than refused when saved, so old templates
 * and a quick typed "Dear Amal," read right too.
 */

/** A line that is only a greeting: "Dear Amal Perera,", "Hello:", "Good morning", "アマル 様". */
const GREETING_LINE =
  /^\s*(?:(?:dear|hello|hi|hey|greetings|good (?:morning|afternoon|evening))(?=[\s,:!]|$)[^,:;!?\n]{0,60}[,:!]?|[^\n]{1,40}(?:様|さま|殿)[、,]?)\s*$/i;
/** A greeting that opens a sentence: "Dear Amal, thank you…" keeps "Thank you…". */
const GREETING_START = /^\s*dear\s+[^,:;!?.\n]{1,60}[,:]\s+/i;
/** The first line of a sign-off: "Kind regards,", "Best wishes", "Yours sincerely,", "Thank you.", "よろしくお願いいたします。" */
const SIGN_OFF_LINE =
  /^\s*(?:(?:(?:kind|best|warm|warmest|with kind|with best)\s+)?(?:regards|wishes)|yours(?:\s+(?:sincerely|faithfully|truly))?|sincerely(?:\s+yours)?|many thanks|thanks(?:\s+again)?|thank you(?:\s+again)?|cheers|respectfully|敬具|(?:今後とも)?(?:どうぞ)?よろしくお願い(?:いた|致)します)[,.!。、]?\s*$/i;
/** A sign-off is followed by at most this many lines (a name, a team, a phone). */
const SIGNATURE_LINES = 3;
/** A signature's line is short and names no money: a line about a price after "Thank you." is the body's, and stays. */
const signatureLine = (line: string) => line.trim().length <= 40 && !/[¥￥$円]|\byen\b|\bJPY\b/i.test(line);

/** The owner's text without its own greeting and sign-off, as the body of the shop's letter. */
export function letterBody(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const first = lines.findIndex((line) => line.trim() !== "");
  if (first === -1) return "";
  if (GREETING_LINE.test(lines[first]!)) lines.splice(first, 1);
  else if (GREETING_START.test(lines[first]!)) {
    const rest = lines[first]!.replace(GREETING_START, "");
    lines[first] = rest.charAt(0).toLocaleUpperCase("en") + rest.slice(1);
  }
  while (lines.length && lines.at(-1)!.trim() === "") lines.pop();
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 1 - SIGNATURE_LINES); i--) {
    if (SIGN_OFF_LINE.test(lines[i]!)) {
      if (lines.slice(i + 1).every(signatureLine)) lines.splice(i);
      break;
    }
  }
  return lines.join("\n").trim();
}
