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
    // Paths that only become another host once normalised.
    "/.//evil.example",
    "/./\\evil.example",
    "/x/..//evil.example",
    "/%2e//evil.example",
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value, "/home")).toBe("/home");
  });
  it("answers a normalised, percent-encoded path that a Location header can carry", () => {
    expect(safeRedirectPath("/中?q=車", "/")).toBe("/%E4%B8%AD?q=%E8%BB%8A");
    expect(safeRedirectPath("/vehicles/./12", "/")).toBe("/vehicles/12");
  });
});
