import { z } from "zod";
import type { DB } from "~/db/db.server";
import { STOCK_KINDS, type StockKind } from "~/domain/inventory/stock-kinds";
import { addressKey, countTries } from "~/domain/auth/rate-limit.server";
import { log } from "~/utils/log.server";
import { BankAccountShape } from "./deal-settings.server";
import { OFFER_TERMS } from "./deal-types";
import { type CheckedInvoice, partlyHiddenName } from "./invoice-check";
import { formatVerificationCode, normaliseVerificationCode } from "~/utils/verification-code.server";

/*
 * Anyone holding an invoice (on paper or as a PDF) can check it at /verify
 * with the code printed on it (issue 20.4): the shop shows the invoice as it
 * was issued, above all the bank account the money must go to, so a forged
 * invoice with a fraudster's account is caught before the buyer pays. A
 * cancelled invoice says so and shows no account. The code is the only key:
 * 80 random bits, and lookups are limited per client address so codes
 * cannot be guessed. The buyer's name is shown only in part.
 */

/** Lookups per client address: plenty for someone checking their invoices, far too few to guess a code. */
export const VERIFY_LIMIT = { tries: 30, windowMs: 10 * 60_000 };

export type InvoiceCheck =
  | { status: "found"; invoice: CheckedInvoice }
  | { status: "not-found" }
  | { status: "too-many"; retryAfterSeconds: number };

/** The part of the stored document the check shows; the rest of it is not read. */
const CheckedDocument = z.object({
  issuedOn: z.string(),
  seller: z.object({ name: z.string() }),
  buyer: z.object({ name: z.string() }),
  item: z.object({
    kind: z.enum(Object.keys(STOCK_KINDS) as [StockKind, ...StockKind[]]),
    refId: z.string(),
    name: z.string(),
    quantity: z.number().int().nullable(),
  }),
  terms: z.enum(OFFER_TERMS),
  port: z.string(),
  bank: BankAccountShape,
  proofPack: z.object({ code: z.string() }).optional(),
});

/** The rate-limit key of a client address's lookups. */
export const verifyKey = (ip: string) => `verify:ip:${addressKey(ip)}`;

/**
 * Looks an invoice up by the code as typed or linked (any case, spaces and
 * dashes, O for 0). A code that cannot be one is answered at once, like an
 * unknown one; each lookup of a possible code counts against the address's
 * limit, and one that finds an invoice is given back.
 */
export async function checkInvoice(db: DB, typed: string, ip: string, now = new Date()): Promise<InvoiceCheck> {
  const check = await checkCode(db, typed, ip, async () => null, now);
  return check.status === "other" ? { status: "not-found" } : check;
}

/**
 * `checkInvoice`, and when no invoice has the code, what `other` finds by it
 * (a vehicle's proof pack, issue 45.4): one lookup counted against the
 * address, given back when either finds something. Codes of both are made
 * alike (verification-code.server.ts), so one limit guards both.
 */
export async function checkCode<T>(
  db: DB,
  typed: string,
  ip: string,
  other: (code: string) => Promise<T | null>,
  now = new Date(),
): Promise<InvoiceCheck | { status: "other"; found: T }> {
  const code = normaliseVerificationCode(typed);
  if (!code) return { status: "not-found" };
  const gate = await countTries(db, [verifyKey(ip)], VERIFY_LIMIT, now);
  if (!gate.allowed) return { status: "too-many", retryAfterSeconds: gate.retryAfterSeconds };

  const row = await db
    .selectFrom("invoices")
    .select(["number", "code", "due_date", "total", "document", "voided_at"])
    .where("code", "=", code)
    .executeTakeFirst();
  if (!row) {
    const found = await other(code);
    if (found === null) return { status: "not-found" };
    await gate.giveBack();
    return { status: "other", found };
  }
  let document: z.infer<typeof CheckedDocument>;
  try {
    document = CheckedDocument.parse(JSON.parse(row.document));
  } catch (error) {
    // Not one the shop wrote: better "not found" (do not pay) than a page that shows half an invoice.
    const problem = error instanceof z.ZodError ? error.issues.map((i) => i.path.join(".")).join(", ") : String(error);
    log("error", "an invoice's stored document could not be read", { number: row.number, problem });
    return { status: "not-found" };
  }
  await gate.giveBack();
  return {
    status: "found",
    invoice: {
      number: row.number,
      code: formatVerificationCode(row.code),
      issuedOn: document.issuedOn,
      dueDate: row.due_date,
      total: Number(row.total),
      seller: document.seller.name,
      buyer: partlyHiddenName(document.buyer.name),
      item: document.item,
      terms: document.terms,
      port: document.port,
      voidedAt: row.voided_at,
      bank: row.voided_at ? null : document.bank,
      proofPack: document.proofPack
        ? { code: document.proofPack.code, path: `/verify/${document.proofPack.code}` }
        : null,
    },
  };
}
