import { useEffect, useState, useSyncExternalStore } from "react";
import { formatDate, SHOP_TIME_ZONE, shopClockTime, shopDay } from "~/i18n/format";
import { useLanguage, useT } from "~/i18n/i18n";
import type { LanguageCode } from "~/i18n/languages";
import { useRootData } from "~/utils/root-data";

const DAY: Intl.DateTimeFormatOptions = { timeZone: SHOP_TIME_ZONE, weekday: "short", day: "numeric", month: "short" };

const noSubscription = () => () => {};

/**
 * The day's name ("Sat 28 Nov") as the browser should write it, or "" to
 * keep the one the server wrote. Writing it needs Intl's date data, which a
 * phone takes tens of milliseconds to load; the page as the server sent it
 * already shows the day, so the browser leaves it be (React keeps a
 * server's text under suppressHydrationWarning) while it is the day the
 * page was written on (the root's data says which) in the language it was
 * written in. A clock first drawn by the browser writes it at once.
 */
function useDayName(now: Date, language: LanguageCode): string {
  // True on the server and while the browser takes over the server's page.
  const fromServer = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const writtenOn = useRootData()?.day;
  // The day and language the server wrote the name for, or null when there is none to keep.
  const [served] = useState(() =>
    fromServer && typeof document !== "undefined" && writtenOn ? `${writtenOn} ${language}` : null,
  );
  const day = `${shopDay(now)} ${language}`;
  // Once the name has been written again it stays the browser's, even should the language come back.
  const [rewritten, setRewritten] = useState(false);
  if (served !== null && day !== served && !rewritten) setRewritten(true);
  return served === null || day !== served || rewritten ? formatDate(now, language, DAY) : "";
}

/** The time in Tokyo in the page's language, ticking every second (SPEC 1). */
export function TokyoClock() {
  const { t } = useT();
  const language = useLanguage();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const date = useDayName(now, language);
  return (
    <span>
      <span className="text-slate-300">{t("header.tokyo")}</span>{" "}
      {/* The server's second and the browser's differ: the browser's wins. */}
      <time dateTime={now.toISOString()} suppressHydrationWarning data-testid="tokyo-clock" className="tabular-nums">
        <span className="hidden sm:inline" suppressHydrationWarning>
          {date && t("header.clockDate", { date })}
        </span>
        {/* Phones show hours and minutes: a ticking second is noise on a small screen. */}
        <span className="sm:hidden" suppressHydrationWarning data-testid="tokyo-clock-short">
          {shopClockTime(now, false)}
        </span>
        <span className="hidden sm:inline" suppressHydrationWarning>
          {shopClockTime(now, true)}
        </span>
      </time>
    </span>
  );
}
