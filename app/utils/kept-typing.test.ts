import { describe, expect, it } from "vitest";
import {
  forgetAllKept,
  forgetStale,
  isResumed,
  isTurnedAway,
  KEEP_MS,
  keptKey,
  readKept,
  withoutResume,
  writeKept,
} from "./kept-typing";

/** A tab's sessionStorage, as far as the keeping uses it. */
function tab(seed: Record<string, string> = {}) {
  const items = new Map(Object.entries(seed));
  return {
    items,
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const NOW = Date.parse("2026-12-02T10:00:00Z");
const OFFER = keptKey("/admin/quotes/2612020001", "offer");

describe("what a tab keeps of a form", () => {
  it("gives back what was typed, ticks included, for the same page and form only", () => {
    const store = tab();
    writeKept(store, OFFER, { fob: "1,200,000", message: "Price to Mombasa", "notifySame=on": false }, NOW);
    expect(readKept(store, OFFER, NOW + 60_000)).toEqual({
      fields: { fob: "1,200,000", message: "Price to Mombasa", "notifySame=on": false },
      sent: false,
    });
    // Sent with it: the one form on the page the sign-in round trip fills again.
    writeKept(store, OFFER, { fob: "1,200,000" }, NOW, true);
    expect(readKept(store, OFFER, NOW)).toEqual({ fields: { fob: "1,200,000" }, sent: true });
    expect(readKept(store, keptKey("/admin/quotes/2612020002", "offer"), NOW)).toBeNull();
    expect(readKept(store, keptKey("/admin/quotes/2612020001", "notes"), NOW)).toBeNull();
  });

  it("forgets typing older than two hours, or dated ahead of the tab's clock, and clears it from the tab", () => {
    const store = tab({ recent: "12,7" });
    writeKept(store, OFFER, { fob: "1" }, NOW);
    const fresh = keptKey("/orders/2612020001/consignee", "give");
    writeKept(store, fresh, { consigneeName: "Nimal" }, NOW + KEEP_MS);
    expect(KEEP_MS).toBe(2 * 60 * 60 * 1000);
    expect(readKept(store, OFFER, NOW + KEEP_MS)).toEqual({ fields: { fob: "1" }, sent: false });
    expect(readKept(store, OFFER, NOW + KEEP_MS + 1)).toBeNull();
    expect(readKept(store, OFFER, NOW - 1)).toBeNull();
    forgetStale(store, NOW + KEEP_MS + 1);
    expect([...store.items.keys()].sort()).toEqual([fresh, "recent"].sort());
  });

  it("ignores what is not its own record", () => {
    for (const raw of [
      "not json",
      "null",
      "[]",
      JSON.stringify({ savedAt: "today", fields: {} }),
      JSON.stringify({ savedAt: NOW }),
      JSON.stringify({ savedAt: NOW, fields: [] }),
      JSON.stringify({ savedAt: NOW, fields: { fob: 5 } }),
    ])
      expect(readKept(tab({ [OFFER]: raw }), OFFER, NOW), raw).toBeNull();
  });

  it("keeps nothing, without failing the form, when the tab refuses to store", () => {
    const store = {
      ...tab(),
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(() => writeKept(store, OFFER, { fob: "1" }, NOW)).not.toThrow();
    expect(readKept(store, OFFER, NOW)).toBeNull();
  });

  it("leaves nothing typed in the tab after signing out, and nothing else is touched", () => {
    const store = tab({ recent: "12,7" });
    writeKept(store, OFFER, { fob: "1" }, NOW);
    writeKept(store, keptKey("/orders/2612020001/consignee", "give"), { consigneeName: "Nimal" }, NOW);
    forgetAllKept(store);
    expect([...store.items.keys()]).toEqual(["recent"]);
  });
});

describe("the way back from signing in", () => {
  it("is marked only by the sign-in guards' mark, which comes off again with the rest of the search kept", () => {
    expect(isResumed("?resume=1")).toBe(true);
    expect(isResumed("?resume=0")).toBe(false);
    expect(isResumed("?resume")).toBe(false);
    expect(isResumed("?tab=offer&resume=1")).toBe(true);
    expect(isResumed("?tab=offer")).toBe(false);
    expect(isResumed("")).toBe(false);
    expect(withoutResume("?tab=offer&resume=1")).toBe("?tab=offer");
    expect(withoutResume("?resume=1")).toBe("");
  });

  it("tells the sign-in page reached by a form turned away from one merely asked for", () => {
    const back = (path: string) => `?redirectTo=${encodeURIComponent(path)}`;
    expect(isTurnedAway(back("/orders/2612020001/consignee?resume=1"))).toBe(true);
    expect(isTurnedAway(back("/orders/2612020001/consignee"))).toBe(false);
    expect(isTurnedAway(back("/orders?x=1"))).toBe(false);
    expect(isTurnedAway("?resume=1")).toBe(false);
    expect(isTurnedAway("")).toBe(false);
  });
});
