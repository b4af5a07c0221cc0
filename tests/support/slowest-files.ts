import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/*
 * Prints the ten slowest test files when a run ends (issue 47.5), with their
 * project, so the next one to speed up is plain from any run's log. A file's
 * time is its tests and hooks plus its setup, as Vitest measured it. Then
 * the CPU the machine spent meanwhile (from /proc/stat, where there is one):
 * on two cores the suite's time follows its work (decision record 27), and
 * a change that adds work shows there even on a faster machine.
 */

/** The machine's busy and idle CPU seconds since it started, or null off Linux. */
function machineCpu(): { busy: number; idle: number } | null {
  try {
    const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: in USER_HZ, 100 a second on Linux.
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = ticks;
    return { busy: (user + nice + system + irq + softirq + steal) / 100, idle: (idle + iowait) / 100 };
  } catch {
    return null;
  }
}

export default class SlowestFiles implements Reporter {
  private started = machineCpu();

  onInit() {
    this.started = machineCpu();
  }

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
    const ended = machineCpu();
    if (this.started && ended) {
      const busy = ended.busy - this.started.busy;
      const idle = ended.idle - this.started.idle;
      process.stdout.write(
        `The machine's CPU meanwhile: ${busy.toFixed(0)} s busy, ${idle.toFixed(0)} s idle (${((100 * busy) / (busy + idle)).toFixed(0)} % of its cores).\n`,
      );
    }
  }
}
