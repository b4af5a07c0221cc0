import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { mediaPath } from "~/domain/media/image-url";

/*
 * Backups of an embedded shop while it runs: the database through SQLite's
 * online backup (a consistent copy, writers go on), then the photos and the
 * orders' documents. Neither is ever changed, only added and removed, so
 * copying the folders after the database catches every file the copy refers
 * to, unless it was deleted in between; the backup says so for photos.
 */

export type BackupResult = {
  folder: string;
  bytes: number;
  mediaFiles: number;
  documentFiles: number;
  /** Photos the copied database refers to but the copied folder lacks. */
  missingMedia: string[];
};

export type ShopFiles = { databaseFile: string; mediaDir: string; documentsDir: string };

function referencedMedia(file: string): string[] {
  const db = new SQLite(file, { readonly: true });
  try {
    const rows = db
      .prepare("SELECT media_key, variants FROM vehicle_images UNION ALL SELECT media_key, variants FROM part_images")
      .all() as { media_key: string; variants: string }[];
    return rows.flatMap((r) => r.variants.split(",").map((w) => mediaPath(r.media_key, Number(w))));
  } finally {
    db.close();
  }
}

function integrity(file: string): string {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.pragma("integrity_check", { simple: true }) as string) ?? "unknown";
  } finally {
    db.close();
  }
}

/** Copies the database (online) and the photos into a new folder under `into`, named by the time. */
export async function backupShop(shop: ShopFiles, into: string, now = new Date()): Promise<BackupResult> {
  const folder = path.join(into, `shop-${now.toISOString().replace(/[:.]/g, "-")}`);
  if (fs.existsSync(folder)) throw new Error(`${folder} already exists`);
  fs.mkdirSync(folder, { recursive: true });
  const target = path.join(folder, "shop.sqlite");
  const source = new SQLite(shop.databaseFile, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    // All pages in one step: one read transaction, so one consistent moment, while the shop's writers go on (WAL).
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const check = integrity(target);
  if (check !== "ok") throw new Error(`the copied database failed its integrity check: ${check}`);

  const media = path.join(folder, "media");
  let mediaFiles = 0;
  if (fs.existsSync(shop.mediaDir)) {
    fs.cpSync(shop.mediaDir, media, { recursive: true, errorOnExist: false, force: false });
    mediaFiles = countFiles(media);
  } else fs.mkdirSync(media);
  const missingMedia = referencedMedia(target).filter((p) => !fs.existsSync(path.join(media, p)));
  const documents = path.join(folder, "documents");
  let documentFiles = 0;
  if (fs.existsSync(shop.documentsDir)) {
    fs.cpSync(shop.documentsDir, documents, { recursive: true, errorOnExist: false, force: false });
    documentFiles = countFiles(documents);
  } else fs.mkdirSync(documents);
  fs.writeFileSync(
    path.join(folder, "backup.json"),
    JSON.stringify(
      {
        takenAt: now.toISOString(),
        database: "shop.sqlite",
        media: "media",
        mediaFiles,
        missingMedia,
        documents: "documents",
        documentFiles,
      },
      null,
      2,
    ),
  );
  return { folder, bytes: fs.statSync(target).size, mediaFiles, documentFiles, missingMedia };
}

/**
 * Puts a backup in place of the shop's database, photos and documents. The
 * shop must be stopped: its open database would not see the swap. The files
 * it replaces are kept beside it (".before-restore-<time>") until removed by
 * hand. A backup from before orders had documents leaves the documents folder as it is.
 */
export function restoreShop(
  backupFolder: string,
  shop: ShopFiles,
  now = new Date(),
): { database: string; mediaDir: string; documentsDir: string | null } {
  const file = path.join(backupFolder, "shop.sqlite");
  if (!fs.existsSync(file) || !fs.existsSync(path.join(backupFolder, "backup.json")))
    throw new Error(`${backupFolder} is not a shop backup (no shop.sqlite and backup.json)`);
  const check = integrity(file);
  if (check !== "ok") throw new Error(`the backup's database failed its integrity check: ${check}`);
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  fs.mkdirSync(path.dirname(shop.databaseFile), { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) {
    const existing = shop.databaseFile + suffix;
    if (fs.existsSync(existing)) fs.renameSync(existing, `${existing}.before-restore-${stamp}`);
  }
  fs.copyFileSync(file, shop.databaseFile);
  if (fs.existsSync(shop.mediaDir)) fs.renameSync(shop.mediaDir, `${shop.mediaDir}.before-restore-${stamp}`);
  fs.cpSync(path.join(backupFolder, "media"), shop.mediaDir, { recursive: true });
  const documents = path.join(backupFolder, "documents");
  if (!fs.existsSync(documents)) return { database: shop.databaseFile, mediaDir: shop.mediaDir, documentsDir: null };
  if (fs.existsSync(shop.documentsDir))
    fs.renameSync(shop.documentsDir, `${shop.documentsDir}.before-restore-${stamp}`);
  fs.cpSync(documents, shop.documentsDir, { recursive: true });
  return { database: shop.databaseFile, mediaDir: shop.mediaDir, documentsDir: shop.documentsDir };
}

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return n;
}
