import { sql } from "kysely";
import { type DB, dialectOf } from "~/db/db.server";

/**
 * Makes the database refuse UPDATEs of `mail_outbox` for real, with a trigger
 * that raises an error (on SQLite and PostgreSQL alike), until the returned
 * function mends it. With `onlyMarkingSent`, only updates that set a row to
 * "sent" fail. The error message is `message`.
 */
export async function failOutboxUpdates(
  db: DB,
  options: { onlyMarkingSent?: boolean; message?: string } = {},
): Promise<() => Promise<void>> {
  const message = options.message ?? "the database failed on purpose";
  // The message and the condition are the test's own constants: no user input reaches this SQL.
  const quoted = `'${message.replaceAll("'", "''")}'`;
  if (dialectOf(db) === "sqlite") {
    const when = options.onlyMarkingSent ? "WHEN NEW.status = 'sent'" : "";
    await sql
      .raw(`CREATE TRIGGER outbox_fails BEFORE UPDATE ON mail_outbox ${when} BEGIN SELECT RAISE(ABORT, ${quoted}); END`)
      .execute(db);
    return async () => {
      await sql.raw("DROP TRIGGER outbox_fails").execute(db);
    };
  }
  await sql
    .raw(
      `CREATE FUNCTION outbox_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION ${quoted}; END $$`,
    )
    .execute(db);
  const when = options.onlyMarkingSent ? "WHEN (NEW.status = 'sent')" : "";
  await sql
    .raw(
      `CREATE TRIGGER outbox_fails BEFORE UPDATE ON mail_outbox FOR EACH ROW ${when} EXECUTE FUNCTION outbox_fails()`,
    )
    .execute(db);
  return async () => {
    await sql.raw("DROP TRIGGER outbox_fails ON mail_outbox").execute(db);
    await sql.raw("DROP FUNCTION outbox_fails()").execute(db);
  };
}
