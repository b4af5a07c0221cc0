import { isIPv6 } from "node:net";
import { sql } from "kysely";
import type { DB } from "~/db/db.server";

/*
 * Counters live in the database, so every app instance sees the same count.
 * One statement counts a try and starts a new window when the old one is over,
 * so two instances counting at once cannot both slip through.
 */

export const LOGIN_LIMIT = { tries: 10, windowMs: 3 * 60 * 1000 };

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number; windowStartedAt: string };

export async function countTry(db: DB, key: string, limit = LOGIN_LIMIT, now = new Date()): Promise<RateLimitResult> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - limit.windowMs).toISOString();
  const { rows } = await sql<{ count: number; window_started_at: string }>`
    insert into rate_limits (key, count, window_started_at) values (${key}, 1, ${nowIso})
    on conflict (key) do update set
      count = case when rate_limits.window_started_at <= ${windowStart} then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.window_started_at <= ${windowStart} then ${nowIso} else rate_limits.window_started_at end
    returning count, window_started_at`.execute(db);
  const row = rows[0]!;
  const count = Number(row.count);
  const resetAt = Date.parse(row.window_started_at) + limit.windowMs;
  return {
    allowed: count <= limit.tries,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)),
    windowStartedAt: row.window_started_at,
  };
}

export type Gate = {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Takes the try back (a right password, a right code): only failures use up the limit. */
  giveBack: () => Promise<void>;
};

/**
 * Counts a try under every key first, then says whether it may go ahead, so
 * that any number of tries at once cannot check more than the limit: each
 * holds its place in the count before anything is checked. A try that
 * succeeds is given back; one that is refused or fails stays counted.
 */
export async function countTries(db: DB, keys: string[], limit = LOGIN_LIMIT, now = new Date()): Promise<Gate> {
  const results = await Promise.all(keys.map((key) => countTry(db, key, limit, now)));
  const refused = results.filter((r) => !r.allowed);
  return {
    allowed: refused.length === 0,
    retryAfterSeconds: refused.length ? Math.max(...refused.map((r) => r.retryAfterSeconds)) : 0,
    giveBack: async () => {
      // Only from the window each try was counted in: a window begun since then keeps its count.
      await Promise.all(
        keys.map((key, i) =>
          db
            .updateTable("rate_limits")
            .set((eb) => ({ count: eb("count", "-", 1) }))
            .where("key", "=", key)
            .where("window_started_at", "=", results[i]!.windowStartedAt)
            .where("count", ">", 0)
            .execute(),
        ),
      );
    },
  };
}

/**
 * The part of a client address one client holds, for limits per address: an
 * IPv4 address whole, an IPv6 address by its /64 (a home or a phone is given a
 * whole /64, so counting single addresses would give one client millions).
 */
export function addressKey(ip: string): string {
  const address = ip.split("%")[0]!;
  if (!isIPv6(address)) return address;
  // Stryker disable next-line Regex: after isIPv6, a dotted quad can only come last, so the "$" changes nothing.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  // "::" stands for as many zero groups as make eight; without it the groups are all there.
  const [head, tail] = address.split("::") as [string, string?];
  const first = head ? head.split(":") : [];
  const last = tail ? tail.split(":") : [];
  // A dotted quad at the end ("64:ff9b::1.2.3.4") stands for the last two groups.
  const dotted = address.includes(".") ? 1 : 0;
  const groups = [...first, ...Array<string>(8 - first.length - last.length - dotted).fill("0"), ...last];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * One mailbox however its address is written, for limits per e-mail address:
 * lower case, without a "+tag", and for Gmail without dots. Only for counting;
 * mail still goes to the address as typed.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at).split("+")[0]!;
  let domain = address.slice(at + 1);
  if (domain === "gmail.com" || domain === "googlemail.com") {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
