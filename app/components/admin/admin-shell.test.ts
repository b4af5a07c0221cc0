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

describe("kind of a back-office address", async () => {
  const { kindOfAdminPath } = await import("~/domain/inventory/admin-stock");
  const { STOCK_KINDS } = await import("~/domain/inventory/stock-kinds");
  const kindOfPath = (pathname: string) => STOCK_KINDS[kindOfAdminPath(pathname)].path;
  it("knows the parts screens by their path", () => {
    expect(kindOfPath("/admin/all-parts-products")).toBe("parts");
    expect(kindOfPath("/admin/edit-parts/3")).toBe("parts");
    expect(kindOfPath("/admin/edit-part/3")).toBe("parts");
    expect(kindOfPath("/admin/edit/3")).toBe("vehicles");
    expect(kindOfPath("/admin/all-products")).toBe("vehicles");
  });
});
