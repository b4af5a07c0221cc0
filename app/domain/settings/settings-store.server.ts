import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { log } from "~/utils/log.server";

/*
 * The settings table: one row per setting, its value as JSON text. Readers
 * check the shape of what they read; a row that is not JSON is logged and
 * read as missing.
 */

export async function readSetting(db: Kysely<Database>, key: string): Promise<unknown> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value);
  } catch {
    log("error", "a stored setting is not JSON and was ignored", { key });
    return undefined;
  }
}

export async function writeSetting(db: Kysely<Database>, key: string, value: unknown, at: string): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto("settings")
    .values({ key, value: text, updated_at: at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: text, updated_at: at }))
    .execute();
}
