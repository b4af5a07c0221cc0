import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedStock, DEMO_CUSTOMER } from "~/db/seed/seed.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { freePort, ROOT, runShop } from "../support/shop-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/**
 * One shop for the browser tests: the production build, a fresh data folder
 * with stock made by the demo's factories, on a free port.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("The browser tests need the production build: run `npm run build` first (npm test does).");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
  const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
  await migrateToLatest(db);
  await seedStock(db, new MediaStore(localDriver(path.join(dataDir, "media"))), {
    vehicles: 10,
    parts: 8,
    photos: [1, 3],
    seed: 11,
  });
  await createCustomer(db, DEMO_CUSTOMER);
  await db.destroy();

  const shop = runShop({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e",
  });
  await shop.ready;
  project.provide("baseUrl", shop.url);
  project.provide("dataDir", dataDir);

  return async () => {
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
