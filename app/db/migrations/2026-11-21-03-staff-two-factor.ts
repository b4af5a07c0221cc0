import { type Kysely } from "kysely";
import { dialectOf } from "../db.server";

// Two-step sign-in for staff: a time-based code from an authenticator app,
// with one-time recovery codes. Frozen once landed.

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = dialectOf(db) === "sqlite";

  // The app's secret, encrypted with a key derived from SESSION_SECRET; the
  // pending one while staff set up their app; the last code step accepted, so
  // a code is never accepted twice.
  await db.schema.alterTable("staff").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("staff").addColumn("totp_pending_secret", "text").execute();
  await db.schema.alterTable("staff").addColumn("totp_last_step", "integer").execute();
  await db.schema.alterTable("staff").addColumn("totp_enabled_at", "text").execute();

  await db.schema
    .createTable("staff_recovery_codes")
    .addColumn("id", "integer", (c) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("staff_recovery_codes_staff_idx")
    .on("staff_recovery_codes")
    .columns(["staff_id", "code_hash"])
    .execute();

  // Between the password and the code: a short-lived challenge whose random
  // id is in a cookie (its hash here). No session exists until the code passes.
  await db.schema
    .createTable("staff_login_challenges")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
    .addColumn("remember", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_login_challenges").ifExists().execute();
  await db.schema.dropTable("staff_recovery_codes").ifExists().execute();
  for (const column of ["totp_enabled_at", "totp_last_step", "totp_pending_secret", "totp_secret"])
    await db.schema.alterTable("staff").dropColumn(column).execute();
}
