import { type Config, ConfigError, loadConfig } from "~/config.server";
import { type DB, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";

/** Runs a command-line task with the configured, migrated database; prints configuration errors plainly. */
export async function withDatabase<T>(task: (db: DB, config: Config) => Promise<T>): Promise<T> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) console.error(`Configuration error: ${problem}`);
      process.exit(1);
    }
    throw error;
  }
  const db = openDatabase(config.database);
  try {
    const applied = await migrateToLatest(db);
    for (const name of applied) console.log(`Applied migration ${name}`);
    return await task(db, config);
  } finally {
    await db.destroy();
  }
}
