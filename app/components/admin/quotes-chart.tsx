import { ChartCard, ChartFigures } from "~/components/admin/chart-parts";
import { useT } from "~/i18n/i18n";

/**
 * Quote requests per day for 30 days, vehicles and parts side by side. An SVG
 * with a text summary for screen readers, and the figures in a table below.
 */
export function QuotesChart({ days }: { days: { day: string; vehicle: number; part: number }[] }) {
  const { t } = useT("admin");
  const width = 720;
  const height = 200;
  const pad = { left: 32, bottom: 24, top: 8 };
  const max = Math.max(1, ...days.map((d) => Math.max(d.vehicle, d.part)));
  const slot = (width - pad.left) / days.length;
  const bar = Math.max(2, slot / 2 - 2);
  const y = (n: number) => pad.top + (height - pad.top - pad.bottom) * (1 - n / max);
  const totals = days.reduce((s, d) => ({ vehicle: s.vehicle + d.vehicle, part: s.part + d.part }), {
    vehicle: 0,
    part: 0,
  });
  return (
    <ChartCard caption={t("dashboard.chart.caption")}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t("dashboard.chart.summary", { vehicles: totals.vehicle, parts: totals.part })}
        className="mt-3 w-full"
      >
        {[0, Math.ceil(max / 2), max].map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            <text x={pad.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {tick}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x = pad.left + i * slot + 1;
          return (
            <g key={d.day}>
              <rect x={x} y={y(d.vehicle)} width={bar} height={y(0) - y(d.vehicle)} fill="#194e90" />
              <rect x={x + bar + 1} y={y(d.part)} width={bar} height={y(0) - y(d.part)} fill="#d97706" />
              {i % 7 === 0 ? (
                <text x={x} y={height - 6} fontSize="11" fill="#475569">
                  {d.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
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
