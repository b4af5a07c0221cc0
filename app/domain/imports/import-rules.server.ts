import { findCountry } from "~/domain/countries";
import { PART_SUB_TYPES, PART_TYPES, STEERING } from "~/domain/inventory/catalogue";
import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, sql, type SqlBool } from "kysely";
import { z } from "zod";
import { type DB, type Dialect, nowIso, isRowId } from "~/db/db.server";
import type { Database, ImportRuleTable } from "~/db/schema";
import { logActivity } from "~/domain/activity/activity.server";
import { refusingDuplicates } from "~/db/unique-refusal.server";
import { type Deletion, deleteLogged } from "~/domain/activity/delete-logged.server";
import { readSetting, writeSetting } from "~/domain/settings/settings-store.server";
import {
  maxLengthIssue,
  patternIssue,
  requiredIssue,
  staffField,
  staffRequiredText,
  textIssue,
} from "~/domain/staff/staff-problems";
import { isRealDay } from "~/i18n/format";
import { shopDay } from "~/i18n/format";
import { issue, type Problem } from "~/i18n/problem";
import {
  AGE_COUNT,
  AGE_FROM,
  AGE_UNTIL,
  type CommercialRegime,
  countryKey,
  earliestStart,
  type ImportingAnswer,
  type ImportLimit,
  type ImportRule,
  MAX_AGE_YEARS,
  OTHER_KINDS,
  type OtherKind,
  type ShippingMonths,
} from "./import-rules";
import { monthOfDate } from "~/domain/inventory/months";
import { SPECIAL_PURPOSE } from "~/domain/inventory/vehicle-kind";
import { IMPORT_SETTINGS_RANGE, type ImportSettings, IMPORT_DEFAULTS } from "./import-settings";
import {
  COMMERCIAL_KIND_FIELD,
  INSPECTION_MAX,
  KIND_FIELD,
  maxAgeOf,
  NOTE_MAX,
  RULE_EXISTS,
  RULE_NOT_FOUND,
} from "./rule-editor";

/*
 * The owner's import rules per destination country, the shop's lead time
 * and days at sea they are counted with, and the database's side of "Only
 * what I can import": the same answer as importVerdict, as a condition the
 * indexes of migrations 2026-11-25-01 and -02 can answer.
 */

export const IMPORTS_KEY = "imports";
export { RULE_EXISTS, RULE_NOT_FOUND };

/** A shipping time in whole days, within its range. */
const daysIn = (field: keyof ImportSettings) =>
  z.number().int().min(IMPORT_SETTINGS_RANGE[field].min).max(IMPORT_SETTINGS_RANGE[field].max);

/** As stored: a value out of its range (or missing) is read as its default. */
const StoredSettings = z.object({
  leadDays: daysIn("leadDays").catch(IMPORT_DEFAULTS.leadDays),
  seaDays: daysIn("seaDays").catch(IMPORT_DEFAULTS.seaDays),
});

/** As saved: out of range is refused, never replaced by the default. */
const SettingsToSave = z.object({ leadDays: daysIn("leadDays"), seaDays: daysIn("seaDays") });

/** A shipping time as the owner types it: a whole number of days within its range. */
const typedDays = (field: keyof ImportSettings) => {
  const { min, max } = IMPORT_SETTINGS_RANGE[field];
  const range = patternIssue("numberRange", { field: staffField(field), min, max });
  return z
    .string({ error: requiredIssue(field) })
    .trim()
    .min(1, { error: requiredIssue(field), abort: true })
    .regex(/^\d{1,4}$/, range)
    .transform(Number)
    .pipe(z.number().int().min(min, range).max(max, range));
};

/** The settings form of the rule editor. */
export const ImportSettingsSchema = z.object({ leadDays: typedDays("leadDays"), seaDays: typedDays("seaDays") });

export async function getImportSettings(db: Kysely<Database>): Promise<ImportSettings> {
  const parsed = StoredSettings.safeParse(await readSetting(db, IMPORTS_KEY));
  return parsed.success ? parsed.data : IMPORT_DEFAULTS;
}

type Staff = { id: number; adminId: string };

/** Saves the shipping times; a value out of its range throws (the form's schema refuses it first). */
export async function saveImportSettings(db: DB, staff: Staff, settings: ImportSettings): Promise<void> {
  const checked = SettingsToSave.parse(settings);
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    await writeSetting(trx, IMPORTS_KEY, checked, at);
    await logActivity(trx, {
      actor: { kind: "staff", id: staff.adminId },
      action: "imports.settings_updated",
      subject: { kind: "settings", id: IMPORTS_KEY },
      summary: `Vehicles ship ${checked.leadDays} days after the order and arrive ${checked.seaDays} days later`,
      at,
    });
  });
}

/** The months a vehicle ordered at `now` ships and arrives in, at the owner's lead time and days at sea. */
export function shippingMonths(settings: ImportSettings, now: Date): ShippingMonths {
  const day = 86_400_000;
  const ship = monthOfDate(new Date(now.getTime() + settings.leadDays * day));
  // The month it arrives in, by the date: a ship leaving late in a month with 30 days at sea arrives two months on.
  const arrival = monthOfDate(new Date(now.getTime() + (settings.leadDays + settings.seaDays) * day));
  return { ship, sea: arrival - ship };
}

export function toImportRule(r: Selectable<ImportRuleTable>): ImportRule {
  return {
    country: r.country,
    usedVehicles: Boolean(r.used_vehicles),
    maxAgeYears: r.max_age_years === null ? null : Number(r.max_age_years),
    ageByKind: agesByKind(r.age_by_kind),
    ageFrom: r.age_from,
    ageUntil: r.age_until,
    ageCount: r.age_count,
    steering: r.steering,
    usedParts: Boolean(r.used_parts),
    usedPartsRefused: refusedCategories(r.used_parts_refused),
    note: r.note,
    inspection: r.inspection,
    commercial: commercialRegime(r.commercial),
    sourceUrl: r.source_url,
    checkedOn: r.checked_on,
    checkBy: r.check_by,
    confirmed: Boolean(r.confirmed),
  };
}

/** An age as stored: whole years from 1 to MAX_AGE_YEARS. */
const isAge = (years: unknown): years is number =>
  typeof years === "number" && Number.isInteger(years) && years >= 1 && years <= MAX_AGE_YEARS;

/** JSON as stored, or undefined when it is not JSON. */
function parsed(stored: string): unknown {
  try {
    return JSON.parse(stored);
  } catch {
    return undefined;
  }
}

/** The ages by kind ({"goods": 5}), stored or within a regime; anything else reads as none. */
function kindAges(ages: unknown): Partial<Record<OtherKind, number>> {
  if (typeof ages !== "object" || ages === null) return {};
  const out: Partial<Record<OtherKind, number>> = {};
  for (const kind of OTHER_KINDS) {
    const years = (ages as Record<string, unknown>)[kind];
    if (isAge(years)) out[kind] = years;
  }
  return out;
}

const agesByKind = (stored: string) => kindAges(parsed(stored));

/** The stored commercial regime; "" or anything unreadable is none, an age out of range no limit. */
function commercialRegime(stored: string): CommercialRegime | null {
  const regime = parsed(stored);
  if (typeof regime !== "object" || regime === null) return null;
  const { maxAgeYears, ageByKind, note } = regime as Record<string, unknown>;
  return {
    maxAgeYears: isAge(maxAgeYears) ? maxAgeYears : null,
    ageByKind: kindAges(ageByKind),
    note: typeof note === "string" ? note : "",
  };
}

/** The stored list of part categories refused used; anything but a list of names reads as none. */
function refusedCategories(stored: string): string[] {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === "string") : [];
  } catch {
    return [];
  }
}

export type StoredRule = ImportRule & { id: number; updatedAt: string };

/** Every rule, by country. */
export async function listImportRules(db: Kysely<Database>): Promise<StoredRule[]> {
  const rows = await db.selectFrom("import_rules").selectAll().orderBy("country").execute();
  return rows.map((r) => ({ ...toImportRule(r), id: r.id, updatedAt: r.updated_at }));
}

export async function getImportRule(db: Kysely<Database>, id: number): Promise<StoredRule | null> {
  if (!isRowId(id)) return null;
  const r = await db.selectFrom("import_rules").selectAll().where("id", "=", id).executeTakeFirst();
  return r ? { ...toImportRule(r), id: r.id, updatedAt: r.updated_at } : null;
}

/** Every category a rule may refuse used: the part types and their subtypes. Server-side: cards never need the list. */
export const PART_CATEGORIES = [...PART_TYPES, ...Object.values(PART_SUB_TYPES).flat()] as [string, ...string[]];

/** How long before its day a rule shows on the owner's dashboard, to be checked in time. */
export const CHECK_NOTICE_DAYS = 30;

/**
 * The rules to check against their sources soon: those whose check-by day is
 * within CHECK_NOTICE_DAYS of `today` ("2026-12-02", the shop's day) or past,
 * soonest first; `due` once the day has come.
 */
export async function rulesToCheck(
  db: Kysely<Database>,
  today: string,
): Promise<{ id: number; country: string; checkBy: string; due: boolean }[]> {
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + CHECK_NOTICE_DAYS);
  const rows = await db
    .selectFrom("import_rules")
    .select(["id", "country", "check_by"])
    .where("check_by", "!=", "")
    .where("check_by", "<=", soon.toISOString().slice(0, 10))
    .orderBy("check_by")
    .orderBy("country")
    .execute();
  return rows.map((r) => ({ id: r.id, country: r.country, checkBy: r.check_by, due: r.check_by <= today }));
}

/** A country's rule, its name matched whatever its case and spacing; null when none is on file. */
export async function ruleForCountry(db: Kysely<Database>, country: string | null): Promise<ImportRule | null> {
  if (!country || countryKey(country) === "") return null;
  // Matched here rather than by the database's lower(), which on SQLite folds only A to Z (a table of a few dozen rows).
  const rows = await db.selectFrom("import_rules").selectAll().execute();
  // Or the same country under another name: a buyer's "Myanmar (Burma)" (as the shop stores it) finds the owner's "Myanmar".
  const code = findCountry(country);
  const row =
    rows.find((r) => countryKey(r.country) === countryKey(country)) ??
    (code ? rows.find((r) => findCountry(r.country) === code) : undefined);
  return row ? toImportRule(row) : null;
}

/* ---------- The database's answer ---------- */

/** A country's limit from its rule; a country without a rule admits nothing the shop can vouch for. */
export type { ImportLimit };

export function importLimit(country: string, rule: ImportRule | null, when: ShippingMonths): ImportLimit {
  if (!rule || !rule.usedVehicles) return { country, admits: false };
  const { steering, ageFrom } = rule;
  const from = ageFrom === "registration" ? "registration" : "manufacture";
  const byKind = OTHER_KINDS.flatMap((kind) => {
    const years = rule.ageByKind[kind];
    return years === undefined ? [] : [{ kind, earliest: earliestMonth(rule, years, when) }];
  });
  const earliest = rule.maxAgeYears === null ? null : earliestMonth(rule, rule.maxAgeYears, when);
  return { country, admits: true, steering, from, earliest, byKind };
}

/** The earliest month a vehicle's age may start from (as the index holds it) under an age limit of `years`. */
function earliestMonth(rule: ImportRule, years: number, when: ShippingMonths): number {
  const earliest = earliestStart({ ...rule, maxAgeYears: years }, when);
  if (rule.ageFrom !== "year_after_manufacture") return earliest;
  // Counted from 1 January after the year of manufacture, (year made + 1) × 12 >= earliest: made in the year
  // before the first whole year from `earliest` on, or later.
  return (Math.ceil(earliest / 12) - 1) * 12;
}

/** A vehicle's kind in SQL, the same test as vehicleKind in import-rules.ts. */
function kindExpression() {
  return sql<string>`(case when vehicles.type = ${sql.lit(SPECIAL_PURPOSE)} then 'special' when vehicles.sub_type = 'Pickup' then 'pickup' when vehicles.type in ('Truck', 'Mini Truck') or vehicles.sub_type = 'Cargo Van' then 'goods' when vehicles.type = 'Bus' or vehicles.seats in ('10', '10+') then 'bus' else 'car' end)`;
}

/** The month a vehicle's age starts, as the indexes of migration 2026-11-25-02 hold it (see ageStart). */
function startExpression(from: "manufacture" | "registration") {
  return from === "registration"
    ? sql<number>`coalesce(vehicles.registered_month, vehicles.manufactured_month, vehicles.year * 12)`
    : sql<number>`coalesce(vehicles.manufactured_month, vehicles.year * 12)`;
}

/**
 * The year a vehicle's age starts, and its steering, as the indexes of
 * migrations 2026-12-04-01 (PostgreSQL) and 2026-12-04-04 (SQLite) hold them
 * ahead of the price: a list of what a
 * country admits, by price, reads each year's vehicles in price order and
 * merges them (see importPriceList in search.server.ts). One condition per
 * steering the limit allows (a car without one among them when any is), and
 * the years from the earliest the limit admits to `lastYear`.
 */
export function importYearRanges(
  limit: ImportLimit,
  lastYear: number,
): { steering: string | null; year: number }[] | null {
  if (!limit.admits) return null;
  const starts = [limit.earliest, ...limit.byKind.map((k) => k.earliest)];
  if (starts.some((m) => m === null)) return null;
  const first = Math.floor(Math.min(...(starts as number[])) / 12);
  const steerings: (string | null)[] = limit.steering ? [limit.steering] : [...STEERING, null];
  const ranges: { steering: string | null; year: number }[] = [];
  for (const steering of steerings) for (let year = first; year <= lastYear; year++) ranges.push({ steering, year });
  return ranges;
}

/** The latest year the stock's ages start in, read from the import index's start; null without stock. */
export async function latestStartYear(db: Kysely<Database>, from: "manufacture" | "registration") {
  const { rows } = await sql<{ m: number | null }>`select max(${startExpression(from)}) as m from vehicles`.execute(db);
  const m = rows[0]?.m;
  return m === null || m === undefined ? null : Math.floor(Number(m) / 12);
}

/** One year and steering of importYearRanges, as its index reads them. */
export function importYearCondition(
  limit: ImportLimit & { admits: true },
  range: { steering: string | null; year: number },
): Expression<SqlBool> {
  // "" for none, as the index holds it: under "is null" the year's cars would be sorted, not read in order.
  const steering = sql<SqlBool>`coalesce(vehicles.steering, '') = ${range.steering ?? ""}`;
  return sql<SqlBool>`(${steering} and ${startExpression(limit.from)} / 12 = ${range.year})`;
}

/**
 * The vehicles a limit admits: one range of its index, which begins with the
 * month the age starts from and holds the steering after it, so a country
 * with a steering and one without are answered alike. On SQLite the steering
 * is written `+steering`, which no index answers: the planner then checks it
 * in the import index rather than reading every vehicle of that steering,
 * whatever its age, through the steering's own index (counting Vietnam's
 * 1,800 left-hand vehicles at 100,000 took 30 ms that way, 2 ms this way).
 */
export function importCondition(
  eb: ExpressionBuilder<Database, "vehicles">,
  limit: ImportLimit,
  dialect: Dialect,
): Expression<SqlBool> {
  if (!limit.admits) return sql<SqlBool>`1 = 0`;
  const { steering, earliest, byKind } = limit;
  const terms: Expression<SqlBool>[] = [];
  const since = (month: number) => sql<SqlBool>`${startExpression(limit.from)} >= ${month}`;
  if (byKind.length === 0) {
    if (earliest !== null) terms.push(since(earliest));
  } else {
    // A country that limits kinds differently: each kind's range, and the rule's own for the rest. The
    // earliest of them all bounds the import index first: the kinds alone would have it read the whole table.
    if (earliest !== null) terms.push(since(Math.min(earliest, ...byKind.map((k) => k.earliest))));
    const others = byKind.map((k) => k.kind);
    const rest = sql<SqlBool>`${kindExpression()} not in (${sql.join(others)})`;
    terms.push(
      eb.or([
        earliest === null ? rest : eb.and([rest, since(earliest)]),
        ...byKind.map((k) => eb.and([sql<SqlBool>`${kindExpression()} = ${k.kind}`, since(k.earliest)])),
      ]),
    );
  }
  if (steering)
    terms.push(
      dialect === "sqlite" ? sql<SqlBool>`+vehicles.steering = ${steering}` : eb("vehicles.steering", "=", steering),
    );
  return terms.length > 0 ? eb.and(terms) : sql<SqlBool>`1 = 1`;
}

/* ---------- The owner's editor ---------- */

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
/** A checkbox: ticked sends "on"; anything else, or nothing, is unticked. */
const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.boolean());
const choice = <T extends readonly [string, ...string[]]>(values: T, key: string) =>
  z.enum(values, { error: patternIssue("chooseFromList", { choice: { key: `messages.choices.${key}` } }) });

const MAX_AGE_FORMAT = issue("messages.text.maxAgeFormat", { max: MAX_AGE_YEARS });

/** An age as typed: whole years from 1 to MAX_AGE_YEARS, or empty (no limit, or for a kind the rule's own). */
const typedAge = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: MAX_AGE_FORMAT })
      .refine((v) => maxAgeOf(v) !== null, MAX_AGE_FORMAT)
      .transform((v) => maxAgeOf(v)!)
      .optional(),
  );

/** A note as typed: up to NOTE_MAX characters, empty when not sent. */
const typedNote = (field: "note" | "commercialNote") =>
  z.preprocess(
    (v) => v ?? "",
    z
      .string({ error: maxLengthIssue(field, NOTE_MAX) })
      .trim()
      .max(NOTE_MAX, maxLengthIssue(field, NOTE_MAX)),
  );

/** The kinds' own ages of a form, from their fields (KIND_FIELD or COMMERCIAL_KIND_FIELD). */
function agesOf(form: object, fields: Record<OtherKind, string>): Partial<Record<OtherKind, number>> {
  const ages: Partial<Record<OtherKind, number>> = {};
  for (const kind of OTHER_KINDS) {
    const years = (form as Record<string, unknown>)[fields[kind]];
    if (typeof years === "number") ages[kind] = years;
  }
  return ages;
}

/** An address buyers can open: http or https, with a host. */
function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * The rule editor's form. `now` sets "today" (in the shop's time zone), the
 * latest day a rule can have been checked.
 */
export function importRuleSchema(now = new Date()) {
  const today = shopDay(now);
  return z.preprocess(withoutUnusedRegime, ruleFields(today));
}

/** The commercial regime's fields are read only when its box is ticked: left behind unticked, they refuse nothing. */
function withoutUnusedRegime(form: unknown): unknown {
  if (typeof form !== "object" || form === null) return form;
  const fields = form as Record<string, unknown>;
  if (fields.commercial === "on") return form;
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !name.startsWith("commercial")));
}

function ruleFields(today: string) {
  return z
    .object({
      country: staffRequiredText("country", 60),
      usedVehicles: checkbox,
      // Empty: no age limit.
      maxAgeYears: typedAge(),
      // Empty: the kind takes the rule's own age.
      agePickup: typedAge(),
      ageGoods: typedAge(),
      ageBus: typedAge(),
      ageSpecial: typedAge(),
      ageFrom: choice(AGE_FROM, "ageFrom"),
      ageUntil: choice(AGE_UNTIL, "ageUntil"),
      ageCount: choice(AGE_COUNT, "ageCount"),
      // Empty: either side.
      steering: z.preprocess(blankToUndefined, choice(STEERING, "steering").optional()),
      usedParts: checkbox,
      // Ticked categories; none ticked sends nothing.
      usedPartsRefused: z.preprocess(
        (v) => (v === undefined ? [] : [v].flat()),
        z.array(
          z.enum(PART_CATEGORIES, {
            error: patternIssue("chooseFromList", { choice: { key: "messages.choices.partCategory" } }),
          }),
        ),
      ),
      note: typedNote("note"),
      inspection: z.preprocess(
        (v) => v ?? "",
        z
          .string({ error: maxLengthIssue("inspectionBody", INSPECTION_MAX) })
          .trim()
          .max(INSPECTION_MAX, maxLengthIssue("inspectionBody", INSPECTION_MAX)),
      ),
      // Ticked: businesses importing for sale have ages of their own, in the fields below.
      commercial: checkbox,
      commercialMaxAgeYears: typedAge(),
      commercialAgePickup: typedAge(),
      commercialAgeGoods: typedAge(),
      commercialAgeBus: typedAge(),
      commercialAgeSpecial: typedAge(),
      commercialNote: typedNote("commercialNote"),
      sourceUrl: staffRequiredText("sourceUrl", 500).refine(isWebAddress, textIssue("sourceUrlFormat")),
      checkedOn: staffRequiredText("checkedOn", 10)
        .refine(isRealDay, { error: textIssue("checkedOnFormat"), abort: true })
        .refine((v) => v <= today, textIssue("checkedOnFuture")),
      // Empty: a year after the day it was checked.
      checkBy: z.preprocess(
        blankToUndefined,
        z
          .string({ error: textIssue("checkByFormat") })
          .max(10, textIssue("checkByFormat"))
          .optional(),
      ),
      confirmed: checkbox,
    })
    .transform((rule, ctx) => {
      const checkBy = rule.checkBy ?? yearAfter(rule.checkedOn);
      if (!isRealDay(checkBy)) ctx.addIssue({ code: "custom", path: ["checkBy"], message: textIssue("checkByFormat") });
      else if (checkBy < today) ctx.addIssue({ code: "custom", path: ["checkBy"], message: textIssue("checkByPast") });
      else if (checkBy <= rule.checkedOn)
        ctx.addIssue({ code: "custom", path: ["checkBy"], message: textIssue("checkByBeforeChecked") });
      // Laws move: a rule left unchecked for more than three years would never be due.
      else if (checkBy > yearAfter(yearAfter(yearAfter(rule.checkedOn))))
        ctx.addIssue({ code: "custom", path: ["checkBy"], message: textIssue("checkByTooFar") });
      // A second regime only where used vehicles are admitted at all: with none admitted, none for businesses.
      const commercial: CommercialRegime | null =
        rule.commercial && rule.usedVehicles
          ? {
              maxAgeYears: rule.commercialMaxAgeYears ?? null,
              ageByKind: agesOf(rule, COMMERCIAL_KIND_FIELD),
              note: rule.commercialNote,
            }
          : null;
      return {
        country: rule.country,
        usedVehicles: rule.usedVehicles,
        maxAgeYears: rule.maxAgeYears,
        ageByKind: agesOf(rule, KIND_FIELD),
        ageFrom: rule.ageFrom,
        ageUntil: rule.ageUntil,
        ageCount: rule.ageCount,
        steering: rule.steering,
        usedParts: rule.usedParts,
        usedPartsRefused: [...new Set(rule.usedPartsRefused)],
        note: rule.note,
        inspection: rule.inspection,
        commercial,
        sourceUrl: rule.sourceUrl,
        checkedOn: rule.checkedOn,
        checkBy,
        confirmed: rule.confirmed,
      };
    });
}

/** "2026-11-24" → "2027-11-24" (29 February → 28 February). */
function yearAfter(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return "";
  const [, y, mm, dd] = m;
  return `${Number(y) + 1}-${mm}-${mm === "02" && dd === "29" ? "28" : dd}`;
}
export type ImportRuleInput = z.infer<ReturnType<typeof importRuleSchema>>;

function columns(input: ImportRuleInput) {
  return {
    country: input.country.replace(/\s+/g, " "),
    used_vehicles: input.usedVehicles ? 1 : 0,
    max_age_years: input.maxAgeYears ?? null,
    age_by_kind: JSON.stringify(input.ageByKind),
    age_from: input.ageFrom,
    age_until: input.ageUntil,
    age_count: input.ageCount,
    steering: input.steering ?? null,
    used_parts: input.usedParts ? 1 : 0,
    // A list only where used parts are admitted: "none" needs no categories.
    used_parts_refused: JSON.stringify(input.usedParts ? input.usedPartsRefused : []),
    note: input.note,
    inspection: input.inspection,
    commercial: input.commercial ? JSON.stringify(input.commercial) : "",
    source_url: input.sourceUrl,
    checked_on: input.checkedOn,
    check_by: input.checkBy,
    confirmed: input.confirmed ? 1 : 0,
  };
}

export type RuleSaveResult = { ok: true; id: number } | { ok: false; error: Problem };

/**
 * Whether another rule names the same country. Compared here rather than with
 * lower() in SQL: SQLite's lower() folds only A to Z, so "CÔTE D'IVOIRE"
 * would pass beside "Côte d'Ivoire". One row per country: the table stays small.
 */
async function sameCountry(db: Kysely<Database>, country: string, exceptId?: number): Promise<boolean> {
  const key = countryKey(country);
  const rows = await db.selectFrom("import_rules").select(["id", "country"]).execute();
  return rows.some((r) => r.id !== exceptId && countryKey(r.country) === key);
}

/** Adds a rule (id undefined) or changes one, and logs it. */
export function saveImportRule(db: DB, staff: Staff, input: ImportRuleInput, id?: number): Promise<RuleSaveResult> {
  return refusingDuplicates(
    () =>
      db.transaction().execute(async (trx): Promise<RuleSaveResult> => {
        if (id !== undefined && !(await getImportRule(trx, id))) return { ok: false, error: RULE_NOT_FOUND };
        if (await sameCountry(trx, input.country, id)) return { ok: false, error: RULE_EXISTS };
        const at = nowIso();
        const values = columns(input);
        let savedId = id;
        if (savedId === undefined) {
          const row = await trx
            .insertInto("import_rules")
            .values({ ...values, created_at: at, updated_at: at })
            .returning("id")
            .executeTakeFirstOrThrow();
          savedId = row.id;
        } else {
          await trx
            .updateTable("import_rules")
            .set({ ...values, updated_at: at })
            .where("id", "=", savedId)
            .execute();
        }
        await logActivity(trx, {
          actor: { kind: "staff", id: staff.adminId },
          action: id === undefined ? "imports.rule_added" : "imports.rule_updated",
          subject: { kind: "import_rule", id: String(savedId) },
          summary: `Import rule for ${values.country} ${id === undefined ? "added" : "updated"}`,
          at,
        });
        return { ok: true, id: savedId };
      }),
    // Two saves of one country at once: the unique index refuses the second, which says so like the check does.
    { ok: false, error: RULE_EXISTS },
  );
}

const RULE_DELETED: Deletion = { table: "import_rules", action: "imports.rule_deleted", subject: "import_rule" };

export function deleteImportRule(db: DB, staff: Staff, id: number): Promise<boolean> {
  const find = (trx: DB) => getImportRule(trx, id);
  return deleteLogged(db, staff.adminId, RULE_DELETED, id, find, (rule) => `Import rule for ${rule.country} deleted`);
}

/** What every public page knows of importing: the buyer's country, its rule, the months counted and the choices. */
export type Importing = ImportingAnswer & {
  /** Countries to choose from: those with a rule and those of the freight table's ports. */
  countries: string[];
};

/** The import rules, by country, and the shipping times: what `importingFor` works from. */
export type ImportReadings = { rules: Selectable<ImportRuleTable>[]; settings: ImportSettings };

export async function readImportings(db: Kysely<Database>): Promise<ImportReadings> {
  const [rules, settings] = await Promise.all([
    db.selectFrom("import_rules").selectAll().orderBy("country").execute(),
    getImportSettings(db),
  ]);
  return { rules, settings };
}

/** The root's import facts, from the country chosen (else the port's) and the freight table's countries. */
export async function importingFor(
  db: Kysely<Database>,
  chosen: string | null,
  portCountries: readonly string[],
  now = new Date(),
): Promise<Importing> {
  return importingFrom(await readImportings(db), chosen, portCountries, now);
}

/** The same, from rules and settings already read. */
export function importingFrom(
  { rules, settings }: ImportReadings,
  chosen: string | null,
  portCountries: readonly string[],
  now = new Date(),
): Importing {
  const byKey = new Map<string, string>();
  for (const country of [...rules.map((r) => r.country), ...portCountries])
    if (!byKey.has(countryKey(country))) byKey.set(countryKey(country), country);
  const key = chosen ? countryKey(chosen) : "";
  const row = key ? rules.find((r) => countryKey(r.country) === key) : undefined;
  return {
    // A country as the shop writes it when it knows it.
    country: key ? (byKey.get(key) ?? chosen!.trim()) : null,
    rule: row ? toImportRule(row) : null,
    months: shippingMonths(settings, now),
    today: shopDay(now),
    countries: [...byKey.values()].sort((a, b) => a.localeCompare(b)),
  };
}
