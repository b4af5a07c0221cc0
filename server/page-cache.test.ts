import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isLanguage, languageFromAcceptLanguage } from "~/i18n/languages";
import { readCookie } from "~/utils/cookies";
import { markPublicContentChanged, readSessionCookie } from "~/utils/request-scope.server";
import { createPageCache, eventLoopBusy, scopeEachRequest } from "./page-cache";

/*
 * The cache's second line of defence, apart from its own reading of the
 * Cookie header: an answer the app made after reading a session is never
 * kept, even when the cache did not see a session in the request. Here the
 * session is a cookie the cache does not know by name.
 */

let url: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(scopeEachRequest);
  app.use(createPageCache({ ttlMs: 60_000 }).middleware);
  app.get("/vehicles", (req, res) => {
    const who = readSessionCookie(req.headers.cookie ?? null, "another_session");
    const country = /import_country=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    if (country) return res.type("html").send(`<p>Cars for ${country}</p>`);
    // The page's language as the shop chooses it: the language cookie when it names one, else the browser's.
    if (req.query.languages !== undefined) {
      const chosen = readCookie(req.headers.cookie ?? null, "lang");
      const language = isLanguage(chosen) ? chosen : languageFromAcceptLanguage(req.headers["accept-language"] ?? null);
      return res.type("html").send(`<p>In ${language}</p>`);
    }
    res.type("html").send(who ? `<p>Prices for ${who}</p>` : "<p>Prices for everyone</p>");
  });
  app.post("/stock", (_req, res) => {
    markPublicContentChanged();
    res.status(204).end();
  });
  app.post("/language", (_req, res) => res.status(204).end());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const get = async (cookie?: string) => {
  const res = await fetch(`${url}/vehicles`, { headers: cookie ? { Cookie: cookie } : {} });
  return { cache: res.headers.get("x-page-cache"), text: await res.text() };
};

describe("the page cache", () => {
  it("never keeps an answer the app made after reading a session, whatever the cache saw", async () => {
    const mine = await get("another_session=asha");
    expect(mine.text).toContain("Prices for asha");
    const visitor = await get();
    expect(visitor.text).toBe("<p>Prices for everyone</p>");
    // A visitor's answer is kept.
    expect(await get()).toEqual({ cache: "hit", text: "<p>Prices for everyone</p>" });
  });

  it("keeps one answer per country imported into, as per port", async () => {
    expect((await get("import_country=Kenya")).text).toBe("<p>Cars for Kenya</p>");
    expect(await get("import_country=Kenya")).toEqual({ cache: "hit", text: "<p>Cars for Kenya</p>" });
    expect(await get("import_country=Nepal")).toEqual({ cache: "miss", text: "<p>Cars for Nepal</p>" });
  });

  it("keeps one answer per language the page is written in, whatever the language cookie says", async () => {
    const page = async (headers: Record<string, string>) => {
      const res = await fetch(`${url}/vehicles?languages`, { headers });
      return { cache: res.headers.get("x-page-cache"), text: await res.text() };
    };
    expect((await page({ Cookie: "lang=xx", "Accept-Language": "hi" })).text).toBe("<p>In hi</p>");
    // A cookie that names no language is not the page's language: the browser's is.
    expect(await page({ Cookie: "lang=xx", "Accept-Language": "ja" })).toEqual({ cache: "miss", text: "<p>In ja</p>" });
    expect(await page({ Cookie: "lang=hi", "Accept-Language": "ja" })).toEqual({ cache: "hit", text: "<p>In hi</p>" });
  });

  it("is emptied by a request that changed public content, not by other writes", async () => {
    await get();
    expect((await get()).cache).toBe("hit");
    await fetch(`${url}/language`, { method: "POST" });
    expect((await get()).cache).toBe("hit");
    await fetch(`${url}/stock`, { method: "POST" });
    expect((await get()).cache).toBe("miss");
  });
});

describe("the page cache's lifetimes", () => {
  // Only the clock the cache reads is moved; the requests run on real timers.
  let base: string;
  let stop: () => void;
  let start: number;
  /** Renders of each vehicle so far: an answer says which render it is. */
  const renders = new Map<string, number>();
  /** Whether the shop's event loop is to be taken as having no rest. */
  let loopBusy = false;
  /** Vehicles whose render waits, until the test lets it finish. */
  const held = new Map<string, { started: () => void; gate: Promise<void> }>();
  /** What lets each held render finish: all are let go after each test, passed or failed. */
  const releases = new Set<() => void>();
  afterEach(() => {
    held.clear();
    for (const release of releases) release();
    releases.clear();
  });

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    start = Date.now();
    const app = express();
    app.use(scopeEachRequest);
    app.use(createPageCache({ ttlMs: 10_000, busyRenders: 2, loopBusy: () => loopBusy }).middleware);
    app.get("/vehicles/:id", async (req, res) => {
      const id = req.params.id;
      const n = (renders.get(id) ?? 0) + 1;
      renders.set(id, n);
      const hold = held.get(id);
      if (hold) {
        hold.started();
        await hold.gate;
      }
      res.type("html").send(`<p>Vehicle ${id}, render ${n}</p>`);
    });
    app.post("/stock", (_req, res) => {
      markPublicContentChanged();
      res.status(204).end();
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stop = () => server.close();
  });
  afterAll(() => {
    stop();
    vi.useRealTimers();
  });

  const page = async (id: string) => {
    const res = await fetch(`${base}/vehicles/${id}`);
    return { cache: res.headers.get("x-page-cache"), text: await res.text() };
  };
  /** Starts a render of `id` that waits; resolves, once it is under way, to what lets it finish. */
  const holdRender = async (id: string) => {
    let started = () => {};
    let release = () => {};
    const underWay = new Promise<void>((resolve) => (started = resolve));
    held.set(id, { started, gate: new Promise<void>((resolve) => (release = resolve)) });
    releases.add(release);
    const answer = page(id);
    await underWay;
    return async () => {
      held.delete(id);
      release();
      return answer;
    };
  };

  it("renders a page again once its lifetime is over, when the shop is not busy", async () => {
    vi.setSystemTime(start);
    expect(await page("1")).toEqual({ cache: "miss", text: "<p>Vehicle 1, render 1</p>" });
    vi.setSystemTime(start + 9_999);
    expect(await page("1")).toEqual({ cache: "hit", text: "<p>Vehicle 1, render 1</p>" });
    vi.setSystemTime(start + 10_000);
    expect(await page("1")).toEqual({ cache: "miss", text: "<p>Vehicle 1, render 2</p>" });
  });

  it("sends an expired page as it was while the shop is busy rendering, for one lifetime more at most", async () => {
    vi.setSystemTime(start);
    expect((await page("2")).text).toBe("<p>Vehicle 2, render 1</p>");
    vi.setSystemTime(start + 15_000);
    const finishOne = await holdRender("other");
    // One render under way leaves room for another: vehicle 2's is.
    expect(await page("2")).toEqual({ cache: "miss", text: "<p>Vehicle 2, render 2</p>" });
    vi.setSystemTime(start + 25_000);
    // Two under way is all this shop may do at once: vehicle 2 is not queued behind them.
    const finishTwo = await holdRender("another");
    expect(await page("2")).toEqual({ cache: "stale", text: "<p>Vehicle 2, render 2</p>" });
    // Two lifetimes after it was made, it is too old to send: it is rendered, busy or not.
    vi.setSystemTime(start + 35_000);
    expect(await page("2")).toEqual({ cache: "miss", text: "<p>Vehicle 2, render 3</p>" });
    expect((await finishOne()).text).toBe("<p>Vehicle other, render 1</p>");
    expect((await finishTwo()).text).toBe("<p>Vehicle another, render 1</p>");
  });

  it("sends the expired page to those who ask while it is being rendered again, the shop not busy", async () => {
    vi.setSystemTime(start);
    expect((await page("3")).text).toBe("<p>Vehicle 3, render 1</p>");
    vi.setSystemTime(start + 10_000);
    const finish = await holdRender("3");
    expect(await page("3")).toEqual({ cache: "stale", text: "<p>Vehicle 3, render 1</p>" });
    expect(await finish()).toEqual({ cache: "miss", text: "<p>Vehicle 3, render 2</p>" });
    expect(await page("3")).toEqual({ cache: "hit", text: "<p>Vehicle 3, render 2</p>" });
  });

  it("sends an expired page as it was while the shop's event loop has no rest, for one lifetime more at most", async () => {
    vi.setSystemTime(start);
    expect((await page("5")).text).toBe("<p>Vehicle 5, render 1</p>");
    vi.setSystemTime(start + 10_000);
    loopBusy = true;
    try {
      // No render under way: on SQLite a render runs start to end, and a busy shop shows only in its loop.
      expect(await page("5")).toEqual({ cache: "stale", text: "<p>Vehicle 5, render 1</p>" });
      vi.setSystemTime(start + 20_000);
      expect(await page("5")).toEqual({ cache: "miss", text: "<p>Vehicle 5, render 2</p>" });
    } finally {
      loopBusy = false;
    }
  });

  it("never sends a page made before a change, busy or not", async () => {
    vi.setSystemTime(start);
    expect((await page("4")).text).toBe("<p>Vehicle 4, render 1</p>");
    await fetch(`${base}/stock`, { method: "POST" });
    vi.setSystemTime(start + 10_000);
    const finishOne = await holdRender("other");
    const finishTwo = await holdRender("another");
    expect(await page("4")).toEqual({ cache: "miss", text: "<p>Vehicle 4, render 2</p>" });
    await Promise.all([finishOne(), finishTwo()]);
  });
});

describe("a full page cache", () => {
  it("lets go first the page rendered longest ago, counting a page rendered again as new", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = express();
    app.use(scopeEachRequest);
    app.use(createPageCache({ ttlMs: 10_000, maxEntries: 2, loopBusy: () => false }).middleware);
    let renders = 0;
    app.get("/vehicles/:id", (req, res) =>
      res.type("html").send(`<p>Vehicle ${req.params.id}, render ${++renders}</p>`),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cacheOf = async (id: string) => (await fetch(`${base}/vehicles/${id}`)).headers.get("x-page-cache");
    try {
      const start = Date.now();
      expect(await cacheOf("a")).toBe("miss");
      vi.setSystemTime(start + 1_000);
      expect(await cacheOf("b")).toBe("miss");
      // Vehicle a's lifetime is over, b's is not: a is rendered again, and is now the newer of the two.
      vi.setSystemTime(start + 10_500);
      expect(await cacheOf("a")).toBe("miss");
      expect(await cacheOf("c")).toBe("miss");
      expect(await cacheOf("a")).toBe("hit");
      expect(await cacheOf("b")).toBe("miss");
    } finally {
      server.close();
      vi.useRealTimers();
    }
  });
});

describe("a page cache at its weight", () => {
  it("lets go the oldest pages to stay within its bytes, and keeps no page heavier than all of them", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 2_500, loopBusy: () => false });
    const app = express();
    app.use(scopeEachRequest);
    app.use(cache.middleware);
    // Pages of 1,000 bytes, and one of 3,000.
    app.get("/vehicles/:id", (req, res) =>
      res.type("html").send(`<p>${req.params.id}</p>`.padEnd(req.params.id === "big" ? 3_000 : 1_000, " ")),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cacheOf = async (id: string) => (await fetch(`${base}/vehicles/${id}`)).headers.get("x-page-cache");
    try {
      for (const id of ["a", "b"]) expect(await cacheOf(id)).toBe("miss");
      expect(cache.bytes()).toBe(2_000);
      // A third page does not fit beside the first two: the oldest, a, goes.
      expect(await cacheOf("c")).toBe("miss");
      expect([cache.size(), cache.bytes()]).toEqual([2, 2_000]);
      expect(await cacheOf("b")).toBe("hit");
      expect(await cacheOf("c")).toBe("hit");
      expect(await cacheOf("a")).toBe("miss");
      // Heavier than the whole cache: rendered each time, and the pages kept stay.
      expect(await cacheOf("big")).toBe("miss");
      expect(await cacheOf("big")).toBe("miss");
      expect([cache.size(), cache.bytes()]).toEqual([2, 2_000]);
      expect(await cacheOf("c")).toBe("hit");
    } finally {
      server.close();
      cache.close();
    }
  });
});

describe("pages past their time", () => {
  it("are let go, so a quiet shop holds none of the pages a busy hour rendered", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = createPageCache({ ttlMs: 10_000, loopBusy: () => false });
    const app = express();
    app.use(scopeEachRequest);
    app.use(cache.middleware);
    app.get("/vehicles/:id", (req, res) => res.type("html").send(`<p>Vehicle ${req.params.id}</p>`));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const start = Date.now();
      for (const id of ["1", "2", "3"]) await (await fetch(`${base}/vehicles/${id}`)).text();
      vi.setSystemTime(start + 15_000);
      await (await fetch(`${base}/vehicles/4`)).text();
      expect(cache.size()).toBe(4);
      // Past the lifetime they may still be sent stale while the page is rendered again: kept.
      cache.sweep();
      expect(cache.size()).toBe(4);
      // Past that too: only the page rendered later stays.
      vi.setSystemTime(start + 20_000);
      cache.sweep();
      expect(cache.size()).toBe(1);
      expect((await fetch(`${base}/vehicles/4`)).headers.get("x-page-cache")).toBe("hit");
    } finally {
      server.close();
      cache.close();
      vi.useRealTimers();
    }
  });
});

describe("a busy event loop", () => {
  it("is told from one at rest, within a few tenths of a second", async () => {
    const busy = eventLoopBusy();
    await expect.poll(() => busy()).toBe(false);
    // Work in slices of 50 ms, giving way only for a moment between them, as a saturated shop does.
    let working = true;
    const work = () => {
      const until = performance.now() + 50;
      while (performance.now() < until);
      if (working) setImmediate(work);
    };
    work();
    try {
      await expect.poll(() => busy()).toBe(true);
    } finally {
      working = false;
    }
    await expect.poll(() => busy()).toBe(false);
  });
});
