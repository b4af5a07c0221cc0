import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/*
 * Static mutants: a change to code that runs once, when a module loads (the
 * order-moves table, the rule tables, a pattern built at load). StrykerJS
 * switches mutants on while tests run, so it cannot test these with the
 * vitest runner and skips them ("ignoreStatic"). This stage tests each one
 * the slow, sure way: it writes the changed file into a copy of the shop and
 * runs the tests that import that file in a fresh Vitest process, so the
 * module loads with the change.
 */

type Position = { line: number; column: number };
export type ReportMutant = {
  id: string;
  mutatorName: string;
  replacement?: string;
  location: { start: Position; end: Position };
  status: string;
  statusReason?: string;
  static?: boolean;
};
export type ReportFile = { source: string; mutants: ReportMutant[] };
export type Report = { files: Record<string, ReportFile> };

export type StaticOutcome = "Killed" | "Survived" | "Timeout";
export type StaticResult = { file: string; mutant: ReportMutant; outcome: StaticOutcome };

/** The mutants StrykerJS skipped because they run only when the module loads. */
export function staticMutants(report: Report): { file: string; mutant: ReportMutant }[] {
  return Object.entries(report.files).flatMap(([file, { mutants }]) =>
    mutants
      .filter((m) => m.status === "Ignored" && (m.statusReason ?? "").startsWith("Static mutant"))
      .map((mutant) => ({ file, mutant })),
  );
}

/** Offset of a report position (lines and columns count from 1) in the source. */
function offsetOf(source: string, { line, column }: Position): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const newline = source.indexOf("\n", offset);
    if (newline < 0) throw new Error(`The report names line ${line}; the file has ${current}.`);
    offset = newline + 1;
  }
  return offset + column - 1;
}

/** The source with one mutant's replacement written in. */
export function applyMutant(source: string, mutant: ReportMutant): string {
  if (mutant.replacement === undefined) throw new Error(`Mutant ${mutant.id} has no replacement in the report.`);
  const start = offsetOf(source, mutant.location.start);
  const end = offsetOf(source, mutant.location.end);
  return source.slice(0, start) + mutant.replacement + source.slice(end);
}

/** Where the mutation run's tests live (the unit and db-sqlite projects of vitest.config.ts). */
const TEST_FOLDERS = ["app", "server", "scripts", "tests/db"];

/** The module an import names, as a path from the root without its extension; null for a package. */
export function importedModule(testFile: string, specifier: string): string | null {
  const bare = specifier.replace(/\.(?:js|ts|tsx)$/, "");
  if (bare.startsWith("~/")) return path.posix.join("app", bare.slice(2));
  if (bare.startsWith(".")) return path.posix.join(path.posix.dirname(testFile), bare);
  return null;
}

/**
 * The tests that import a source file themselves (not through another
 * module): its own tests and any other test that states its rules. Running
 * every test that reaches it through the whole shop would take minutes per
 * change; a table's rules are stated by the tests that read it.
 */
export function testsOf(file: string, tests: ReadonlyMap<string, string>): string[] {
  const module = file.replace(/\.tsx?$/, "");
  const imports = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;
  return [...tests]
    .filter(([testFile, text]) => [...text.matchAll(imports)].some((m) => importedModule(testFile, m[1]!) === module))
    .map(([testFile]) => testFile)
    .sort();
}

/** Every test file of the mutation run's projects, with its text. */
export function readTests(root: string): Map<string, string> {
  const tests = new Map<string, string>();
  for (const folder of TEST_FOLDERS) {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!/\.test\.ts$/.test(entry) || entry.includes("node_modules")) continue;
      const file = path.posix.join(folder, entry.split(path.sep).join("/"));
      tests.set(file, fs.readFileSync(path.join(root, file), "utf8"));
    }
  }
  return tests;
}

/** A copy of the shop to change files in, so the working tree is never left mutated. */
function makeSandbox(root: string): string {
  // StrykerJS removes its own temporary folder when it ends.
  fs.mkdirSync(path.join(root, ".stryker-tmp"), { recursive: true });
  const sandbox = fs.mkdtempSync(path.join(root, ".stryker-tmp", "static-"));
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  for (const file of listed.stdout.split("\0").filter(Boolean)) {
    if (!fs.existsSync(path.join(root, file))) continue; // deleted in the working tree
    fs.mkdirSync(path.join(sandbox, path.dirname(file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(sandbox, file));
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(sandbox, "node_modules"), "dir");
  return sandbox;
}

const MUTANT_LIMIT_MS = 10 * 60_000;
/** Two copies test two changes at once: the tests of one rule file mostly run in one worker. */
const SANDBOXES = 2;

/** Runs Vitest in the sandbox; true when a test failed (the change was noticed). */
function testsFail(sandbox: string, testFiles: string[]): Promise<boolean | "timeout"> {
  const args = [
    path.join(sandbox, "node_modules/vitest/vitest.mjs"),
    "run",
    ...testFiles,
    "--config",
    "vitest.mutation.config.ts",
    "--bail",
    "1",
    "--passWithNoTests",
    "--reporter",
    "dot",
  ];
  return new Promise((resolve, reject) => {
    // Its own process group, so that a change that hangs is stopped with Vitest's workers.
    const child = spawn(process.execPath, args, {
      cwd: sandbox,
      stdio: "ignore",
      detached: true,
      env: { ...process.env, CI: "true" },
    });
    const timer = setTimeout(() => {
      process.kill(-child.pid!, "SIGKILL");
      resolve("timeout");
    }, MUTANT_LIMIT_MS);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve(code !== 0);
    });
  });
}

/** Tests every static mutant in the report; prints one line per mutant as it goes. */
/** The test files a rule file is tried against: the ones that import it, and any named for it (`ruleTests`). */
export type TestsFor = (file: string) => string[];

export async function runStaticMutants(root: string, report: Report, testsFor?: TestsFor): Promise<StaticResult[]> {
  const todo = staticMutants(report);
  if (todo.length === 0) return [];
  console.log(`\nStatic mutants: ${todo.length}, each in a fresh Vitest process.`);
  const tests = readTests(root);
  const related = testsFor ?? ((file: string) => testsOf(file, tests));
  const sandboxes = Array.from({ length: Math.min(SANDBOXES, todo.length) }, () => makeSandbox(root));
  const results: StaticResult[] = [];
  let next = 0;
  const work = async (sandbox: string) => {
    while (next < todo.length) {
      const { file, mutant } = todo[next++]!;
      const target = path.join(sandbox, file);
      const source = report.files[file]!.source;
      fs.writeFileSync(target, applyMutant(source, mutant));
      let outcome: StaticOutcome = "Survived";
      try {
        const files = related(file);
        // No test imports the file: nothing can notice the change (and an empty list would run every test).
        const failed = files.length > 0 && (await testsFail(sandbox, files));
        if (failed) outcome = failed === "timeout" ? "Timeout" : "Killed";
      } finally {
        fs.writeFileSync(target, source);
      }
      const where = `${file}:${mutant.location.start.line}:${mutant.location.start.column}`;
      console.log(`  ${outcome.padEnd(8)} ${where} ${mutant.mutatorName}`);
      results.push({ file, mutant, outcome });
    }
  };
  try {
    await Promise.all(sandboxes.map(work));
  } finally {
    for (const sandbox of sandboxes) fs.rmSync(sandbox, { recursive: true, force: true });
  }
  return results;
}

const DETECTED = new Set(["Killed", "Timeout"]);
const COUNTED = new Set(["Killed", "Timeout", "Survived", "NoCoverage"]);

export type FileScore = { file: string; detected: number; counted: number; score: number; survivors: number };

/**
 * A score per file over every mutant StrykerJS and this stage tested:
 * detected (killed or timed out) out of all but those that could not run
 * (compile errors, runtime errors of the mutant itself).
 */
export function scores(report: Report, statics: readonly StaticResult[]): FileScore[] {
  const staticById = new Map(statics.map((r) => [`${r.file}#${r.mutant.id}`, r.outcome]));
  return Object.entries(report.files).map(([file, { mutants }]) => {
    let detected = 0;
    let counted = 0;
    for (const m of mutants) {
      const status = staticById.get(`${file}#${m.id}`) ?? m.status;
      if (!COUNTED.has(status)) continue;
      counted++;
      if (DETECTED.has(status)) detected++;
    }
    const score = counted === 0 ? 100 : (100 * detected) / counted;
    return { file, detected, counted, score, survivors: counted - detected };
  });
}
