import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "~/db/schema";
import { readSetting } from "~/domain/settings/settings-store.server";
import type { BankAccount } from "./deal-types";

/*
 * The owner's settings for deals: how long a hold lasts and how long an offer
 * stands unless the owner says otherwise, and the bank account buyers pay
 * into (changed only after the staff member proves who they are again; see
 * the invoicing screen). Each is one row of the settings table.
 */

export const DEALS_KEY = "deals";
export const BANK_KEY = "bank";

export type DealSettings = {
  /** Working days a vehicle is held after an offer is accepted (issue 20: 3 unless set otherwise). */
  holdWorkingDays: number;
  /** Calendar days an offer stands, the offer form's first choice. */
  offerValidDays: number;
};

export const DEAL_DEFAULTS: DealSettings = { holdWorkingDays: 3, offerValidDays: 7 };
export const HOLD_DAYS_RANGE = { min: 1, max: 20 } as const;
export const OFFER_DAYS_RANGE = { min: 1, max: 60 } as const;

const StoredDeals = z.object({
  holdWorkingDays: z
    .number()
    .int()
    .min(HOLD_DAYS_RANGE.min)
    .max(HOLD_DAYS_RANGE.max)
    .catch(DEAL_DEFAULTS.holdWorkingDays),
  offerValidDays: z
    .number()
    .int()
    .min(OFFER_DAYS_RANGE.min)
    .max(OFFER_DAYS_RANGE.max)
    .catch(DEAL_DEFAULTS.offerValidDays),
});

export async function getDealSettings(db: Kysely<Database>): Promise<DealSettings> {
  const parsed = StoredDeals.safeParse(await readSetting(db, DEALS_KEY));
  return parsed.success ? parsed.data : DEAL_DEFAULTS;
}

const StoredBank = z.object({
  bankName: z.string(),
  branch: z.string(),
  bankAddress: z.string(),
  swift: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  note: z.string(),
});

/** The bank account as the owner last saved it, or null while none is set (no invoice can be issued then). */
export async function getBankAccount(db: Kysely<Database>): Promise<BankAccount | null> {
  const parsed = StoredBank.safeParse(await readSetting(db, BANK_KEY));
  return parsed.success ? parsed.data : null;
}
