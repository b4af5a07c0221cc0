import {
  cloneElement,
  createContext,
  createElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useContext,
} from "react";
import { i18nFor, type Namespace, type TFunction, type Translator } from "./core";
import { formatDate, formatMoneyIn, formatDecimal, formatNumber, formatYenIn } from "./format";
import type { LanguageCode } from "./languages";

/* The React side of interface text: hooks for components. Everything else is in ./core. */
export * from "./core";

const TranslatorContext = createContext<Translator | null>(null);

// Without a catalogue (an error page before the root loader ran), keys show as themselves.
const NO_CATALOGUE = i18nFor({ language: "en", version: "none", resources: {} });

/** Gives the page's catalogue to every component below. */
export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: i18n }, children);
}

/** Translate in a component: `const { t } = useT("stock")`. */
export function useT<NS extends Namespace = "common">(ns: NS = "common" as NS): { t: TFunction<NS>; i18n: Translator } {
  const i18n = useContext(TranslatorContext) ?? NO_CATALOGUE;
  return { t: i18n.getFixedT(i18n.language, ns), i18n };
}

/** The page's language. */
export function useLanguage(): LanguageCode {
  return (useContext(TranslatorContext) ?? NO_CATALOGUE).language;
}

/**
 * A translated sentence with elements inside it: "Already registered?
 * <login>Login</login>" with `components={{ login: <Link to="/login" /> }}`
 * renders the words between the tags inside that element.
 */
export function TextWith({ text, components }: { text: string; components: Record<string, ReactElement> }) {
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    parts.push(text.slice(last, m.index));
    const element = components[m[1]!];
    parts.push(element ? cloneElement(element, { key: m.index }, m[2]) : m[2]);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}

/** Numbers, prices and dates in the page's language. */
export function useFormat() {
  const language = useLanguage();
  return {
    language,
    number: (value: number) => formatNumber(value, language),
    decimal: (value: number) => formatDecimal(value, language),
    yen: (value: number) => formatYenIn(value, language),
    money: (amount: number, currency: string, pattern?: string) => formatMoneyIn(amount, currency, language, pattern),
    date: (value: Date | string, options?: Intl.DateTimeFormatOptions) => formatDate(value, language, options),
  };
}
