import { useEffect, useState } from "react";

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Tokyo",
  weekday: "short",
  day: "numeric",
  month: "short",
});
const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Tokyo",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
});

/** The time in Tokyo, ticking every second (SPEC 1). */
export function TokyoClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span>
      <span className="text-slate-300">Tokyo</span>{" "}
      {/* The server's second and the browser's differ: the browser's wins. */}
      <time dateTime={now.toISOString()} suppressHydrationWarning data-testid="tokyo-clock" className="tabular-nums">
        <span className="hidden sm:inline">{dateFormat.format(now)}, </span>
        {timeFormat.format(now)}
      </time>
    </span>
  );
}
