import { spawnSync } from "node:child_process";
import fs from "node:fs";

/*
 * Mutation testing of the trade's rules (StrykerJS, stryker.config.mjs):
 * each file is changed in small ways and the tests that import it are run;
 * a change no test notices is a rule nobody guards. Not part of `npm test`
 * (minutes per file). Usage:
 *   npm run test:mutation                  every rule file below
 *   npm run test:mutation -- app/utils/csv.ts   one file (or several)
 * Prints Stryker's table, a score per file; the report with every survivor
 * is test-results/mutation/mutation.json (open it in Stryker's HTML viewer
 * or read it as JSON).
 */

/** The files that hold the trade's rules. */
export const RULE_FILES = [
  // The sale's process: states, moves, holds, stock, access.
  "app/domain/sale/quote-status.ts",
  "app/domain/sale/order-status.ts",
  "app/domain/sale/quote-moves.server.ts",
  "app/domain/sale/order-moves.server.ts",
  "app/domain/sale/answer.server.ts",
  "app/domain/sale/holds.server.ts",
  "app/domain/sale/stock-moves.server.ts",
  "app/domain/sale/status-by-hand.server.ts",
  "app/domain/sale/deal-access.server.ts",
  "app/domain/sale/receipt-limits.server.ts",
  "app/domain/sale/deal-import-verdict.server.ts",
  // Import rules, typed amounts, months.
  "app/domain/imports/import-rules.ts",
  "app/domain/inventory/price.ts",
  "app/domain/inventory/months.ts",
  // CSV reading and writing, rate limits.
  "app/utils/csv.ts",
  "app/domain/auth/rate-limit.server.ts",
];

const asked = process.argv.slice(2);
const files = asked.length > 0 ? asked : RULE_FILES;
const missing = files.filter((file) => !fs.existsSync(file));
if (missing.length > 0) {
  console.error(`No such file: ${missing.join(", ")}`);
  process.exit(2);
}
const run = spawnSync("npx", ["stryker", "run", "--mutate", files.join(",")], { stdio: "inherit" });
process.exit(run.status ?? 1);
