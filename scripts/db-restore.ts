import path from "node:path";
import { ConfigError, loadConfig } from "~/config.server";
import { restoreShop } from "~/domain/ops/backup.server";

/**
 * npm run db:restore -- <backup folder>: puts a backup in place of the embedded
 * database, photos and documents. Stop the shop first; start it again afterwards.
 */
const folder = process.argv[2];
if (!folder) {
  console.error("Usage: npm run db:restore -- <backup folder>   (stop the shop first)");
  process.exit(2);
}
try {
  const config = loadConfig();
  if (config.database.dialect !== "sqlite") {
    console.error("The shop uses PostgreSQL: restore it with pg_restore (see the README, Operations).");
    process.exit(1);
  }
  const done = restoreShop(path.resolve(folder), {
    databaseFile: config.database.file,
    mediaDir: config.mediaDir,
    documentsDir: config.documentsDir,
  });
  const restored = [done.database, done.mediaDir, ...(done.documentsDir ? [done.documentsDir] : [])];
  console.log(`Restored ${restored.join(", ")} from ${path.resolve(folder)}.`);
  console.log("The replaced files are kept beside them with a .before-restore suffix. Start the shop again.");
} catch (error) {
  if (error instanceof ConfigError) for (const p of error.problems) console.error(`Configuration error: ${p}`);
  else console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
