import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { loadConfig } from "~/config.server";
import { startCustomerSession } from "~/domain/accounts/sessions.server";
import { DEAL, type DealWorld } from "./deal-world";
import { routeContext } from "./route-context";

/**
 * What a test of a buyer's page needs to call its loader and action straight:
 * the shop's configuration over a folder of its own (removed after the file),
 * the route context over the deal world's database, and a signed-in buyer's
 * cookie. Call it at the top of the test file.
 */
export function buyerPages(w: DealWorld, name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    PUBLIC_URL: "https://shop.example",
    SESSION_SECRET: DEAL.sessionSecret,
  });
  return {
    config,
    context: () => routeContext(config, w.db),
    /** The Cookie header of a session of the world's buyer number `buyer`. */
    cookieOf: async (buyer = 0) =>
      (await startCustomerSession({ db: w.db, config } as never, w.buyerIds[buyer]!)).split(";")[0]!,
  };
}
