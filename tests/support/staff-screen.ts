import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "~/config.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { startStaffSession } from "~/domain/staff/staff-sessions.server";
import { createTestDb, type TestDb } from "./test-db";

/*
 * A shop for a test file of an owner's screen, run through its loader and
 * action: a fresh database with the owner's account, a data folder, the
 * shop's configuration, and the owner's session cookie.
 */

export type StaffScreen = { t: TestDb; config: ReturnType<typeof loadConfig>; cookie: string; dataDir: string };

/** This test file's screen shop, made before its tests and removed after them; read it inside a test. */
export function staffScreenForFile(name: string): StaffScreen {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: "https://shop.example" });
  let made: TestDb | undefined;
  let cookie = "";
  beforeAll(async () => {
    made = await createTestDb();
    await ensureStaffAccount(made.db, "owner", "owner's long password");
    const staff = await made.db
      .selectFrom("staff")
      .select("id")
      .where("admin_id", "=", "owner")
      .executeTakeFirstOrThrow();
    cookie = (await startStaffSession({ config, db: made.db }, staff.id, false)).split(";")[0]!;
  });
  afterAll(async () => {
    await made?.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    config,
    get t() {
      if (!made) throw new Error("The screen's database is made before the tests run: read it inside a test.");
      return made;
    },
    get cookie() {
      return cookie;
    },
  };
}
