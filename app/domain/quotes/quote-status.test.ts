import { describe, expect, it } from "vitest";
import { canMove, isQuoteStatus, movesFrom } from "./quote-status";

describe("quote status machine", () => {
  it("allows Pending -> Responded -> Closed and reopening", () => {
    expect(canMove("pending", "responded")).toBe(true);
    expect(canMove("responded", "closed")).toBe(true);
    expect(canMove("closed", "pending")).toBe(true);
  });

  it("refuses every other move", () => {
    expect(canMove("pending", "closed")).toBe(false);
    expect(canMove("pending", "pending")).toBe(false);
    expect(canMove("responded", "pending")).toBe(false);
    expect(canMove("closed", "responded")).toBe(false);
  });

  it("offers one button per allowed move and knows its statuses", () => {
    expect(movesFrom("pending")).toEqual([{ to: "responded", label: "Mark as responded" }]);
    expect(isQuoteStatus("closed")).toBe(true);
    expect(isQuoteStatus("archived")).toBe(false);
  });
});
