import type { DB } from "~/db/db.server";
import type { InvoiceParty } from "./deal-types";
import { OPEN_PARTY_CHANGE, type PartyChangeActor, type PartyChangeStatus } from "./party-change-status";

/*
 * The owner's record of an order's closed changes of the consignee: what
 * each asked for and what stood before, in full. The order's timeline, which
 * the buyer also reads, names the parties only; an attempt by a hijacked
 * mailbox (lapsed after wrong codes, or refused) stays readable here.
 */

type Party = InvoiceParty | null;

export type ClosedPartyChange = {
  status: Exclude<PartyChangeStatus, (typeof OPEN_PARTY_CHANGE)[number]>;
  requestedAt: string;
  closedAt: string;
  closedBy: PartyChangeActor;
  /** True when the buyer's mailed code confirmed it: one never confirmed was told to nobody. */
  confirmed: boolean;
  asked: { consignee: InvoiceParty; notify: Party };
  before: { consignee: Party; notify: Party };
};

/** An order's closed changes, the latest first. For the owner's order page only: it holds the parties in full. */
export async function closedPartyChanges(db: DB, orderNumber: string): Promise<ClosedPartyChange[]> {
  const rows = await db
    .selectFrom("party_changes as c")
    .innerJoin("orders as o", "o.id", "c.order_id")
    .select(["c.status", "c.requested_at", "c.due_at", "c.closed_at", "c.closed_by", "c.parties", "c.previous"])
    .where("o.number", "=", orderNumber)
    .where("c.status", "not in", OPEN_PARTY_CHANGE)
    .orderBy("c.id", "desc")
    .execute();
  return rows.map((row) => ({
    status: row.status as ClosedPartyChange["status"],
    requestedAt: row.requested_at,
    closedAt: row.closed_at ?? row.requested_at,
    closedBy: (row.closed_by ?? "system") as PartyChangeActor,
    // The code starts the wait, which sets the due time.
    confirmed: row.due_at !== null,
    asked: JSON.parse(row.parties) as ClosedPartyChange["asked"],
    before: JSON.parse(row.previous) as ClosedPartyChange["before"],
  }));
}
