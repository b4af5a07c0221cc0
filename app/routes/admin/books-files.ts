import { data } from "react-router";
import { monthSales, readMonth, salesCsv } from "~/domain/books/accountant.server";
import { ledgerCsv, ledgerPdf } from "~/domain/books/ledger-files.server";
import { readPeriod } from "~/domain/books/purchase";
import { purchaseLedger } from "~/domain/books/purchases.server";
import { getCompany } from "~/domain/settings/company.server";
import { shopDay } from "~/i18n/format";
import { adminLanguage } from "~/i18n/languages";
import { requestLanguage } from "~/i18n/request.server";
import { csvDownload } from "~/routes/admin/csv-download";
import { staffRequest } from "~/routes/admin/staff-request.server";
import type { Route } from "./+types/books-files";

/** The last day of a month ("2026-02" → "2026-02-28"). */
const lastDay = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * The owner's books as files, staff only and kept by no cache: the purchase
 * ledger of a period (`purchases.csv`, `purchases.pdf`, headings in the staff
 * panel's language) and a month's ledgers for the accountant
 * (`sales.csv`, `tax-purchases.csv`, Japanese headings).
 */
export async function loader(args: Route.LoaderArgs) {
  const { db, url, services } = await staffRequest(args);
  const file = url.pathname.split("/").pop() ?? "";
  if (file === "sales.csv" || file === "tax-purchases.csv") {
    const month = readMonth(url.searchParams.get("month"));
    if (!month) throw data("Give a month, such as 2026-11.", { status: 400 });
    if (file === "sales.csv") return csvDownload(salesCsv(await monthSales(db, month)), `sales-${month}`);
    const records = await purchaseLedger(db, `${month}-01`, lastDay(month));
    return csvDownload(ledgerCsv(records, "ja"), `purchases-${month}`);
  }
  const period = readPeriod(url.searchParams, shopDay(new Date()));
  if (!period) throw data("Give two days in order, at most 5 years apart.", { status: 400 });
  const language = adminLanguage(requestLanguage(args.request));
  const records = await purchaseLedger(db, period.from, period.to);
  const name = `purchase-ledger-${period.from}-${period.to}`;
  if (file.endsWith(".csv")) return csvDownload(ledgerCsv(records, language), name);
  const company = await getCompany(db, services.config.shop);
  const pdf = await ledgerPdf(records, period, company.legalName || services.config.shop.name, language);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
