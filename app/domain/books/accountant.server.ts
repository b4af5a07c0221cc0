import type { DB } from "~/db/db.server";
import { shopDay } from "~/i18n/format";
import { serverT } from "~/i18n/request.server";
import { toCsv } from "~/utils/csv";
import type { ExportPaperFields } from "./export-papers";

/*
 * The month's ledgers for the accountant (issue 46.4): the sales with the
 * export permit that makes each one exempt from consumption tax, and the
 * sales still without one. Japanese headings: they go to a Japanese
 * accountant whatever the staff panel's language. Staff-only.
 */

export type MonthSale = {
  invoice: string;
  issuedOn: string;
  buyer: string;
  country: string;
  port: string;
  refId: string;
  item: string;
  total: number;
  received: number;
  vehicleId: number | null;
  kind: "vehicle" | "part";
  permitNumber: string;
  permitDate: string;
};

/** "2026-11" when it is a month; null otherwise. */
export function readMonth(text: string | null): string | null {
  const month = (text ?? "").trim();
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null;
}

/** The first instants (UTC) of a shop month and of the next, for the invoices issued in it. */
function monthBounds(month: string): [string, string] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  const start = (ym: string) => new Date(Date.parse(`${ym}-01T00:00:00+09:00`)).toISOString();
  return [start(month), start(next)];
}

/** The sales of a month: orders not cancelled whose invoice was issued in it (Japan time), with money received. */
export async function monthSales(db: DB, month: string): Promise<MonthSale[]> {
  const [from, to] = monthBounds(month);
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("invoices as i", "i.id", "o.invoice_id")
    .select([
      "o.id",
      "i.number",
      "i.issued_at",
      "o.buyer_name",
      "o.buyer_country",
      "o.port",
      "o.ref_id",
      "o.item_name",
      "o.total",
      "o.paid",
      "o.vehicle_id",
      "o.kind",
    ])
    .where("o.status", "!=", "cancelled")
    .where("i.issued_at", ">=", from)
    .where("i.issued_at", "<", to)
    .orderBy("i.number")
    .execute();
  // Each vehicle's current papers, by its reference: an order keeps it when the listing is deleted.
  const refs = rows.filter((r) => r.kind === "vehicle").map((r) => r.ref_id);
  const papers = refs.length
    ? await db.selectFrom("export_papers").select(["ref_id", "version", "fields"]).where("ref_id", "in", refs).execute()
    : [];
  const latest = new Map<string, { version: number; fields: ExportPaperFields }>();
  for (const p of papers)
    if ((latest.get(p.ref_id)?.version ?? 0) < p.version)
      latest.set(p.ref_id, { version: p.version, fields: JSON.parse(p.fields) as ExportPaperFields });
  return rows.map((r) => {
    const permit = r.kind === "vehicle" ? latest.get(r.ref_id)?.fields : undefined;
    return {
      invoice: r.number,
      issuedOn: shopDay(new Date(r.issued_at)),
      buyer: r.buyer_name,
      country: r.buyer_country,
      port: r.port,
      refId: r.ref_id,
      item: r.item_name,
      total: Number(r.total),
      received: Number(r.paid),
      vehicleId: r.vehicle_id,
      kind: r.kind,
      permitNumber: permit?.permitNumber ?? "",
      permitDate: permit?.permitDate ?? "",
    };
  });
}

/** The month's vehicle sales the shop holds no export permit for: the consumption-tax exemption needs one each. */
export const withoutPermit = (sales: MonthSale[]) => sales.filter((s) => s.kind === "vehicle" && !s.permitNumber);

/** The month's sales as CSV, Japanese headings, amounts as plain numbers. */
export function salesCsv(sales: MonthSale[]): string {
  const t = serverT("ja", "admin");
  const heading = (key: string) => t(`books.accountant.columns.${key}` as never) as string;
  const keys = [
    "invoice",
    "issuedOn",
    "buyer",
    "country",
    "port",
    "refId",
    "item",
    "total",
    "received",
    "permitNumber",
    "permitDate",
  ] as const;
  return toCsv(
    keys.map(heading),
    sales.map((s) => keys.map((k) => s[k])),
  );
}
