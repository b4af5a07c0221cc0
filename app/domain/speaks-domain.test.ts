import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Services speak the shop's language and routes speak HTTP (issue 40.6): no
 * file in app/domain reads a browser's FormData, answers with an HTTP status
 * or imports the web framework. A refusal says why in domain words
 * (domain/refusal.ts) and routes/refusal-status.ts turns it into a status.
 */

const DOMAIN = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** What in one file's text speaks HTTP or reads a form as the browser sent it. */
export function httpIn(text: string): string[] {
  const found: string[] = [];
  if (/\bFormData\b/.test(text)) found.push("FormData");
  if (/from\s+["'](@?react-router)[^"']*["']/.test(text)) found.push("react-router");
  for (const m of text.matchAll(/\bstatus\??\s*[:=]\s*([1-5]\d\d)\b/g)) found.push(`status ${m[1]}`);
  for (const m of text.matchAll(/\bstatus\??\s*:\s*((?:[1-5]\d\d\s*\|\s*)+[1-5]\d\d)/g)) found.push(`status ${m[1]}`);
  return [...new Set(found)];
}

describe("the domain speaks the shop's language", () => {
  it("finds each way a file could speak HTTP", () => {
    expect(httpIn("const form: FormData = x;")).toEqual(["FormData"]);
    expect(httpIn('import { redirect } from "react-router";')).toEqual(["react-router"]);
    expect(httpIn("return { ok: false, status: 409, message };")).toEqual(["status 409"]);
    expect(httpIn("constructor(readonly status = 400) {}")).toEqual(["status 400"]);
    expect(httpIn("type T = { ok: false; status: 400 | 404 };")).toEqual(["status 400", "status 400 | 404"]);
    expect(httpIn('return { ok: false, refusal: "conflict", message };')).toEqual([]);
    expect(httpIn('const step = { status: "paid" };')).toEqual([]);
  });

  it("no service reads FormData, answers with an HTTP status or imports react-router", () => {
    const offenders = sourceFiles(DOMAIN)
      .map((file) => ({ file: path.relative(DOMAIN, file), found: httpIn(readFileSync(file, "utf8")) }))
      .filter((entry) => entry.found.length > 0);
    expect(offenders).toEqual([]);
  });
});
