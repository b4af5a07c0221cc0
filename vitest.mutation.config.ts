import { defineConfig } from "vitest/config";
import shop from "./vitest.config";

// A mutation run uses the unit tests and the database tests on SQLite: no browser, no build, no PostgreSQL.
const MUTATION_PROJECTS = new Set(["unit", "db-sqlite"]);

export default defineConfig({
  ...shop,
  test: {
    ...shop.test,
    projects: (shop.test?.projects ?? []).filter(
      (project) =>
        typeof project === "object" && "test" in project && MUTATION_PROJECTS.has(project.test?.name as string),
    ),
  },
});
