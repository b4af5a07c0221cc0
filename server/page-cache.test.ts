import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { markPublicContentChanged, readSessionCookie } from "~/utils/request-scope.server";
import { createPageCache, scopeEachRequest } from "./page-cache";

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
  it("renders again pages first rendered together over the second half of the lifetime, never after it", async () => {
    // Only the clock the cache reads is moved; the requests run on real timers.
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = express();
    app.use(scopeEachRequest);
    app.use(createPageCache({ ttlMs: 10_000 }).middleware);
    app.get("/vehicles/:id", (req, res) => res.type("html").send(`<p>Vehicle ${req.params.id}</p>`));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const ids = Array.from({ length: 200 }, (_, i) => i + 1);
      const cacheOf = async (id: number) => (await fetch(`${base}/vehicles/${id}`)).headers.get("x-page-cache");
      const round = async () => {
        const answers = [];
        for (const id of ids) answers.push(await cacheOf(id));
        return answers;
      };
      const start = Date.now();
      expect(new Set(await round())).toEqual(new Set(["miss"]));
      vi.setSystemTime(start + 4_900);
      expect(new Set(await round())).toEqual(new Set(["hit"]));
      // Three quarters through: about half have been rendered again, not all at once.
      vi.setSystemTime(start + 7_500);
      const middle = await round();
      const again = middle.filter((c) => c === "miss").length;
      expect(again).toBeGreaterThan(40);
      expect(again).toBeLessThan(160);
      // Past the lifetime, none of those still kept from the first round is served.
      vi.setSystemTime(start + 10_001);
      const last = await round();
      ids.forEach((id, i) => {
        if (middle[i] === "hit") expect(last[i], `vehicle ${id}`).toBe("miss");
      });
    } finally {
      server.close();
      vi.useRealTimers();
    }
  });
});
