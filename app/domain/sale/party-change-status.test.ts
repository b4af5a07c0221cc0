import { describe, expect, it } from "vitest";
import {
  allPartyChangeMoves,
  nextPartyChangeStatus,
  OPEN_PARTY_CHANGE,
  PARTY_CHANGE_STATUSES,
} from "./party-change-status";

/*
 * How a change of the consignee may move (issue 42.2): only the code makes
 * it wait, only the clock or the owner applies it, and nothing reopens a
 * change once it is applied, refused, withdrawn or lapsed.
 */

describe("a change of the consignee's moves", () => {
  it("waits only after the buyer's code, and is applied only by the clock or the owner once it waits", () => {
    expect(nextPartyChangeStatus("awaiting_code", "confirm", "customer")).toBe("waiting");
    // Nobody but the buyer's code starts the wait; nothing skips it.
    expect(nextPartyChangeStatus("awaiting_code", "confirm", "staff")).toBeNull();
    expect(nextPartyChangeStatus("awaiting_code", "apply", "system")).toBeNull();
    expect(nextPartyChangeStatus("awaiting_code", "approve", "staff")).toBeNull();
    expect(nextPartyChangeStatus("waiting", "apply", "system")).toBe("applied");
    expect(nextPartyChangeStatus("waiting", "approve", "staff")).toBe("applied");
    // The buyer cannot approve their own change, nor the clock approve one.
    expect(nextPartyChangeStatus("waiting", "approve", "customer")).toBeNull();
    expect(nextPartyChangeStatus("waiting", "apply", "customer")).toBeNull();
    expect(nextPartyChangeStatus("waiting", "refuse", "staff")).toBe("refused");
    expect(nextPartyChangeStatus("waiting", "refuse", "customer")).toBeNull();
    expect(nextPartyChangeStatus("waiting", "withdraw", "customer")).toBe("withdrawn");
    expect(nextPartyChangeStatus("awaiting_code", "withdraw", "customer")).toBe("withdrawn");
    expect(nextPartyChangeStatus("awaiting_code", "lapse", "system")).toBe("lapsed");
    expect(nextPartyChangeStatus("awaiting_code", "lapse", "customer")).toBe("lapsed");
    // A confirmed change does not lapse: it waits for its day.
    expect(nextPartyChangeStatus("waiting", "lapse", "system")).toBeNull();
  });

  it("never moves a closed change again, and only open ones are counted as open", () => {
    const closed = PARTY_CHANGE_STATUSES.filter((s) => !OPEN_PARTY_CHANGE.includes(s));
    expect(closed.sort()).toEqual(["applied", "lapsed", "refused", "withdrawn"]);
    expect(allPartyChangeMoves().filter((m) => closed.includes(m.from))).toEqual([]);
    expect(allPartyChangeMoves()).toHaveLength(10);
  });
});
