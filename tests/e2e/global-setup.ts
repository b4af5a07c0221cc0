import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { bulkInsertStock } from "~/db/seed/bulk.server";
import { seedStock, DEMO_CUSTOMER, DEMO_STAFF } from "~/db/seed/seed.server";
import { seedDemoBank } from "~/db/seed/demo-bank.server";
import { seedLandedSamples } from "~/db/seed/demo-landed.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { RATES_SNAPSHOT } from "~/domain/rates/snapshot";
import { startFakeRates } from "../support/fake-rates";
import { freePort, ROOT, runShop } from "../support/shop-process";
import type { E2EShop } from "../support/e2e-shop";
import { testWorkers } from "../support/test-workers";
// The demo accounts made here are hashed as lightly as the shops' own (light-hashing.mjs).
import "../support/light-hashing.mjs";

/** The rates the fake provider gives the browser tests, and the key the shop must keep to itself. */
export const E2E_RATES = { JPY: 1, USD: 0.0065, LKR: 1.95, EUR: 0.006 };
export const E2E_RATES_KEY = "e2e-rates-key-must-stay-on-the-server";

declare module "vitest" {
  export interface ProvidedContext {
    shops: E2EShop[];
    /** The folder where a running test file marks the shop it holds (tests/support/e2e-shop.ts). */
    shopLocks: string;
  }
}

/**
 * The browser tests' shops: the production build, each with a fresh data
 * folder holding the same stock made by the demo's factories, on a free port.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("The browser tests need the production build: run `npm run build` first (npm test does).");
  }
  // One shop for each file that may run at once: as many as the run's workers (vitest.config.ts, or --maxWorkers).
  const shops = Number(project.globalConfig.maxWorkers) || testWorkers();
  const starting = await Promise.allSettled(Array.from({ length: shops }, () => startShop()));
  const started = starting.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = starting.find((s) => s.status === "rejected");
  if (failed) {
    // Nothing of the shops that did start is left behind.
    await Promise.all(started.map((s) => s.stop()));
    throw failed.reason;
  }
  const shopLocks = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-locks-"));
  project.provide(
    "shops",
    started.map((s) => s.shop),
  );
  project.provide("shopLocks", shopLocks);

  return async () => {
    await Promise.all(started.map((s) => s.stop()));
    fs.rmSync(shopLocks, { recursive: true, force: true });
  };
}

async function startShop() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
  const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
  await migrateToLatest(db);
  await seedStock(db, new MediaStore(localDriver(path.join(dataDir, "media"))), {
    vehicles: 10,
    parts: 8,
    photos: [1, 3],
    seed: 11,
  });
  // More stock without photos, so lists have several pages.
  await bulkInsertStock(db, { vehicles: 40, parts: 0, photos: [], seed: 12 });
  await createCustomer(db, DEMO_CUSTOMER);
  await ensureStaffAccount(db, DEMO_STAFF.adminId, DEMO_STAFF.password);
  // A bank account, so offers can be sent and accepted.
  await seedDemoBank(db);
  // Sample landed-cost tables, so a vehicle page shows an estimate for Kenya and the others.
  await seedLandedSamples(db);
  await db.destroy();

  // Every currency a buyer can choose, so none is left at the snapshot's old rate.
  const rates = await startFakeRates({ ...RATES_SNAPSHOT.rates, ...E2E_RATES });
  const shop = runShop({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e",
    RATES_URL: rates.url,
    RATES_API_KEY: E2E_RATES_KEY,
  });
  await shop.ready;
  // The shop asks for rates as it starts; wait for that request (a shop that never asks stops the run).
  let deadline: NodeJS.Timeout | undefined;
  await Promise.race([
    rates.firstRequest,
    new Promise((_, reject) => {
      deadline = setTimeout(() => reject(new Error("the shop did not ask for exchange rates within 10 s")), 10_000);
    }),
  ]).finally(() => clearTimeout(deadline));
  return {
    shop: {
      url: shop.url,
      dataDir,
      pid: shop.child.pid ?? 0,
      ratesRequests: rates.state.requests.length,
    } satisfies E2EShop,
    stop: async () => {
      await shop.stop();
      await rates.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
