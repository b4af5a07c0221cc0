import type { ReactNode } from "react";
import { useLanguage, useT } from "~/i18n/i18n";

/**
 * A text the owner wrote in English (a rule's note, a stock description):
 * on a page in another language it is marked as English, for screen readers
 * and translation tools (`lang="en"`), with a small "(in English)" after it.
 */
export function InEnglish({ children, className }: { children: ReactNode; className?: string }) {
  const language = useLanguage();
  const { t } = useT();
  if (language === "en") return <p className={className}>{children}</p>;
  return (
    <p className={className} lang="en" data-testid="in-english">
      {children}{" "}
      <span className="text-xs whitespace-nowrap text-slate-500" lang={language}>
        {/* "(in English)", its brackets the language's own ("（英語）"). */}
        {t("inEnglish")}
      </span>
    </p>
  );
}
