import type { Problem } from "~/i18n/problem";
import { english } from "../../../tests/support/english";
import { routeContext } from "../../../tests/support/route-context";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { data } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "~/config.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { startCustomerSession } from "~/domain/accounts/sessions.server";
import { tokenHash } from "~/domain/auth/tokens.server";
import { action as savedSearchAction } from "~/routes/account/saved-searches";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/store/alert-unsubscribe";
import { unsubscribeToken } from "./saved-searches.server";

/*
 * Saving, deleting and switching alerts through the routes, with real
 * requests against a real database: the rules and their messages, per-buyer
 * authorisation, and the unsubscribe link that works without signing in.
 */

let t: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "saved-searches-"));
const config = loadConfig({
  DATA_DIR: dataDir,
  NODE_ENV: "test",
  PUBLIC_URL: "http://shop.test",
  SESSION_SECRET: "saved-searches-test-secret-saved-searches",
});
const buyers: Record<"kamal" | "asha" | "many", { id: number; cookie: string }> = {} as never;

beforeAll(async () => {
  t = await createTestDb();
  for (const name of ["kamal", "asha", "many"] as const) {
    const row = await createCustomer(t.db, {
      email: `${name}@example.lk`,
      password: "a long enough password",
      fullName: name,
      country: "Sri Lanka",
      phone: "+94 77 123 4567",
    });
    const setCookie = await startCustomerSession({ db: t.db, config }, row!.id);
    buyers[name] = { id: row!.id, cookie: setCookie.split(";")[0]! };
  }
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const context = () => routeContext(config, t.db, "198.51.100.7");

type Answer = { status: number; location: string | null; data: unknown };

/** `data(...)` from react-router: a body with a status, returned or thrown. */
type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: { status?: number } | null };
const isDataWithInit = (value: unknown): value is DataWithInit =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/** A refusal's Problem as the buyer reads it in English. */
const inEnglish = (data: unknown) =>
  data && typeof data === "object" && "error" in data ? { ...data, error: english(data.error as Problem) } : data;

/**
 * Calls a route function and reports what the browser would get: a redirect,
 * data with a status, or a response the route threw on purpose (a redirect,
 * `data(..., { status: 404 })`). Anything else thrown is a crash (a 500 for
 * the browser) and fails the test instead of passing for an answer.
 */
async function call(fn: (args: never) => Promise<unknown>, request: Request): Promise<Answer> {
  let result: unknown;
  try {
    result = await fn({ request, context: context(), params: {} } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), data: null };
  }
  if (isDataWithInit(result)) {
    return { status: result.init?.status ?? 200, location: null, data: inEnglish(result.data) };
  }
  return { status: 200, location: null, data: result };
}

function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://shop.test${url}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

const save = (who: keyof typeof buyers | null, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  call(
    savedSearchAction as never,
    post("/saved-searches", { intent: "save", ...fields }, who ? { Cookie: buyers[who].cookie, ...headers } : headers),
  );

const searchesOf = (customerId: number) =>
  t.db.selectFrom("saved_searches").selectAll().where("customer_id", "=", customerId).orderBy("id").execute();

describe("the test helper", () => {
  it("passes a crash on instead of reporting it as an answer", async () => {
    const crash = () => Promise.reject(new TypeError("db is undefined"));
    await expect(call(crash, new Request("http://shop.test/"))).rejects.toThrow("db is undefined");
    // What a route throws on purpose is an answer.
    const notFound = () => Promise.reject(data("Saved search not found", { status: 404 }));
    expect(await call(notFound, new Request("http://shop.test/"))).toMatchObject({ status: 404 });
  });
});

describe("saving a search", () => {
  it("keeps the filters only, in one form, with the buyer's language; alerts start from now", async () => {
    const before = new Date().toISOString();
    const answer = await save(
      "kamal",
      {
        name: "  Land Cruisers, 2015–2020  ",
        query: "?YearTo=2020&Sort=price_asc&Model=Land%20Cruiser&Page=4&PerPage=60&Make=Toyota&YearFrom=2015&Bogus=1",
        redirectTo: "/vehicles?Make=Toyota&Model=Land+Cruiser&YearFrom=2015&YearTo=2020&Sort=price_asc",
      },
      { Cookie: `${buyers.kamal.cookie}; lang=ja` },
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(
      "/vehicles?Make=Toyota&Model=Land+Cruiser&YearFrom=2015&YearTo=2020&Sort=price_asc&saved=1",
    );
    const [row] = await searchesOf(buyers.kamal.id);
    expect(row).toMatchObject({
      name: "Land Cruisers, 2015–2020",
      query: "Make=Toyota&Model=Land+Cruiser&YearFrom=2015&YearTo=2020",
      language: "ja",
      alerts_on: 1,
      last_alert_at: null,
    });
    expect(row!.checked_until >= before).toBe(true);
    // Only the token's hash is stored; the token itself opens the link.
    expect(row!.unsubscribe_hash).toBe(tokenHash(unsubscribeToken(config.sessionSecret, row!.id)));
    expect(row!.unsubscribe_hash).toMatch(/^[0-9a-f]{64}$/);
    const activity = await t.db
      .selectFrom("activity_log")
      .selectAll()
      .where("action", "=", "search.saved")
      .executeTakeFirstOrThrow();
    expect(activity).toMatchObject({
      actor_kind: "customer",
      actor_id: String(buyers.kamal.id),
      subject_kind: "saved_search",
      subject_id: String(row!.id),
      summary: "Search saved: Land Cruisers, 2015–2020",
    });
  });

  it("refuses the same filters saved twice, however the address was written, and names the saved one", async () => {
    const answer = await save("kamal", {
      name: "Again",
      query: "Make=Toyota&YearFrom=2015&Model=Land+Cruiser&YearTo=2020&Sort=newest",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      error: "These filters are already saved as “Land Cruisers, 2015–2020”.",
      name: "Again",
      query: "Make=Toyota&Model=Land+Cruiser&YearFrom=2015&YearTo=2020",
    });
    expect(await searchesOf(buyers.kamal.id)).toHaveLength(1);
    // Another buyer may save the same filters.
    expect(
      (await save("asha", { name: "Cruisers", query: "Make=Toyota&Model=Land+Cruiser&YearFrom=2015&YearTo=2020" }))
        .status,
    ).toBe(302);
  });

  it("needs a name of at most 60 characters, and gives back what was typed", async () => {
    for (const [name, message] of [
      ["", "Name is required"],
      ["    ", "Name is required"],
      ["x".repeat(61), "Name must be at most 60 characters"],
    ] as const) {
      const answer = await save("kamal", { name, query: "Make=Honda" });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, error: message, name });
    }
    const missing = await call(
      savedSearchAction as never,
      post("/saved-searches", { query: "Make=Honda" }, { Cookie: buyers.kamal.cookie }),
    );
    expect(missing.data).toMatchObject({ error: "Name is required" });
    expect(await searchesOf(buyers.kamal.id)).toHaveLength(1);
    // Sixty characters are fine.
    expect((await save("kamal", { name: "y".repeat(60), query: "Make=Honda" })).status).toBe(302);
    expect(await searchesOf(buyers.kamal.id)).toHaveLength(2);
  });

  it("keeps at most 20 searches per buyer", async () => {
    for (let i = 0; i < 20; i++) {
      expect((await save("many", { name: `Search ${i}`, query: `PriceTo=${1_000_000 + i}` })).status).toBe(302);
    }
    const answer = await save("many", { name: "One too many", query: "PriceTo=5000000" });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      error: "You can keep up to 20 saved searches. Delete one on your account page to save another.",
      name: "One too many",
    });
    expect(await searchesOf(buyers.many.id)).toHaveLength(20);
  });

  it("sends a visitor to log in, and back to the list afterwards", async () => {
    const answer = await save(null, { name: "Mine", query: "Make=Mazda", redirectTo: "/vehicles?Make=Mazda" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/login?redirectTo=${encodeURIComponent("/vehicles?Make=Mazda")}`);
    const rows = await t.db.selectFrom("saved_searches").select("id").where("query", "=", "Make=Mazda").execute();
    expect(rows).toHaveLength(0);
  });
});

describe("deleting and switching alerts on /account", () => {
  const act = (who: keyof typeof buyers, intent: string, id: number | string) =>
    call(
      savedSearchAction as never,
      post("/saved-searches", { intent, id: String(id) }, { Cookie: buyers[who].cookie }),
    );

  it("another buyer's search is not found, and stays as it was", async () => {
    const [search] = await searchesOf(buyers.kamal.id);
    for (const intent of ["delete", "alerts-off"]) {
      const answer = await act("asha", intent, search!.id);
      expect(answer.status).toBe(404);
    }
    expect(await searchesOf(buyers.kamal.id)).toContainEqual(search);
    expect((await act("kamal", "delete", 999_999)).status).toBe(404);
    expect((await act("kamal", "delete", "1 or 1=1")).status).toBe(404);
  });

  it("the owner turns alerts off and on (on starts from now) and deletes", async () => {
    const [search] = await searchesOf(buyers.kamal.id);
    const off = await act("kamal", "alerts-off", search!.id);
    expect(off).toMatchObject({ status: 302, location: "/account?savedSearch=alerts-off#saved-searches" });
    expect((await searchesOf(buyers.kamal.id))[0]!.alerts_on).toBe(0);
    const before = new Date().toISOString();
    await act("kamal", "alerts-on", search!.id);
    const on = (await searchesOf(buyers.kamal.id))[0]!;
    expect(on.alerts_on).toBe(1);
    expect(on.checked_until >= before).toBe(true);

    const gone = await act("kamal", "delete", search!.id);
    expect(gone).toMatchObject({ status: 302, location: "/account?savedSearch=delete#saved-searches" });
    expect((await searchesOf(buyers.kamal.id)).map((s) => s.id)).not.toContain(search!.id);
    const actions = await t.db
      .selectFrom("activity_log")
      .select("action")
      .where("subject_id", "=", String(search!.id))
      .where("subject_kind", "=", "saved_search")
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      "search.saved",
      "search.alerts_off",
      "search.alerts_on",
      "search.deleted",
    ]);
  });
});

describe("the unsubscribe link", () => {
  let id: number;
  let token: string;
  beforeAll(async () => {
    await save("asha", { name: "Fits", query: "Make=Honda&Model=Fit" });
    const row = (await searchesOf(buyers.asha.id)).find((s) => s.name === "Fits")!;
    id = row.id;
    token = unsubscribeToken(config.sessionSecret, id);
  });
  const alertsOn = async () =>
    (await t.db.selectFrom("saved_searches").select("alerts_on").where("id", "=", id).executeTakeFirstOrThrow())
      .alerts_on;

  const unsubscribedLog = () =>
    t.db
      .selectFrom("activity_log")
      .select(["action", "actor_id"])
      .where("subject_id", "=", String(id))
      .where("action", "=", "search.unsubscribed")
      .execute();

  it("opened without signing in (GET or HEAD, as mail scanners do), names the search and changes nothing; never cached", async () => {
    for (const method of ["GET", "HEAD", "GET"]) {
      const answer = await call(
        unsubscribeLoader as never,
        new Request(`http://shop.test/alerts/unsubscribe?token=${token}`, { method }),
      );
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual({ valid: true, name: "Fits", alertsOn: true, token, afterButton: false });
      expect(await alertsOn()).toBe(1);
    }
    expect(await unsubscribedLog()).toEqual([]);
    const { headers } = await import("~/routes/store/alert-unsubscribe");
    expect(headers()).toMatchObject({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
  });

  it("the page's button stops the e-mails; the page it goes to only shows the state", async () => {
    const answer = await call(
      unsubscribeAction as never,
      post(`/alerts/unsubscribe?token=${token}`, { alerts: "off" }),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/alerts/unsubscribe?token=${token}&alerts=off`);
    expect(await alertsOn()).toBe(0);
    const shown = await call(unsubscribeLoader as never, new Request(`http://shop.test${answer.location}`));
    expect(shown.data).toEqual({ valid: true, name: "Fits", alertsOn: false, token, afterButton: true });
    // The mail's own link, opened again, says they are off.
    const again = await call(
      unsubscribeLoader as never,
      new Request(`http://shop.test/alerts/unsubscribe?token=${token}`),
    );
    expect(again.data).toEqual({ valid: true, name: "Fits", alertsOn: false, token, afterButton: false });
    expect(await unsubscribedLog()).toEqual([{ action: "search.unsubscribed", actor_id: String(buyers.asha.id) }]);
  });

  it("turns alerts back on with the page's button; the page it goes to only shows the state", async () => {
    const answer = await call(unsubscribeAction as never, post(`/alerts/unsubscribe?token=${token}`, { alerts: "on" }));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/alerts/unsubscribe?token=${token}&alerts=on`);
    expect(await alertsOn()).toBe(1);
    // Reloading that address (or choosing another language there) does not turn alerts off again.
    for (let i = 0; i < 2; i++) {
      const shown = await call(unsubscribeLoader as never, new Request(`http://shop.test${answer.location}`));
      expect(shown.data).toEqual({ valid: true, name: "Fits", alertsOn: true, token, afterButton: true });
    }
    expect(await alertsOn()).toBe(1);
  });

  it("accepts a mail provider's one-click POST (RFC 8058)", async () => {
    const answer = await call(
      unsubscribeAction as never,
      post(`/alerts/unsubscribe?token=${token}`, { "List-Unsubscribe": "One-Click" }),
    );
    expect(answer.status).toBe(200);
    expect(await alertsOn()).toBe(0);
  });

  it("an unknown or malformed token: 'not valid' (404), nothing else said, nothing changed", async () => {
    const before = await t.db.selectFrom("saved_searches").select(["id", "alerts_on"]).orderBy("id").execute();
    for (const bad of [
      "",
      "token=",
      `token=${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      `token=${token}x`,
      "token=%00%27",
      `token=${"A".repeat(43)}`,
    ]) {
      const answer = await call(unsubscribeLoader as never, new Request(`http://shop.test/alerts/unsubscribe?${bad}`));
      expect(answer.status).toBe(404);
      expect(answer.data).toEqual({ valid: false });
      const posted = await call(
        unsubscribeAction as never,
        post(`/alerts/unsubscribe?${bad}`, { "List-Unsubscribe": "One-Click" }),
      );
      expect(posted.status).toBe(404);
    }
    expect(await t.db.selectFrom("saved_searches").select(["id", "alerts_on"]).orderBy("id").execute()).toEqual(before);
  });
});
