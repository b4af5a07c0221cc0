import { monthText } from "~/domain/inventory/months";
import { capitalise } from "~/domain/inventory/inventory";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Database } from "~/db/schema";
import { getCompany } from "~/domain/settings/company.server";
import type { ShopSettings } from "~/domain/settings/settings";
import { shopDay, shopYear } from "~/i18n/format";
import type { BankAccount, InvoiceDocument, OfferLine, OfferTerms } from "./deal-types";
import { formatVerificationCode, newVerificationCode } from "~/utils/verification-code.server";
import { invoiceNumber } from "./invoice-number";
import { packCodeOf } from "~/domain/proof/packs.server";
import { invoiceImportCheck } from "./deal-import-verdict.server";

/*
 * Proforma invoices (issue 20.3, decision record 0013). Numbers run per year
 * without gaps: the year's counter is raised in the transaction that issues
 * the invoice, so a refused or failed issue gives its number back, and two
 * issues at once wait for each other on the counter's row. Everything the
 * invoice prints is kept with it as issued; a later change of the company,
 * the bank account or the vehicle does not alter it.
 */

type Trx = Kysely<Database>;

/** The next number of the year, taken inside the caller's transaction. */
export async function takeInvoiceNumber(trx: Trx, year: number): Promise<string> {
  const row = await sql<{ last: number }>`
    insert into invoice_counters (year, last) values (${year}, 1)
    on conflict (year) do update set last = invoice_counters.last + 1
    returning last`.execute(trx);
  return invoiceNumber(year, Number(row.rows[0]!.last));
}

const VEHICLE_SPECS = [
  ["chassis_number", "Chassis no."],
  ["model_code", "Model code"],
  ["year", "Year"],
  ["manufactured_month", "Manufactured"],
  ["registered_month", "First registered"],
  ["make", "Make"],
  ["model", "Model"],
  ["mileage", "Mileage (km)"],
  ["engine_cc", "Engine (cc)"],
  ["transmission", "Transmission"],
  ["fuel", "Fuel"],
  ["drive", "Drive"],
  ["steering", "Steering"],
  ["color", "Colour"],
  ["doors", "Doors"],
  ["seats", "Seats"],
] as const;

/** Values kept in lower case ("automatic", "petrol"), printed capitalised as the vehicle page shows them. */
const WORD_COLUMNS = new Set(["transmission", "fuel"]);

/** Months kept as numbers, printed as 2019-03. */
const MONTH_COLUMNS = new Set(["manufactured_month", "registered_month"]);

const PART_SPECS = [
  ["part_number", "Part number"],
  ["make", "Make"],
  ["model", "Model"],
  ["year", "Year"],
  ["type", "Type"],
  ["sub_type", "Sub type"],
  ["condition", "Condition"],
] as const;

/** The item's specifications as printed, from the stock as it is now (kept with the invoice from then on). */
async function itemSpecs(trx: Trx, kind: "vehicle" | "part", id: number | null) {
  if (id === null) return [];
  const row =
    kind === "vehicle"
      ? await trx.selectFrom("vehicles").selectAll().where("id", "=", id).executeTakeFirst()
      : await trx.selectFrom("parts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return [];
  const specs = (kind === "vehicle" ? VEHICLE_SPECS : PART_SPECS) as readonly (readonly [string, string])[];
  return specs.flatMap(([column, label]) => {
    const value = (row as Record<string, unknown>)[column];
    if (value === null || value === undefined || value === "") return [];
    const shown =
      typeof value === "number" && column === "mileage"
        ? value.toLocaleString("en-US")
        : typeof value === "number" && MONTH_COLUMNS.has(column)
          ? monthText(value)
          : WORD_COLUMNS.has(column)
            ? capitalise(String(value))
            : String(value);
    return [{ label, value: shown }];
  });
}

export type IssuedInvoice = { id: number; number: string; code: string; document: InvoiceDocument };

/** Issues the invoice of an accepted offer, inside the acceptance's transaction. */
export async function issueInvoice(
  trx: Trx,
  context: { publicUrl: URL; shop: ShopSettings },
  deal: {
    quoteId: number;
    quoteNumber: string;
    offerId: number;
    customerId: number | null;
    buyer: InvoiceDocument["buyer"];
    item: { kind: "vehicle" | "part"; id: number | null; refId: string; name: string; quantity: number | null };
    lines: OfferLine[];
    total: number;
    terms: OfferTerms;
    port: string;
    dueDate: string;
    bank: BankAccount;
  },
  now: Date,
): Promise<IssuedInvoice> {
  const number = await takeInvoiceNumber(trx, shopYear(now));
  const code = newVerificationCode();
  const company = await getCompany(trx, context.shop);
  const document: InvoiceDocument = {
    number,
    issuedOn: shopDay(now),
    dueDate: deal.dueDate,
    code: formatVerificationCode(code),
    verifyUrl: new URL(`/verify/${code}`, context.publicUrl).href,
    quoteNumber: deal.quoteNumber,
    seller: {
      name: company.legalName || context.shop.name,
      address: company.address,
      phone: company.phone,
      email: company.email,
      corporateNumber: company.corporateNumber,
      licenceNumber: company.licenceNumber,
      licenceIssuer: company.licenceIssuer,
    },
    buyer: deal.buyer,
    item: {
      kind: deal.item.kind,
      refId: deal.item.refId,
      name: deal.item.name,
      quantity: deal.item.quantity,
      specs: await itemSpecs(trx, deal.item.kind, deal.item.id),
    },
    lines: deal.lines,
    total: deal.total,
    terms: deal.terms,
    port: deal.port,
    bank: deal.bank,
  };
  const importCheck = await invoiceImportCheck(trx, deal.quoteId, deal.offerId, now);
  if (importCheck) document.importCheck = importCheck;
  const pack = deal.item.kind === "vehicle" && deal.item.id !== null ? await packCodeOf(trx, deal.item.id) : null;
  if (pack) document.proofPack = { code: pack, verifyUrl: new URL(`/verify/${pack}`, context.publicUrl).href };
  const row = await trx
    .insertInto("invoices")
    .values({
      number,
      quote_id: deal.quoteId,
      offer_id: deal.offerId,
      customer_id: deal.customerId,
      code,
      issued_at: now.toISOString(),
      due_date: deal.dueDate,
      total: deal.total,
      document: JSON.stringify(document),
      voided_at: null,
      void_reason: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, number, code, document };
}

export type InvoiceRow = {
  id: number;
  number: string;
  quoteId: number | null;
  customerId: number | null;
  code: string;
  issuedAt: string;
  dueDate: string;
  total: number;
  document: InvoiceDocument;
  voidedAt: string | null;
  voidReason: string | null;
};

/** What an invoice row is read as: everything but its kept PDF (read on its own by invoice-file.server.ts). */
const INVOICE_COLUMNS = [
  "id",
  "number",
  "quote_id",
  "customer_id",
  "code",
  "issued_at",
  "due_date",
  "total",
  "document",
  "voided_at",
  "void_reason",
] as const;

function toInvoice(row: Pick<Selectable<Database["invoices"]>, (typeof INVOICE_COLUMNS)[number]>): InvoiceRow {
  return {
    id: row.id,
    number: row.number,
    quoteId: row.quote_id,
    customerId: row.customer_id,
    code: row.code,
    issuedAt: row.issued_at,
    dueDate: row.due_date,
    total: Number(row.total),
    document: JSON.parse(row.document) as InvoiceDocument,
    voidedAt: row.voided_at,
    voidReason: row.void_reason,
  };
}

/** A quote's invoices, newest first. */
export async function invoicesOfQuote(db: Trx, quoteId: number): Promise<InvoiceRow[]> {
  const rows = await db
    .selectFrom("invoices")
    .select(INVOICE_COLUMNS)
    .where("quote_id", "=", quoteId)
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => toInvoice(r));
}

/** One invoice by its number, or null. */
export async function invoiceByNumber(db: Trx, number: string): Promise<InvoiceRow | null> {
  if (!/^\d{4}-\d{5,7}$/.test(number)) return null;
  const row = await db.selectFrom("invoices").select(INVOICE_COLUMNS).where("number", "=", number).executeTakeFirst();
  return row ? toInvoice(row) : null;
}
