import { type DB, nowIso } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { hashPassword } from "~/domain/auth/password.server";

/**
 * Creates the staff account, or sets a new password on it when it exists
 * (the ADMIN_ID / ADMIN_PASSWORD start-up bootstrap and `staff:create`).
 */
export async function ensureStaffAccount(
  db: DB,
  adminId: string,
  password: string,
): Promise<"created" | "password reset"> {
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("staff").select("id").where("admin_id", "=", adminId).executeTakeFirst();
    if (existing) {
      await trx
        .updateTable("staff")
        .set({ password_hash: passwordHash, updated_at: now })
        .where("id", "=", existing.id)
        .execute();
      // A new password ends every session opened with the old one.
      await trx.deleteFrom("staff_sessions").where("staff_id", "=", existing.id).execute();
      await logActivity(trx, {
        actor: { kind: "system", id: null },
        action: "staff.password_reset",
        subject: { kind: "staff", id: String(existing.id) },
        summary: `Password set for staff account ${adminId}`,
      });
      return "password reset";
    }
    const row = await trx
      .insertInto("staff")
      .values({ admin_id: adminId, password_hash: passwordHash, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      actor: { kind: "system", id: null },
      action: "staff.created",
      subject: { kind: "staff", id: String(row.id) },
      summary: `Staff account ${adminId} created`,
    });
    return "created";
  });
}
