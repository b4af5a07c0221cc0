import { nowIso, type DB } from "~/db/db.server";
import { BANK_KEY } from "~/domain/sale/deal-settings.server";
import type { BankAccount } from "~/domain/sale/deal-types";

/**
 * The demo's bank account, so offers can be accepted and invoiced in the demo.
 * The numbers are made up; the owner enters the real account on the
 * Invoicing screen. Only into a shop that has none yet.
 */
export const DEMO_BANK: BankAccount = {
  bankName: "Sakura Demo Bank",
  branch: "Yokohama Minato Branch (123)",
  bankAddress: "1-1 Minatomirai, Nishi-ku, Yokohama, Kanagawa, Japan",
  swift: "DEMOJPJT",
  accountName: "Sakura Auto Export Co., Ltd.",
  accountNumber: "0001234",
  note: "Ordinary account. Demo details: not a real account.",
};

export async function seedDemoBank(db: DB): Promise<boolean> {
  const result = await db
    .insertInto("settings")
    .values({ key: BANK_KEY, value: JSON.stringify(DEMO_BANK), updated_at: nowIso() })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
