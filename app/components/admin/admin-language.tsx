import { useLocation } from "react-router";
import { withoutLanguageParam } from "~/i18n/alternates";
import { useLanguage, useT } from "~/i18n/i18n";
import { adminLanguage, LANGUAGES } from "~/i18n/languages";

/** The staff panel speaks English and Japanese. */
const ADMIN_LANGUAGES = LANGUAGES.filter((l) => l.code === "en" || l.code === "ja");

/**
 * English / 日本語 for the staff panel. Each is a small form to /preferences
 * (the same choice as the shop's language menu), back to the same page.
 */
export function AdminLanguageSwitch({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const { t } = useT("admin");
  const current = adminLanguage(useLanguage());
  const location = useLocation();
  const back = withoutLanguageParam(location.pathname + location.search);
  const idle =
    tone === "dark" ? "text-slate-300 hover:bg-white/10 hover:text-white" : "text-slate-600 hover:bg-slate-100";
  const chosen = tone === "dark" ? "bg-white/15 font-semibold text-white" : "bg-slate-200 font-semibold text-slate-900";
  return (
    <div role="group" aria-label={t("language.label")} className="flex items-center gap-1 text-xs">
      {ADMIN_LANGUAGES.map((language) => (
        <form key={language.code} method="post" action="/preferences">
          <input type="hidden" name="lang" value={language.code} />
          <input type="hidden" name="redirectTo" value={back} />
          <button
            type="submit"
            lang={language.code}
            aria-current={language.code === current ? "true" : undefined}
            className={`rounded px-2 py-1 ${language.code === current ? chosen : idle}`}
          >
            {language.name}
          </button>
        </form>
      ))}
    </div>
  );
}
