import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps a path on this site with its query", () => {
    expect(safeRedirectPath("/vehicles?Make=Toyota", "/")).toBe("/vehicles?Make=Toyota");
  });
  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "vehicles",
    "/a\nb",
    "",
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value, "/home")).toBe("/home");
  });
});
