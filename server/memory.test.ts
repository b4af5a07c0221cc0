import { describe, expect, it } from "vitest";
import { applyMemorySettings } from "./memory";

describe("the engine's memory settings", () => {
  it("sees the young generation held when the command line or NODE_OPTIONS holds it, in either spelling", () => {
    expect(applyMemorySettings(["--max-semi-space-size=16"], "").youngGenerationGiven).toBe(true);
    expect(applyMemorySettings([], "--max_semi_space_size=32 --enable-source-maps").youngGenerationGiven).toBe(true);
    expect(applyMemorySettings(["--import=x.mjs"], "--max-old-space-size=256").youngGenerationGiven).toBe(false);
  });

  it("sets the old generation's growth unless the operator set one", () => {
    expect(applyMemorySettings([], "").growingSet).toBe(true);
    expect(applyMemorySettings(["--heap-growing-percent=0"], "").growingSet).toBe(false);
    expect(applyMemorySettings(["--heap_growing_percent=20"], "").growingSet).toBe(false);
  });
});
