import type { Kysely } from "kysely";
import { nowIso } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { forgetKeptReads } from "~/db/kept-reads.server";
import { markPublicContentChanged } from "~/utils/request-scope.server";

/** Subjects whose changes public pages show (stock, its prices and photos, the freight table, exchange rates, the company, import rules, landed-cost tables). */
const PUBLIC_SUBJECTS = new Set(["vehicle", "part", "freight", "rates", "company", "imports", "landed"]);

export type ActivityEntry = {
  actor: { kind: "staff" | "customer" | "visitor" | "system"; id: string | null };
  /** What happened, as "subject.verb": vehicle.created, quote.requested, customer.registered... */
  action: string;
  subject?: { kind: string; id: string };
  summary: string;
  at?: string;
};

/**
 * Records who did what and when. Call it inside the transaction of the change it records.
 * Every change to what public pages show is logged, so this is also where the
 * page cache, and the reads every page shares (app/db/kept-reads.server.ts),
 * learn that they must start afresh.
 */
export async function logActivity(db: Kysely<Database>, entry: ActivityEntry): Promise<void> {
  if (PUBLIC_SUBJECTS.has(entry.action.split(".")[0]!)) {
    markPublicContentChanged();
    forgetKeptReads();
  }
  await db
    .insertInto("activity_log")
    .values({
      created_at: entry.at ?? nowIso(),
      actor_kind: entry.actor.kind,
      actor_id: entry.actor.id,
      action: entry.action,
      subject_kind: entry.subject?.kind ?? null,
      subject_id: entry.subject?.id ?? null,
      summary: entry.summary,
    })
    .execute();
}
