import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyMemorySettings, HEAP_GROWING_FLAG, YOUNG_GENERATION_FLAG } from "./memory";

const ROOT = path.resolve(import.meta.dirname, "..");

describe("the engine's memory settings", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sees the young generation held when the command line or NODE_OPTIONS holds it, in either spelling", () => {
    vi.spyOn(v8, "setFlagsFromString").mockImplementation(() => {});
    expect(applyMemorySettings(["--max-semi-space-size=16"], "").youngGenerationGiven).toBe(true);
    expect(applyMemorySettings([], "--max_semi_space_size=32 --enable-source-maps").youngGenerationGiven).toBe(true);
    expect(applyMemorySettings(["--import=x.mjs"], "--max-old-space-size=256").youngGenerationGiven).toBe(false);
  });

  it("lets the old generation grow by half, unless the operator's command line says otherwise", () => {
    const setFlags = vi.spyOn(v8, "setFlagsFromString").mockImplementation(() => {});
    applyMemorySettings([], "");
    expect(setFlags).toHaveBeenCalledWith(HEAP_GROWING_FLAG);
    setFlags.mockClear();
    applyMemorySettings(["--heap-growing-percent=0"], "");
    applyMemorySettings(["--heap_growing_percent=20"], "");
    expect(setFlags).not.toHaveBeenCalled();
  });

  it("is given the young generation's flag wherever the shop is started for real", () => {
    const start = (
      JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    expect(start.start).toContain(`node ${YOUNG_GENERATION_FLAG} server.js`);
    expect(start.demo).toContain(`NODE_OPTIONS=${YOUNG_GENERATION_FLAG} tsx `);
    // The README's systemd unit.
    expect(fs.readFileSync(path.join(ROOT, "README.md"), "utf8")).toMatch(
      new RegExp(`^ExecStart=\\S+ ${YOUNG_GENERATION_FLAG} server\\.js$`, "m"),
    );
  });
});
