import { describe, expect, it } from "vitest";
import english from "~/i18n/locales/en/admin.json";
import { i18nFor } from "~/i18n/core";
import { describeChange as describeIn, relativeTime as relativeIn, weekChange } from "./dashboard";

const t = i18nFor({ language: "en", version: "dashboard-test", resources: { admin: english } }).getFixedT(
  "en",
  "admin",
);
const describeChange = (change: ReturnType<typeof weekChange>) => describeIn(change, t);
const relativeTime = (iso: string, now: Date) => relativeIn(iso, now, t);

describe("weekChange", () => {
  it("gives the change in percent with one decimal, the arrow following the sign", () => {
    expect(weekChange(3, 2)).toEqual({ kind: "change", percent: 50, direction: "up" });
    expect(weekChange(1, 3)).toEqual({ kind: "change", percent: -66.7, direction: "down" });
    expect(weekChange(4, 4)).toEqual({ kind: "change", percent: 0, direction: "flat" });
    expect(describeChange(weekChange(1, 3))).toBe("-66.7% on the week before");
    expect(describeChange(weekChange(3, 2))).toBe("+50.0% on the week before");
  });

  it("never divides by zero: with nothing the week before it says so", () => {
    expect(weekChange(5, 0)).toEqual({ kind: "no-previous", thisWeek: 5 });
    expect(describeChange(weekChange(5, 0))).toBe("5 new this week, none the week before");
    expect(describeChange(weekChange(0, 0))).toBe("None this week or the week before");
  });
});

describe("relativeTime", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const ago = (seconds: number) => relativeTime(new Date(now.getTime() - seconds * 1000).toISOString(), now);
  it("speaks in minutes, hours, days and weeks", () => {
    expect(ago(20)).toBe("just now");
    expect(ago(60)).toBe("1 minute ago");
    expect(ago(59 * 60)).toBe("59 minutes ago");
    expect(ago(3600)).toBe("1 hour ago");
    expect(ago(5 * 3600)).toBe("5 hours ago");
    expect(ago(86_400)).toBe("1 day ago");
    expect(ago(6 * 86_400)).toBe("6 days ago");
    expect(ago(7 * 86_400)).toBe("1 week ago");
    expect(ago(30 * 86_400)).toBe("4 weeks ago");
  });
});
