import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/*
 * Prints the ten slowest test files when a run ends (issue 47.5), with their
 * project, so the next one to speed up is plain from any run's log. A file's
 * time is its tests and hooks plus its setup, as Vitest measured it.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        return {
          file: path.relative(process.cwd(), m.moduleId),
          project: m.project.name,
          seconds: (d.duration + d.setupDuration + d.collectDuration + d.prepareDuration) / 1000,
        };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (rows.length === 0) return;
    const lines = rows.map((r) => `  ${r.seconds.toFixed(1).padStart(7)} s  ${r.project.padEnd(11)} ${r.file}`);
    process.stdout.write(`\nThe ten slowest test files:\n${lines.join("\n")}\n`);
  }
}
