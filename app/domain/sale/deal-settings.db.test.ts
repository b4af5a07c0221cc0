import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { routeContext } from "../../../tests/support/route-context";
import { insertInvoice, ISSUED_BANK, OTHER_BANK } from "../../../tests/support/invoices";
import { english } from "../../../tests/support/english";
import { loadConfig } from "~/config.server";
import { i18nFor, type Messages } from "~/i18n/core";
import admin from "~/i18n/locales/en/admin.json";
import { type Problem, problemText } from "~/i18n/problem";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { startStaffSession } from "~/domain/staff/staff-sessions.server";
import { beginTwoFactorSetup, confirmTwoFactor } from "~/domain/staff/two-factor.server";
import { base32Decode, totpCode, totpStep } from "~/domain/staff/totp.server";
import { action as invoicingAction, loader as invoicingLoader } from "~/routes/admin/invoicing";
import {
  BANK_KEY,
  DEAL_DEFAULTS,
  getBankAccount,
  getDealSettings,
  saveBankAccount,
  saveDealSettings,
} from "./deal-settings.server";
import type { BankAccount } from "./deal-types";
import { readBankAccountForm } from "./invoicing-settings";
import { maskAccountNumber } from "./bank-account";
import { checkInvoice } from "./verify.server";

/*
 * The owner's invoicing settings (issue 20.4): hold and offer days within
 * their limits, and the bank account, changed only with the password again
 * (and a code when two-step sign-in is on), logged and mailed to the owner.
 */

let t: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deal-settings-test-"));
const config = loadConfig({
  DATA_DIR: dataDir,
  NODE_ENV: "test",
  PUBLIC_URL: "https://shop.example",
  OWNER_EMAIL: "owner@sakura.example",
  SESSION_SECRET: "deal-settings-test-secret-of-32-characters-or-more",
});
const services = () => ({ db: t.db, config });
const PASSWORD = "owner's long password";
const CLERK_PASSWORD = "clerk's long password";
let owner: { id: number; adminId: string };
let clerk: { id: number; adminId: string };
let ownerCookie = "";
let clerkKey = "";
let clerkRecovery: string[] = [];
/** Each test's requests come from an address of its own, so their tries are counted apart. */
let ip = "203.0.113.1";
let nextIp = 1;

const FIRST: BankAccount = ISSUED_BANK;
const SECOND: BankAccount = OTHER_BANK;

async function staffOf(adminId: string, password: string) {
  await ensureStaffAccount(t.db, adminId, password);
  const row = await t.db.selectFrom("staff").select("id").where("admin_id", "=", adminId).executeTakeFirstOrThrow();
  return { id: row.id, adminId };
}

beforeAll(async () => {
  t = await createTestDb();
  owner = await staffOf("owner", PASSWORD);
  clerk = await staffOf("clerk", CLERK_PASSWORD);
  ownerCookie = (await startStaffSession(services(), owner.id, false)).split(";")[0]!;
  // The clerk has two-step sign-in on.
  const setup = await beginTwoFactorSetup(services(), clerk.id);
  clerkKey = setup.key;
  const setUpAt = new Date(Date.now() - 10 * 60_000);
  clerkRecovery = (await confirmTwoFactor(services(), clerk, codeAt(setUpAt), null, setUpAt))!;
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  ip = `203.0.113.${++nextIp}`;
});

const codeAt = (when: Date) => totpCode(base32Decode(clerkKey), totpStep(when));

/** What a staff member reads in English for a Problem of the staff panel. */
const staffT = i18nFor({
  language: "en",
  version: "deal-settings-en",
  resources: { admin: admin as Messages },
}).getFixedT("en", "admin");
const staffEnglish = (found: Problem) => problemText(staffT, found);

const context = () => routeContext(config, t.db, ip);

/** The screen's action as a browser posts to it: a redirect's target, or a refusal's status, headers and data. */
async function post(values: Record<string, string>, cookie = ownerCookie) {
  const request = new Request("https://shop.example/admin/invoicing", {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { Cookie: cookie },
  });
  const result = (await invoicingAction({ request, context: context(), params: {} } as never)) as unknown;
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const d = result as {
    init?: { status?: number; headers?: Record<string, string> };
    data: { message: Problem; errors: Record<string, Problem>; values: Record<string, string> };
  };
  return {
    status: d.init?.status ?? 200,
    retryAfter: d.init?.headers?.["Retry-After"],
    message: staffEnglish(d.data.message),
    errors: Object.fromEntries(Object.entries(d.data.errors).map(([k, v]) => [k, staffEnglish(v)])),
    values: d.data.values,
  };
}

const bankForm = (account: BankAccount, proof: Record<string, string>) => ({ intent: "bank", ...account, ...proof });
const mails = () => t.db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
const logOf = (action: string) =>
  t.db.selectFrom("activity_log").selectAll().where("action", "=", action).orderBy("id").execute();

describe("holds and offers", () => {
  it("start at 3 working days and 7 days; the screen saves values within the limits and logs the change", async () => {
    expect(await getDealSettings(t.db)).toEqual(DEAL_DEFAULTS);
    expect(DEAL_DEFAULTS).toEqual({ holdWorkingDays: 3, offerValidDays: 7 });

    const saved = await post({ intent: "deals", holdWorkingDays: " 5 ", offerValidDays: "14" });
    expect(saved).toEqual({ status: 302, location: "/admin/invoicing?saved=deals" });
    expect(await getDealSettings(t.db)).toEqual({ holdWorkingDays: 5, offerValidDays: 14 });
    const [entry] = await logOf("deals.settings_updated");
    expect(entry).toMatchObject({
      actor_id: "owner",
      summary: "Holds last 3 → 5 working days; offers stand 7 → 14 days",
    });

    // Both ends of each range are allowed.
    await post({ intent: "deals", holdWorkingDays: "1", offerValidDays: "60" });
    expect(await getDealSettings(t.db)).toEqual({ holdWorkingDays: 1, offerValidDays: 60 });
    await post({ intent: "deals", holdWorkingDays: "20", offerValidDays: "1" });
    expect(await getDealSettings(t.db)).toEqual({ holdWorkingDays: 20, offerValidDays: 1 });
  });

  it.each([["0"], ["21"], ["2.5"], ["-3"], ["three"], [""]])(
    "refuse a hold of %j working days with 400, keep what was typed and change nothing",
    async (typed) => {
      const before = await getDealSettings(t.db);
      const refused = await post({ intent: "deals", holdWorkingDays: typed, offerValidDays: "10" });
      expect(refused.status).toBe(400);
      expect(refused.errors).toEqual({
        holdWorkingDays: "Hold length must be a whole number of working days from 1 to 20",
      });
      expect(refused.values).toMatchObject({ holdWorkingDays: typed, offerValidDays: "10" });
      expect(await getDealSettings(t.db)).toEqual(before);
    },
  );

  it("refuse offers standing more than 60 days, and the service itself refuses a hold out of range", async () => {
    const refused = await post({ intent: "deals", holdWorkingDays: "3", offerValidDays: "61" });
    expect(refused.errors).toEqual({ offerValidDays: "Offers must stand a whole number of days from 1 to 60" });
    await expect(saveDealSettings(t.db, owner, { holdWorkingDays: 21, offerValidDays: 7 })).rejects.toThrow(RangeError);
    expect((await getDealSettings(t.db)).holdWorkingDays).not.toBe(21);
  });
});

describe("the SWIFT/BIC", () => {
  const swiftOf = (swift: string) => {
    const read = readBankAccountForm({ ...FIRST, swift });
    return read.ok ? read.account.swift : staffEnglish(read.errors.swift!);
  };

  it("takes 8 or 11 letters and digits, written as banks print it", () => {
    expect(swiftOf("MHCBJPJT")).toBe("MHCBJPJT");
    expect(swiftOf(" mhcb jp jt xxx ")).toBe("MHCBJPJTXXX");
    expect(swiftOf("JPPSJPJ1")).toBe("JPPSJPJ1");
  });

  it("refuses other lengths and shapes, and a bank outside Japan", () => {
    const format = "SWIFT/BIC must be 8 or 11 letters and digits, such as MHCBJPJT";
    expect(swiftOf("MHCBJPJ")).toBe(format);
    expect(swiftOf("MHCBJPJTXX")).toBe(format);
    expect(swiftOf("MHCBJPJTXXXX")).toBe(format);
    expect(swiftOf("1HCBJPJT")).toBe(format);
    expect(swiftOf("MHCB-JP-JT")).toBe(format);
    expect(swiftOf("")).toBe("SWIFT/BIC is required");
    expect(swiftOf("CHASUS33")).toBe("SWIFT/BIC must be a bank in Japan: its 5th and 6th letters are JP");
  });

  it("comes with the other fields' checks", () => {
    const read = readBankAccountForm({ ...FIRST, bankName: " ", accountNumber: "12/34", note: "x".repeat(301) });
    expect(
      read.ok ? {} : Object.fromEntries(Object.entries(read.errors).map(([k, v]) => [k, staffEnglish(v)])),
    ).toEqual({
      bankName: "Bank name is required",
      accountNumber: "Account number may use digits, letters, spaces and dashes",
      note: "Note must be at most 300 characters",
    });
  });
});

describe("the bank account", () => {
  it("is none at first: the screen warns that offers cannot be accepted", async () => {
    expect(await getBankAccount(t.db)).toBeNull();
    const request = new Request("https://shop.example/admin/invoicing", { headers: { Cookie: ownerCookie } });
    const page = (await invoicingLoader({ request, context: context(), params: {} } as never)) as {
      bank: BankAccount | null;
      twoFactorOn: boolean;
    };
    expect(page).toMatchObject({ bank: null, twoFactorOn: false });
    expect(staffEnglish({ key: "invoicing.noBank" })).toBe("Offers cannot be accepted until a bank account is set.");
  });

  it("is refused with a wrong password: 400, nothing saved, no mail, the typed fields kept but not the password", async () => {
    const refused = await post(bankForm(FIRST, { password: "not my password" }));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe("That password is not right. Nothing was saved.");
    expect(refused.errors).toEqual({ password: "That password is not right. Nothing was saved." });
    // Exactly the account's fields: never the password.
    expect(refused.values).toEqual({ ...FIRST });
    expect(await getBankAccount(t.db)).toBeNull();
    expect(await mails()).toEqual([]);
    expect(await logOf("bank.changed")).toEqual([]);
    // The refusal is in the log for the owner to see.
    expect((await logOf("bank.change_refused")).at(-1)).toMatchObject({
      actor_id: "owner",
      summary: `Bank account not changed: wrong password (from ${ip})`,
    });

    const empty = await post(bankForm(FIRST, { password: "" }));
    expect(empty.status).toBe(400);
    expect(empty.errors).toEqual({ password: "Type your password to save the bank account. Nothing was saved." });
    expect(await getBankAccount(t.db)).toBeNull();
  });

  it("is refused with a bad field before the password is looked at: nothing saved, no try counted", async () => {
    const refused = await post(bankForm({ ...FIRST, swift: "MHCBJP" }, { password: PASSWORD }));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe("Please correct the fields marked below. Nothing was saved.");
    expect(refused.errors).toEqual({ swift: "SWIFT/BIC must be 8 or 11 letters and digits, such as MHCBJPJT" });
    expect(refused.values).not.toHaveProperty("password");
    expect(await getBankAccount(t.db)).toBeNull();
    const counted = await t.db.selectFrom("rate_limits").select("key").where("key", "like", `%${ip}%`).execute();
    expect(counted).toEqual([]);
  });

  it("is saved with the right password, logged with the numbers partly hidden, and mailed to the owner", async () => {
    const saved = await post(bankForm(FIRST, { password: PASSWORD }));
    expect(saved).toEqual({ status: 302, location: "/admin/invoicing?saved=bank" });
    // Unless the owner chooses otherwise, the buyer pays every bank's charges (OUR).
    expect(await getBankAccount(t.db)).toEqual({ ...FIRST, charges: "OUR" });
    const [first] = await logOf("bank.changed");
    expect(first).toMatchObject({
      actor_id: "owner",
      summary: "Bank account changed by owner: none → Mizuho Bank ***4567",
    });

    const changedAt = new Date("2026-11-24T01:47:00Z");
    const outcome = await saveBankAccount(services(), owner, SECOND, { password: PASSWORD, code: "" }, ip, changedAt);
    expect(outcome).toEqual({ ok: true, changed: true });
    expect(await getBankAccount(t.db)).toEqual(SECOND);
    const entry = (await logOf("bank.changed")).at(-1)!;
    expect(entry).toMatchObject({
      actor_id: "owner",
      created_at: changedAt.toISOString(),
      summary: "Bank account changed by owner: Mizuho Bank ***4567 → MUFG Bank ***4321",
    });
    expect(entry.summary).not.toContain(FIRST.accountNumber);
    expect(entry.summary).not.toContain(SECOND.accountNumber);

    const [, mail] = await mails();
    expect(mail).toMatchObject({ to_address: "owner@sakura.example" });
    expect(mail!.subject).toBe("Sakura Auto Export: the bank account buyers pay into was changed");
    expect(mail!.text_body).toContain("Changed by: owner");
    expect(mail!.text_body).toContain("When: 2026-11-24 10:47 (Japan time)");
    expect(mail!.text_body).toContain(`From the address: ${ip}`);
    for (const line of [
      "Bank: MUFG Bank",
      "Branch: Yokohama Ekimae Branch (251)",
      "SWIFT/BIC: BOTKJPJT",
      "Account name: Sakura Auto Export Co., Ltd.",
      "Account number: 7654321",
    ])
      expect(mail!.text_body).toContain(line);
    expect(mail!.text_body).toContain("Before: Mizuho Bank, account ***4567.");
    expect(mail!.text_body).toContain(
      "If this was not you, sign in and change it back now, and turn on two-step sign-in:\nhttps://shop.example/admin/invoicing\nhttps://shop.example/admin/security",
    );
  });

  it("saved again unchanged is logged, and sends no mail", async () => {
    const before = (await mails()).length;
    const saved = await post(bankForm(SECOND, { password: PASSWORD }));
    expect(saved).toEqual({ status: 302, location: "/admin/invoicing?saved=bankUnchanged" });
    expect((await mails()).length).toBe(before);
    expect((await logOf("bank.saved_unchanged")).length).toBe(1);
  });

  it("takes the bank charges the owner chooses (OUR or SHA) as a change of the account, and refuses any other", async () => {
    const other = (await post(bankForm(SECOND, { password: PASSWORD, charges: "BEN" }))) as {
      status: number;
      errors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(other.status).toBe(400);
    expect(other.errors).toEqual({ charges: "Choose OUR or SHA." });
    expect(other.values).toMatchObject({ charges: "BEN", bankName: SECOND.bankName });
    const before = (await mails()).length;
    const shared = await post(bankForm(SECOND, { password: PASSWORD, charges: "SHA" }));
    expect(shared).toEqual({ status: 302, location: "/admin/invoicing?saved=bank" });
    expect((await getBankAccount(t.db))?.charges).toBe("SHA");
    // A change of who pays the charges is a change of the account: the owner is mailed.
    const all = await mails();
    expect(all.length).toBe(before + 1);
    expect(all.at(-1)!.text_body).toContain("Bank charges: SHA");
    // Back as it was for the tests after this one.
    await saveBankAccount(services(), owner, SECOND, { password: PASSWORD, code: "" }, ip);
  });

  it("with two-step sign-in on: refused without a code or with a wrong one, saved with a current code or a recovery code", async () => {
    const clerkCookie = (await startStaffSession(services(), clerk.id, false)).split(";")[0]!;
    const mailsBefore = (await mails()).length;
    const page = (await invoicingLoader({
      request: new Request("https://shop.example/admin/invoicing", { headers: { Cookie: clerkCookie } }),
      context: context(),
      params: {},
    } as never)) as { twoFactorOn: boolean };
    expect(page.twoFactorOn).toBe(true);

    const noCode = await post(bankForm(FIRST, { password: CLERK_PASSWORD, code: "" }), clerkCookie);
    expect(noCode.status).toBe(400);
    expect(noCode.errors).toEqual({
      code: "Type a code from your authenticator app, or a recovery code. Nothing was saved.",
    });
    const wrongCode = await post(bankForm(FIRST, { password: CLERK_PASSWORD, code: "000000" }), clerkCookie);
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.errors).toEqual({ code: "That code is not right. Nothing was saved." });
    expect(wrongCode.values).not.toHaveProperty("code");
    // The right code with a wrong password does not get through either (and is not used up).
    const now = new Date();
    const wrongPassword = await saveBankAccount(
      services(),
      clerk,
      FIRST,
      { password: "guess", code: codeAt(now) },
      ip,
      now,
    );
    expect(wrongPassword).toMatchObject({ ok: false, refusal: "invalid", field: "password" });
    expect(await getBankAccount(t.db)).toMatchObject(SECOND);
    expect((await mails()).length).toBe(mailsBefore);

    const withCode = await saveBankAccount(
      services(),
      clerk,
      FIRST,
      { password: CLERK_PASSWORD, code: codeAt(now) },
      ip,
      now,
    );
    expect(withCode).toEqual({ ok: true, changed: true });
    expect(await getBankAccount(t.db)).toMatchObject(FIRST);
    // A code works once.
    const again = await saveBankAccount(
      services(),
      clerk,
      SECOND,
      { password: CLERK_PASSWORD, code: codeAt(now) },
      ip,
      now,
    );
    expect(again).toMatchObject({ ok: false, field: "code" });

    const withRecovery = await post(
      bankForm(SECOND, { password: CLERK_PASSWORD, code: clerkRecovery[0]! }),
      clerkCookie,
    );
    expect(withRecovery).toEqual({ status: 302, location: "/admin/invoicing?saved=bank" });
    expect(await getBankAccount(t.db)).toMatchObject(SECOND);
    expect((await logOf("bank.changed")).at(-1)!.summary).toBe(
      "Bank account changed by clerk: Mizuho Bank ***4567 → MUFG Bank ***4321",
    );
    const newMails = (await mails()).slice(mailsBefore);
    expect(newMails.map((m) => m.to_address)).toEqual(["owner@sakura.example", "owner@sakura.example"]);
    expect(newMails[1]!.text_body).toContain("Changed by: clerk");
  });

  it("limits tries like the sign-in: after 10 wrong passwords even the right one is refused with 429", async () => {
    const assistant = await staffOf("assistant", "assistant's long password");
    const cookie = (await startStaffSession(services(), assistant.id, false)).split(";")[0]!;
    for (let i = 0; i < 10; i++) {
      const wrong = await post(bankForm(FIRST, { password: `guess ${i}` }), cookie);
      expect(wrong.status).toBe(400);
    }
    const limited = await post(bankForm(FIRST, { password: "assistant's long password" }), cookie);
    expect(limited.status).toBe(429);
    expect(limited.message).toBe(english({ key: "messages.text.tooManyTries" }));
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(limited.values).toMatchObject({ bankName: FIRST.bankName });
    const direct = await saveBankAccount(
      services(),
      assistant,
      FIRST,
      { password: "assistant's long password", code: "" },
      ip,
    );
    expect(direct).toMatchObject({ ok: false, refusal: "too-many", field: null });
    expect(await getBankAccount(t.db)).toMatchObject(SECOND);
  });

  it("a right password does not use up a try", async () => {
    for (let i = 0; i < 12; i++) {
      const outcome = await saveBankAccount(services(), owner, SECOND, { password: PASSWORD, code: "" }, ip);
      expect(outcome.ok).toBe(true);
    }
  });

  it("leaves invoices already issued with the account they were issued with", async () => {
    const code = await insertInvoice(t.db, "2026-00001", { bank: SECOND });
    const outcome = await saveBankAccount(services(), owner, FIRST, { password: PASSWORD, code: "" }, ip);
    expect(outcome.ok).toBe(true);
    expect(await getBankAccount(t.db)).toMatchObject(FIRST);
    const row = await t.db
      .selectFrom("invoices")
      .select("document")
      .where("number", "=", "2026-00001")
      .executeTakeFirstOrThrow();
    expect((JSON.parse(row.document) as { bank: BankAccount }).bank).toEqual(SECOND);
    // And a buyer checking its code is shown that account, not the new one.
    expect(await checkInvoice(t.db, code, ip)).toMatchObject({ status: "found", invoice: { bank: SECOND } });
  });

  it("reads a stored row that is not an account as none, and hides all but the end of account numbers", async () => {
    expect(maskAccountNumber("1234567")).toBe("***4567");
    expect(maskAccountNumber("12-345")).toBe("**345");
    expect(maskAccountNumber("12")).toBe("12".replace(/./g, "*"));
    await t.db.updateTable("settings").set({ value: '{"bankName":"half"}' }).where("key", "=", BANK_KEY).execute();
    expect(await getBankAccount(t.db)).toBeNull();
  });
});
