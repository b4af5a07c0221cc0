import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { flattenMessages, type Messages } from "./core";

/*
 * Every key the code asks for with a plain string (t("list.sort.newest")) is in
 * an English catalogue, so no page shows a raw key. A typed `t` is already held
 * to its own catalogue by the typecheck (app/i18n/keys.ts); this also reads the
 * calls through plain translate functions (the message helpers). Keys built
 * from stored data are checked by the pages' own tests.
 */

const appDir = path.join(import.meta.dirname, "..");
const localeDir = path.join(import.meta.dirname, "locales", "en");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Every key, and the base of each plural key ("found_one" → "found"). */
function keysOf(messages: Messages): string[] {
  return [...flattenMessages(messages).keys()].flatMap((k) => [k, k.replace(/_(zero|one|two|few|many|other)$/, "")]);
}

const catalogues = new Map(
  readdirSync(localeDir).map((f) => [
    f.replace(/\.json$/, ""),
    new Set(keysOf(JSON.parse(readFileSync(path.join(localeDir, f), "utf8")))),
  ]),
);

describe("keys used in the code", () => {
  it("are all in an English catalogue", () => {
    const missing: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(appDir)) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bt\(\s*["'`]([\w.:-]+)["'`]/g)) {
        seen++;
        const key = m[1]!;
        const [ns, inner] = key.includes(":") ? key.split(":", 2) : [null, key];
        const found = ns ? catalogues.get(ns)?.has(inner!) : [...catalogues.values()].some((keys) => keys.has(inner!));
        if (!found) missing.push(`${path.relative(appDir, file)}: ${key}`);
      }
    }
    expect(seen).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
