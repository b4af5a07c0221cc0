import { data } from "react-router";
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

/** The purchase ledger of a period as CSV or PDF (`purchases.csv`, `purchases.pdf`): staff only, kept by no cache. */
export async function loader(args: Route.LoaderArgs) {
  const { db, url, services } = await staffRequest(args);
  const period = readPeriod(url.searchParams, shopDay(new Date()));
  if (!period) throw data("Give two days in order, at most 5 years apart.", { status: 400 });
  const language = adminLanguage(requestLanguage(args.request));
  const records = await purchaseLedger(db, period.from, period.to);
  const name = `purchase-ledger-${period.from}-${period.to}`;
  if (url.pathname.endsWith(".csv")) return csvDownload(ledgerCsv(records, language), name);
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
