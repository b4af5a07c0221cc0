import type { Problem } from "~/i18n/problem";
import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { type DB, dialectOf } from "~/db/db.server";
import type { Database, SavedSearchTable } from "~/db/schema";
import { logActivity } from "~/domain/activity/activity.server";
import { tokenHash } from "~/domain/auth/tokens.server";
import { isLanguage, type LanguageCode } from "~/i18n/languages";
import { canonicalVehicleQuery, MAX_SAVED_SEARCHES } from "./saved-searches";
import { alreadySavedProblem, TOO_MANY_SAVED_SEARCHES } from "./saved-searches.schema";

/*
 * A buyer's saved searches. Every function that changes one takes the buyer
 * from the session and finds the search by (buyer, id): another buyer's id is
 * "not found", never a change. The unsubscribe link works without signing in:
 * its token stands for the search.
 */

export type SavedSearch = {
  id: number;
  customerId: number;
  name: string;
  /** Canonical query string of the vehicle filters, without "?". */
  query: string;
  language: LanguageCode;
  alertsOn: boolean;
  lastAlertAt: string | null;
  createdAt: string;
};

type Row = Pick<SavedSearchTable, "customer_id" | "name" | "query" | "language" | "last_alert_at" | "created_at"> & {
  id: number;
  alerts_on: number;
};

const COLUMNS = ["id", "customer_id", "name", "query", "language", "alerts_on", "last_alert_at", "created_at"] as const;

function toSavedSearch(row: Row): SavedSearch {
  return {
    id: Number(row.id),
    customerId: Number(row.customer_id),
    name: row.name,
    query: row.query,
    language: isLanguage(row.language) ? row.language : "en",
    alertsOn: Number(row.alerts_on) === 1,
    lastAlertAt: row.last_alert_at,
    createdAt: row.created_at,
  };
}

/**
 * The token of a search's unsubscribe link. Alert mails are written long
 * after the search was saved, so the token cannot be a random value kept only
 * as a hash: it is derived from the search's id with the server's secret
 * (HMAC-SHA-256, 32 bytes, base64url). The table keeps only its SHA-256, so a
 * copy of the database opens no link; a new SESSION_SECRET retires old links.
 */
export function unsubscribeToken(secret: string, searchId: number): string {
  return createHmac("sha256", secret).update(`saved-search-unsubscribe:${searchId}`).digest("base64url");
}

/** The one-click unsubscribe address of a search (in the mail's text and its List-Unsubscribe header). */
export function unsubscribeUrl(publicUrl: URL | string, token: string): string {
  const url = new URL("/alerts/unsubscribe", publicUrl);
  url.searchParams.set("token", token);
  return url.href;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type SaveSearchInput = {
  customerId: number;
  /** Already checked by SaveSearchSchema: trimmed, 1 to 60 characters. */
  name: string;
  /** The list's query string as the page had it. */
  query: string;
  language: LanguageCode;
  secret: string;
};

export type SaveOutcome = { ok: true; search: SavedSearch } | { ok: false; error: Problem };

/**
 * Saves the vehicle filters of `query` (sort and pages dropped) under a name.
 * Refuses a 21st search and filters the buyer has saved already. Stock
 * already listed is not news: alerts start from now.
 */
export async function saveSearch(db: DB, input: SaveSearchInput, now = new Date()): Promise<SaveOutcome> {
  const query = canonicalVehicleQuery(input.query, now);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    // Two saves at once by the same buyer wait for each other, so the limit and the duplicate check hold.
    if (dialectOf(trx) === "postgres") {
      await trx.selectFrom("customers").select("id").where("id", "=", input.customerId).forUpdate().execute();
    }
    const existing = await trx
      .selectFrom("saved_searches")
      .select(["name", "query"])
      .where("customer_id", "=", input.customerId)
      .execute();
    const same = existing.find((s) => s.query === query);
    if (same) return { ok: false as const, error: alreadySavedProblem(same.name) };
    if (existing.length >= MAX_SAVED_SEARCHES) return { ok: false as const, error: TOO_MANY_SAVED_SEARCHES };

    // The token needs the id: the row is written with a placeholder first, in the same transaction.
    const row = await trx
      .insertInto("saved_searches")
      .values({
        customer_id: input.customerId,
        name: input.name,
        query,
        language: input.language,
        alerts_on: 1,
        unsubscribe_hash: `pending-${randomBytes(16).toString("hex")}`,
        checked_until: at,
        last_alert_at: null,
        created_at: at,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await trx
      .updateTable("saved_searches")
      .set({ unsubscribe_hash: tokenHash(unsubscribeToken(input.secret, id)) })
      .where("id", "=", id)
      .execute();
    await logActivity(trx, {
      actor: { kind: "customer", id: String(input.customerId) },
      action: "search.saved",
      subject: { kind: "saved_search", id: String(id) },
      summary: `Search saved: ${input.name}`,
      at,
    });
    return { ok: true as const, search: toSavedSearch(row) };
  });
}

/** The buyer's saved searches, oldest first (the order they were saved in). */
export async function listSavedSearches(db: DB, customerId: number): Promise<SavedSearch[]> {
  const rows = await db
    .selectFrom("saved_searches")
    .select(COLUMNS)
    .where("customer_id", "=", customerId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toSavedSearch);
}

async function ownSearch(db: Kysely<Database>, customerId: number, id: number) {
  return db
    .selectFrom("saved_searches")
    .select(COLUMNS)
    .where("id", "=", id)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
}

/** Deletes one of the buyer's own searches. False when the buyer has no search with this id. */
export async function deleteSavedSearch(db: DB, customerId: number, id: number, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const search = await ownSearch(trx, customerId, id);
    if (!search) return false;
    await trx.deleteFrom("saved_searches").where("id", "=", id).where("customer_id", "=", customerId).execute();
    await logActivity(trx, {
      actor: { kind: "customer", id: String(customerId) },
      action: "search.deleted",
      subject: { kind: "saved_search", id: String(id) },
      summary: `Saved search deleted: ${search.name}`,
      at: now.toISOString(),
    });
    return true;
  });
}

/**
 * Turns alerts of a search on or off. Turned back on, the search starts
 * from now: what was listed while it was off is not mailed all at once.
 */
async function switchAlerts(
  trx: Kysely<Database>,
  search: Row,
  on: boolean,
  now: Date,
  how: "account" | "link",
): Promise<void> {
  if ((Number(search.alerts_on) === 1) === on) return;
  const at = now.toISOString();
  await trx
    .updateTable("saved_searches")
    .set(on ? { alerts_on: 1, checked_until: at } : { alerts_on: 0 })
    .where("id", "=", search.id)
    .execute();
  await logActivity(trx, {
    actor: { kind: "customer", id: String(search.customer_id) },
    action: on ? "search.alerts_on" : how === "link" ? "search.unsubscribed" : "search.alerts_off",
    subject: { kind: "saved_search", id: String(search.id) },
    summary: on
      ? `Alerts turned on for saved search: ${search.name}`
      : how === "link"
        ? `Unsubscribed from alerts by e-mail link: ${search.name}`
        : `Alerts turned off for saved search: ${search.name}`,
    at,
  });
}

/** Alerts on or off for one of the buyer's own searches. False when the buyer has no search with this id. */
export async function setSearchAlerts(
  db: DB,
  customerId: number,
  id: number,
  on: boolean,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const search = await ownSearch(trx, customerId, id);
    if (!search) return false;
    await switchAlerts(trx, search, on, now, "account");
    return true;
  });
}

/** The search an unsubscribe link stands for, or null for a malformed or unknown token. */
export async function searchByToken(db: Kysely<Database>, token: string | null | undefined) {
  if (!token || !TOKEN.test(token)) return null;
  return (
    (await db
      .selectFrom("saved_searches")
      .select(COLUMNS)
      .where("unsubscribe_hash", "=", tokenHash(token))
      .executeTakeFirst()) ?? null
  );
}

/**
 * Alerts on or off through a mail's link, without signing in: the token is
 * the proof. Returns the search as it is afterwards, or null when the link is
 * not valid (nothing is said about why).
 */
export async function setAlertsByToken(
  db: DB,
  token: string | null | undefined,
  on: boolean,
  now = new Date(),
): Promise<SavedSearch | null> {
  return db.transaction().execute(async (trx) => {
    const search = await searchByToken(trx, token);
    if (!search) return null;
    await switchAlerts(trx, search, on, now, "link");
    return { ...toSavedSearch(search), alertsOn: on };
  });
}
