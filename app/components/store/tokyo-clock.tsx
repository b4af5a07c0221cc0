import { useEffect, useState } from "react";
import { formatDate, SHOP_TIME_ZONE } from "~/i18n/format";
import { useLanguage, useT } from "~/i18n/i18n";
import type { LanguageCode } from "~/i18n/languages";

const DAY: Intl.DateTimeFormatOptions = { timeZone: SHOP_TIME_ZONE, weekday: "short", day: "numeric", month: "short" };
const TIME: Intl.DateTimeFormatOptions = {
  timeZone: SHOP_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};
// Phones show hours and minutes: a ticking second is noise on a small screen.
const SHORT_TIME: Intl.DateTimeFormatOptions = { ...TIME, second: undefined };

function clockText(now: Date, language: LanguageCode) {
  return {
    date: formatDate(now, language, DAY),
    time: formatDate(now, language, TIME),
    short: formatDate(now, language, SHORT_TIME),
  };
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
  const { date, time, short } = clockText(now, language);
  return (
    <span>
      <span className="text-slate-300">{t("header.tokyo")}</span>{" "}
      {/* The server's second and the browser's differ: the browser's wins. */}
      <time dateTime={now.toISOString()} suppressHydrationWarning data-testid="tokyo-clock" className="tabular-nums">
        <span className="hidden sm:inline" suppressHydrationWarning>
          {t("header.clockDate", { date })}
        </span>
        <span className="sm:hidden" suppressHydrationWarning data-testid="tokyo-clock-short">
          {short}
        </span>
        <span className="hidden sm:inline" suppressHydrationWarning>
          {time}
        </span>
      </time>
    </span>
  );
}
