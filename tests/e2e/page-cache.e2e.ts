import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { cookieFrom } from "../support/set-cookie";
import { signInBuyer, signInStaff } from "../support/sign-in";
import { clockAhead, freePort, MOVABLE_CLOCK, runShop } from "../support/shop-process";

/*
 * The short cache of public pages for visitors who are not signed in: served
 * again with a fresh nonce, kept apart by language, never used for anyone
 * signed in, emptied by a write, and stale for at most its lifetime.
 */

// Far longer than any test takes, so a kept page is never outlived by accident; its end is reached by
// moving the shop's clock past it.
const TTL_SECONDS = 600;
let shop: ReturnType<typeof runShop>;
let dataDir: string;
let db: DB;
let vehicle: { id: number; make: string; model: string; year: number };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-page-cache-"));
  db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
  await migrateToLatest(db);
  const made = await createVehicle(
    db,
    vehicleFactory(createRng(9), 0, { stockStatus: "available", price: 1_230_000 }),
    [],
    { kind: "system", id: null },
  );
  vehicle = await db
    .selectFrom("vehicles")
    .select(["id", "make", "model", "year"])
    .where("id", "=", made.id)
    .executeTakeFirstOrThrow();
  await createCustomer(db, {
    email: "cached@example.lk",
    password: "cached password 1",
    fullName: "Chamari Silva",
    country: "Sri Lanka",
    phone: "+94 77 2",
  });
  await ensureStaffAccount(db, "cache-owner", "cache-owner password");
  shop = runShop(
    {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      // One step of the clock is the lifetime and a second: a kept page must be gone after it.
      SHOP_CLOCK_STEP_MS: String((TTL_SECONDS + 1) * 1000),
      SESSION_SECRET: "page-cache-secret-page-cache-secret-page",
      PAGE_CACHE_SECONDS: String(TTL_SECONDS),
    },
    { preload: [MOVABLE_CLOCK] },
  );
  await shop.ready;
}, 60_000);

afterAll(async () => {
  await shop?.stop();
  await db?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function get(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${shop.url}${pathname}`, { headers, redirect: "manual" });
  const body = await res.text();
  const policy = res.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? null;
  return { res, body, nonce, cache: res.headers.get("x-page-cache") };
}

const withoutNonce = (body: string, nonce: string | null) => (nonce ? body.replaceAll(nonce, "NONCE") : body);
// The Tokyo clock is the one thing that changes from second to second.
const withoutClock = (body: string) => body.replace(/<time[^>]*>.*?<\/time>/, "").replace(/"now","[^"]+"/g, "");

describe("the page cache", () => {
  it("serves a visitor's page again with a fresh nonce in the header and every script tag", async () => {
    const page = `/vehicles/${vehicle.id}`;
    const first = await get(page);
    const second = await get(page);
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).not.toContain(first.nonce!);
    // Every script that runs (the JSON-LD data block does not run, and needs none).
    const scripts = [...second.body.matchAll(/<script([^>]*)>/g)]
      .map((m) => m[1]!)
      .filter((attributes) => !attributes.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${second.nonce}"`);
    expect(withoutClock(withoutNonce(second.body, second.nonce))).toBe(
      withoutClock(withoutNonce(first.body, first.nonce)),
    );
    expect(second.res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(second.res.headers.get("vary")).toContain("Accept-Language");
  });

  it("keeps each language apart, by cookie and by Accept-Language", async () => {
    const english = await get("/vehicles");
    const japanese = await get("/vehicles", { Cookie: "lang=ja" });
    const hindi = await get("/vehicles", { "Accept-Language": "hi-IN,hi;q=0.9" });
    const japaneseAgain = await get("/vehicles", { Cookie: "lang=ja" });
    expect(english.body).toContain('<html lang="en"');
    expect(japanese.body).toContain('<html lang="ja"');
    expect(hindi.body).toContain('<html lang="hi"');
    expect(japaneseAgain.cache).toBe("hit");
    expect(japaneseAgain.body).toContain('<html lang="ja"');
    // A language link sets a cookie: that answer is never kept.
    expect((await get("/vehicles?lng=si")).cache).toBe("miss");
    expect((await get("/vehicles?lng=si")).cache).toBe("miss");
  });

  it("keeps each chosen port apart, so one buyer's total to their port is not shown to another", async () => {
    const at = new Date().toISOString();
    const port = await db
      .insertInto("freight_ports")
      .values({
        country: "Kenya",
        port: "Mombasa",
        freight_small: 90_000,
        freight_medium: 110_000,
        freight_large: 150_000,
        insurance_bp: 0,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const page = `/vehicles/${vehicle.id}`;
    const plain = await get(page);
    const mombasa = await get(page, { Cookie: `port=${port.id}` });
    const mombasaAgain = await get(page, { Cookie: `port=${port.id}` });
    expect(plain.body).not.toContain("Total to Mombasa, Kenya");
    expect(mombasa.cache).toBe("miss");
    expect(mombasa.body).toContain("Total to Mombasa, Kenya");
    expect(mombasaAgain.cache).toBe("hit");
    expect(mombasaAgain.body).toContain("Total to Mombasa, Kenya");
    expect((await get(page)).body).not.toContain("Total to Mombasa, Kenya");
  });

  it("is never used for a signed-in buyer or staff member", async () => {
    await get("/"); // now cached for visitors
    const cookie = cookieFrom(
      await signInBuyer(shop.url, { email: "cached@example.lk", password: "cached password 1" }),
      "sid",
    );
    for (let i = 0; i < 2; i++) {
      const mine = await get("/", { Cookie: cookie });
      expect(mine.cache).toBeNull();
      expect(mine.body).toContain("Logout");
    }
    const visitor = await get("/");
    expect(visitor.body).not.toContain("Chamari");
  });

  it("is emptied by a staff edit, and another instance's change shows within its lifetime", async () => {
    const page = `/vehicles/${vehicle.id}`;
    await get(page);
    expect((await get(page)).body).toContain("1,230,000");
    const staffCookie = cookieFrom(
      await signInStaff(shop.url, { adminId: "cache-owner", password: "cache-owner password" }),
      "staff_sid",
    );
    const form = new FormData();
    for (const [k, v] of Object.entries({
      make: vehicle.make,
      model: vehicle.model,
      year: String(vehicle.year),
      price: "1,450,000",
    }))
      form.set(k, v);
    const edit = await fetch(`${shop.url}/admin/edit/${vehicle.id}`, {
      method: "POST",
      body: form,
      headers: { Cookie: staffCookie },
      redirect: "manual",
    });
    expect(edit.status, edit.headers.get("location") ?? "").toBe(302);
    expect(edit.headers.get("location")).not.toMatch(/login/);
    const after = await get(page);
    expect(after.cache).toBe("miss");
    expect(after.body).toContain("1,450,000");

    // A change made elsewhere (another instance, straight in the database) is not seen while the page is kept.
    const shown = "1,450,000";
    const price = 1_680_000;
    await get(page);
    await db.updateTable("vehicles").set({ price }).where("id", "=", vehicle.id).execute();
    const again = await get(page);
    expect(again.cache).toBe("hit");
    expect(again.body).toContain(shown);
    expect(again.body).not.toContain(price.toLocaleString("en-US"));
    // ... and shows once the lifetime is over (the shop's clock moved a second past it).
    clockAhead(shop);
    await expect.poll(async () => (await get(page)).body, { interval: 50 }).toContain(price.toLocaleString("en-US"));
  });

  it("renders a page once when 40 visitors ask for it at the same moment", async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => get("/parts?Sort=price_desc")));
    expect(answers.every((a) => a.res.status === 200)).toBe(true);
    expect(answers.filter((a) => a.cache === "miss")).toHaveLength(1);
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(40);
  });
});
