/** The languages the shop speaks to buyers (SPEC 1). English is the source of every text. */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "si", name: "සිංහල" },
  { code: "vi", name: "Tiếng Việt" },
  { code: "ne", name: "नेपाली" },
  { code: "hi", name: "हिन्दी" },
  { code: "zh-CN", name: "简体中文" },
  { code: "ja", name: "日本語" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

export function isLanguage(code: unknown): code is LanguageCode {
  return LANGUAGES.some((l) => l.code === code);
}

export const LANGUAGE_COOKIE = "lang";
