import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import type { Config } from "~/config.server";
import type { DB } from "~/db/db.server";
import { clearCookie, COOKIES, cookieName, readCookie, secureCookies, setCookie } from "~/utils/cookies";
import { addressKey } from "./rate-limit.server";

/*
 * Devices that have signed in to an account before (decision record 0010).
 * After a successful sign-in the browser keeps a cookie naming the account
 * (by an HMAC of it, derived from SESSION_SECRET, never stored). The HMAC
 * covers the account's id and a fingerprint of its password hash, so a new
 * password (or an account deleted and made again) ends every such cookie. While
 * someone else's wrong passwords have an account locked, a sign-in from such
 * a device is counted against that device alone, so the owner of the account
 * is not locked out by a stranger who knows the e-mail address or Admin ID.
 */

export type DeviceKind = "buyer" | "staff";
type DeviceServices = { db: DB; config: Pick<Config, "publicUrl" | "sessionSecret"> };

const DEVICE_COOKIES = { buyer: COOKIES.buyerDevice, staff: COOKIES.staffDevice } as const;

/** The account as it is now: its id and a fingerprint of its password hash; null when there is none. */
async function credential(db: DB, kind: DeviceKind, account: string): Promise<string | null> {
  const row =
    kind === "buyer"
      ? await db.selectFrom("customers").select(["id", "password_hash"]).where("email", "=", account).executeTakeFirst()
      : await db.selectFrom("staff").select(["id", "password_hash"]).where("admin_id", "=", account).executeTakeFirst();
  if (!row) return null;
  return `${row.id}:${createHash("sha256").update(row.password_hash).digest("base64url").slice(0, 22)}`;
}

function mac(services: DeviceServices, kind: DeviceKind, held: string, nonce: string): string {
  const key = Buffer.from(hkdfSync("sha256", services.config.sessionSecret, "trusted-device", "device-cookie", 32));
  return createHmac("sha256", key).update(`${kind}\n${held}\n${nonce}`).digest("base64url");
}

/**
 * The Set-Cookie that marks this browser as one the account signs in from.
 * `account`: the e-mail address (normalised) or the Admin ID, as signed in with.
 */
export async function trustedDeviceCookie(
  services: DeviceServices,
  kind: DeviceKind,
  account: string,
): Promise<string> {
  const held = await credential(services.db, kind, account);
  const nonce = randomBytes(16).toString("base64url");
  const secure = secureCookies(services);
  const cookie = DEVICE_COOKIES[kind];
  return held ? setCookie(cookie, `${nonce}.${mac(services, kind, held, nonce)}`, secure) : clearCookie(cookie, secure);
}

/** The id of this browser when it has signed in to this account, with its current password, before; or null. */
export async function trustedDevice(
  services: DeviceServices,
  request: Request,
  kind: DeviceKind,
  account: string,
): Promise<string | null> {
  const value = readCookie(request.headers.get("Cookie"), cookieName(DEVICE_COOKIES[kind], secureCookies(services)));
  const [nonce, given, ...rest] = (value ?? "").split(".");
  if (!nonce || !given || rest.length > 0 || nonce.length > 40) return null;
  const held = await credential(services.db, kind, account);
  if (!held) return null;
  const expected = Buffer.from(mac(services, kind, held, nonce));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : null;
}

/**
 * The rate-limit keys of a sign-in: this device alone when it has signed in to
 * the account before, otherwise the client address and the account (in lower case).
 */
export async function signInKeys(
  services: DeviceServices,
  request: Request,
  kind: DeviceKind,
  account: string,
  ip: string,
): Promise<string[]> {
  const prefix = kind === "buyer" ? "login" : "staff";
  const device = await trustedDevice(services, request, kind, account);
  return device
    ? [`${prefix}:device:${device}`]
    : [`${prefix}:ip:${addressKey(ip)}`, `${prefix}:account:${account.toLowerCase()}`];
}
