import i18next, { type i18n as I18n, type TFunction } from "i18next";
import type { LanguageCode } from "./languages";

/*
 * Interface text (i18next), without React, so mails, scripts and the server can
 * use it. The server picks the language and sends the page only the catalogues
 * it needs (in the root loader's data); the same catalogue renders the page on
 * the server and hydrates it in the browser, so both agree.
 */

/** What public pages need. */
export const PUBLIC_NAMESPACES = ["common", "home", "stock", "account", "messages"] as const;
/** What the staff panel needs (English and Japanese only). */
export const ADMIN_NAMESPACES = ["common", "admin"] as const;
/** Never sent to the browser: mails to buyers. */
export const SERVER_NAMESPACES = ["mail"] as const;

export const ALL_NAMESPACES = [...PUBLIC_NAMESPACES, "admin", ...SERVER_NAMESPACES] as const;
export type Namespace = (typeof ALL_NAMESPACES)[number];

export type Messages = { [key: string]: string | Messages };

/** A catalogue as "a.b.c" keys and their texts. */
export function flattenMessages(messages: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [inner, text] of flattenMessages(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

/** A language's catalogues as a page receives them. */
export type Catalogue = {
  language: LanguageCode;
  /** Changes whenever the text changes, so a kept instance is never stale. */
  version: string;
  resources: Partial<Record<Namespace, Messages>>;
};

const instances = new Map<string, I18n>();

/** One initialised i18next instance per language and catalogue version, made synchronously. */
export function i18nFor(catalogue: Catalogue): I18n {
  const key = `${catalogue.language}:${catalogue.version}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: catalogue.language,
      resources: { [catalogue.language]: catalogue.resources },
      ns: Object.keys(catalogue.resources),
      defaultNS: "common",
      fallbackLng: false,
      load: "currentOnly",
      initAsync: false,
      returnNull: false,
      // React escapes what it renders; mails escape their own HTML.
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    if (instances.size > 50) instances.clear();
    instances.set(key, instance);
  }
  return instance;
}

/** The root loader's catalogue, read from route matches (for `meta` functions). */
export function catalogueOf(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { catalogue?: Catalogue } | undefined;
  return root?.catalogue ?? null;
}

/** A translate function for a `meta` function; English words from `fallback` when the page has no catalogue. */
export function metaT(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  ns: Namespace = "common",
): TFunction {
  const catalogue = catalogueOf(matches);
  if (!catalogue)
    return ((key: string, options?: { defaultValue?: string }) => options?.defaultValue ?? key) as unknown as TFunction;
  return i18nFor(catalogue).getFixedT(catalogue.language, ns);
}
