import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedStock } from "~/db/seed/seed.server";
import { mediaPath } from "~/domain/media/image-url";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { backupShop, restoreShop } from "~/domain/ops/backup.server";
import { DocumentStore } from "~/domain/media/document-store.server";

/*
 * A backup of the embedded shop taken while another process keeps writing:
 * restored into an empty place it passes SQLite's integrity check, holds a
 * consistent moment of the writes, every photo it refers to and the orders' documents.
 */

const sqliteOnly = process.env.TEST_DIALECT !== "sqlite";
const root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function count(file: string, table: string): number {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe.skipIf(sqliteOnly)("backup and restore of the embedded shop", () => {
  it("a backup taken under writes restores whole and consistent", async () => {
    const shop = {
      databaseFile: path.join(root, "live", "shop.sqlite"),
      mediaDir: path.join(root, "live", "media"),
      documentsDir: path.join(root, "live", "documents"),
    };
    const db = openDatabase({ dialect: "sqlite", file: shop.databaseFile });
    await migrateToLatest(db);
    await seedStock(db, new MediaStore(localDriver(shop.mediaDir)), { vehicles: 4, parts: 2, photos: [1, 2], seed: 7 });
    await db.destroy();
    const billOfLading = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
    const stored = await new DocumentStore(localDriver(shop.documentsDir)).put({
      data: billOfLading,
      contentType: "application/pdf",
      extension: "pdf",
    });

    // Another process writes one row per transaction for a few seconds.
    const writer = spawn(process.execPath, [
      path.join(import.meta.dirname, "../support/sqlite-writer.mjs"),
      shop.databaseFile,
      "3000",
    ]);
    let last = 0;
    let done = -1;
    let twoHundred!: () => void;
    const writing = new Promise<void>((resolve) => (twoHundred = resolve));
    writer.stdout.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().trim().split("\n")) {
        if (line.startsWith("done ")) done = Number(line.slice(5));
        else if (line) last = Number(line);
      }
      if (last >= 200) twoHundred();
    });
    const finished = new Promise((resolve) => writer.on("exit", resolve));
    // The backup starts once the writer is well under way (200 rows), and while it goes on.
    await Promise.race([writing, finished.then(() => Promise.reject(new Error("the writer stopped early")))]);
    const before = last;
    const backup = await backupShop(shop, path.join(root, "backups"));
    await finished;
    console.log(
      `backup under writes: ${before} rows written before it started, ${done} in all; ` +
        `${backup.mediaFiles} photo files, ${(backup.bytes / 1024).toFixed(0)} KB database`,
    );

    // Restore into an empty place, as onto a new machine.
    const target = {
      databaseFile: path.join(root, "new", "shop.sqlite"),
      mediaDir: path.join(root, "new", "media"),
      documentsDir: path.join(root, "new", "documents"),
    };
    restoreShop(backup.folder, target);
    const check = new SQLite(target.databaseFile, { readonly: true });
    expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(check.pragma("foreign_key_check")).toEqual([]);
    check.close();
    // One moment of the writes: the first N rows exactly, none half-written, taken while they went on.
    const written = new SQLite(target.databaseFile, { readonly: true })
      .prepare("SELECT summary FROM activity_log WHERE action = 'test.write' ORDER BY id")
      .all() as { summary: string }[];
    expect(written.length).toBeGreaterThanOrEqual(before);
    expect(written.length).toBeLessThan(done);
    expect(written.every((r, i) => r.summary === `write ${i + 1}`)).toBe(true);
    expect(count(target.databaseFile, "vehicles")).toBe(4);
    expect(count(target.databaseFile, "parts")).toBe(2);

    // Every photo the restored database shows is there.
    const images = new SQLite(target.databaseFile, { readonly: true })
      .prepare("SELECT media_key, variants FROM vehicle_images UNION ALL SELECT media_key, variants FROM part_images")
      .all() as { media_key: string; variants: string }[];
    expect(images.length).toBeGreaterThanOrEqual(6);
    for (const image of images)
      for (const w of image.variants.split(","))
        expect(fs.existsSync(path.join(target.mediaDir, mediaPath(image.media_key, Number(w))))).toBe(true);
    expect(backup.missingMedia).toEqual([]);

    // And the order's documents, byte for byte.
    expect(backup.documentFiles).toBe(1);
    expect(fs.readFileSync(path.join(target.documentsDir, stored.key)).equals(billOfLading)).toBe(true);
  });

  it("a restore keeps what it replaces, and refuses a folder that is not a backup", async () => {
    const backups = path.join(root, "backups");
    const [folder] = fs.readdirSync(backups);
    const target = {
      databaseFile: path.join(root, "again", "shop.sqlite"),
      mediaDir: path.join(root, "again", "media"),
      documentsDir: path.join(root, "again", "documents"),
    };
    fs.mkdirSync(target.mediaDir, { recursive: true });
    fs.mkdirSync(target.documentsDir, { recursive: true });
    fs.writeFileSync(target.databaseFile, "the old database");
    restoreShop(path.join(backups, folder!), target, new Date("2026-11-21T00:00:00Z"));
    expect(fs.readFileSync(`${target.databaseFile}.before-restore-2026-11-21T00-00-00-000Z`, "utf8")).toBe(
      "the old database",
    );
    expect(fs.existsSync(`${target.mediaDir}.before-restore-2026-11-21T00-00-00-000Z`)).toBe(true);
    expect(fs.existsSync(`${target.documentsDir}.before-restore-2026-11-21T00-00-00-000Z`)).toBe(true);
    expect(() => restoreShop(root, target)).toThrow(/not a shop backup/);
  });
});
