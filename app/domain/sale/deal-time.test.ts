import { describe, expect, it } from "vitest";
import { addWorkingDays, endOfShopDay, shopDayAfter } from "./deal-time";

describe("deal times", () => {
  it("counts working days in Tokyo, skipping the weekend", () => {
    // Monday 10:00 Tokyo + 3 working days = Thursday 10:00.
    expect(addWorkingDays(new Date("2026-11-23T01:00:00Z"), 3).toISOString()).toBe("2026-11-26T01:00:00.000Z");
    // Friday 15:00 Tokyo + 3 working days = Wednesday 15:00.
    expect(addWorkingDays(new Date("2026-11-27T06:00:00Z"), 3).toISOString()).toBe("2026-12-02T06:00:00.000Z");
    // Saturday 20:00 UTC is Sunday 05:00 in Tokyo: one working day later is Monday 05:00.
    expect(addWorkingDays(new Date("2026-11-28T20:00:00Z"), 1).toISOString()).toBe("2026-11-29T20:00:00.000Z");
    // Friday 23:30 UTC is already Saturday in Tokyo: one working day later is Monday.
    expect(addWorkingDays(new Date("2026-11-27T23:30:00Z"), 1).toISOString()).toBe("2026-11-29T23:30:00.000Z");
  });

  it("ends a shop day at midnight Tokyo and counts calendar days in Tokyo", () => {
    expect(endOfShopDay("2026-11-30")).toBe("2026-11-30T14:59:59.999Z");
    expect(shopDayAfter(new Date("2026-11-23T16:00:00Z"), 7)).toBe("2026-12-01");
  });
});
