import { type Kysely, sql } from "kysely";
import { dialectOf } from "../db.server";

// Whether a vehicle may enter the buyer's country (issue 22): the facts the
// rules read on each vehicle, and the owner's rules per destination country,
// seeded with those the shop could source (decision record 15). Months are
// whole numbers, year × 12 + month − 1. Frozen once landed.

const sqlCheck = (condition: string) => sql.raw(condition);

/** A seeded rule: every one has its source and the day it was read. */
type SeedRule = {
  country: string;
  used_vehicles: 0 | 1;
  max_age_years: number | null;
  age_from: "manufacture" | "registration" | "year_after_manufacture";
  age_until: "shipping" | "arrival";
  age_count: "months" | "years";
  steering: "Right" | "Left" | null;
  used_parts: 0 | 1;
  note: string;
  source_url: string;
  checked_on: string;
  confirmed: 0 | 1;
};

/**
 * The rules the shop could source on 2026-11-24, each with its source (decision
 * record 15 lists them all, with the facts left unconfirmed). "Under N years":
 * counted by month, a vehicle must be counted before the month it turns N;
 * by calendar year, the year counted minus the vehicle's year is under N.
 */
export const SEED_RULES: SeedRule[] = [
  {
    country: "Kenya",
    used_vehicles: 1,
    max_age_years: 8,
    age_from: "registration",
    age_until: "arrival",
    age_count: "years",
    steering: "Right",
    used_parts: 1,
    note: "KS 1515:2000: from 1 January 2026 only vehicles first registered in 2019 or later may arrive. QISJ inspection in Japan before shipping. 17 kinds of used parts are banned (tyres, brake pads, ball joints and others).",
    source_url:
      "https://starnews.co.ke/2025/11/17/kebs-bars-import-of-used-vehicles-registered-before-2019-starting-january-2026",
    checked_on: "2026-11-24",
    confirmed: 1,
  },
  {
    country: "Uganda",
    used_vehicles: 1,
    max_age_years: 15,
    age_from: "manufacture",
    age_until: "arrival",
    age_count: "months",
    steering: null,
    used_parts: 1,
    note: "Traffic and Road Safety (Amendment) Act 2018: vehicles 15 years or older from manufacture are refused. An environmental levy of 50 % of the value applies from 8 years. Steering and used parts not confirmed.",
    source_url: "https://businessfocus.co.ug/ura-no-more-importation-of-cars-over-15-years-old",
    checked_on: "2026-11-24",
    confirmed: 1,
  },
  {
    country: "Tanzania",
    used_vehicles: 1,
    max_age_years: null,
    age_from: "manufacture",
    age_until: "arrival",
    age_count: "years",
    steering: null,
    used_parts: 1,
    note: "No age limit. Extra excise duty: 15 % for vehicles 8 to 10 years from manufacture, 30 % past 10 years; 25 % on used parts. Pre-shipment inspection required.",
    source_url: "http://tra.go.tz/index.php/excise-duty/241-importation-and-payment-of-duty-on-scheduled-articles",
    checked_on: "2026-11-24",
    confirmed: 1,
  },
  {
    country: "India",
    used_vehicles: 1,
    max_age_years: 3,
    age_from: "manufacture",
    age_until: "shipping",
    age_count: "months",
    steering: "Right",
    used_parts: 1,
    note: "Import licensing note: used vehicles under 3 years from manufacture, right-hand drive, km/h speedometer; pre-shipment test and homologation certificates. Duty is high; used parts not confirmed.",
    source_url:
      "http://www.eximkey.com/notification.php?intId=30416&Path=/Sec/DGFT/ImportPolicy/ILPN04/IMPORT_LICENSING_NOTE_87.htm",
    checked_on: "2026-11-24",
    confirmed: 1,
  },
  {
    country: "Pakistan",
    used_vehicles: 1,
    max_age_years: 3,
    age_from: "year_after_manufacture",
    age_until: "shipping",
    age_count: "months",
    steering: null,
    used_parts: 1,
    note: "Overseas Pakistanis' schemes (gift, baggage, transfer of residence): cars under 3 years, other vehicles under 5, counted from 1 January after the year of manufacture to the B/L date. Commercial imports under 5 years open until 30 June 2026 with 40 % regulatory duty. Steering not confirmed.",
    source_url: "https://phclondon.org/ecw/london/vehicleimportrules/",
    checked_on: "2026-11-24",
    confirmed: 1,
  },
  {
    country: "Vietnam",
    used_vehicles: 1,
    max_age_years: 6,
    age_from: "manufacture",
    age_until: "arrival",
    age_count: "years",
    steering: "Left",
    used_parts: 0,
    note: "Decree 69/2018: used cars over 5 years from the year of manufacture to the year of import are refused (in 2026: made in 2021 or later). Right-hand drive and used parts banned by earlier rules, not confirmed in the current decree.",
    source_url: "https://vietnamtradeportal.gov.vn/index.php?r=site/display&id=1845",
    checked_on: "2026-11-24",
    confirmed: 0,
  },
  {
    country: "Nepal",
    used_vehicles: 0,
    max_age_years: null,
    age_from: "manufacture",
    age_until: "shipping",
    age_count: "months",
    steering: null,
    used_parts: 1,
    note: "Reconditioned and used vehicles are not admitted, except for diplomats and some returning citizens. Used parts not confirmed.",
    source_url: "http://nada.org.np/custom%20duty13.php",
    checked_on: "2026-11-24",
    confirmed: 0,
  },
  {
    country: "Sri Lanka",
    used_vehicles: 1,
    max_age_years: 3,
    age_from: "manufacture",
    age_until: "shipping",
    age_count: "months",
    steering: "Right",
    used_parts: 1,
    note: "Imports reopened on 1 February 2025 (Gazette 2421/44). Cars, SUVs and pickups under 3 years from manufacture to the B/L date; passenger and commercial vehicles 5, special-purpose 10. One vehicle a year per person.",
    source_url: "https://cnl.lk/sri-lankas-vehicle-import-controversy-allegations-of-regulation-violations",
    checked_on: "2026-11-24",
    confirmed: 0,
  },
  {
    country: "Bangladesh",
    used_vehicles: 1,
    max_age_years: 5,
    age_from: "year_after_manufacture",
    age_until: "shipping",
    age_count: "months",
    steering: "Right",
    used_parts: 1,
    note: "Sources differ on 4 or 5 years, counted from 1 January after the year of manufacture. JAAI inspection.",
    source_url: "https://oneroofautos.com/bangladesh/",
    checked_on: "2026-11-24",
    confirmed: 0,
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";
  const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());

  // Month and year of manufacture and of first registration in Japan, the
  // chassis (frame) number, the model code and the auction grade.
  for (const [column, type] of [
    ["manufactured_month", "integer"],
    ["registered_month", "integer"],
    ["chassis_number", "text"],
    ["model_code", "text"],
    ["auction_grade", "text"],
  ] as const)
    await db.schema.alterTable("vehicles").addColumn(column, type).execute();
  // One vehicle per chassis; vehicles without one are many.
  await db.schema.createIndex("vehicles_chassis_idx").on("vehicles").column("chassis_number").unique().execute();
  // "Only what I can import": a range of the month the age is counted from,
  // within the steering the country requires. The expressions are those of
  // importCondition (import-rules.server.ts), the month of manufacture falling
  // back to January of the listed year and registration to manufacture.
  await sql`create index vehicles_import_made_idx on vehicles (steering, (coalesce(manufactured_month, year * 12)))`.execute(
    db,
  );
  await sql`create index vehicles_import_registered_idx on vehicles (steering, (coalesce(registered_month, manufactured_month, year * 12)))`.execute(
    db,
  );

  await db.schema
    .createTable("import_rules")
    .addColumn("id", "integer", id)
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("used_vehicles", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("max_age_years", "integer", (c) => c.check(sqlCheck("max_age_years between 1 and 50")))
    .addColumn("age_from", "text", (c) =>
      c
        .notNull()
        .defaultTo("manufacture")
        .check(sqlCheck("age_from in ('manufacture','registration','year_after_manufacture')")),
    )
    .addColumn("age_until", "text", (c) =>
      c.notNull().defaultTo("shipping").check(sqlCheck("age_until in ('shipping','arrival')")),
    )
    .addColumn("age_count", "text", (c) =>
      c.notNull().defaultTo("months").check(sqlCheck("age_count in ('months','years')")),
    )
    .addColumn("steering", "text", (c) => c.check(sqlCheck("steering in ('Right','Left')")))
    .addColumn("used_parts", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("source_url", "text", (c) => c.notNull())
    .addColumn("checked_on", "text", (c) => c.notNull())
    .addColumn("confirmed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // One rule per country, whatever its case.
  await sql`create unique index import_rules_country_idx on import_rules (lower(country))`.execute(db);

  const at = new Date().toISOString();
  if (SEED_RULES.length > 0)
    await db
      .insertInto("import_rules")
      .values(SEED_RULES.map((r) => ({ ...r, created_at: at, updated_at: at })))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("import_rules").execute();
  await db.schema.dropIndex("vehicles_import_registered_idx").execute();
  await db.schema.dropIndex("vehicles_import_made_idx").execute();
  await db.schema.dropIndex("vehicles_chassis_idx").execute();
  for (const column of ["auction_grade", "model_code", "chassis_number", "registered_month", "manufactured_month"])
    await db.schema.alterTable("vehicles").dropColumn(column).execute();
}
