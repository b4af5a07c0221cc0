import { type DB, nowIso } from "~/db/db.server";
import { newToken, tokenHash } from "~/domain/auth/tokens.server";
import { clearCookie, COOKIES, cookieName, secureCookies, setCookie } from "~/utils/cookies";
import { readSessionCookie } from "~/utils/request-scope.server";
import { verifyAccountPassword } from "~/domain/auth/password.server";
import type { SessionServices } from "~/context.server";

/*
 * Staff sessions are separate from buyers': their own table and cookie. 24
 * hours, or 30 days with "Remember me" (DECISIONS: the label is true).
 * Every admin loader and action calls requireStaff itself.
 */

export const STAFF_SESSION_MS = 24 * 3600 * 1000;
export const STAFF_REMEMBER_MS = 30 * 24 * 3600 * 1000;

export type Staff = { id: number; adminId: string };
/** A signed-in staff member, with the hash of the session that signed them in. */
export type SignedInStaff = Staff & { sessionHash: string };

/** The staff member these credentials belong to, and whether a code is needed after the password. */
export async function authenticateStaff(
  db: DB,
  adminId: string,
  password: string,
): Promise<(Staff & { twoFactor: boolean }) | null> {
  const row = await db
    .selectFrom("staff")
    .select(["id", "admin_id", "password_hash", "totp_secret"])
    .where("admin_id", "=", adminId)
    .executeTakeFirst();
  const ok = await verifyAccountPassword(row?.password_hash, password);
  return row && ok ? { id: row.id, adminId: row.admin_id, twoFactor: row.totp_secret !== null } : null;
}

/** Opens a staff session; returns its Set-Cookie header. */
export async function startStaffSession(
  services: SessionServices,
  staffId: number,
  remember: boolean,
  now = new Date(),
) {
  const { db } = services;
  const token = newToken();
  const lifetime = remember ? STAFF_REMEMBER_MS : STAFF_SESSION_MS;
  await db
    .insertInto("staff_sessions")
    .values({
      id_hash: tokenHash(token),
      staff_id: staffId,
      remember: remember ? 1 : 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetime).toISOString(),
    })
    .execute();
  return setCookie(COOKIES.staffSession, token, secureCookies(services), lifetime / 1000);
}

export async function endStaffSession(services: SessionServices, request: Request): Promise<string> {
  const secure = secureCookies(services);
  const token = readSessionCookie(request.headers.get("Cookie"), cookieName(COOKIES.staffSession, secure));
  if (token) await services.db.deleteFrom("staff_sessions").where("id_hash", "=", tokenHash(token)).execute();
  return clearCookie(COOKIES.staffSession, secure);
}

/** The signed-in staff member, or null (an expired session is removed). */
export async function getStaff(services: SessionServices, request: Request): Promise<SignedInStaff | null> {
  const { db } = services;
  const token = readSessionCookie(
    request.headers.get("Cookie"),
    cookieName(COOKIES.staffSession, secureCookies(services)),
  );
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom("staff_sessions")
    .innerJoin("staff", "staff.id", "staff_sessions.staff_id")
    .select(["staff.id", "staff.admin_id", "staff_sessions.expires_at", "staff_sessions.id_hash"])
    .where("staff_sessions.id_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at <= nowIso()) {
    await db.deleteFrom("staff_sessions").where("id_hash", "=", row.id_hash).execute();
    return null;
  }
  return { id: row.id, adminId: row.admin_id, sessionHash: row.id_hash };
}
