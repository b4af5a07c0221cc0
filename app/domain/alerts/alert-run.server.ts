import { type ExpressionBuilder, sql } from "kysely";
import type { Config } from "~/config.server";
import type { DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { resolveVehicleFilters, vehicleWhere } from "~/domain/search/list-where.server";
import { isLanguage } from "~/i18n/languages";
import { log } from "~/utils/log.server";
import { startWorker } from "~/utils/worker.server";
import { type AlertItem, searchAlertMail } from "./alert-mail.server";
import { ALERT_INTERVAL_MS, ALERT_MAIL_MAX_ITEMS, savedSearchFilters, savedSearchPath } from "./saved-searches";
import { unsubscribeToken, unsubscribeUrl } from "./saved-searches.server";
import { tokenHash } from "~/domain/auth/tokens.server";

/*
 * The alert run (issue 9). For each search with alerts on and no alert in the
 * last 24 hours, the news is the available vehicles matching its filters that
 * were listed, or cut in price, after `checked_until`. News goes out as one
 * mail through the outbox, written in the same transaction that moves
 * `checked_until` on, and only if `checked_until` is still what this run read:
 * two instances running at once send one mail. Within 24 hours of an alert
 * the search is left alone, so the news gathers into the next day's mail.
 */

export type AlertRunOptions = {
  /** PUBLIC_URL: links in the mails are built from it. */
  publicUrl: URL | string;
  /** SESSION_SECRET: the unsubscribe tokens are derived from it. */
  secret: string;
  shopName: string;
};

/** The alert run's options from the shop's configuration. */
export function alertRunOptions(config: Pick<Config, "publicUrl" | "sessionSecret" | "shop">): AlertRunOptions {
  return { publicUrl: config.publicUrl, secret: config.sessionSecret, shopName: config.shop.name };
}

export type AlertRunResult = { checked: number; mailed: number };

type DueSearch = {
  id: number;
  name: string;
  query: string;
  language: string;
  checked_until: string;
  email: string;
  full_name: string;
};

const BATCH = 200;

/** Runs every due search once. A search that fails is logged and skipped; the others go on. */
export async function runSearchAlerts(db: DB, options: AlertRunOptions, now = new Date()): Promise<AlertRunResult> {
  const lastAlertBefore = new Date(now.getTime() - ALERT_INTERVAL_MS).toISOString();
  const result: AlertRunResult = { checked: 0, mailed: 0 };
  let afterId = 0;
  for (;;) {
    const due: DueSearch[] = await db
      .selectFrom("saved_searches")
      .innerJoin("customers", "customers.id", "saved_searches.customer_id")
      .select([
        "saved_searches.id",
        "saved_searches.name",
        "saved_searches.query",
        "saved_searches.language",
        "saved_searches.checked_until",
        "customers.email",
        "customers.full_name",
      ])
      .where("saved_searches.alerts_on", "=", 1)
      .where((eb) =>
        eb.or([
          eb("saved_searches.last_alert_at", "is", null),
          eb("saved_searches.last_alert_at", "<=", lastAlertBefore),
        ]),
      )
      .where("saved_searches.id", ">", afterId)
      .orderBy("saved_searches.id")
      .limit(BATCH)
      .execute();
    for (const search of due) {
      result.checked++;
      try {
        if (await alertOne(db, options, search, now)) result.mailed++;
      } catch (error) {
        log("error", "saved search alert failed", { searchId: search.id, error: String(error) });
      }
    }
    if (due.length < BATCH) return result;
    afterId = due[due.length - 1]!.id;
  }
}

/** Listed, or cut in price, after `since` and not after `until`. */
function isNews(since: string, until: string) {
  return (eb: ExpressionBuilder<Database, "vehicles">) =>
    eb.or([
      eb.and([eb("vehicles.created_at", ">", since), eb("vehicles.created_at", "<=", until)]),
      eb.and([
        eb("vehicles.price_dropped_at", ">", since),
        eb("vehicles.price_dropped_at", "<=", until),
        eb("vehicles.previous_price", ">", eb.ref("vehicles.price")),
      ]),
    ]);
}

async function alertOne(db: DB, options: AlertRunOptions, search: DueSearch, now: Date): Promise<boolean> {
  const until = now.toISOString();
  // A budget saved in the buyer's currency is read at today's rate, and a country's import rule as it stands
  // today, as the list would read them.
  const filters = await resolveVehicleFilters(db, savedSearchFilters(search.query, now), now);
  // The public list's own filter condition; only stock a buyer can still order is news.
  const news = db
    .selectFrom("vehicles")
    .where(vehicleWhere(db, filters))
    .where("vehicles.stock_status", "=", "available")
    .where(isNews(search.checked_until, until));
  const [count, rows] = await Promise.all([
    news.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    news
      .select([
        "vehicles.id",
        "vehicles.name",
        "vehicles.year",
        "vehicles.price",
        "vehicles.previous_price",
        "vehicles.price_dropped_at",
      ])
      .orderBy(
        sql`case when vehicles.price_dropped_at > vehicles.created_at then vehicles.price_dropped_at else vehicles.created_at end`,
        "desc",
      )
      .orderBy("vehicles.id", "desc")
      .limit(ALERT_MAIL_MAX_ITEMS)
      .execute(),
  ]);
  const total = Number(count.n);

  // Moves the search on only if no other run has since: the condition is what makes a run the only one.
  const claim = (trx: DB, values: { checked_until: string; last_alert_at?: string; unsubscribe_hash?: string }) =>
    trx
      .updateTable("saved_searches")
      .set(values)
      .where("id", "=", search.id)
      .where("checked_until", "=", search.checked_until)
      .where("alerts_on", "=", 1)
      .executeTakeFirst();

  if (total === 0) {
    await claim(db, { checked_until: until });
    return false;
  }

  const items: AlertItem[] = rows.map((r) => {
    const cut =
      r.previous_price !== null &&
      Number(r.previous_price) > Number(r.price) &&
      r.price_dropped_at !== null &&
      r.price_dropped_at > search.checked_until;
    return {
      name: r.name,
      year: r.year,
      price: Number(r.price),
      previousPrice: cut ? Number(r.previous_price) : null,
      link: new URL(`/vehicles/${r.id}`, options.publicUrl).href,
    };
  });
  const token = unsubscribeToken(options.secret, search.id);
  const unsubscribe = unsubscribeUrl(options.publicUrl, token);
  const mail = searchAlertMail(isLanguage(search.language) ? search.language : "en", {
    buyerName: search.full_name,
    searchName: search.name,
    items,
    total,
    seeAllLink: new URL(savedSearchPath(search.query), options.publicUrl).href,
    unsubscribeLink: unsubscribe,
    shopName: options.shopName,
  });
  return db.transaction().execute(async (trx) => {
    // The stored hash follows the current secret, so the link in this mail works after SESSION_SECRET changed.
    const claimed = await claim(trx, {
      checked_until: until,
      last_alert_at: until,
      unsubscribe_hash: tokenHash(token),
    });
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await enqueueMail(trx, { to: search.email, ...mail, listUnsubscribe: unsubscribe });
    return true;
  });
}

/** Runs the alerts every `everyMs` until stopped; a failed run is logged and the next one comes as usual. */
export function startAlertWorker(db: DB, options: AlertRunOptions, everyMs: number): () => Promise<void> {
  if (everyMs <= 0) return async () => {};
  return startWorker("saved search alert run", everyMs, async () => {
    const result = await runSearchAlerts(db, options);
    if (result.mailed > 0) log("info", "saved search alerts queued", { ...result });
  });
}
