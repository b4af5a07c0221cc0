import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ConfigError, loadConfig } from "~/config.server";
import { alertRunOptions } from "./alert-run.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alert-config-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
}

describe("ALERTS_EVERY_MINUTES", () => {
  it("is 15 minutes unless set; 0 turns the worker off in this process", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).alertsEveryMinutes).toBe(15);
    expect(loadConfig({ DATA_DIR: dataDir, ALERTS_EVERY_MINUTES: "0" }).alertsEveryMinutes).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, ALERTS_EVERY_MINUTES: "1440" }).alertsEveryMinutes).toBe(1440);
  });

  it("refuses what is not a whole number of minutes from 0 to 1440, naming the variable", () => {
    for (const bad of ["-1", "1441", "2.5", "often"]) {
      expect(problems({ ALERTS_EVERY_MINUTES: bad })).toEqual([
        "ALERTS_EVERY_MINUTES must be a whole number of minutes from 0 to 1440",
      ]);
    }
  });

  it("gives the run the public address, the secret and the shop's name", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: "https://shop.example",
      SESSION_SECRET: "x".repeat(40),
      SHOP_NAME: "Test Motors",
    });
    expect(alertRunOptions(config)).toEqual({
      publicUrl: new URL("https://shop.example"),
      secret: "x".repeat(40),
      shopName: "Test Motors",
    });
  });
});
