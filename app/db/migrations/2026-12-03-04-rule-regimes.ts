import type { Kysely } from "kysely";
import { CORRECTIONS } from "./2026-12-03-01-import-rules-checks";

// Import rules, second round continued (issue 43.4): who inspects a vehicle
// in Japan before it ships, and a second regime where the law gives
// businesses importing for sale other ages (Pakistan's SRO 1895(I)/2025).
// Special-purpose vehicles (Sri Lanka: under 10 years) are a kind of their
// own. Each seeded rule is changed only where it is still as the last
// correction left it (its note and source unchanged). Frozen once landed.

type Change = { country: string; set: Record<string, string> };

/** The rule as the last correction left it: only that one is changed (or put back). */
function asCorrected(country: string) {
  const corrected = CORRECTIONS.find((c) => c.country === country)!;
  return { note: String(corrected.set.note), source_url: corrected.set.source_url };
}

/** A country's ages by kind as the last correction left them. */
const correctedAges = (country: string) => String(CORRECTIONS.find((c) => c.country === country)!.set.age_by_kind);

const PAKISTAN_PERSONAL =
  "Overseas Pakistanis (gift and transfer of residence; the personal baggage scheme was abolished in 2025): cars under 3 years, vans, pickups, trucks and buses under 5, counted from 1 January after the year of manufacture to the B/L date. The shop's answer counts passenger vans under 10 seats as cars: ask us about them.";

/** A corrected note without the sentence the inspection line now says. */
const without = (country: string, sentence: string) => asCorrected(country).note.replace(sentence, "");

export const CHANGES: Change[] = [
  {
    country: "Kenya",
    set: {
      inspection: "QISJ (Quality Inspection Services Japan)",
      note: without("Kenya", " QISJ inspection in Japan before shipping."),
    },
  },
  {
    country: "Tanzania",
    set: {
      inspection: "JAAI, QISJ or EAA",
      note: without("Tanzania", " Pre-shipment inspection (JAAI, QISJ or EAA) required."),
    },
  },
  {
    country: "Sri Lanka",
    set: {
      inspection: "JEVIC, JAAI or Bureau Veritas",
      age_by_kind: JSON.stringify({ goods: 5, bus: 5, special: 10 }),
      note: "Gazette 2421/44 (from 1 February 2025): age counted from manufacture to the B/L date. Cars, SUVs and pickups under 3 years; public passenger and goods vehicles under 5; special-purpose vehicles under 10. Opening a letter of credit is required. Individuals: one vehicle a year, registered within 90 days.",
    },
  },
  {
    country: "Pakistan",
    set: {
      note: PAKISTAN_PERSONAL,
      commercial: JSON.stringify({
        maxAgeYears: 5,
        ageByKind: {},
        note: "SRO 1895(I)/2025 (30 September 2025): cars, buses and goods vehicles under 5 years, with 40 % additional regulatory duty, until 30 June 2026; what applies after that date is being checked: ask us.",
      }),
    },
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("import_rules")
    .addColumn("inspection", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // JSON of the commercial regime's ages and note; "" when the rule has one regime.
  await db.schema
    .alterTable("import_rules")
    .addColumn("commercial", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  for (const change of CHANGES) {
    const was = asCorrected(change.country);
    let query = db
      .updateTable("import_rules")
      .set({ ...change.set, updated_at: new Date().toISOString() })
      .where("country", "=", change.country)
      .where("note", "=", was.note);
    // Kenya's and Tanzania's sources were never corrected: their notes tell them apart.
    if (was.source_url !== undefined) query = query.where("source_url", "=", String(was.source_url));
    // Ages the owner changed (the note left as it was) stay theirs.
    if (change.set.age_by_kind !== undefined) query = query.where("age_by_kind", "=", correctedAges(change.country));
    await query.execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Notes and ages go back where they are still as changed here.
  for (const change of CHANGES) {
    const back: Record<string, string> = { note: asCorrected(change.country).note };
    let query = db
      .updateTable("import_rules")
      .where("country", "=", change.country)
      .where("note", "=", change.set.note!);
    if (change.set.age_by_kind !== undefined) {
      back.age_by_kind = correctedAges(change.country);
      query = query.where("age_by_kind", "=", change.set.age_by_kind);
    }
    await query.set(back).execute();
  }
  await db.schema.alterTable("import_rules").dropColumn("commercial").execute();
  await db.schema.alterTable("import_rules").dropColumn("inspection").execute();
}
