import { useTranslation } from "react-i18next";
import type { Namespace } from "./core";
import { formatDate, formatMoneyIn, formatNumber, formatYenIn } from "./format";
import type { LanguageCode } from "./languages";

/* The React side of interface text: hooks for components. Everything else is in ./core. */
export * from "./core";

/** Translate in a component: `const { t } = useT("stock")`. */
export function useT(ns: Namespace | readonly Namespace[] = "common") {
  return useTranslation(ns as Namespace);
}

/** The page's language. */
export function useLanguage(): LanguageCode {
  return useTranslation().i18n.language as LanguageCode;
}

/** Numbers, prices and dates in the page's language. */
export function useFormat() {
  const language = useLanguage();
  return {
    language,
    number: (value: number) => formatNumber(value, language),
    yen: (value: number) => formatYenIn(value, language),
    money: (amount: number, currency: string) => formatMoneyIn(amount, currency, language),
    date: (value: Date | string, options?: Intl.DateTimeFormatOptions) => formatDate(value, language, options),
  };
}
