import { describe, expect, it } from "vitest";
import {
  addToCompare,
  compareHref,
  MAX_COMPARE,
  parseCompareIds,
  parseIdList,
  removeFromCompare,
  sameVehicles,
  toggleCompare,
} from "./compare";

const params = (query: string) => new URLSearchParams(query);

describe("compare ids from an address", () => {
  it("keeps the order given", () => {
    expect(parseCompareIds(params("ids=12,7,30"))).toEqual({ ids: [12, 7, 30], more: false });
    expect(parseCompareIds(params("ids=30,7,12"))).toEqual({ ids: [30, 7, 12], more: false });
  });

  it("leaves out junk: words, signs, decimals, zero, empty pieces, numbers beyond the safe range", () => {
    expect(parseCompareIds(params("ids=abc,-3,4.5,0,,%20,1e3,9007199254740993,0x10,12abc, 8 ,<script>,5"))).toEqual({
      ids: [8, 5],
      more: false,
    });
  });

  it("counts a repeated id once, at its first place", () => {
    expect(parseCompareIds(params("ids=7,12,7,12,3"))).toEqual({ ids: [7, 12, 3], more: false });
  });

  it("shows the first 4 of more and says there were more", () => {
    expect(parseCompareIds(params("ids=1,2,3,4,5,6"))).toEqual({ ids: [1, 2, 3, 4], more: true });
    // Exactly four, or four plus repeats and junk, is not "more".
    expect(parseCompareIds(params("ids=1,2,3,4"))).toEqual({ ids: [1, 2, 3, 4], more: false });
    expect(parseCompareIds(params("ids=1,2,3,4,4,1,x"))).toEqual({ ids: [1, 2, 3, 4], more: false });
  });

  it("reads repeated ids parameters in order, and nothing when there are none", () => {
    expect(parseCompareIds(params("ids=9&ids=2,3"))).toEqual({ ids: [9, 2, 3], more: false });
    expect(parseCompareIds(params(""))).toEqual({ ids: [], more: false });
    expect(parseIdList(null, 4)).toEqual({ ids: [], more: false });
    expect(parseIdList(42, 4)).toEqual({ ids: [], more: false });
  });

  it("does not read beyond the first 1000 characters", () => {
    const long = `${"x,".repeat(600)}5`;
    expect(parseIdList(long, 4).ids).toEqual([]);
  });

  it("builds the shareable address", () => {
    expect(compareHref([12, 7, 30])).toBe("/compare?ids=12,7,30");
    expect(compareHref([])).toBe("/compare");
  });
});

describe("the compare selection", () => {
  it("adds at the end, up to 4, and refuses a 5th without changing anything", () => {
    let ids: number[] = [];
    for (const id of [5, 3, 9, 1]) ids = addToCompare(ids, id).ids;
    expect(ids).toEqual([5, 3, 9, 1]);
    expect(ids).toHaveLength(MAX_COMPARE);
    expect(addToCompare(ids, 8)).toEqual({ ids: [5, 3, 9, 1], refused: true });
    // One already there is not refused, even when full.
    expect(addToCompare(ids, 9)).toEqual({ ids: [5, 3, 9, 1], refused: false });
  });

  it("toggles and removes", () => {
    expect(toggleCompare([5, 3], 3)).toEqual({ ids: [5], refused: false });
    expect(toggleCompare([5], 3)).toEqual({ ids: [5, 3], refused: false });
    expect(removeFromCompare([5, 3, 9], 3)).toEqual([5, 9]);
  });

  it("treats the same vehicles in another order as the same comparison", () => {
    expect(sameVehicles([1, 2, 3], [3, 1, 2])).toBe(true);
    expect(sameVehicles([1, 2, 3], [1, 2])).toBe(false);
    expect(sameVehicles([1, 2], [1, 4])).toBe(false);
  });
});
