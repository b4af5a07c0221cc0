import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { routeContext } from "../../../tests/support/route-context";
import { loadConfig } from "~/config.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { startCustomerSession } from "~/domain/accounts/sessions.server";
import { vehicleColumns } from "~/domain/inventory/vehicles.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { startStaffSession } from "~/domain/staff/staff-sessions.server";
import { action as feedsAction, loader as feedsLoader } from "~/routes/admin/feeds";
import { loader as feedLoader } from "~/routes/resources/stock-feed";
import { FEED_TOKEN_KEY, getFeedToken } from "./feed-token.server";

/*
 * The feeds' secret addresses: none until the owner makes them, the same 404
 * for a wrong, old or missing token, the old addresses shut at once on
 * renewal; and the owner's Feeds screen, for staff only.
 */

let t: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "feeds-test-"));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: "https://shop.example" });
const cookies = { staff: "", buyer: "" };

beforeAll(async () => {
  t = await createTestDb();
  await ensureStaffAccount(t.db, "owner", "owner's long password");
  const staff = await t.db.selectFrom("staff").select("id").where("admin_id", "=", "owner").executeTakeFirstOrThrow();
  cookies.staff = (await startStaffSession({ config, db: t.db }, staff.id, false)).split(";")[0]!;
  const buyer = await createCustomer(t.db, {
    email: "kamal@example.lk",
    password: "a long enough password",
    fullName: "Kamal Perera",
    country: "Sri Lanka",
    phone: "+94 77 123 4567",
  });
  cookies.buyer = (await startCustomerSession({ config, db: t.db }, buyer!.id)).split(";")[0]!;
  const at = "2026-11-01T00:00:00.000Z";
  await t.db
    .insertInto("vehicles")
    .values({
      ref_id: "V-100001",
      ...vehicleColumns(vehicleFactory(createRng(7), 0, { stockStatus: "available" })),
      created_at: at,
      updated_at: at,
    })
    .execute();
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const context = () => routeContext(config, t.db);

async function fetchFeed(token: string, file = "vehicles.csv"): Promise<Response> {
  const request = new Request(`https://shop.example/feeds/${token}/${file}`);
  return feedLoader({ request, params: { token, file }, context: context() } as never);
}

async function callAdmin(kind: "loader" | "action", cookie: string): Promise<unknown> {
  const request = new Request("https://shop.example/admin/feeds", {
    method: kind === "action" ? "POST" : "GET",
    headers: cookie ? { Cookie: cookie } : {},
    ...(kind === "action" ? { body: new URLSearchParams({ intent: "renew" }) } : {}),
  });
  const args = { request, context: context(), params: {} } as never;
  try {
    return kind === "action" ? await feedsAction(args) : await feedsLoader(args);
  } catch (thrown) {
    return thrown;
  }
}

/** The admin screen's addresses, as the owner sees them. */
async function addresses(): Promise<Record<string, string | null>> {
  const page = (await callAdmin("loader", cookies.staff)) as Awaited<ReturnType<typeof feedsLoader>>;
  return Object.fromEntries(page.feeds.map((f) => [f.kind, f.address]));
}

const tokenOf = (address: string) => address.split("/")[4]!;

describe("the feeds' addresses", () => {
  it("answer 404 until the owner makes them; then the made address answers with the feed, and a wrong token does not", async () => {
    const guess = "A".repeat(43);
    const before = await fetchFeed(guess);
    expect(before.status).toBe(404);
    expect(await addresses()).toEqual({ vehicles: null, parts: null });

    const made = await callAdmin("action", cookies.staff);
    expect((made as Response).headers.get("Location")).toBe("/admin/feeds?done=made");
    const { vehicles, parts } = await addresses();
    expect(vehicles).toMatch(/^https:\/\/shop\.example\/feeds\/[A-Za-z0-9_-]{43}\/vehicles\.csv$/);
    expect(parts).toBe(vehicles!.replace("vehicles.csv", "parts.csv"));

    const ok = await fetchFeed(tokenOf(vehicles!));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(ok.headers.get("X-Robots-Tag")).toContain("noindex");
    expect(ok.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await ok.text()).toContain("https://shop.example/vehicles/");
    expect((await fetchFeed(tokenOf(parts!), "parts.csv")).status).toBe(200);

    // A wrong token, one a character off, an unknown file: the same 404, never indexed or kept.
    for (const answer of [
      await fetchFeed(guess),
      await fetchFeed(`${tokenOf(vehicles!).slice(0, -1)}x`),
      await fetchFeed(tokenOf(vehicles!), "orders.csv"),
    ]) {
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe("Not found");
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("renewing shuts the old addresses at once and opens new ones, and the log says who did it", async () => {
    const old = tokenOf((await addresses()).vehicles!);
    const renewed = await callAdmin("action", cookies.staff);
    expect((renewed as Response).headers.get("Location")).toBe("/admin/feeds?done=renewed");
    const fresh = tokenOf((await addresses()).vehicles!);
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(old, "parts.csv")).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
    const logged = await t.db
      .selectFrom("activity_log")
      .select(["action", "actor_id", "subject_id"])
      .where("action", "like", "feeds.%")
      .orderBy("id")
      .execute();
    expect(logged).toEqual([
      { action: "feeds.created", actor_id: "owner", subject_id: FEED_TOKEN_KEY },
      { action: "feeds.renewed", actor_id: "owner", subject_id: FEED_TOKEN_KEY },
    ]);
  });
});

describe("the Feeds screen", () => {
  it("sends a visitor or a buyer to the staff sign-in, shows them nothing and renews nothing", async () => {
    const before = await getFeedToken(t.db);
    for (const cookie of ["", cookies.buyer]) {
      for (const kind of ["loader", "action"] as const) {
        const answer = (await callAdmin(kind, cookie)) as Response;
        expect(answer.status).toBe(302);
        expect(answer.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
      }
    }
    expect(await getFeedToken(t.db)).toEqual(before);
  });

  it("says how many items each feed lists, sold stock left out", async () => {
    const page = (await callAdmin("loader", cookies.staff)) as Awaited<ReturnType<typeof feedsLoader>>;
    expect(page.feeds.find((f) => f.kind === "vehicles")).toMatchObject({ available: 1, reserved: 0 });
    expect(page.madeAt).toBe((await getFeedToken(t.db))!.createdAt);
  });
});
