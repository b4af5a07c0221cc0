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

// English keeps the shop's day-month style ("Mon 3 Feb, 14:05:09"), which en-US would turn round.
const englishDay = new Intl.DateTimeFormat("en-GB", DAY);
const englishTime = new Intl.DateTimeFormat("en-GB", TIME);

function clockText(now: Date, language: LanguageCode) {
  if (language === "en") return { date: englishDay.format(now), time: englishTime.format(now) };
  return { date: formatDate(now, language, DAY), time: formatDate(now, language, TIME) };
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
  const { date, time } = clockText(now, language);
  return (
    <span>
      <span className="text-slate-300">{t("header.tokyo")}</span>{" "}
      {/* The server's second and the browser's differ: the browser's wins. */}
      <time dateTime={now.toISOString()} suppressHydrationWarning data-testid="tokyo-clock" className="tabular-nums">
        <span className="hidden sm:inline" suppressHydrationWarning>
          {t("header.clockDate", { date })}
        </span>
        {time}
      </time>
    </span>
  );
}
