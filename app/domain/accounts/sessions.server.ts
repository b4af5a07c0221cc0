import { type DB, nowIso } from "~/db/db.server";
import { newToken, tokenHash } from "~/domain/auth/tokens.server";
import { clearCookie, COOKIES, cookieName, secureCookies, setCookie } from "~/utils/cookies";
import { readSessionCookie } from "~/utils/request-scope.server";
import type { SessionServices } from "~/context.server";

/*
 * Buyer sessions live on the server: the cookie holds a random 256-bit id, the
 * database its hash. A new id at every sign-in; signing out deletes the row.
 */

export const CUSTOMER_SESSION_DAYS = 30;

export type Customer = { id: number; email: string; fullName: string; country: string; phone: string };

/** Opens a session and returns the Set-Cookie header for it. */
export async function startCustomerSession(services: SessionServices, customerId: number): Promise<string> {
  const { db } = services;
  const token = newToken();
  const now = new Date();
  await db
    .insertInto("customer_sessions")
    .values({
      id_hash: tokenHash(token),
      customer_id: customerId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CUSTOMER_SESSION_DAYS * 86_400_000).toISOString(),
    })
    .execute();
  return setCookie(COOKIES.buyerSession, token, secureCookies(services), CUSTOMER_SESSION_DAYS * 86_400);
}

/** Ends the session of this request (the row goes) and returns the Set-Cookie header that clears it. */
export async function endCustomerSession(services: SessionServices, request: Request): Promise<string> {
  const secure = secureCookies(services);
  const token = readSessionCookie(request.headers.get("Cookie"), cookieName(COOKIES.buyerSession, secure));
  if (token) await services.db.deleteFrom("customer_sessions").where("id_hash", "=", tokenHash(token)).execute();
  return clearCookie(COOKIES.buyerSession, secure);
}

/** The signed-in buyer, or null. */
export async function getCustomer(services: SessionServices, request: Request): Promise<Customer | null> {
  const token = readSessionCookie(
    request.headers.get("Cookie"),
    cookieName(COOKIES.buyerSession, secureCookies(services)),
  );
  if (!token || token.length > 100) return null;
  const row = await services.db
    .selectFrom("customer_sessions")
    .innerJoin("customers", "customers.id", "customer_sessions.customer_id")
    .select([
      "customers.id",
      "customers.email",
      "customers.full_name",
      "customers.country",
      "customers.phone",
      "customer_sessions.expires_at",
    ])
    .where("customer_sessions.id_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= nowIso()) return null;
  return { id: row.id, email: row.email, fullName: row.full_name, country: row.country, phone: row.phone };
}

/** Ends every session of a buyer (after a password change). */
export async function endAllCustomerSessions(db: DB, customerId: number): Promise<void> {
  await db.deleteFrom("customer_sessions").where("customer_id", "=", customerId).execute();
}
