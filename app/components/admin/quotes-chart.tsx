import { ChartCard, ChartFigures } from "~/components/admin/chart-parts";
import { useFormat, useT } from "~/i18n/i18n";

/**
 * Quote requests per day for 30 days, vehicles and parts side by side: bars
 * drawn with boxes, as the payments chart's, so the words stay readable on a
 * phone (a scaled drawing shrank them to a few pixels). A summary for screen
 * readers, and the figures in a table below.
 */
export function QuotesChart({ days }: { days: { day: string; vehicle: number; part: number }[] }) {
  const { t } = useT("admin");
  const format = useFormat();
  // An even top, so the middle line is a whole number of requests.
  const max = Math.max(0, ...days.map((d) => Math.max(d.vehicle, d.part)));
  const top = Math.max(2, max + (max % 2));
  const totals = days.reduce((s, d) => ({ vehicle: s.vehicle + d.vehicle, part: s.part + d.part }), {
    vehicle: 0,
    part: 0,
  });
  // "6 Dec"; in Japanese "12/6", as "12月28日" is too wide for a week's room on a 360 px phone.
  const dayName = (day: string) =>
    format.date(
      `${day}T12:00:00+09:00`,
      format.language === "ja" ? { month: "numeric", day: "numeric" } : { day: "numeric", month: "short" },
    );
  return (
    <ChartCard caption={t("dashboard.chart.caption")} className="min-w-0" testId="quotes-chart">
      <div
        role="img"
        aria-label={t("dashboard.chart.summary", { vehicles: totals.vehicle, parts: totals.part })}
        className="mt-4 grid grid-cols-[auto_1fr] gap-x-2"
      >
        <div className="flex h-32 flex-col md:h-40 justify-between text-right text-xs text-slate-600 tabular-nums">
          <span className="-translate-y-1/2">{format.number(top)}</span>
          <span>{format.number(top / 2)}</span>
          <span className="translate-y-1/2">0</span>
        </div>
        <div className="relative flex h-32 items-end border-b md:h-40 border-slate-300">
          <div className="absolute inset-x-0 top-0 border-t border-slate-200" />
          <div className="absolute inset-x-0 top-1/2 border-t border-slate-200" />
          {days.map((d) => (
            <div key={d.day} className="relative flex h-full flex-1 items-end justify-center gap-px">
              <div className="w-2/5 bg-[#194e90]" style={{ height: `${(d.vehicle / top) * 100}%` }} />
              <div className="w-2/5 bg-[#d97706]" style={{ height: `${(d.part / top) * 100}%` }} />
            </div>
          ))}
        </div>
        <div />
        {/* A date under every seventh day back from today's, which ends at the right edge. */}
        <div className="relative mt-1 flex h-4 text-[11px] leading-tight text-slate-600 md:text-xs">
          {days.map((d, i) => {
            const back = days.length - 1 - i;
            return (
              <span key={d.day} className="relative flex-1">
                {back % 7 === 0 ? (
                  <span
                    className={`absolute whitespace-nowrap ${back === 0 ? "right-0" : "left-1/2 -translate-x-1/2"}`}
                  >
                    {dayName(d.day)}
                  </span>
                ) : null}
              </span>
            );
          })}
        </div>
      </div>
      <p className="mt-2 flex gap-4 text-sm text-slate-700">
        <span>
          <span className="mr-1 inline-block h-3 w-3 bg-[#194e90] align-middle" aria-hidden="true" />
          {t("dashboard.chart.vehiclesLegend", { number: totals.vehicle })}
        </span>
        <span>
          <span className="mr-1 inline-block h-3 w-3 bg-[#d97706] align-middle" aria-hidden="true" />
          {t("dashboard.chart.partsLegend", { number: totals.part })}
        </span>
      </p>
      <ChartFigures
        summary={t("dashboard.chart.figures")}
        columns={[
          { head: t("dashboard.chart.day") },
          { head: t("dashboard.chart.vehicles") },
          { head: t("dashboard.chart.parts") },
        ]}
        rows={days.map((d) => ({ key: d.day, cells: [d.day, d.vehicle, d.part] }))}
        margin="mt-2"
      />
    </ChartCard>
  );
}
