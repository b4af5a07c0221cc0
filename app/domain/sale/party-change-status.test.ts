import { describe, expect, it } from "vitest";
import {
  allPartyChangeMoves,
  CHANGE_WAIT_MS,
  CHANGES_PER_DAY,
  CODE_TRIES,
  CODE_VALID_MS,
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

  it("is refused once the bill of lading names the consignee as it was, whether confirmed or not", () => {
    expect(nextPartyChangeStatus("awaiting_code", "block", "system")).toBe("refused");
    expect(nextPartyChangeStatus("waiting", "block", "system")).toBe("refused");
    // Only the shop blocks: neither side can end a change that way.
    expect(nextPartyChangeStatus("waiting", "block", "staff")).toBeNull();
    expect(nextPartyChangeStatus("waiting", "block", "customer")).toBeNull();
  });

  it("keeps the limits the buyer is told: a code good for 30 minutes, a day's wait, 5 tries, 3 changes a day", () => {
    expect(CODE_VALID_MS).toBe(1_800_000);
    expect(CHANGE_WAIT_MS).toBe(86_400_000);
    expect(CODE_TRIES).toBe(5);
    expect(CHANGES_PER_DAY).toBe(3);
  });

  it("never moves a closed change again, and only open ones are counted as open", () => {
    const closed = PARTY_CHANGE_STATUSES.filter((s) => !OPEN_PARTY_CHANGE.includes(s));
    expect(closed.sort()).toEqual(["applied", "lapsed", "refused", "withdrawn"]);
    expect(allPartyChangeMoves().filter((m) => closed.includes(m.from))).toEqual([]);
    expect(allPartyChangeMoves()).toHaveLength(10);
  });
});
