import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoBank } from "~/db/seed/demo-bank.server";
import { DEMO_STAFF } from "~/db/seed/seed.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { addFreightPort } from "~/domain/freight/freight.server";
import { ensureStaffAccount } from "~/domain/staff/staff.server";
import { acceptedDeal } from "../support/orders";
import { startS3, type TestS3 } from "../support/s3";
import { cookieFrom } from "../support/set-cookie";
import { signInBuyer, signInStaff } from "../support/sign-in";
import { freePort, runShop } from "../support/shop-process";

/*
 * An order's private documents with the shop's files in S3 (s3rver): the
 * documents go to their own bucket, stored as private, and reach only the
 * order's buyer and the staff, through the shop; the photos' bucket cannot
 * hold them, and a documents bucket that is not there stops the start.
 */

const SECRET = "orders-s3-secret-orders-s3-secret-orders";
const PHOTOS = "shop-photos";
const DOCUMENTS = "shop-documents";
const BUYER = { email: "ruwan@example.lk", password: "ruwan password 12", fullName: "Ruwan Perera" };
const OTHER = { email: "other@example.ke", password: "other password 12", fullName: "Other Buyer" };
let s3: TestS3;
let shop: ReturnType<typeof runShop>;
let dataDir: string;
let orderNumber: string;
const dirs: string[] = [];

const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-orders-s3-"));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  s3 = await startS3([PHOTOS, DOCUMENTS]);
  dataDir = tempDir();
  const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
  await migrateToLatest(db);
  await addFreightPort(
    db,
    { id: 1, adminId: "setup" },
    { country: "Sri Lanka", port: "Colombo", small: 90_000, medium: 120_000, large: 180_000, insurance: 150 },
  );
  await seedDemoBank(db);
  await ensureStaffAccount(db, DEMO_STAFF.adminId, DEMO_STAFF.password);
  const buyer = await createCustomer(db, { ...BUYER, country: "Sri Lanka", phone: "+94 77 000 1111" });
  await createCustomer(db, { ...OTHER, country: "Kenya", phone: "+254 700 000 111" });
  orderNumber = (
    await acceptedDeal(
      db,
      { dataDir, secret: SECRET, ownerEmail: "owner@s3.example" },
      {
        customerId: buyer!.id,
        name: BUYER.fullName,
        email: BUYER.email,
        key: "orders-s3-key-000000001",
        vehicleName: "2019 Nissan Note",
      },
    )
  ).number;
  await db.destroy();
  shop = runShop({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    OWNER_EMAIL: "owner@s3.example",
    ...s3.env(PHOTOS),
    DOCUMENTS_S3_BUCKET: DOCUMENTS,
  });
  await shop.ready;
}, 60_000);

afterAll(async () => {
  await shop?.stop();
  await s3?.close();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

describe("an order's documents in a bucket of their own", () => {
  it("are stored private in the documents bucket and reach only the order's buyer and the staff", async () => {
    const staff = cookieFrom(await signInStaff(shop.url), "staff_sid");
    const form = new FormData();
    form.set("intent", "upload");
    form.set("kind", "bill_of_lading");
    form.set("title", "");
    form.append("file", new Blob([new Uint8Array(pdf)], { type: "text/html" }), "bl.pdf");
    const res = await fetch(`${shop.url}/admin/orders/${orderNumber}`, {
      method: "POST",
      body: form,
      headers: { Cookie: staff, Origin: shop.url },
      redirect: "manual",
    });
    expect(res.status, await res.clone().text()).toBeLessThan(400);

    const stored = [...(await s3.objects(DOCUMENTS)).keys()];
    expect(stored).toHaveLength(1);
    const object = await s3.get(DOCUMENTS, stored[0]!);
    expect(object.contentType).toBe("application/pdf");
    expect(object.cacheControl).toBe("private, no-store");
    expect(object.bytes.equals(pdf)).toBe(true);
    // Neither among the photos nor on the local disk.
    expect([...(await s3.objects(PHOTOS)).keys()]).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, "documents"))).toBe(false);
    expect((await fetch(`${shop.url}/media/${stored[0]}`)).status).toBe(404);

    const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
    const doc = await db.selectFrom("order_documents").select("id").executeTakeFirstOrThrow();
    await db.destroy();
    const docPath = `${shop.url}/orders/${orderNumber}/documents/${doc.id}`;
    const buyer = cookieFrom(await signInBuyer(shop.url, BUYER), "sid");
    const other = cookieFrom(await signInBuyer(shop.url, OTHER), "sid");
    const mine = await fetch(docPath, { headers: { Cookie: buyer } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("application/pdf");
    expect(mine.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await mine.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await fetch(docPath, { headers: { Cookie: staff } })).status).toBe(200);
    expect((await fetch(docPath, { headers: { Cookie: other } })).status).toBe(404);
    expect((await fetch(docPath)).status).toBe(404);
  });

  it("a documents bucket that is not there, or the photos' own bucket, stops the start in one line", async () => {
    for (const [bucket, says] of [
      ["no-such-documents", /Document storage error: bucket "no-such-documents" was not found/],
      [PHOTOS, /DOCUMENTS_S3_BUCKET must not be the photos' bucket/],
    ] as const) {
      const refused = runShop({
        PORT: String(await freePort()),
        DATA_DIR: tempDir(),
        SESSION_SECRET: SECRET,
        ...s3.env(PHOTOS),
        DOCUMENTS_S3_BUCKET: bucket,
      });
      await expect(refused.ready).rejects.toThrow();
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toMatch(says);
    }
  });
});
