import * as ownerMails from "./owner-mails.server";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Config } from "~/config.server";
import type { DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { Refusal } from "~/domain/refusal";
import { logActivity } from "~/domain/activity/activity.server";
import { verifyPassword } from "~/domain/auth/password.server";
import { countTries } from "~/domain/auth/rate-limit.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { readSetting, writeSetting } from "~/domain/settings/settings-store.server";
import { STAFF_TOO_MANY_TRIES } from "~/domain/staff/staff-problems";
import { checkSecondFactor, staffCodeKeys, twoFactorStatus } from "~/domain/staff/two-factor.server";
import { shopDateTime } from "~/i18n/format";
import { problem, type Problem } from "~/i18n/problem";
import { HOLD_DAYS_RANGE, OFFER_DAYS_RANGE } from "./deal-settings";
import { BANK_CHARGES, type BankAccount } from "./deal-types";
import { BANK_FIELDS, type BankField, maskAccountNumber } from "./bank-account";

export { HOLD_DAYS_RANGE, OFFER_DAYS_RANGE };

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

type Staff = { id: number; adminId: string };

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

/** Saves the holds and offers form (checked by readDealSettingsForm) and logs the change. */
export async function saveDealSettings(db: DB, staff: Staff, settings: DealSettings): Promise<void> {
  // The form checks the ranges; a caller that skipped it must not store what the readers would drop.
  const inRange = (n: number, range: { min: number; max: number }) =>
    Number.isInteger(n) && n >= range.min && n <= range.max;
  if (!inRange(settings.holdWorkingDays, HOLD_DAYS_RANGE) || !inRange(settings.offerValidDays, OFFER_DAYS_RANGE))
    throw new RangeError("deal settings out of range");
  const checked: DealSettings = { holdWorkingDays: settings.holdWorkingDays, offerValidDays: settings.offerValidDays };
  await db.transaction().execute(async (trx) => {
    const before = await getDealSettings(trx);
    const at = new Date().toISOString();
    await writeSetting(trx, DEALS_KEY, checked, at);
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "deals.settings_updated",
      subject: { kind: "settings", id: DEALS_KEY },
      summary:
        `Holds last ${change(before.holdWorkingDays, checked.holdWorkingDays)} working days; ` +
        `offers stand ${change(before.offerValidDays, checked.offerValidDays)} days`,
      at,
    });
  });
}

const change = (before: number, after: number) => (before === after ? String(after) : `${before} → ${after}`);

/** A bank account as stored: in the settings, and inside each invoice's document. */
export const BankAccountShape = z.object({
  bankName: z.string(),
  branch: z.string(),
  bankAddress: z.string(),
  swift: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  note: z.string(),
  charges: z.enum(BANK_CHARGES).optional(),
});

/** The bank account as the owner last saved it, or null while none is set (no invoice can be issued then). */
export async function getBankAccount(db: Kysely<Database>): Promise<BankAccount | null> {
  const parsed = BankAccountShape.safeParse(await readSetting(db, BANK_KEY));
  return parsed.success ? parsed.data : null;
}

/** When the bank account was last changed, and by whom (from the activity log); null when never. */
export async function lastBankChange(db: DB): Promise<{ at: string; by: string | null } | null> {
  const row = await db
    .selectFrom("activity_log")
    .select(["created_at", "actor_id"])
    .where("action", "=", "bank.changed")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { at: row.created_at, by: row.actor_id } : null;
}

/** The account's details as the owner's mail lists them. */
const BANK_LABELS: Record<BankField, string> = {
  bankName: "Bank",
  branch: "Branch",
  bankAddress: "Bank address",
  swift: "SWIFT/BIC",
  accountName: "Account name",
  accountNumber: "Account number",
  note: "Note",
};

const accountLine = (account: BankAccount | null) =>
  account ? `${account.bankName} ${maskAccountNumber(account.accountNumber)}` : "none";

export type BankServices = {
  db: DB;
  config: Pick<Config, "publicUrl" | "sessionSecret" | "ownerEmail"> & { shop: Pick<Config["shop"], "name"> };
};

/** What the staff member typed to prove it is them: their password, and a code when two-step sign-in is on. */
export type Proof = { password: string; code: string };

export type BankSaveOutcome =
  | { ok: true; changed: boolean }
  | {
      ok: false;
      refusal: Extract<Refusal, "invalid" | "too-many">;
      message: Problem;
      /** The proof field the refusal is about. */
      field: "password" | "code" | null;
      retryAfterSeconds?: number;
    };

const refused = (message: Problem, field: "password" | "code" | null): BankSaveOutcome => ({
  ok: false,
  refusal: "invalid",
  message,
  field,
});

/**
 * Changes the account buyers pay into (issue 20.4). Forged invoices with a
 * fraudster's account are the commonest scam in this trade, and a stolen
 * session must not be enough to redirect payments: the staff member types
 * their password again, and a code when their two-step sign-in is on. Tries
 * are counted with the sign-in codes' limit before anything is checked (a
 * right one is given back). The change, its log entry and a mail to the
 * owner's address commit together; invoices already issued keep the account
 * printed on them.
 */
export async function saveBankAccount(
  services: BankServices,
  staff: Staff,
  account: BankAccount,
  proof: Proof,
  ip: string,
  now = new Date(),
): Promise<BankSaveOutcome> {
  const { db } = services;
  if (!proof.password) return refused(problem("invoicing.errors.passwordRequired"), "password");
  const twoFactor = await twoFactorStatus(db, staff.id);
  if (twoFactor.enabled && !proof.code.trim()) return refused(problem("invoicing.errors.codeRequired"), "code");

  const gate = await countTries(db, staffCodeKeys(staff.id, ip), undefined, now);
  if (!gate.allowed)
    return {
      ok: false,
      refusal: "too-many",
      message: STAFF_TOO_MANY_TRIES,
      field: null,
      retryAfterSeconds: gate.retryAfterSeconds,
    };

  const row = await db.selectFrom("staff").select("password_hash").where("id", "=", staff.id).executeTakeFirstOrThrow();
  const passwordRight = proof.password.length <= 128 && (await verifyPassword(row.password_hash, proof.password));
  // The code is checked (and so used up) only after the right password.
  const codeRight =
    !passwordRight || !twoFactor.enabled || (await checkSecondFactor(services, staff.id, proof.code, now));
  if (!passwordRight || !codeRight) {
    const what = passwordRight ? "code" : "password";
    await logActivity(db, {
      actor: { kind: "staff", id: staff.adminId },
      action: "bank.change_refused",
      subject: { kind: "settings", id: BANK_KEY },
      summary: `Bank account not changed: wrong ${what} (from ${ip})`,
      at: now.toISOString(),
    });
    return refused(problem(`invoicing.errors.wrong${what === "code" ? "Code" : "Password"}`), what);
  }
  await gate.giveBack();

  const changed = await db.transaction().execute(async (trx) => {
    const before = await getBankAccount(trx);
    const at = now.toISOString();
    const same =
      before !== null &&
      BANK_FIELDS.every((f) => before[f] === account[f]) &&
      (before.charges ?? "OUR") === (account.charges ?? "OUR");
    if (same) {
      await logActivity(trx, {
        actor: { kind: "staff", id: staff.adminId },
        action: "bank.saved_unchanged",
        subject: { kind: "settings", id: BANK_KEY },
        summary: `Bank account saved unchanged by ${staff.adminId}`,
        at,
      });
      return false;
    }
    await writeSetting(trx, BANK_KEY, account, at);
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "bank.changed",
      subject: { kind: "settings", id: BANK_KEY },
      summary: `Bank account changed by ${staff.adminId}: ${accountLine(before)} → ${accountLine(account)}`,
      at,
    });
    await enqueueMail(trx, bankChangedMail(services.config, staff, before, account, ip, now));
    return true;
  });
  return { ok: true, changed };
}

/** The owner's warning that the account was changed (English, like the owner's other mails). */
function bankChangedMail(
  config: BankServices["config"],
  staff: Staff,
  before: BankAccount | null,
  account: BankAccount,
  ip: string,
  now: Date,
) {
  const details = [
    ...BANK_FIELDS.filter((f) => account[f]).map((f) => `${BANK_LABELS[f]}: ${account[f]}`),
    `Bank charges: ${account.charges ?? "OUR"}`,
  ].join("\n");
  return {
    to: config.ownerEmail,
    ...ownerMails.bankChangedMail({
      publicUrl: config.publicUrl,
      shopName: config.shop.name,
      by: staff.adminId,
      when: shopDateTime(now),
      ip,
      details,
      before: before ? `${before.bankName}, account ${maskAccountNumber(before.accountNumber)}` : "no account was set",
    }),
  };
}
