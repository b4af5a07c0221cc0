import { type Kysely, sql } from "kysely";
import { SEED_RULES } from "./2026-11-25-01-import-rules";

// Import rules, second round (issue 43.4): each rule has a day by which it
// must be checked again, pickups, goods vehicles and buses may have an age
// limit of their own, and used parts may be refused by category (Kenya's
// KS 2190 list) rather than all or none. The seeded rules that sources
// contradict are corrected, each only where the owner has not changed it
// since it was seeded (its source is still the seed's). Frozen once landed.

/** A seeded rule's corrections, by its country. */
type Correction = { country: string; set: Record<string, string | number | null> };

const READ_ON = "2026-12-01";

export const CORRECTIONS: Correction[] = [
  {
    country: "Kenya",
    set: {
      // Parts that contain a banned component (ball joints and bushes, bearings, clutch plates) count as banned.
      used_parts_refused: JSON.stringify(["Clutch Kit", "Control Arm", "Stabilizer Link", "Wheel Hub"]),
      note: "KS 1515:2000: from 1 January 2026 only right-hand drive vehicles first registered in 2019 or later may arrive. QISJ inspection in Japan before shipping. KS 2190 bans used tyres and tubes, ball joints, tie-rod and rack ends, brake pads, pipes and hoses, clutch plates, bearings, bushes, oil seals, spark plugs and filters: the shop refuses used clutch kits, control arms, stabilizer links and wheel hubs for Kenya.",
      checked_on: READ_ON,
      check_by: "2027-01-01",
    },
  },
  {
    country: "Uganda",
    set: {
      // URA let 2003-built cars in during October 2018: it counts by calendar year, 15 years past the year made.
      max_age_years: 16,
      age_count: "years",
      note: "Traffic and Road Safety (Amendment) Act 2018: vehicles 15 years or older from manufacture are refused. URA counts by calendar year: in 2026, vehicles made in 2011 or later. Heavy goods vehicles of 6 tonnes or more, special-purpose vehicles and tractors are exempt: the shop's answer applies the limit to every vehicle, so ask us about those. Right- and left-hand drive accepted. Environmental levy on older vehicles (sources differ on the ages).",
      source_url: "https://softpower.ug/ura-effects-ban-on-vehicles-manufactured-before-2003",
      checked_on: READ_ON,
      check_by: "2027-06-01",
    },
  },
  {
    country: "Pakistan",
    set: {
      note: "Overseas Pakistanis (gift and transfer of residence; the personal baggage scheme was abolished in 2025): cars under 3 years, vans, pickups, trucks and buses under 5, counted from 1 January after the year of manufacture to the B/L date. The shop's answer counts passenger vans under 10 seats as cars: ask us about them. Commercial imports (SRO 1895(I)/2025) allowed vehicles under 5 years until 30 June 2026 with 40 % regulatory duty; the limit after that date is being checked: ask us.",
      source_url:
        "https://www.brecorder.com/news/40385413/commerce-ministry-issues-sro-for-commercial-import-of-old-vehicles",
      checked_on: READ_ON,
      // The commercial limit ran to 30 June 2026: due for a check now.
      check_by: READ_ON,
      age_by_kind: JSON.stringify({ pickup: 5, goods: 5, bus: 5 }),
    },
  },
  {
    country: "Sri Lanka",
    set: {
      note: "Gazette 2421/44 (from 1 February 2025): age counted from manufacture to the B/L date. Cars, SUVs and pickups under 3 years; public passenger and goods vehicles under 5; special-purpose under 10 (ask us). Opening a letter of credit is required; pre-shipment inspection (JEVIC, JAAI or BV). Individuals: one vehicle a year, registered within 90 days.",
      source_url: "https://themorning.lk/articles/3Fi6jIrMnrCOkForvA6g",
      checked_on: READ_ON,
      check_by: "2027-02-01",
      age_by_kind: JSON.stringify({ goods: 5, bus: 5 }),
      confirmed: 1,
    },
  },
  {
    country: "Tanzania",
    set: {
      note: "No age limit. Extra excise duty: 15 % for vehicles 8 to 10 years from manufacture, 30 % past 10 years, 10 % for buses past 5 years; 25 % on used parts. Pre-shipment inspection (JAAI, QISJ or EAA) required.",
      checked_on: READ_ON,
      check_by: "2027-06-01",
    },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  // JSON: pickups, goods vehicles and buses limited differently from cars ({"goods": 5, "bus": 5}).
  await db.schema
    .alterTable("import_rules")
    .addColumn("age_by_kind", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema
    .alterTable("import_rules")
    .addColumn("check_by", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // JSON list of part categories (types or subtypes) refused used; empty when used_parts says all or none.
  await db.schema
    .alterTable("import_rules")
    .addColumn("used_parts_refused", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  // Every rule on file is checked again a year after it was last checked, unless corrected below.
  const rules = await db.selectFrom("import_rules").select(["id", "checked_on"]).execute();
  for (const rule of rules)
    await db
      .updateTable("import_rules")
      .set({ check_by: yearAfter(String(rule.checked_on)) })
      .where("id", "=", rule.id)
      .execute();
  for (const fix of CORRECTIONS) {
    const seeded = SEED_RULES.find((r) => r.country === fix.country)!;
    await db
      .updateTable("import_rules")
      .set({ ...fix.set, updated_at: new Date().toISOString() })
      .where("country", "=", fix.country)
      .where("source_url", "=", seeded.source_url)
      .where("note", "=", seeded.note)
      .where(sql.ref("created_at"), "=", sql.ref("updated_at"))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // A corrected rule the owner has not changed since (every corrected column as corrected) goes back to the seed.
  for (const fix of CORRECTIONS) {
    const seeded = SEED_RULES.find((r) => r.country === fix.country)!;
    const corrected = Object.entries(fix.set).filter(([column]) => column in seeded);
    let query = db
      .updateTable("import_rules")
      .set({
        ...Object.fromEntries(corrected.map(([column]) => [column, seeded[column as keyof typeof seeded]])),
        updated_at: sql.ref("created_at"),
      })
      .where("country", "=", fix.country);
    for (const [column, value] of corrected) query = query.where(column, "=", value);
    await query.execute();
  }
  await db.schema.alterTable("import_rules").dropColumn("used_parts_refused").execute();
  await db.schema.alterTable("import_rules").dropColumn("age_by_kind").execute();
  await db.schema.alterTable("import_rules").dropColumn("check_by").execute();
}

/** "2026-11-24" → "2027-11-24" (29 February → 28 February). */
function yearAfter(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = `${y + 1}-${String(m).padStart(2, "0")}-${String(m === 2 && d === 29 ? 28 : d).padStart(2, "0")}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? next : "";
}
