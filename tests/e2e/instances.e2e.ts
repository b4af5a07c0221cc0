import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { DEMO_CUSTOMER, DEMO_STAFF } from "~/db/seed/seed.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { afterOutboxRuns, MARKER_DOMAIN } from "../support/outbox-runs";
import { startS3, type TestS3 } from "../support/s3";
import { freePort, runShop } from "../support/shop-process";
import { cookieFrom } from "../support/set-cookie";
import { startSmtp } from "../support/smtp";

/*
 * The shop past one machine (issue 10): two shop processes on one PostgreSQL
 * database and one bucket, as two instances behind a load balancer, with a
 * real SMTP server. Buyer and owner journeys alternate between them. Runs
 * when TEST_DATABASE_URL is set (CI sets it); the database is made for this
 * file and dropped afterwards.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const SECRET = "instances-test-secret-instances-test-secret";
const BUCKET = "shop-instances";
const OWNER = "owner@shop.example";

type Shop = ReturnType<typeof runShop>;

let ip = 0;
/** Each request from its own address, as buyers behind a load balancer are; no rate limit is the subject here. */
const from = () => ({ "X-Forwarded-For": `198.51.100.${++ip % 250}` });

describe.skipIf(!adminUrl)("two instances on one PostgreSQL database and one bucket", () => {
  let database: string;
  let databaseUrl: string;
  let s3: TestS3;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let a: Shop;
  let b: Shop;
  const dirs: string[] = [];
  /** A vehicle of this file's own, made in the database: no case depends on another having uploaded one. */
  let vehicleId: number;

  // Each case signs in for itself, so any one of them runs alone or in any order.
  const signInBuyer = (shop: Shop) =>
    fetch(`${shop.url}/login`, {
      method: "POST",
      body: new URLSearchParams({
        email: DEMO_CUSTOMER.email,
        password: DEMO_CUSTOMER.password,
        redirectTo: "/account",
      }),
      headers: from(),
      redirect: "manual",
    });
  const signInStaff = (shop: Shop) =>
    fetch(`${shop.url}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ adminId: DEMO_STAFF.adminId, password: DEMO_STAFF.password, redirectTo: "/admin" }),
      headers: from(),
      redirect: "manual",
    });

  beforeAll(async () => {
    // A database of its own, as a fresh managed PostgreSQL would be.
    database = `shop_instances_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;
    databaseUrl = url.href;

    const db = openDatabase({ dialect: "postgres", url: databaseUrl }, { poolSize: 2 });
    await migrateToLatest(db);
    await ensureStaffAccount(db, DEMO_STAFF.adminId, DEMO_STAFF.password);
    await createCustomer(db, DEMO_CUSTOMER);
    vehicleId = (
      await createVehicle(
        db,
        vehicleFactory(createRng(10), 0, {
          make: "Toyota",
          model: "Coaster",
          name: "2018 Toyota Coaster GX",
          stockStatus: "available",
        }),
        [],
        { kind: "system", id: null },
      )
    ).id;
    await db.destroy();

    s3 = await startS3([BUCKET]);
    smtp = await startSmtp();
    const instance = async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-instance-"));
      dirs.push(dataDir);
      return runShop({
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: SECRET,
        SMTP_URL: smtp.url,
        OWNER_EMAIL: OWNER,
        // The outbox workers go round often, so their runs are waited on briefly.
        MAIL_OUTBOX_EVERY_MS: "200",
        PUBLIC_URL: "http://shop.test",
        ...s3.env(BUCKET),
      });
    };
    [a, b] = await Promise.all([instance(), instance()]);
    await Promise.all([a.ready, b.ready]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.stop().catch(() => {});
    await s3?.close();
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
    if (database) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  });

  it("both instances start on the PostgreSQL database and the bucket", async () => {
    for (const shop of [a, b]) expect(shop.output()).toContain('"database":"postgres"');
    for (const shop of [a, b]) expect(shop.output()).toContain(`"media":"s3:${BUCKET}"`);
  });

  it("a buyer session made on A is valid on B", async () => {
    const login = await signInBuyer(a);
    expect(login.status).toBe(302);
    const buyer = cookieFrom(login, "sid");
    const onB = await fetch(`${b.url}/account`, { headers: { Cookie: buyer, ...from() }, redirect: "manual" });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain(DEMO_CUSTOMER.email);
    // Without the cookie, B does not know the buyer.
    const anonymous = await fetch(`${b.url}/account`, { headers: from(), redirect: "manual" });
    expect(await anonymous.text()).not.toContain(DEMO_CUSTOMER.email);
  });

  it("staff sign in on A; the staff session works on B too", async () => {
    const login = await signInStaff(a);
    expect(login.status).toBe(302);
    const staff = cookieFrom(login, "staff_sid");
    for (const shop of [a, b]) {
      const res = await fetch(`${shop.url}/admin`, { headers: { Cookie: staff, ...from() }, redirect: "manual" });
      expect(res.status, shop.url).toBe(200);
    }
  });

  it("a vehicle uploaded through A, with its photo, is shown by B and B serves the same photo bytes", async () => {
    const staff = cookieFrom(await signInStaff(a), "staff_sid");
    const form = new FormData();
    for (const [k, v] of Object.entries({ make: "Toyota", model: "Hiace", year: "2019", price: "2,150,000" }))
      form.set(k, v);
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a6" } })
      .png()
      .toBuffer();
    form.append("images", new Blob([new Uint8Array(photo)], { type: "image/png" }), "hiace.png");
    const res = await fetch(`${a.url}/admin/api/upload/vehicle`, {
      method: "POST",
      body: form,
      headers: { Cookie: staff, ...from() },
    });
    expect(res.status).toBe(200);
    const uploaded = ((await res.json()) as { id: number }).id;

    const page = await fetch(`${b.url}/vehicles/${uploaded}`, { headers: from() });
    expect(page.status).toBe(200);
    const src = /src="(\/media\/[^"]+\.webp)"/.exec(await page.text())?.[1];
    expect(src).toBeDefined();
    const [fromB, fromA] = await Promise.all([fetch(`${b.url}${src}`), fetch(`${a.url}${src}`)]);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    expect(bytes.equals((await s3.get(BUCKET, src!.slice("/media/".length))).bytes)).toBe(true);
    // The photo lives in the bucket only, not on either instance's disk.
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, "media")), dir).toBe(false);
  });

  it("a quote sent through B and one through A are each mailed exactly once, to the owner and the buyer", async () => {
    const buyer = cookieFrom(await signInBuyer(a), "sid");
    const quote = async (shop: Shop, n: number, cookie?: string) => {
      const res = await fetch(`${shop.url}/vehicles/${vehicleId}`, {
        method: "POST",
        body: new URLSearchParams({
          kind: "vehicle",
          itemId: String(vehicleId),
          submissionKey: `instances-${n}-${randomBytes(6).toString("hex")}`,
          name: `Buyer ${n}`,
          country: "Kenya",
          email: n === 1 ? DEMO_CUSTOMER.email : `buyer${n}@example.com`,
          phone: "+254 700 000000",
          message: `Price to Mombasa, please (${n}).`,
        }),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...from(),
          ...(cookie ? { Cookie: cookie } : {}),
        },
      });
      const number = /Your quote number is (\d{10})/.exec(await res.text())?.[1];
      expect(number, `quote ${n} through ${shop.url}`).toBeDefined();
      return number!;
    };
    // The signed-in buyer (session from A) through B; someone else through A.
    const numbers = [await quote(b, 1, buyer), await quote(a, 2)];

    const about = (number: string) => smtp.received.filter((m) => m.raw.includes(number));
    await vi.waitUntil(() => numbers.every((n) => about(n).length >= 2), { timeout: 15_000, interval: 50 });
    // Both instances' outbox workers go round a few more times (about twice each): nothing is sent again.
    const db = openDatabase({ dialect: "postgres", url: databaseUrl }, { poolSize: 1 });
    try {
      await afterOutboxRuns(4, (to) => enqueueMail(db, { to, subject: "marker", text: "marker" }), smtp.received);
    } finally {
      await db.destroy();
    }
    for (const [i, number] of numbers.entries()) {
      const mails = about(number);
      expect(mails, number).toHaveLength(2);
      expect(
        mails.filter((m) => m.to.includes(OWNER)),
        number,
      ).toHaveLength(1);
      expect(mails.filter((m) => m.to.includes(i === 0 ? DEMO_CUSTOMER.email : "buyer2@example.com"))).toHaveLength(1);
    }
    const check = openDatabase({ dialect: "postgres", url: databaseUrl }, { poolSize: 1 });
    try {
      const outbox = await check
        .selectFrom("mail_outbox")
        .select(["status", "attempts"])
        .where("to_address", "not like", `%@${MARKER_DOMAIN}`)
        .execute();
      expect(outbox.filter((m) => m.status === "sent")).toHaveLength(4);
      expect(outbox.every((m) => m.attempts <= 1)).toBe(true);
    } finally {
      await check.destroy();
    }
  }, 60_000);

  it("a buyer signed out through B is signed out on A; the staff session still works on both", async () => {
    const buyer = cookieFrom(await signInBuyer(a), "sid");
    const staff = cookieFrom(await signInStaff(b), "staff_sid");
    expect(
      (await fetch(`${a.url}/account`, { headers: { Cookie: buyer, ...from() } }).then((r) => r.text())).includes(
        DEMO_CUSTOMER.email,
      ),
    ).toBe(true);
    const out = await fetch(`${b.url}/logout`, {
      method: "POST",
      body: new URLSearchParams({}),
      headers: { Cookie: buyer, ...from() },
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    const onA = await fetch(`${a.url}/account`, { headers: { Cookie: buyer, ...from() }, redirect: "manual" });
    expect(await onA.text()).not.toContain(DEMO_CUSTOMER.email);
    for (const shop of [b, a]) {
      const res = await fetch(`${shop.url}/admin/all-products`, {
        headers: { Cookie: staff, ...from() },
        redirect: "manual",
      });
      expect(res.status, shop.url).toBe(200);
      expect(await res.text()).toContain("Coaster");
    }
  });
});
