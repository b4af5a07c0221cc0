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

/** The query parameter of the language links search engines follow (hreflang). */
export const LANGUAGE_PARAM = "lng";

/** The staff panel speaks English and Japanese; other choices see it in English. */
export function adminLanguage(language: LanguageCode): "en" | "ja" {
  return language === "ja" ? "ja" : "en";
}

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** A buyer's order pages, which carry the orders' texts (signed in, or through an order's link). */
export function isOrderPath(pathname: string): boolean {
  return pathname === "/orders" || pathname.startsWith("/orders/");
}

/** Pages that show orders: the order pages and the buyer's account. */
export function showsOrders(pathname: string): boolean {
  return isOrderPath(pathname) || pathname === "/account";
}

/**
 * The language a first visit asks for in Accept-Language ("si-LK,si;q=0.9,en;q=0.8"),
 * best weight first; null when none of ours is listed. Chinese other than
 * Simplified (zh-TW, zh-HK, zh-Hant) is not matched to zh-CN.
 */
export function languageFromAcceptLanguage(header: string | null): LanguageCode | null {
  if (!header) return null;
  const wanted = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((w) => w.tag && w.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of wanted) {
    const match = matchTag(tag);
    if (match) return match;
  }
  return null;
}

function matchTag(tag: string): LanguageCode | null {
  const [base, ...rest] = tag.split("-");
  if (base === "zh") {
    if (rest.length === 0 || rest.includes("cn") || rest.includes("sg") || rest.includes("hans")) return "zh-CN";
    return null;
  }
  return isLanguage(base) ? base : null;
}

/** The Intl locale of a language: its own grouping and words, Latin digits for prices everyone can read. */
export function intlLocale(language: LanguageCode): string {
  return language === "en" ? "en-US" : `${language}-u-nu-latn`;
}
