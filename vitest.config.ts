import { defineConfig } from "vitest/config";
import { testWorkers } from "./tests/support/test-workers";

const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    maxWorkers: testWorkers(),
    reporters: ["default", "./tests/support/slowest-files.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.db.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db-sqlite",
          // Files share a worker's modules (see "Files that share a worker" in docs/testing.md).
          isolate: false,
          include: ["app/**/*.db.test.ts", "server/**/*.db.test.ts", "tests/db/**/*.test.ts"],
          env: { TEST_DIALECT: "sqlite" },
          // The migrations run once, into the template each file's database is copied from.
          globalSetup: ["tests/support/db-template.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: "db-postgres",
                isolate: false,
                include: ["app/**/*.db.test.ts", "server/**/*.db.test.ts", "tests/db/**/*.test.ts"],
                env: { TEST_DIALECT: "postgres" },
                globalSetup: ["tests/support/db-template.ts"],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          // Files run side by side, each on a shop of its own (tests/support/e2e-shop.ts).
          setupFiles: ["tests/support/e2e-shop.ts"],
          // A test walks a buyer or the owner through many pages, each waited on until it has come
          // alive; each step fails on its own within 10 s (tests/support/browser.ts), so this limit
          // only has to leave room for many slow steps on a busy machine.
          testTimeout: 90_000,
          // What a page shows after an address change may take over a second on a busy machine
          // (the other projects run beside this one); 1 s is Vitest's default.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
