// StrykerJS over the trade's rules; scripts/mutation.ts picks the files and prints a score each.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: true },
  plugins: ["@stryker-mutator/vitest-runner"],
  coverageAnalysis: "perTest",
  // progress-append-only prints how far the run is and what remains every few seconds, readable in a log.
  reporters: ["clear-text", "json", "progress-append-only"],
  // scripts/mutation.ts names one report per rule file, so runs of different files can go side by side.
  jsonReporter: { fileName: process.env.STRYKER_REPORT ?? "test-results/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  // Not copied into each run's sandbox: the Node download, the built shop (rebuilt beside a run), data and reports.
  ignorePatterns: [".node", "build", "data", "test-results", ".ci-cache"],
  concurrency: 2,
  timeoutMS: 20_000,
  ignoreStatic: true,
  cleanTempDir: "always",
};
