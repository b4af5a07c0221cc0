import { data, Form, Link } from "react-router";
import { Field, FormMessage } from "~/components/ui/field";
import { noindexMeta } from "~/components/ui/page-meta";
import { readPeriod } from "~/domain/books/purchase";
import { purchaseLedger } from "~/domain/books/purchases.server";
import { monthSales, readMonth, withoutPermit } from "~/domain/books/accountant.server";
import { shopDay } from "~/i18n/format";
import { useFormat, useT } from "~/i18n/i18n";
import { staffRequest } from "~/routes/admin/staff-request.server";
import type { Route } from "./+types/books";

/*
 * The purchase ledger (古物台帳, issue 46.1): every vehicle bought in a
 * period, a deleted listing's too, with the period's CSV and PDF to print at
 * once. A period that cannot be read is said so, with what was typed.
 */

export const meta: Route.MetaFunction = noindexMeta("admin", "books.ledger.title");

/** "2026-12-03" → "2026-11". */
function previousMonth(today: string): string {
  const [y, m] = today.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

export async function loader(args: Route.LoaderArgs) {
  const { db, url } = await staffRequest(args);
  const today = shopDay(new Date());
  const period = readPeriod(url.searchParams, today);
  if (!period)
    throw data({ from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" }, { status: 400 });
  // The accountant's month: the one asked for, else the month before today's (the one being closed).
  const asked = url.searchParams.get("month");
  const month = readMonth(asked) ?? previousMonth(today);
  const sales = await monthSales(db, month);
  return {
    period,
    records: await purchaseLedger(db, period.from, period.to),
    month,
    badMonth: asked !== null && readMonth(asked) === null,
    missing: withoutPermit(sales),
  };
}

function PeriodForm({ from, to, error }: { from: string; to: string; error?: string }) {
  const { t } = useT("admin");
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="ledger-period">
      <Field label={t("books.ledger.from")} name="from" type="date" defaultValue={from} error={error} />
      <Field label={t("books.ledger.to")} name="to" type="date" defaultValue={to} />
      <button type="submit" className="h-11 rounded-lg bg-accent-700 px-5 font-semibold text-white hover:bg-accent-800">
        {t("books.ledger.show")}
      </button>
    </Form>
  );
}

export default function BooksPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT("admin");
  const format = useFormat();
  const { period, records, month, missing, badMonth } = loaderData;
  const query = new URLSearchParams(period).toString();
  const total = records.reduce((sum, r) => sum + r.price, 0);
  return (
    <div className="max-w-5xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t("books.ledger.title")}</h1>
      <p className="text-sm text-slate-700">{t("books.ledger.intro")}</p>
      <PeriodForm from={period.from} to={period.to} />
      <div className="flex flex-wrap items-center gap-4 text-sm font-semibold">
        <span className="text-slate-800" data-testid="ledger-count">
          {t("books.ledger.count", { count: records.length, total: format.yen(total) })}
        </span>
        <a href={`/admin/books/purchases.csv?${query}`} className="text-accent-700 underline" download>
          {t("books.ledger.csv")}
        </a>
        <a href={`/admin/books/purchases.pdf?${query}`} className="text-accent-700 underline" download>
          {t("books.ledger.pdf")}
        </a>
      </div>
      {records.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600">{t("books.ledger.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="ledger-rows">
          {records.map((r) => (
            <li key={r.id} className="grid gap-1 p-4 text-sm sm:grid-cols-[7rem_1fr_auto] sm:gap-4">
              <span className="font-semibold text-slate-900 tabular-nums">{r.boughtOn}</span>
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">
                  {r.vehicleId === null ? (
                    r.vehicleName
                  ) : (
                    <Link to={`/admin/edit/${r.vehicleId}/books`} className="text-accent-700 underline">
                      {r.vehicleName}
                    </Link>
                  )}{" "}
                  <span className="font-normal text-slate-500">
                    {r.refId}
                    {r.vehicleId === null ? ` · ${t("books.ledger.deleted")}` : ""}
                  </span>
                </p>
                <p className="break-all text-slate-700">{r.chassisNumber}</p>
                <p className="break-words text-slate-700">
                  {t(`books.sellerKinds.${r.sellerKind}`)}:{" "}
                  {r.sellerKind === "auction" ? `${r.auctionHouse} ${r.lotNumber}` : r.sellerName}
                  {r.idCheck ? ` · ${t(`books.idChecks.${r.idCheck}`)}` : ""}
                </p>
              </div>
              <span className="font-semibold text-slate-900 tabular-nums sm:text-right">{format.yen(r.price)}</span>
            </li>
          ))}
        </ul>
      )}
      <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="accountant-title">
        <h2 id="accountant-title" className="font-semibold text-slate-900">
          {t("books.accountant.title")}
        </h2>
        <p className="text-sm text-slate-600">{t("books.accountant.intro")}</p>
        <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="accountant-month">
          <input type="hidden" name="from" value={period.from} />
          <input type="hidden" name="to" value={period.to} />
          <Field
            label={t("books.accountant.month")}
            name="month"
            type="month"
            defaultValue={month}
            error={badMonth ? t("books.accountant.badMonth") : undefined}
          />
          <button
            type="submit"
            className="h-11 rounded-lg border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50"
          >
            {t("books.accountant.show")}
          </button>
        </Form>
        <p className="flex flex-wrap gap-4 text-sm font-semibold">
          <a href={`/admin/books/sales.csv?month=${month}`} className="text-accent-700 underline" download>
            {t("books.accountant.salesCsv")}
          </a>
          <a href={`/admin/books/tax-purchases.csv?month=${month}`} className="text-accent-700 underline" download>
            {t("books.accountant.purchasesCsv")}
          </a>
        </p>
        {missing.length === 0 ? (
          <p className="text-sm text-slate-700">{t("books.accountant.allPermits")}</p>
        ) : (
          <div
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            data-testid="without-permit"
          >
            <p>{t("books.accountant.withoutPermit", { count: missing.length })}</p>
            <ul className="mt-1 list-disc pl-5">
              {missing.map((sale) => (
                <li key={sale.invoice}>
                  {sale.vehicleId === null ? (
                    `${sale.invoice} · ${sale.refId} · ${sale.item}`
                  ) : (
                    <Link to={`/admin/edit/${sale.vehicleId}/books#papers`} className="underline">
                      {sale.invoice} · {sale.refId} · {sale.item}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useT("admin");
  return (
    <div className="max-w-5xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t("books.ledger.title")}</h1>
      <FormMessage tone="error">{t("books.ledger.badPeriod")}</FormMessage>
      <PeriodForm from="" to="" />
    </div>
  );
}
