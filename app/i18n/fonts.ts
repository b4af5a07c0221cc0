import devanagari400 from "@fontsource/noto-sans-devanagari/400.css?url";
import devanagari700 from "@fontsource/noto-sans-devanagari/700.css?url";
import jp400 from "@fontsource/noto-sans-jp/400.css?url";
import jp700 from "@fontsource/noto-sans-jp/700.css?url";
import sc400 from "@fontsource/noto-sans-sc/400.css?url";
import sc700 from "@fontsource/noto-sans-sc/700.css?url";
import sinhala400 from "@fontsource/noto-sans-sinhala/400.css?url";
import sinhala700 from "@fontsource/noto-sans-sinhala/700.css?url";
import type { LanguageCode } from "./languages";

/*
 * Fonts for scripts a phone or computer may lack, served by the shop itself.
 * A page loads only its own language's faces; the CJK ones are split by
 * unicode-range, so a browser fetches only the pieces of the characters shown.
 */
export const LANGUAGE_FONTS: Record<LanguageCode, string[]> = {
  en: [],
  vi: [],
  si: [sinhala400, sinhala700],
  ne: [devanagari400, devanagari700],
  hi: [devanagari400, devanagari700],
  "zh-CN": [sc400, sc700],
  ja: [jp400, jp700],
};
