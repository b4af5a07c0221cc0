import { sql } from "kysely";
import type { DB } from "~/db/db.server";

/*
 * Counters live in the database, so every app instance sees the same count.
 * One statement counts a try and starts a new window when the old one is over,
 * so two instances counting at once cannot both slip through.
 */

export const LOGIN_LIMIT = { tries: 10, windowMs: 3 * 60 * 1000 };

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

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
  };
}

/** Counts a try under every key; refused when any of them is over its limit. */
export async function countTries(db: DB, keys: string[], limit = LOGIN_LIMIT, now = new Date()) {
  const results = await Promise.all(keys.map((key) => countTry(db, key, limit, now)));
  const refused = results.filter((r) => !r.allowed);
  return {
    allowed: refused.length === 0,
    retryAfterSeconds: refused.length ? Math.max(...refused.map((r) => r.retryAfterSeconds)) : 0,
  };
}

export const TOO_MANY_TRIES = "Too many attempts. Please wait a few minutes and try again.";

/** Whether any of the keys has used up its tries in the current window (nothing is counted). */
export async function limitReached(db: DB, keys: string[], limit = LOGIN_LIMIT, now = new Date()) {
  const windowStart = new Date(now.getTime() - limit.windowMs).toISOString();
  const rows = await db
    .selectFrom("rate_limits")
    .select(["count", "window_started_at"])
    .where("key", "in", keys)
    .where("window_started_at", ">", windowStart)
    .execute();
  const over = rows.filter((r) => Number(r.count) >= limit.tries);
  if (over.length === 0) return { reached: false, retryAfterSeconds: 0 };
  const resetAt = Math.max(...over.map((r) => Date.parse(r.window_started_at) + limit.windowMs));
  return { reached: true, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)) };
}
