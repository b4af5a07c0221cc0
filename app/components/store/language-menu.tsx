import { useLocation } from "react-router";
import { withoutLanguageParam } from "~/i18n/alternates";
import { useT } from "~/i18n/i18n";
import { LANGUAGES, type LanguageCode } from "~/i18n/languages";

/** The seven languages of SPEC 1. The choice is remembered in a cookie; the page stays where it is. */
export function LanguageMenu({ current }: { current: LanguageCode }) {
  const location = useLocation();
  const { t } = useT();
  // Back to the same page and filters, without a language link that would override the choice.
  const back = withoutLanguageParam(location.pathname + location.search);
  const currentName = LANGUAGES.find((l) => l.code === current)?.name ?? "English";
  return (
    <details className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded px-2 py-1 hover:bg-white/10">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm5.9 7h-2.5a12.6 12.6 0 0 0-1.1-4.6A6 6 0 0 1 15.9 9ZM10 4.1c.7.9 1.3 2.6 1.4 4.9H8.6c.1-2.3.7-4 1.4-4.9ZM7.7 4.4A12.6 12.6 0 0 0 6.6 9H4.1a6 6 0 0 1 3.6-4.6ZM4.1 11h2.5c.1 1.8.5 3.4 1.1 4.6A6 6 0 0 1 4.1 11Zm5.9 4.9c-.7-.9-1.3-2.6-1.4-4.9h2.8c-.1 2.3-.7 4-1.4 4.9Zm2.3-.3c.6-1.2 1-2.8 1.1-4.6h2.5a6 6 0 0 1-3.6 4.6Z" />
        </svg>
        <span className="sr-only">{t("header.languageLabel")} </span>
        {currentName}
      </summary>
      {/* One form: the button pressed sends its language. */}
      <form method="post" action="/preferences">
        <input type="hidden" name="redirectTo" value={back} />
        <ul className="absolute right-0 z-30 mt-1 w-44 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 text-slate-800 shadow-lg">
          {LANGUAGES.map((language) => (
            <li key={language.code}>
              <button
                type="submit"
                name="lang"
                value={language.code}
                lang={language.code}
                aria-current={language.code === current ? "true" : undefined}
                className="language-choice"
              >
                {language.name}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </details>
  );
}
