import { ChartCard, ChartFigures } from "~/components/admin/chart-parts";
import { intlLocale } from "~/i18n/languages";
import { useFormat, useT } from "~/i18n/i18n";

/** The top of the scale: the largest amount rounded up to 1, 2, 2.5 or 5 times a power of ten. */
export function scaleTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((f) => f * power >= max) ?? 10;
  return step * power;
}

/**
 * Yen received per month over twelve months: bars drawn with boxes (so the
 * words stay readable on a phone), a summary for screen readers, and every
 * month's figure in a table below.
 */
export function PaymentsChart({ months }: { months: { month: string; yen: number }[] }) {
  const { t } = useT("admin");
  const format = useFormat();
  const top = scaleTop(Math.max(0, ...months.map((m) => m.yen)));
  // Axis figures are short ("¥2M", "￥200万"); the table below gives every yen.
  const compact = new Intl.NumberFormat(intlLocale(format.language), {
    style: "currency",
    currency: "JPY",
    notation: "compact",
    maximumFractionDigits: 1,
  });
  const monthName = (month: string, style: "short" | "long") =>
    format.date(
      `${month}-15T12:00:00+09:00`,
      style === "long" ? { month: "long", year: "numeric" } : { month: "short" },
    );
  const total = months.reduce((sum, m) => sum + m.yen, 0);
  const last = months[months.length - 1];
  return (
    <ChartCard caption={t("dashboard.orders.chart.caption")} className="min-w-0" testId="payments-chart">
      <div
        role="img"
        aria-label={t("dashboard.orders.chart.summary", {
          total: format.yen(total),
          month: format.yen(last?.yen ?? 0),
        })}
        className="mt-4 grid grid-cols-[auto_1fr] gap-x-2"
      >
        <div className="flex h-40 flex-col justify-between text-right text-xs text-slate-600 tabular-nums">
          <span className="-translate-y-1/2">{compact.format(top)}</span>
          <span>{compact.format(top / 2)}</span>
          <span className="translate-y-1/2">{compact.format(0)}</span>
        </div>
        <div className="relative flex h-40 items-end gap-1 border-b border-slate-300 sm:gap-2">
          <div className="absolute inset-x-0 top-0 border-t border-slate-200" />
          <div className="absolute inset-x-0 top-1/2 border-t border-slate-200" />
          {months.map((m) => (
            <div
              key={m.month}
              className="relative flex-1 rounded-t bg-[#194e90]"
              style={{ height: `${(m.yen / top) * 100}%` }}
              title={`${monthName(m.month, "long")}: ${format.yen(m.yen)}`}
            />
          ))}
        </div>
        <div />
        <div className="mt-1 flex gap-1 text-center text-[11px] leading-tight text-slate-600 sm:gap-2 md:text-xs">
          {months.map((m) => (
            <span key={m.month} className="min-w-0 flex-1">
              {/* The month's number on a phone ("12"), its name from a tablet up ("Dec"). */}
              <span className="md:hidden">{Number(m.month.slice(5))}</span>
              <span className="hidden md:inline">{monthName(m.month, "short")}</span>
            </span>
          ))}
        </div>
      </div>
      <ChartFigures
        summary={t("dashboard.orders.chart.figures")}
        columns={[{ head: t("dashboard.orders.chart.month") }, { head: t("dashboard.orders.chart.yen"), number: true }]}
        rows={months.map((m) => ({ key: m.month, cells: [monthName(m.month, "long"), format.yen(m.yen)] }))}
        margin="mt-3"
        testId="payments-by-month"
      />
    </ChartCard>
  );
}
