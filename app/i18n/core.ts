import type { CatalogueKeys } from "./keys";
import type { LanguageCode } from "./languages";
import { pluralLocale } from "./format";

/*
 * Interface text, without React, so mails, scripts and the server can use it. The server picks the language and sends the page only the catalogues
 * it needs (in the root loader's data); the same catalogue renders the page on
 * the server and hydrates it in the browser, so both agree.
 */

/** What public pages need. */
export const PUBLIC_NAMESPACES = ["common", "home", "stock", "account", "messages"] as const;
/**
 * What a buyer's own pages need besides: their orders. Sent to signed-in
 * buyers and on the order pages only, so the public pages visitors see (and
 * the shared page cache keeps) stay light.
 */
export const BUYER_NAMESPACES = [...PUBLIC_NAMESPACES, "orders"] as const;
/** What the staff panel needs (English and Japanese only). */
export const ADMIN_NAMESPACES = ["common", "admin"] as const;
/** Never sent to the browser: mails to buyers, and the words of a car's papers (the server writes them into the page). */
export const SERVER_NAMESPACES = ["mail", "proof"] as const;
/** Long texts of one page (How to buy, FAQ): its loader sends them, so other pages stay light. */
export const PAGE_NAMESPACES = ["company"] as const;

export const ALL_NAMESPACES = [...BUYER_NAMESPACES, "admin", ...SERVER_NAMESPACES, ...PAGE_NAMESPACES] as const;
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

/** What a `t` call may pass: values for {{placeholders}}, `count` for plurals, a `defaultValue`. */
export type TOptions = { [name: string]: unknown; count?: number; defaultValue?: string };

/**
 * The keys of a namespace, from its English catalogue (./keys.ts, made by
 * `npm run i18n:keys`); a plural key is named without its _one/_other.
 */
export type Key<NS extends Namespace> = CatalogueKeys[NS];

/** What follows `prefix.` in a namespace's keys: `KeyUnder<"stock", "fields">` is "make" | "model" | ... */
export type KeyUnder<NS extends Namespace, Prefix extends string> =
  Key<NS> extends infer K ? (K extends `${Prefix}.${infer Rest}` ? Rest : never) : never;

/**
 * Translate a key of one namespace; with `count`, its plural form (key_one,
 * key_other...). A key its English catalogue lacks fails the typecheck.
 * `TFunction` without a namespace takes any namespace's function, and cannot
 * be called until its namespace is named.
 */
export type TFunction<NS extends Namespace = never> = (key: Key<NS>, options?: TOptions) => string;

/** A translate function as the translator builds it: any text is a key, an unknown one shows as itself. */
type AnyKeyT = (key: string, options?: TOptions) => string;

/**
 * Translate a key made from stored data (an option value as the database
 * keeps it), which no typecheck can know: the catalogue is asked at run time,
 * and a key it lacks shows `fallback`.
 */
export function translateStored<NS extends Namespace>(
  t: TFunction<NS>,
  key: string,
  fallback: string,
  options?: TOptions,
): string {
  return (t as AnyKeyT)(key, { ...options, defaultValue: fallback });
}

/** A language's catalogues, ready to translate from. */
export type Translator = {
  language: LanguageCode;
  getFixedT: <NS extends Namespace>(language: LanguageCode, ns: NS) => TFunction<NS>;
  exists: (key: string, options?: { ns?: Namespace }) => boolean;
};

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * {{name}} becomes the value given; a placeholder without a value stays as it
 * is. Nothing is escaped: React escapes what it renders, mails escape their HTML.
 */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    options[name] === undefined || options[name] === null ? whole : String(options[name]),
  );
}

function makeTranslator(catalogue: Catalogue): Translator {
  const plurals = new Intl.PluralRules(pluralLocale(catalogue.language));
  const maps = new Map<Namespace, Map<string, string>>();
  const fixed = new Map<Namespace, AnyKeyT>();
  const mapOf = (ns: Namespace) => {
    let map = maps.get(ns);
    if (!map) {
      map = flattenMessages(catalogue.resources[ns] ?? {});
      maps.set(ns, map);
    }
    return map;
  };
  return {
    language: catalogue.language,
    exists: (key, options) => mapOf(options?.ns ?? "common").has(key),
    getFixedT(_language, ns) {
      let t = fixed.get(ns);
      if (!t) {
        const map = mapOf(ns);
        t = (key, options) => {
          let text: string | undefined;
          const count = options?.count;
          // Plural forms are keys with the language's plural category: found_one, found_other...
          if (typeof count === "number") {
            text =
              (count === 0 ? map.get(`${key}_zero`) : undefined) ??
              map.get(`${key}_${plurals.select(count)}`) ??
              map.get(`${key}_other`);
          }
          text ??= map.get(key);
          // An unknown key shows its default, or the key itself (tests find these).
          return interpolate(text ?? options?.defaultValue ?? key, options);
        };
        fixed.set(ns, t);
      }
      return t;
    },
  };
}

const instances = new Map<string, Translator>();

/** One translator per language and catalogue version, kept. */
export function i18nFor(catalogue: Catalogue): Translator {
  const key = `${catalogue.language}:${catalogue.version}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = makeTranslator(catalogue);
    if (instances.size > 50) instances.clear();
    instances.set(key, instance);
  }
  return instance;
}

/**
 * What a page's data says of its catalogue: which one, not its text. The text
 * travels in a file of its own (`catalogueHref`), which the browser fetches
 * once per language and version and keeps, so a page carries only its HTML.
 */
export type CatalogueRef = { language: LanguageCode; version: string };

/** Catalogues this process has at hand: all a server renders with, those a browser has fetched. */
const held = new Map<string, Catalogue>();
const heldKey = (ref: CatalogueRef) => `${ref.language}/${ref.version}`;

/** Keeps a catalogue at hand under its language and version, and says which it is. */
export function holdCatalogue(catalogue: Catalogue): CatalogueRef {
  held.set(heldKey(catalogue), catalogue);
  return { language: catalogue.language, version: catalogue.version };
}

/** The catalogue a page names, when it is at hand (always on the server; in a browser once fetched). */
export function heldCatalogue(ref: CatalogueRef | null | undefined): Catalogue | null {
  return ref ? (held.get(heldKey(ref)) ?? null) : null;
}

/** The address of a catalogue's file: a new version is a new address, so the file can be kept for a year. */
export function catalogueHref(ref: CatalogueRef): string {
  return `/i18n/${ref.language}/${ref.version}.json`;
}

/** The root loader's catalogue, read from route matches (for `meta` functions). */
export function catalogueOf(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { catalogue?: CatalogueRef } | undefined;
  return heldCatalogue(root?.catalogue);
}

/** A translate function for a `meta` function; English words from `fallback` when the page has no catalogue. */
export function metaT<NS extends Namespace = "common">(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  ns: NS = "common" as NS,
): TFunction<NS> {
  const catalogue = catalogueOf(matches);
  if (!catalogue) return (key, options) => interpolate(options?.defaultValue ?? key, options);
  return i18nFor(catalogue).getFixedT(catalogue.language, ns);
}
