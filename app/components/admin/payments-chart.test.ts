import { describe, expect, it } from "vitest";
import { scaleTop } from "./payments-chart";

describe("the payments chart's scale", () => {
  it("rounds the largest month up to a round amount, and has a top when nothing came in", () => {
    expect(scaleTop(1_570_000)).toBe(2_000_000);
    expect(scaleTop(2_000_000)).toBe(2_000_000);
    expect(scaleTop(2_100_000)).toBe(2_500_000);
    expect(scaleTop(3_000_000)).toBe(5_000_000);
    expect(scaleTop(800_500)).toBe(1_000_000);
    expect(scaleTop(0)).toBe(1);
  });
});
