import { defineConfig } from "vitest/config";

// The projects a mutation run may use: the unit tests and the database tests on SQLite (no browser, no build).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts"],
          exclude: ["**/*.db.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db-sqlite",
          include: ["app/**/*.db.test.ts"],
          env: { TEST_DIALECT: "sqlite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
