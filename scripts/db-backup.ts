import path from "node:path";
import { ConfigError, loadConfig } from "~/config.server";
import { backupShop } from "~/domain/ops/backup.server";

/**
 * npm run db:backup [-- <folder>]: a consistent copy of the embedded database, the
 * photos and the orders' documents, taken while the shop runs (default folder: $DATA_DIR/backups).
 */
try {
  const config = loadConfig();
  if (config.database.dialect !== "sqlite") {
    console.error("The shop uses PostgreSQL: back it up with pg_dump (see the README, Operations).");
    process.exit(1);
  }
  const into = path.resolve(process.argv[2] ?? path.join(config.dataDir, "backups"));
  const started = Date.now();
  const result = await backupShop(
    { databaseFile: config.database.file, mediaDir: config.mediaDir, documentsDir: config.documentsDir },
    into,
  );
  console.log(
    `Backup in ${result.folder}: database ${(result.bytes / 1e6).toFixed(1)} MB, ${result.mediaFiles} photo files, ` +
      `${result.documentFiles} document files, ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (result.missingMedia.length > 0) {
    console.warn(`${result.missingMedia.length} photo files were removed while copying; see backup.json.`);
  }
} catch (error) {
  if (error instanceof ConfigError) for (const p of error.problems) console.error(`Configuration error: ${p}`);
  else console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
