import { createHash, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { logActivity } from "~/domain/activity/activity.server";
import { newToken } from "~/domain/auth/tokens.server";
import { readSetting, writeSetting } from "~/domain/settings/settings-store.server";

/*
 * The secret in the stock feeds' addresses (/feeds/<token>/vehicles.csv).
 * None until the owner makes one; renewing replaces it, so the old addresses
 * stop at once. It is kept as it is, not hashed: the owner's Feeds screen
 * must show the whole address to copy, and a hash could not be shown. A
 * copy of the settings table therefore opens the feeds, which hold only what
 * the public pages show anyway. Compared in constant time.
 * See docs/decisions/0016-stock-feeds.md.
 */

export const FEED_TOKEN_KEY = "stock_feeds";

export type FeedToken = { token: string; createdAt: string };

const StoredFeedToken = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  createdAt: z.string(),
});

/** The feeds' token and when it was made, or null before the owner makes one. */
export async function getFeedToken(db: Kysely<Database>): Promise<FeedToken | null> {
  const parsed = StoredFeedToken.safeParse(await readSetting(db, FEED_TOKEN_KEY));
  return parsed.success ? parsed.data : null;
}

/** Equal texts, compared in constant time whatever their lengths (their SHA-256 digests are compared). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether an address's token is the feeds' current one; false while there is none. */
export async function feedTokenMatches(db: Kysely<Database>, given: string): Promise<boolean> {
  const current = await getFeedToken(db);
  // Without a token the comparison still runs, so an answer's time says nothing either way.
  const matches = sameSecret(given, current?.token ?? "");
  return current !== null && matches;
}

/** Makes a new token (the first, or in place of the old one) and logs who did it. */
export async function renewFeedToken(db: DB, staff: { adminId: string }, now = new Date()): Promise<FeedToken> {
  const made: FeedToken = { token: newToken(), createdAt: now.toISOString() };
  await db.transaction().execute(async (trx) => {
    const before = await getFeedToken(trx);
    await writeSetting(trx, FEED_TOKEN_KEY, made, made.createdAt);
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: before ? "feeds.renewed" : "feeds.created",
      subject: { kind: "settings", id: FEED_TOKEN_KEY },
      summary: before
        ? `Stock feed addresses renewed; those made on ${before.createdAt.slice(0, 10)} stopped working`
        : "Stock feed addresses made",
      at: made.createdAt,
    });
  });
  return made;
}
