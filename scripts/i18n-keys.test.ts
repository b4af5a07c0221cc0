import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { englishKeys, KEYS_FILE, keysFile } from "./i18n-keys";

describe("the generated catalogue keys (app/i18n/keys.ts)", () => {
  it("are those of the English catalogues today", async () => {
    const written = readFileSync(KEYS_FILE, "utf8");
    expect(written, "app/i18n/keys.ts is behind the English catalogues: run `npm run i18n:keys`").toBe(
      await keysFile(),
    );
  });

  it("fold plural forms to the key a page asks for, and sort each catalogue's keys", async () => {
    const text = await keysFile(
      new Map([
        ["mail", ["b", "a"]],
        ["admin", []],
      ]),
    );
    expect(text).toContain('export type MailKey = "b" | "a";');
    expect(text).toContain("export type AdminKey = never;");
    const stock = englishKeys().get("stock")!;
    expect(stock).toContain("list.vehicles.found");
    expect(stock.some((key) => /_(one|other)$/.test(key))).toBe(false);
    expect(stock).toEqual([...stock].sort());
  });
});
