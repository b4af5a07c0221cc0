import { Link } from "react-router";
import type { MonthMargin, StockCapital } from "~/domain/books/purchase";
import type { Deadline } from "~/domain/books/export-papers";
import { useFormat, useT } from "~/i18n/i18n";

/*
 * The dashboard's books (issue 46.2): the margin of the last months' sales
 * and the capital in the stock with its age. Staff-only figures.
 */
export function BooksCard({ months, capital }: { months: MonthMargin[]; capital: StockCapital }) {
  const { t } = useT("admin");
  const format = useFormat();
  const shown = months.slice(-6).reverse();
  const missing = months.reduce((n, m) => n + m.withoutCosts, 0);
  const monthName = (month: string) => format.date(`${month}-15T12:00:00+09:00`, { month: "long", year: "numeric" });
  return (
    <section aria-labelledby="books-title" className="space-y-3" data-testid="books-figures">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="books-title" className="text-lg font-semibold text-slate-900">
          {t("books.dashboard.title")}
        </h2>
        <Link to="/admin/books" className="text-sm font-semibold text-accent-700 underline">
          {t("books.dashboard.ledger")}
        </Link>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-5">
          <h3 className="font-semibold text-slate-900">{t("books.dashboard.margin")}</h3>
          <p className="text-sm text-slate-600">{t("books.dashboard.marginHelp")}</p>
          <table className="mt-3 w-full text-sm" data-testid="books-margins">
            <tbody>
              {shown.map((m) => (
                <tr key={m.month} className="border-t border-slate-100">
                  <th scope="row" className="py-1.5 pr-2 text-left font-normal text-slate-700">
                    {monthName(m.month)}
                  </th>
                  <td className="py-1.5 pr-2 text-right text-slate-600">
                    {t("books.dashboard.sales", { count: m.sales })}
                  </td>
                  <td
                    className={`py-1.5 text-right font-semibold tabular-nums ${m.margin < 0 ? "text-red-800" : "text-slate-900"}`}
                  >
                    {format.yen(m.margin)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {missing > 0 ? (
            <p className="mt-2 text-sm text-amber-900" data-testid="books-missing-costs">
              {t("books.dashboard.noCosts", { count: missing })}
            </p>
          ) : null}
        </div>
        <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-5" data-testid="books-capital">
          <h3 className="font-semibold text-slate-900">{t("books.dashboard.capital")}</h3>
          {capital.count === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t("books.dashboard.none")}</p>
          ) : (
            <>
              <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums">
                {t("books.dashboard.capitalLine", { count: capital.count, amount: format.yen(capital.amount) })}
              </p>
              {capital.oldest ? (
                <p className="mt-1 text-sm text-slate-700">
                  {t("books.dashboard.age", {
                    days: capital.averageDays,
                    oldest: capital.oldest.days,
                  })}{" "}
                  <Link
                    to={`/admin/edit/${capital.oldest.vehicleId}/books`}
                    className="font-semibold text-accent-700 underline"
                  >
                    {capital.oldest.refId}
                  </Link>
                </p>
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** The export certificates the owner must act on (issue 46.3): a car to ship soon, a certificate to return. */
export function ExportDeadlines({ deadlines }: { deadlines: Deadline[] }) {
  const { t } = useT("admin");
  const format = useFormat();
  if (deadlines.length === 0) return null;
  const late = deadlines.some((d) => d.kind !== "leaveSoon");
  const day = (d: string) => format.date(`${d}T12:00:00+09:00`, { day: "numeric", month: "long", year: "numeric" });
  return (
    <section
      aria-labelledby="deadlines-title"
      className={`rounded-xl border px-4 py-3 text-sm ${late ? "border-red-300 bg-red-50 text-red-950" : "border-amber-300 bg-amber-50 text-amber-950"}`}
      data-testid="export-deadlines"
    >
      <h2 id="deadlines-title" className="font-semibold">
        {t("books.deadlines.title")}
      </h2>
      <ul className="mt-1 space-y-1">
        {deadlines.map((d) => (
          <li key={`${d.refId}-${d.kind}`} data-kind={d.kind}>
            {d.vehicleId === null ? (
              t(`books.deadlines.${d.kind}`, { ref: d.refId, date: day(d.date) })
            ) : (
              <Link to={`/admin/edit/${d.vehicleId}/books#papers`} className="underline">
                {t(`books.deadlines.${d.kind}`, { ref: d.refId, date: day(d.date) })}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
