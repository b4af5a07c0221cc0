import { COLOUR, InvoicePage, LEFT, startPdf, WIDTH } from "~/domain/sale/invoice-pdf.server";
import { formatYen } from "~/domain/inventory/price";
import { serverT } from "~/i18n/request.server";

import { toCsv } from "~/utils/csv";
import { COST_FIELDS, type PurchaseRecord, totalCost } from "./purchase";

/*
 * The purchase ledger of a period as files (issue 46.1): a CSV for a
 * spreadsheet or the accountant and a PDF to print at once, as the
 * used-goods law asks; headings in the staff panel's language (Japanese or
 * English). Staff-only.
 */

/** The ledger's columns: a heading key of `books.files`, and the cell of a record. */
const COLUMNS: [string, (r: PurchaseRecord, t: Words) => string | number | null][] = [
  ["boughtOn", (r) => r.boughtOn],
  ["refId", (r) => r.refId],
  ["vehicle", (r) => r.vehicleName],
  ["year", (r) => r.year],
  ["colour", (r) => r.colour],
  ["chassis", (r) => r.chassisNumber],
  ["plate", (r) => r.plate],
  ["sellerKind", (r, t) => t(`books.sellerKinds.${r.sellerKind}`)],
  ["auctionHouse", (r) => r.auctionHouse],
  ["lotNumber", (r) => r.lotNumber],
  ["sellerName", (r) => r.sellerName],
  ["sellerAddress", (r) => r.sellerAddress],
  ["sellerOccupation", (r) => r.sellerOccupation],
  ["sellerAge", (r) => r.sellerAge],
  ["idCheck", (r, t) => (r.idCheck ? t(`books.idChecks.${r.idCheck}`) : "")],
  ["idCheckNote", (r) => r.idCheckNote],
  ["price", (r) => r.price],
  ...COST_FIELDS.map((f): [string, (r: PurchaseRecord) => number] => [`cost_${f}`, (r) => r.costs[f]]),
  ["totalCost", (r) => totalCost(r)],
  // What the consumption tax credit rests on: a person's sale has no invoice, the used-goods dealer rule applies.
  ["taxCredit", (r, t) => t(`books.taxCredit.${r.sellerKind}`)],
  ["keepUntil", (r) => r.keepUntil],
  ["listing", (r, t) => (r.vehicleId === null ? t("books.ledger.deleted") : "")],
];

type Words = (key: string, values?: Record<string, unknown>) => string;
const wordsIn = (language: "en" | "ja"): Words => {
  const t = serverT(language, "admin");
  return (key, values) => t(key as never, values as never) as string;
};

/** The ledger as CSV: one row a purchase, amounts as plain numbers for the sums. */
export function ledgerCsv(records: PurchaseRecord[], language: "en" | "ja"): string {
  const t = wordsIn(language);
  return toCsv(
    COLUMNS.map(([key]) => t(`books.files.${key}`)),
    records.map((r) => COLUMNS.map(([, cell]) => cell(r, t))),
  );
}

/** The ledger as an A4 PDF: a block a purchase, every fact the law names, the period and its totals on top. */
export async function ledgerPdf(
  records: PurchaseRecord[],
  period: { from: string; to: string },
  shop: string,
  language: "en" | "ja",
  now = new Date(),
): Promise<Buffer> {
  const t = wordsIn(language);
  const title = t("books.ledger.title");
  const { pdf, done } = startPdf({ Title: `${title} ${period.from} – ${period.to}`, Author: shop, CreationDate: now });
  const page = new InvoicePage(pdf, `${shop}   ·   ${title} ${period.from} – ${period.to}`);
  page.y = page.text(title, LEFT, page.y, { width: WIDTH, size: 16, bold: true, color: COLOUR.accent });
  const sum = records.reduce((s, r) => s + r.price, 0);
  page.y =
    page.text(
      `${shop} · ${period.from} – ${period.to} · ${t("books.ledger.count", { count: records.length, total: formatYen(sum) })}`,
      LEFT,
      page.y + 2,
      { width: WIDTH, color: COLOUR.muted },
    ) + 10;
  page.rule(page.y, COLOUR.accent, 1.25);
  page.y += 10;
  if (records.length === 0) page.y = page.text(t("books.ledger.none"), LEFT, page.y, { width: WIDTH });
  for (const r of records) {
    const seller =
      r.sellerKind === "auction"
        ? `${t("books.sellerKinds.auction")}: ${r.auctionHouse} · ${t("books.files.lotNumber")} ${r.lotNumber}`
        : [
            `${t(`books.sellerKinds.${r.sellerKind}`)}: ${r.sellerName}`,
            r.sellerAddress,
            r.sellerOccupation,
            r.sellerAge === null ? "" : `${t("books.files.sellerAge")} ${r.sellerAge}`,
          ]
            .filter(Boolean)
            .join(" · ");
    const check = r.idCheck
      ? `${t("books.files.idCheck")}: ${t(`books.idChecks.${r.idCheck}`)}${r.idCheckNote ? ` (${r.idCheckNote})` : ""}`
      : "";
    const lines = [
      [r.vehicleName, String(r.year), r.colour, r.chassisNumber, r.plate].filter(Boolean).join(" · "),
      seller,
      check,
      `${t("books.files.price")} ${formatYen(r.price)} · ${t("books.files.keepUntil")} ${r.keepUntil}${r.vehicleId === null ? ` · ${t("books.ledger.deleted")}` : ""}`,
    ].filter(Boolean);
    const height = lines.reduce((h, line) => h + page.heightOf(line, { width: WIDTH - 90 }) + 1, 0) + 10;
    page.keep(height);
    page.text(r.boughtOn, LEFT, page.y, { width: 84, bold: true });
    page.text(r.refId, LEFT, page.y + 12, { width: 84, size: 8, color: COLOUR.muted });
    let y = page.y;
    for (const line of lines) y = page.text(line, LEFT + 90, y, { width: WIDTH - 90 }) + 1;
    page.y = Math.max(y, page.y + 24) + 4;
    page.rule(page.y, COLOUR.hairline, 0.5);
    page.y += 6;
  }
  pdf.end();
  return done;
}
