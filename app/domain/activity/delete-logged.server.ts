import type { DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { logActivity } from "./activity.server";

/*
 * The owner's settings lists (freight ports, import rules, reply templates)
 * delete a row the same way: find it, delete it, and log who deleted what,
 * in one transaction.
 */

/** The tables whose rows are named by a number `id`. */
type TableWithId = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database];

/** A kind of row the owner deletes: its table, and the action and subject kind its log entry names. */
export type Deletion = { table: TableWithId; action: string; subject: string };

/**
 * Deletes row `id` as `what` says and logs it, the entry naming the row as
 * `find` read it before; false, and nothing done, when `find` finds none.
 */
export async function deleteLogged<Row>(
  db: DB,
  staffId: string,
  what: Deletion,
  id: number,
  find: (trx: DB) => Promise<Row | null | undefined>,
  summary: (row: Row) => string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await find(trx);
    if (!found) return false;
    await trx.deleteFrom(what.table).where("id", "=", id).execute();
    await logActivity(trx, {
      actor: { kind: "staff", id: staffId },
      action: what.action,
      subject: { kind: what.subject, id: String(id) },
      summary: summary(found),
    });
    return true;
  });
}
