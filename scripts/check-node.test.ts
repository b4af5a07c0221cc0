import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/*
 * `npm run demo`, `npm start` and `npm test` first run scripts/check-node.cjs:
 * on a Node older than .nvmrc they stop at once with one line saying what to
 * run, instead of crashing silently later. Tried here against a copy of the
 * script beside a .nvmrc of another version.
 */

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** Runs the check with `.nvmrc` holding `wanted`. */
function check(wanted: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "check-node-"));
  dirs.push(root);
  fs.mkdirSync(path.join(root, "scripts"));
  fs.copyFileSync(path.resolve("scripts/check-node.cjs"), path.join(root, "scripts/check-node.cjs"));
  fs.writeFileSync(path.join(root, ".nvmrc"), `${wanted}\n`);
  return spawnSync(process.execPath, [path.join(root, "scripts/check-node.cjs")], { encoding: "utf8" });
}

describe("the Node check before the shop runs", () => {
  it("stops a Node older than .nvmrc's with one line saying what to run", () => {
    const older = check("999.0.0");
    expect(older.status).toBe(1);
    expect(older.stderr.trim().split("\n")).toHaveLength(1);
    expect(older.stderr).toContain(`This shop runs on Node 999.0.0 (.nvmrc) and this is Node ${process.versions.node}`);
    expect(older.stderr).toContain("`. scripts/use-node.sh`");
  });

  it("lets the same major or a newer one through without a word", () => {
    const major = process.versions.node.split(".")[0];
    for (const wanted of [`${major}.0.0`, `v${major}.99.99`, "18.0.0"]) {
      const same = check(wanted);
      expect(same.status, wanted).toBe(0);
      expect(same.stderr, wanted).toBe("");
    }
  });

  it("runs before the demo, the server, the tests and the development server", () => {
    const scripts = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    for (const name of ["predemo", "prestart", "pretest", "predev"])
      expect(scripts[name], name).toBe("node scripts/check-node.cjs");
    // npm runs them: `npm run predemo` is what `npm run demo` runs first.
    expect(execFileSync("npm", ["run", "--silent", "predemo"], { encoding: "utf8" })).toBe("");
  });
});
