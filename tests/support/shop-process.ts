import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type DB, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { YOUNG_GENERATION_FLAG } from "../../server/memory";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export type ShopProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
};

/** A module to load into the shop first: its clock moves ahead on each SIGUSR2, by SHOP_CLOCK_STEP_MS or an hour (see `clockAhead`). */
export const MOVABLE_CLOCK = path.join(import.meta.dirname, "shop-clock.mjs");

/** A module to load into a test's shop: passwords hashed with light settings (see light-hashing.mjs). */
export const LIGHT_HASHING = path.join(import.meta.dirname, "light-hashing.mjs");

/**
 * Runs the built shop (`node server.js`, with the flag `npm start` gives it) as a real process with the given
 * environment; its passwords hashed with light settings unless
 * `ownHashing` (a test of the hashes themselves). `engineFlags` replace the
 * flags `npm start` gives the engine.
 */
export function runShop(
  env: Record<string, string>,
  {
    preload = [],
    ownHashing = false,
    engineFlags = [YOUNG_GENERATION_FLAG],
  }: { preload?: string[]; ownHashing?: boolean; engineFlags?: string[] } = {},
): ShopProcess & { ready: Promise<void> } {
  let output = "";
  const modules = ownHashing ? preload : [LIGHT_HASHING, ...preload];
  const child = spawn(
    process.execPath,
    [...engineFlags, ...modules.map((file) => `--import=${pathToFileURL(file).href}`), "server.js"],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", HOST: "127.0.0.1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${env.PORT}`;
  const ready = (async () => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The shop stopped at start:\n${output}`);
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`The shop did not start in 30 s:\n${output}`);
  })();
  return {
    url,
    child,
    ready,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/**
 * A shop of a test file's own: a fresh data folder and SQLite database, filled
 * by `fill`, then the built shop started on it. `stop` ends the shop and
 * removes everything.
 */
export async function startShopWithData(
  prefix: string,
  fill: (db: DB) => Promise<void>,
  env: Record<string, string>,
): Promise<{ shop: ShopProcess; db: DB; dataDir: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
  await migrateToLatest(db);
  await fill(db);
  const shop = runShop({ PORT: String(await freePort()), DATA_DIR: dataDir, ...env });
  await shop.ready;
  return {
    shop,
    db,
    dataDir,
    stop: async () => {
      await shop.stop();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Moves the clock of a shop started with `MOVABLE_CLOCK` one step ahead (the caller waits for what that changes). */
export function clockAhead(shop: ShopProcess) {
  shop.child.kill("SIGUSR2");
}
