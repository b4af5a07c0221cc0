import { type FieldProblems, parseForm } from "~/utils/forms";
import { textIssue } from "~/domain/staff/staff-problems";
import { z } from "zod";
import { type DB, nowIso } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { log } from "~/utils/log.server";
import { own } from "~/utils/own";
import { CURRENCIES, type Currency, type DisplayRate, isCurrency } from "./currencies";
import { RATES_SNAPSHOT } from "./snapshot";

/*
 * Exchange rates are fetched by the server from the provider in the
 * configuration (the key stays on the server), stored with their date, and
 * refreshed every 12 hours. When the provider fails, the stored rates (or the
 * bundled snapshot) are used and pages show their date (DECISIONS).
 */

export const REFRESH_EVERY_MS = 12 * 60 * 60 * 1000;

export type RatesSource = { url: string; key: string | null };

const ProviderAnswer = z.object({
  conversion_rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive().finite()),
});

/** The provider address with its key filled in; null when a key is needed and missing. */
export function providerUrl(source: RatesSource): string | null {
  if (source.url.includes("{key}")) {
    return source.key ? source.url.replace("{key}", encodeURIComponent(source.key)) : null;
  }
  return source.url;
}

/**
 * Asks the provider and stores what it says. Returns true when new rates were stored.
 * Never throws: a failing provider is logged and the stored rates stay.
 */
export async function refreshRates(db: DB, source: RatesSource, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const url = providerUrl(source);
  if (!url) return false;
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`provider answered ${response.status}`);
    const parsed = ProviderAnswer.safeParse(await response.json());
    if (!parsed.success) throw new Error("provider answer has no usable conversion_rates");
    const asOf = nowIso();
    const rows = Object.entries(parsed.data.conversion_rates).map(([currency, rate]) => ({
      currency,
      rate,
      as_of: asOf,
      source: "provider",
    }));
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx
          .insertInto("exchange_rates")
          .values(row)
          .onConflict((oc) =>
            oc.column("currency").doUpdateSet({ rate: row.rate, as_of: row.as_of, source: row.source }),
          )
          .execute();
      }
    });
    log("info", "exchange rates refreshed", { currencies: rows.length });
    return true;
  } catch (error) {
    // The provider's address carries the key: never log it.
    log("warn", "exchange rates could not be refreshed", {
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

/** When the stored rates were fetched, or null when none are stored. */
export async function ratesFetchedAt(db: DB): Promise<string | null> {
  const row = await db
    .selectFrom("exchange_rates")
    .select((eb) => eb.fn.max("as_of").as("as_of"))
    .executeTakeFirst();
  return (row?.as_of as string | null) ?? null;
}

/** Who set a stored rate: the owner by hand, or the provider. */
const storedSource = (source: string): "owner" | "provider" => (source === "owner" ? "owner" : "provider");

/** The rate of one currency for display; JPY needs none. */
export async function displayRate(db: DB, code: Currency): Promise<DisplayRate | null> {
  if (code === "JPY") return null;
  const row = await db
    .selectFrom("exchange_rates")
    .select(["rate", "as_of", "source"])
    .where("currency", "=", code)
    .executeTakeFirst();
  if (row) return { code, rate: Number(row.rate), asOf: row.as_of, source: storedSource(row.source) };
  const snapshot = own(RATES_SNAPSHOT.rates, code);
  return snapshot ? { code, rate: snapshot, asOf: RATES_SNAPSHOT.asOf, source: "snapshot" } : null;
}

/** Currencies that can be shown now: stored ones, else the snapshot's. */
export async function availableCurrencies(db: DB): Promise<Currency[]> {
  const rows = await db.selectFrom("exchange_rates").select("currency").execute();
  const known = new Set([...rows.map((r) => r.currency), ...Object.keys(RATES_SNAPSHOT.rates)]);
  return (["JPY", ...known] as string[]).filter((c, i, all) => isCurrency(c) && all.indexOf(c) === i) as Currency[];
}

/** Refreshes at start when the stored rates are older than 12 hours, then checks every 30 minutes. */
/** How often each instance looks at the rates' age; also how long one instance's claim on a refresh holds. */
export const CHECK_EVERY_MS = 30 * 60 * 1000;
const CLAIM_KEY = "rates.refresh_claimed_at";

/**
 * Claims the next refresh for this instance: of several instances that find
 * the rates old at the same moment, one gets true. A claim holds for
 * CHECK_EVERY_MS, so a refresh that failed is tried again by whichever
 * instance looks next after that.
 */
export async function claimRatesRefresh(db: DB, now = new Date()): Promise<boolean> {
  await db
    .insertInto("settings")
    .values({ key: CLAIM_KEY, value: "", updated_at: new Date(0).toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const claimed = await db
    .updateTable("settings")
    .set({ value: now.toISOString(), updated_at: now.toISOString() })
    .where("key", "=", CLAIM_KEY)
    .where("updated_at", "<=", new Date(now.getTime() - CHECK_EVERY_MS).toISOString())
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Refreshes the rates when they are older than REFRESH_EVERY_MS and this instance wins the claim. */
export async function refreshRatesIfDue(
  db: DB,
  source: RatesSource,
  fetchImpl: typeof fetch = fetch,
  now = new Date(),
): Promise<"fresh" | "claimed elsewhere" | "refreshed" | "failed"> {
  const fetchedAt = await ratesFetchedAt(db);
  if (fetchedAt && now.getTime() - Date.parse(fetchedAt) < REFRESH_EVERY_MS) return "fresh";
  if (!(await claimRatesRefresh(db, now))) return "claimed elsewhere";
  return (await refreshRates(db, source, fetchImpl)) ? "refreshed" : "failed";
}

export function keepRatesFresh(db: DB, source: RatesSource, fetchImpl: typeof fetch = fetch): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // Several instances share one database: one of them fetches per interval.
      await refreshRatesIfDue(db, source, fetchImpl);
    } catch (error) {
      log("warn", "exchange rate check failed", { error: String(error) });
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(tick, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Rates this old are flagged to the owner on the dashboard: a currency can move a few percent in days. */
export const RATES_STALE_AFTER_DAYS = 3;

/**
 * How old the rates buyers see are: the oldest of them, so that one currency set
 * by hand today does not hide the others still at an old stored or bundled rate.
 */
export async function ratesAge(db: DB, now = new Date()): Promise<{ asOf: string; days: number; stale: boolean }> {
  const dates = (await listRates(db)).flatMap((rate) => (rate.asOf ? [rate.asOf] : []));
  const asOf = dates.reduce((oldest, date) => (date < oldest ? date : oldest), dates[0] ?? RATES_SNAPSHOT.asOf);
  const days = Math.floor((now.getTime() - Date.parse(asOf)) / 86_400_000);
  return { asOf, days, stale: days >= RATES_STALE_AFTER_DAYS };
}

export type RateRow =
  | { code: Currency; yenPerUnit: number; asOf: string; source: DisplayRate["source"] }
  | { code: Currency; yenPerUnit: null; asOf: null; source: "none" };

/** Every currency a buyer can choose, as the owner reads rates: yen for one unit, with date and source. */
export async function listRates(db: DB): Promise<RateRow[]> {
  const rows = await db.selectFrom("exchange_rates").select(["currency", "rate", "as_of", "source"]).execute();
  const stored = new Map(rows.map((r) => [r.currency, r]));
  return CURRENCIES.filter((code) => code !== "JPY").map((code) => {
    const row = stored.get(code);
    if (row)
      return { code, yenPerUnit: yenPerUnit(Number(row.rate)), asOf: row.as_of, source: storedSource(row.source) };
    const snapshot = own(RATES_SNAPSHOT.rates, code);
    return snapshot
      ? { code, yenPerUnit: yenPerUnit(snapshot), asOf: RATES_SNAPSHOT.asOf, source: "snapshot" }
      : { code, yenPerUnit: null, asOf: null, source: "none" };
  });
}

/** Units of a currency per yen → yen per unit, to four decimals (what a bank's board shows). */
const yenPerUnit = (rate: number) => Math.round((1 / rate) * 10_000) / 10_000;

const RATE_FORMAT = textIssue("ratesFormat");
/** A rate typed more than twice, or less than half, the current one is refused: it is most likely turned round. */
const FAR_FROM_CURRENT = textIssue("ratesFar");

/** Yen for one unit, as the owner types it: "155.2", "0.52", "1,530.25"; empty keeps the rate. `now` is the current one. */
const yenPerUnitField = (now: number | undefined) =>
  z
    .string()
    .default("")
    .transform((text) => text.slice(0, 30).trim().replace(/,/g, ""))
    .pipe(
      z
        .string()
        .regex(/^$|^\d{1,7}(\.\d{1,6})?$/, RATE_FORMAT)
        .transform((text) => (text === "" ? undefined : Number(text)))
        .refine((n) => n === undefined || (n > 0 && n <= 1_000_000), RATE_FORMAT)
        .refine((n) => n === undefined || !now || (n <= now * 2 && n >= now / 2), FAR_FROM_CURRENT),
    );

/**
 * Reads the owner's rates form: one field per currency, named by its code; a field
 * left empty keeps that currency's rate as it is. `current` gives yen for one unit now.
 */
export function readOwnerRates(
  form: Record<string, unknown>,
  current: Partial<Record<Currency, number>> = {},
): { ok: true; rates: Partial<Record<Currency, number>> } | { ok: false; errors: FieldProblems } {
  const foreign = CURRENCIES.filter((code) => code !== "JPY");
  const schema = z.object(Object.fromEntries(foreign.map((code) => [code, yenPerUnitField(current[code])])));
  const submission = parseForm(Object.fromEntries(foreign.map((code) => [code, [form[code]].flat()[0]])), schema);
  if (submission.status === "error") return { ok: false, errors: submission.errors };
  const rates = Object.fromEntries(Object.entries(submission.value).filter(([, rate]) => rate !== undefined));
  return { ok: true, rates: rates as Partial<Record<Currency, number>> };
}

/**
 * The owner's own rates (yen for one unit), for a shop without a rate provider, or to
 * correct one. Stored with today's date; a provider's next refresh replaces them.
 */
export async function storeOwnerRates(db: DB, staff: Staff, rates: Partial<Record<Currency, number>>): Promise<number> {
  const entries = Object.entries(rates) as [Currency, number][];
  if (entries.length === 0) return 0;
  const asOf = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const [currency, yen] of entries) {
      const row = { currency, rate: 1 / yen, as_of: asOf, source: "owner" };
      await trx
        .insertInto("exchange_rates")
        .values(row)
        .onConflict((oc) => oc.column("currency").doUpdateSet({ rate: row.rate, as_of: asOf, source: "owner" }))
        .execute();
    }
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "rates.set",
      summary: `Exchange rates set by hand: ${entries.map(([c, yen]) => `${c} ¥${yen}`).join(", ")}`,
      at: asOf,
    });
  });
  return entries.length;
}
