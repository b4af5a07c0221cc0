import { describe, expect, it } from "vitest";
import {
  allMoves,
  canOffer,
  isQuoteStatus,
  nextStatus,
  OFFER_AFTER,
  OPEN_QUOTE_STATUSES,
  QUOTE_STATUSES,
  type QuoteActor,
  type QuoteEvent,
  staffMovesFrom,
} from "./quote-status";

const EVENTS: QuoteEvent[] = ["offer", "accept", "decline", "expire", "close", "reopen"];
const ACTORS: QuoteActor[] = ["staff", "buyer", "system"];

describe("quote status machine", () => {
  it("follows Pending -> Offered -> Accepted | Declined | Expired -> Closed, and Pending -> Closed", () => {
    expect(nextStatus("pending", "offer", "staff")).toBe("offered");
    expect(nextStatus("offered", "accept", "buyer")).toBe("accepted");
    expect(nextStatus("offered", "decline", "buyer")).toBe("declined");
    expect(nextStatus("offered", "expire", "system")).toBe("expired");
    for (const from of ["accepted", "declined", "expired", "pending"] as const)
      expect(nextStatus(from, "close", "staff")).toBe("closed");
  });

  it("lets the owner offer again after a decline or an expiry, replace an open offer, withdraw it and reopen", () => {
    expect(nextStatus("offered", "offer", "staff")).toBe("offered");
    expect(nextStatus("declined", "offer", "staff")).toBe("offered");
    expect(nextStatus("expired", "offer", "staff")).toBe("offered");
    expect(nextStatus("offered", "close", "staff")).toBe("closed");
    expect(nextStatus("closed", "reopen", "staff")).toBe("pending");
  });

  it("lets an accepted deal whose hold ended lapse to Expired, so that it may be offered again", () => {
    expect(nextStatus("accepted", "expire", "system")).toBe("expired");
    // The owner releasing the hold ends the deal the same way.
    expect(nextStatus("accepted", "expire", "staff")).toBe("expired");
  });

  it("counts as open only the quotes still waiting for the shop or the buyer", () => {
    expect([...OPEN_QUOTE_STATUSES].sort()).toEqual(["accepted", "offered", "pending"]);
  });

  it("allows exactly these moves, each only to its actor", () => {
    // Written out here, not read from the module: a move added or lost there fails this test.
    const expected = new Set([
      "pending offer staff",
      "pending close staff",
      "offered offer staff",
      "offered accept buyer",
      "offered decline buyer",
      "offered expire system",
      "offered close staff",
      "accepted close staff",
      "accepted expire system",
      "accepted expire staff",
      "declined offer staff",
      "declined close staff",
      "expired offer staff",
      "expired close staff",
      "closed reopen staff",
    ]);
    const allowed = new Set(allMoves().map((m) => `${m.from} ${m.event} ${m.by}`));
    expect(allowed).toEqual(expected);
    for (const from of QUOTE_STATUSES)
      for (const event of EVENTS)
        for (const by of ACTORS)
          expect(nextStatus(from, event, by) !== null, `${from} ${event} ${by}`).toBe(
            expected.has(`${from} ${event} ${by}`),
          );
    // Nobody but the buyer accepts or declines, nobody but the worker expires, the buyer never closes.
    expect(nextStatus("offered", "accept", "staff")).toBeNull();
    expect(nextStatus("offered", "expire", "staff")).toBeNull();
    expect(nextStatus("offered", "close", "buyer")).toBeNull();
    // An accepted deal is not offered again, nor answered twice, and a pending quote is not accepted.
    expect(nextStatus("accepted", "offer", "staff")).toBeNull();
    expect(nextStatus("accepted", "accept", "buyer")).toBeNull();
    expect(nextStatus("declined", "accept", "buyer")).toBeNull();
    expect(nextStatus("expired", "accept", "buyer")).toBeNull();
    expect(nextStatus("pending", "accept", "buyer")).toBeNull();
  });

  it("settles the open offer by each move, and gives the owner one button per other move", () => {
    expect(OFFER_AFTER).toEqual({
      offer: "replaced",
      accept: "accepted",
      decline: "declined",
      expire: "expired",
      close: "withdrawn",
    });
    expect(staffMovesFrom("pending")).toEqual([{ event: "close", to: "closed" }]);
    // Releasing a hold (accepted -> expired by the owner) has a button of its own.
    expect(staffMovesFrom("accepted")).toEqual([{ event: "close", to: "closed" }]);
    expect(staffMovesFrom("closed")).toEqual([{ event: "reopen", to: "pending" }]);
    expect(canOffer("pending")).toBe(true);
    expect(canOffer("accepted")).toBe(false);
    expect(canOffer("closed")).toBe(false);
    expect(isQuoteStatus("offered")).toBe(true);
    expect(isQuoteStatus("responded")).toBe(false);
  });
});
