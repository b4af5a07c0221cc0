import { describe, expect, it } from "vitest";
import { isActive } from "./admin-shell";

describe("admin sidebar", () => {
  it("marks a link active by path prefix, and the dashboard only on an exact match", () => {
    expect(isActive("/admin", "/admin", true)).toBe(true);
    expect(isActive("/admin/all-products", "/admin", true)).toBe(false);
    expect(isActive("/admin/all-products", "/admin/all-products")).toBe(true);
    expect(isActive("/admin/all-products/extra", "/admin/all-products")).toBe(true);
    expect(isActive("/admin/all-products-old", "/admin/all-products")).toBe(false);
  });
});
