import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readTests, type Report, runStaticMutants, scores, testsOf } from "./mutation-static";

/*
 * Mutation testing of the trade's rules (StrykerJS, stryker.config.mjs):
 * each file is changed in small ways and the tests that import it are run;
 * a change no test notices is a rule nobody guards. Not part of `npm test`
 * (minutes per file). Usage:
 *   npm run test:mutation                  every rule file below
 *   npm run test:mutation -- app/utils/csv.ts   one file (or several)
 *   npm run test:mutation -- --static-only      the static mutants of the last report again
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
  // A change of the consignee once on the invoice (issue 42.2).
  "app/domain/sale/party-change-status.ts",
  "app/domain/sale/party-changes.server.ts",
  // Import rules, typed amounts, months.
  "app/domain/imports/import-rules.ts",
  "app/domain/inventory/vehicle-kind.ts",
  "app/domain/landed-cost/landed-cost.ts",
  "app/domain/landed-cost/estimate.ts",
  "app/domain/landed-cost/lookup.ts",
  "app/domain/landed-cost/tables.ts",
  "app/domain/inventory/price.ts",
  "app/domain/inventory/months.ts",
  // CSV reading and writing, rate limits.
  "app/utils/csv.ts",
  "app/domain/auth/rate-limit.server.ts",
];

/**
 * Tests that state a rule file's rules through the service that uses it,
 * tried beside the tests that import the file itself.
 */
const RULE_TESTS: Record<string, string[]> = {
  // The order's moves are made by the owner's and the buyer's order services.
  "app/domain/sale/order-moves.server.ts": [
    "app/domain/sale/order-payments.db.test.ts",
    "app/domain/sale/order-steps.db.test.ts",
    "app/domain/sale/order-documents.db.test.ts",
  ],
  // The kinds are stated with the age limits they decide, through import-rules.ts.
  "app/domain/inventory/vehicle-kind.ts": ["app/domain/imports/import-rules.test.ts"],
};

const REPORT = "test-results/mutation/mutation.json";
/** One report per rule file, merged into REPORT. */
const PARTS = "test-results/mutation/files";
/** The score below which a rule file is named as not guarded well enough (issue 41). */
const ENOUGH = 90;

const args = process.argv.slice(2);
const staticOnly = args.includes("--static-only");
const asked = args.filter((arg) => !arg.startsWith("--"));
const files = asked.length > 0 ? asked : RULE_FILES;
const missing = files.filter((file) => !fs.existsSync(file));
if (missing.length > 0) {
  console.error(`No such file: ${missing.join(", ")}`);
  process.exit(2);
}

/*
 * Each file is tried against its own tests, in a StrykerJS run of its own:
 * the tests that import it and those named in RULE_TESTS. A rule is stated
 * by the tests of its file; trying every test that reaches a file through
 * the shop ran each mutant of the sale's states against hundreds of
 * database tests, and the whole list took over three hours.
 */
const allTests = readTests(process.cwd());
const testsFor = (file: string) =>
  [...new Set([...testsOf(file, allTests), ...(RULE_TESTS[file] ?? [])])]
    .filter((test) => !test.startsWith("scripts/"))
    .sort();
const partOf = (file: string) => path.join(PARTS, `${file.replaceAll("/", "__")}.json`);

const started = Date.now();
const timings: [string, number][] = [];
if (!staticOnly) {
  fs.mkdirSync(PARTS, { recursive: true });
  for (const file of files) {
    const tests = testsFor(file);
    if (tests.length === 0) {
      console.error(`No test imports ${file}: name the tests that state its rules in RULE_TESTS.`);
      process.exit(2);
    }
    console.log(`\n${file}: against ${tests.join(", ")}`);
    const began = Date.now();
    const run = spawnSync("npx", ["stryker", "run", "--mutate", file, "--testFiles", tests.join(",")], {
      stdio: "inherit",
      env: { ...process.env, STRYKER_REPORT: partOf(file) },
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
    timings.push([file, Date.now() - began]);
  }
  // One report for the files of this run, as StrykerJS writes one (its HTML viewer reads it).
  const parts = files.map((file) => JSON.parse(fs.readFileSync(partOf(file), "utf8")) as Report);
  const merged = { ...parts[0], files: Object.assign({}, ...parts.map((part) => part.files)) };
  fs.writeFileSync(REPORT, JSON.stringify(merged));
}
if (!fs.existsSync(REPORT)) {
  console.error(`No report at ${REPORT}: run without --static-only first.`);
  process.exit(2);
}
const report = JSON.parse(fs.readFileSync(REPORT, "utf8")) as Report;
const statics = await runStaticMutants(process.cwd(), report, testsFor);
fs.writeFileSync(
  "test-results/mutation/static.json",
  JSON.stringify(
    statics.map(({ file, mutant, outcome }) => ({ file, id: mutant.id, outcome })),
    null,
    2,
  ),
);

console.log("\nScore per file, StrykerJS and the static mutants together:");
console.log(`${"file".padEnd(48)} ${"score".padStart(6)} ${"detected".padStart(9)} ${"survived".padStart(9)}`);
const table = scores(report, statics);
for (const row of table) {
  const mark = row.score < ENOUGH ? "  below " + ENOUGH : "";
  console.log(
    `${row.file.padEnd(48)} ${row.score.toFixed(1).padStart(6)} ${`${row.detected}/${row.counted}`.padStart(9)} ${String(row.survivors).padStart(9)}${mark}`,
  );
}
for (const [file, ms] of timings) console.log(`${file.padEnd(48)} ${(ms / 60_000).toFixed(1).padStart(6)} min`);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n${table.length} file(s) in ${minutes} min. Survivors: ${REPORT} (and static.json beside it).`);
