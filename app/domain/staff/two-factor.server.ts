import { staffText } from "./staff-problems";
import QRCode from "qrcode";
import type { Config } from "~/config.server";
import { type DB, nowIso } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { verifyPassword } from "~/domain/auth/password.server";
import { addressKey } from "~/domain/auth/rate-limit.server";
import { newToken, tokenHash } from "~/domain/auth/tokens.server";
import { clearCookie, COOKIES, secureCookies, setCookie } from "~/utils/cookies";
import { sessionToken } from "~/domain/auth/session-token.server";
import {
  base32Encode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  openSecret,
  otpauthUrl,
  sealSecret,
} from "./totp.server";

/*
 * Optional two-step sign-in for staff. Turned on from the panel's Security
 * page: the app's secret is shown once as a QR code, a first code confirms
 * it, and ten recovery codes are shown once. At sign-in, a correct password
 * opens a five-minute challenge, not a session; the session starts when a
 * code (or an unused recovery code) is given.
 */

type Services = {
  db: DB;
  config: Pick<Config, "publicUrl" | "sessionSecret"> & { shop: Pick<Config["shop"], "name"> };
};

export const CHALLENGE_MINUTES = 5;
export const WRONG_CODE = staffText("wrongCode");

export type TwoFactorStatus = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };

export async function twoFactorStatus(db: DB, staffId: number): Promise<TwoFactorStatus> {
  const row = await db
    .selectFrom("staff")
    .select(["totp_secret", "totp_enabled_at"])
    .where("id", "=", staffId)
    .executeTakeFirstOrThrow();
  const left = await db
    .selectFrom("staff_recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("staff_id", "=", staffId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return { enabled: row.totp_secret !== null, enabledAt: row.totp_enabled_at, recoveryCodesLeft: Number(left.n) };
}

export type TwoFactorSetup = { key: string; url: string; qrSvg: string };

function groupKey(secret: Uint8Array): string {
  return base32Encode(secret)
    .replace(/(.{4})/g, "$1 ")
    .trim();
}

/** Makes a new pending secret (replacing any earlier one) and returns what the app needs to read it. */
export async function beginTwoFactorSetup(services: Services, staffId: number): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  await services.db
    .updateTable("staff")
    .set({ totp_pending_secret: sealSecret(secret, services.config.sessionSecret) })
    .where("id", "=", staffId)
    .execute();
  return setupFor(services, staffId, secret);
}

/** The pending setup, shown again when the page reloads; null when none is under way. */
export async function pendingTwoFactorSetup(services: Services, staffId: number): Promise<TwoFactorSetup | null> {
  const row = await services.db
    .selectFrom("staff")
    .select("totp_pending_secret")
    .where("id", "=", staffId)
    .executeTakeFirstOrThrow();
  const secret = row.totp_pending_secret ? openSecret(row.totp_pending_secret, services.config.sessionSecret) : null;
  return secret ? setupFor(services, staffId, secret) : null;
}

async function setupFor(services: Services, staffId: number, secret: Buffer): Promise<TwoFactorSetup> {
  const staff = await services.db
    .selectFrom("staff")
    .select("admin_id")
    .where("id", "=", staffId)
    .executeTakeFirstOrThrow();
  const url = otpauthUrl(`${services.config.shop.name} staff`, staff.admin_id, secret);
  const qrSvg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { key: groupKey(secret), url, qrSvg };
}

async function replaceRecoveryCodes(db: DB, staffId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
  await db
    .insertInto("staff_recovery_codes")
    .values(codes.map((code) => ({ staff_id: staffId, code_hash: tokenHash(normaliseRecoveryCode(code)!) })))
    .execute();
  return codes;
}

/**
 * Confirms the pending secret with a code from the app. Turns two-step
 * sign-in on, ends the staff member's other sessions and returns the
 * recovery codes (shown once). Null when the code does not match.
 */
export async function confirmTwoFactor(
  services: Services,
  staff: { id: number; adminId: string },
  code: string,
  keepSessionHash: string | null,
  now = new Date(),
): Promise<string[] | null> {
  const { db, config } = services;
  const row = await db
    .selectFrom("staff")
    .select("totp_pending_secret")
    .where("id", "=", staff.id)
    .executeTakeFirstOrThrow();
  const secret = row.totp_pending_secret ? openSecret(row.totp_pending_secret, config.sessionSecret) : null;
  const step = secret ? matchTotp(secret, code, now) : null;
  if (step === null) return null;
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff")
      .set({
        totp_secret: row.totp_pending_secret,
        totp_pending_secret: null,
        totp_last_step: step,
        totp_enabled_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .where("id", "=", staff.id)
      .execute();
    const codes = await replaceRecoveryCodes(trx, staff.id);
    // Sessions opened elsewhere with the password alone end here.
    let others = trx.deleteFrom("staff_sessions").where("staff_id", "=", staff.id);
    if (keepSessionHash) others = others.where("id_hash", "!=", keepSessionHash);
    await others.execute();
    await logActivity(trx, {
      actor: { kind: "staff", id: String(staff.id) },
      action: "staff.two_factor_on",
      subject: { kind: "staff", id: String(staff.id) },
      summary: `Two-step sign-in turned on for ${staff.adminId}`,
    });
    return codes;
  });
}

/** The rate-limit keys of a code typed by a staff member (at sign-in or on the Security page): per person and per address. */
export function staffCodeKeys(staffId: number, ip: string): string[] {
  return [`staff-code:account:${staffId}`, `staff-code:ip:${addressKey(ip)}`];
}

/**
 * Checks a code from the app, or an unused recovery code, for a staff member
 * whose two-step sign-in is on. Each code works once: an app code's step must
 * be later than the last accepted one, and a recovery code is marked used in
 * the same statement that checks it, so two requests cannot both pass.
 */
export async function checkSecondFactor(
  services: Services,
  staffId: number,
  typed: string,
  now = new Date(),
): Promise<"code" | "recovery" | null> {
  const { db, config } = services;
  const text = typed.trim().slice(0, 40);
  if (/^\d[\d\s]*$/.test(text)) {
    const row = await db
      .selectFrom("staff")
      .select(["totp_secret", "totp_last_step"])
      .where("id", "=", staffId)
      .executeTakeFirst();
    const secret = row?.totp_secret ? openSecret(row.totp_secret, config.sessionSecret) : null;
    const step = secret ? matchTotp(secret, text, now) : null;
    if (step === null) return null;
    const claimed = await db
      .updateTable("staff")
      .set({ totp_last_step: step })
      .where("id", "=", staffId)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1 ? "code" : null;
  }
  const recovery = normaliseRecoveryCode(text);
  if (!recovery) return null;
  const used = await db
    .updateTable("staff_recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("staff_id", "=", staffId)
    .where("code_hash", "=", tokenHash(recovery))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? "recovery" : null;
}

/** New recovery codes (the old ones stop working) after a correct code. */
export async function renewRecoveryCodes(
  services: Services,
  staff: { id: number; adminId: string },
  code: string,
): Promise<string[] | null> {
  if (!(await checkSecondFactor(services, staff.id, code))) return null;
  return services.db.transaction().execute(async (trx) => {
    const codes = await replaceRecoveryCodes(trx, staff.id);
    await logActivity(trx, {
      actor: { kind: "staff", id: String(staff.id) },
      action: "staff.recovery_codes_renewed",
      subject: { kind: "staff", id: String(staff.id) },
      summary: `New recovery codes made for ${staff.adminId}`,
    });
    return codes;
  });
}

/** Turns two-step sign-in off; needs the password and a current code. */
export async function turnOffTwoFactor(
  services: Services,
  staff: { id: number; adminId: string },
  password: string,
  code: string,
): Promise<"off" | "wrong password" | "wrong code"> {
  const row = await services.db
    .selectFrom("staff")
    .select("password_hash")
    .where("id", "=", staff.id)
    .executeTakeFirstOrThrow();
  if (password.length > 128 || !(await verifyPassword(row.password_hash, password))) return "wrong password";
  if (!(await checkSecondFactor(services, staff.id, code))) return "wrong code";
  await clearTwoFactor(services.db, staff.id, { kind: "staff", id: String(staff.id) }, staff.adminId);
  return "off";
}

/** Removes the secret, recovery codes and open challenges (also from the command line, for lost phones). */
export async function clearTwoFactor(
  db: DB,
  staffId: number,
  actor: { kind: "staff" | "system"; id: string | null },
  adminId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff")
      .set({
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        totp_enabled_at: null,
        updated_at: nowIso(),
      })
      .where("id", "=", staffId)
      .execute();
    await trx.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
    await trx.deleteFrom("staff_login_challenges").where("staff_id", "=", staffId).execute();
    await logActivity(trx, {
      actor,
      action: "staff.two_factor_off",
      subject: { kind: "staff", id: String(staffId) },
      summary: `Two-step sign-in turned off for ${adminId}`,
    });
  });
}

/** Drops a setup that was started and not confirmed. */
export async function cancelTwoFactorSetup(db: DB, staffId: number): Promise<void> {
  await db.updateTable("staff").set({ totp_pending_secret: null }).where("id", "=", staffId).execute();
}

// --- The challenge between password and code -------------------------------

/** Opens a challenge after a correct password; returns its Set-Cookie header. */
export async function startChallenge(services: Services, staffId: number, remember: boolean, now = new Date()) {
  const token = newToken();
  // One challenge per staff member at a time; old ones end.
  await services.db.deleteFrom("staff_login_challenges").where("staff_id", "=", staffId).execute();
  await services.db
    .insertInto("staff_login_challenges")
    .values({
      id_hash: tokenHash(token),
      staff_id: staffId,
      remember: remember ? 1 : 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString(),
    })
    .execute();
  return setCookie(COOKIES.staffChallenge, token, secureCookies(services), CHALLENGE_MINUTES * 60);
}

export type Challenge = { idHash: string; staffId: number; adminId: string; remember: boolean };

/** The open challenge of this browser, or null (an expired one is removed). */
export async function readChallenge(services: Services, request: Request): Promise<Challenge | null> {
  const token = sessionToken(services, request, COOKIES.staffChallenge);
  if (!token) return null;
  const row = await services.db
    .selectFrom("staff_login_challenges")
    .innerJoin("staff", "staff.id", "staff_login_challenges.staff_id")
    .select([
      "staff_login_challenges.id_hash",
      "staff_login_challenges.staff_id",
      "staff_login_challenges.remember",
      "staff_login_challenges.expires_at",
      "staff.admin_id",
    ])
    .where("staff_login_challenges.id_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= nowIso()) {
    await services.db.deleteFrom("staff_login_challenges").where("id_hash", "=", row.id_hash).execute();
    return null;
  }
  return { idHash: row.id_hash, staffId: row.staff_id, adminId: row.admin_id, remember: Number(row.remember) === 1 };
}

/** Ends a challenge (passed or abandoned); returns the Set-Cookie header that clears it. */
export async function endChallenge(services: Services, challenge: Challenge | null): Promise<string> {
  if (challenge)
    await services.db.deleteFrom("staff_login_challenges").where("id_hash", "=", challenge.idHash).execute();
  return clearCookie(COOKIES.staffChallenge, secureCookies(services));
}
