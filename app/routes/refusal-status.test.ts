import { describe, expect, it } from "vitest";
import type { Refusal } from "~/domain/refusal";
import { refusalStatus } from "./refusal-status";

// The domain's tests speak of refusals; this pins the statuses browsers and scripts see.
describe("a refusal's HTTP status", () => {
  it.each<[Refusal, number]>([
    ["invalid", 400],
    ["not-found", 404],
    ["conflict", 409],
    ["gone", 410],
    ["too-large", 413],
    ["too-many", 429],
    ["unavailable", 503],
  ])("%s is %i", (refusal, status) => {
    expect(refusalStatus(refusal)).toBe(status);
  });
});
