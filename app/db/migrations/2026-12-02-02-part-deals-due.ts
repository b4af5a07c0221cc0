import { type Kysely } from "kysely";

// Part deals now lapse when their invoice runs past its due day unpaid
// (issue 40). Deals accepted before had no such end: so that none lapses the
// moment this release starts, an open part invoice is given at least a week
// from today (the printed document's due date with it). Nothing to undo: the
// later date stands. Frozen once landed.

const WEEK_MS = 7 * 86_400_000;

/** The day in Tokyo, as the shop's days are written (YYYY-MM-DD). */
const tokyoDay = (date: Date) => new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

export async function up(db: Kysely<any>): Promise<void> {
  const due = tokyoDay(new Date(Date.now() + WEEK_MS));
  const rows: { id: number; document: string }[] = await db
    .selectFrom("invoices")
    .innerJoin("orders", "orders.invoice_id", "invoices.id")
    .select(["invoices.id", "invoices.document"])
    .where("orders.kind", "=", "part")
    .where("orders.status", "=", "awaiting_payment")
    .where("orders.paid", "=", 0)
    .where("invoices.voided_at", "is", null)
    .where("invoices.due_date", "<", due)
    .execute();
  for (const row of rows) {
    const document = { ...(JSON.parse(row.document) as Record<string, unknown>), dueDate: due };
    await db
      .updateTable("invoices")
      .set({ due_date: due, document: JSON.stringify(document), pdf: null })
      .where("id", "=", row.id)
      .execute();
  }
}

export async function down(): Promise<void> {}
