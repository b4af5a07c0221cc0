import { describe, expect, it } from "vitest";
import { invoiceNumber } from "./invoice-number";

describe("invoice numbers", () => {
  it("numbers invoices by year with five digits", () => {
    expect(invoiceNumber(2026, 42)).toBe("2026-00042");
    expect(invoiceNumber(2027, 1)).toBe("2027-00001");
    expect(invoiceNumber(2026, 123456)).toBe("2026-123456");
  });
});
