import { describe, expect, it } from "vitest";
import { MAX_RECENT, parseRecentIds, pushRecent, recentCardsHref } from "./recent";

describe("the browser's recently viewed list", () => {
  it("puts the opened vehicle first", () => {
    expect(pushRecent([], 4)).toEqual([4]);
    expect(pushRecent([4], 9)).toEqual([9, 4]);
    expect(pushRecent([9, 4], 2)).toEqual([2, 9, 4]);
  });

  it("keeps each vehicle once: opening one again moves it to the front", () => {
    expect(pushRecent([2, 9, 4], 4)).toEqual([4, 2, 9]);
    expect(pushRecent([2, 9, 4], 2)).toEqual([2, 9, 4]);
  });

  it("keeps the newest 12", () => {
    let ids: number[] = [];
    for (let id = 1; id <= 13; id++) ids = pushRecent(ids, id);
    expect(ids).toHaveLength(MAX_RECENT);
    expect(ids).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });

  it("reads a stored or sent list: valid distinct ids only, at most 12", () => {
    expect(parseRecentIds("5,3,x,3,-1,0,7")).toEqual([5, 3, 7]);
    expect(parseRecentIds(Array.from({ length: 20 }, (_, i) => i + 1).join(","))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(parseRecentIds(null)).toEqual([]);
    expect(parseRecentIds({ toString: () => "1,2" })).toEqual([]);
  });

  it("asks for the cards of at most 12 ids", () => {
    expect(recentCardsHref([3, 1])).toBe("/recently-viewed?ids=3,1");
    expect(recentCardsHref(Array.from({ length: 15 }, (_, i) => i + 1))).toBe(
      "/recently-viewed?ids=1,2,3,4,5,6,7,8,9,10,11,12",
    );
  });
});
