import type { DB } from "~/db/db.server";
import type { BankAccount, InvoiceDocument } from "~/domain/sale/deal-types";
import { formatVerificationCode, newVerificationCode } from "~/utils/verification-code.server";

/*
 * An issued invoice of a test's own, written straight into the invoices
 * table as the shop stores one: a 16-character code and the document as
 * printed (a C&F invoice for a Prius to Colombo, unless told otherwise).
 */

/** The account printed on the test's invoices. */
export const ISSUED_BANK: BankAccount = {
  bankName: "Mizuho Bank",
  branch: "Yokohama Branch (250)",
  bankAddress: "1-1 Minatomirai, Nishi-ku, Yokohama, Japan",
  swift: "MHCBJPJT",
  accountName: "Sakura Auto Export Co., Ltd.",
  accountNumber: "1234567",
  note: "Ordinary account",
};

/** Another account, as the owner might keep it later. */
export const OTHER_BANK: BankAccount = {
  ...ISSUED_BANK,
  bankName: "MUFG Bank",
  branch: "Yokohama Ekimae Branch (251)",
  swift: "BOTKJPJT",
  accountNumber: "7654321",
};

export function invoiceDocument(
  number: string,
  code: string,
  overrides: Partial<InvoiceDocument> = {},
): InvoiceDocument {
  return {
    number,
    issuedOn: "2026-11-24",
    dueDate: "2026-12-01",
    code: formatVerificationCode(code),
    verifyUrl: `https://shop.example/verify/${code}`,
    quoteNumber: "Q-2026-1124-0042",
    seller: {
      name: "Sakura Auto Export Co., Ltd.",
      address: "1-1 Honcho, Naka-ku, Yokohama 231-0005, Japan",
      phone: "+81 45-000-1234",
      email: "sales@sakura-auto.example",
      corporateNumber: "1234567890123",
      licenceNumber: "451230001234",
      licenceIssuer: "Kanagawa Prefectural Public Safety Commission",
    },
    buyer: { name: "Amal Perera", country: "Sri Lanka", email: "amal.perera@example.lk", phone: "+94 77 123 4567" },
    item: {
      kind: "vehicle",
      refId: "V-10042",
      name: "2019 Toyota Prius S",
      quantity: null,
      specs: [
        { label: "Year", value: "2019" },
        { label: "Chassis no.", value: "ZVW50-1234567" },
      ],
    },
    lines: [
      { kind: "fob", label: "FOB price", amount: 1_100_000 },
      { kind: "freight", label: "Ocean freight", amount: 150_000 },
    ],
    total: 1_250_000,
    terms: "C&F",
    port: "Colombo, Sri Lanka",
    bank: ISSUED_BANK,
    ...overrides,
  };
}

/** Writes an issued invoice (cancelled at `voidedAt` when given) and returns its code as stored. */
export async function insertInvoice(
  db: DB,
  number: string,
  { voidedAt = null, ...overrides }: Partial<InvoiceDocument> & { voidedAt?: string | null } = {},
): Promise<string> {
  const code = newVerificationCode();
  const document = invoiceDocument(number, code, overrides);
  await db
    .insertInto("invoices")
    .values({
      number,
      quote_id: null,
      offer_id: null,
      customer_id: null,
      code,
      issued_at: "2026-11-24T01:00:00.000Z",
      due_date: document.dueDate,
      total: document.total,
      document: JSON.stringify(document),
      voided_at: voidedAt,
      void_reason: voidedAt ? "The buyer chose another car" : null,
    })
    .execute();
  return code;
}
