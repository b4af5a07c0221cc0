import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AMAL, dealWorld, DEAL, STAFF, type DealWorld } from "../../../tests/support/deal-world";
import { localDriver } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { addDocument, removeDocument } from "./order-documents.server";
import { countReceiptUpload, RECEIPT_LIMITS } from "./receipt-limits.server";

/*
 * Receipts within reason (issue 40), on SQLite and PostgreSQL: an order keeps
 * at most 20 live receipts and 50 MB of them, uploads are counted per order
 * and per client address, and receipts close together make one mail to the
 * owner while each is still on the timeline.
 */

let w: DealWorld;
let dataDir: string;
let store: DocumentStore;
const BUYER = { by: "buyer" as const, actor: { kind: "visitor" as const, id: null } };
const START = new Date("2026-12-01T03:00:00.000Z");
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
let made = 0;

beforeAll(async () => {
  w = await dealWorld({ buyers: [AMAL] });
  dataDir = await mkdtemp(path.join(tmpdir(), "receipt-limits-"));
  store = new DocumentStore(localDriver(path.join(dataDir, "documents")));
  // Whether the destination takes the vehicle is not what these tests are about: no import rule for it.
  await w.db.deleteFrom("import_rules").where("country", "=", "Sri Lanka").execute();
});
afterAll(async () => {
  await w.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

/** An order of a buyer without an account, each from an address of its own. */
async function anOrder(): Promise<string> {
  made += 1;
  const { number } = await w.accepted({ guest: true, fields: { email: `amal${made}@example.lk` } });
  return number;
}

/** A PDF of about `bytes`, different for each `n` (the same file twice is kept once). */
function pdf(n: number, bytes = 2000): Buffer {
  const head = `%PDF-1.4\n% receipt ${n}\n`;
  const tail = "\n%%EOF\n";
  return Buffer.from(`${head}%${" ".repeat(Math.max(0, bytes - head.length - tail.length - 1))}${tail}`, "latin1");
}

const upload = (number: string, data: Buffer, now: Date) =>
  addDocument(w.db, store, DEAL, { number }, { data, filename: "receipt.pdf" }, BUYER, now);

async function liveReceipts(number: string) {
  return w.db
    .selectFrom("order_documents")
    .innerJoin("orders", "orders.id", "order_documents.order_id")
    .select(["order_documents.id", "order_documents.file_key", "order_documents.size"])
    .where("orders.number", "=", number)
    .where("order_documents.kind", "=", "receipt")
    .where("order_documents.removed_at", "is", null)
    .execute();
}

async function filesOnDisk(): Promise<string[]> {
  const root = path.join(dataDir, "documents");
  const all = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return all.filter((f) => f.isFile()).map((f) => path.relative(root, path.join(f.parentPath, f.name)));
}

async function ownerMails(number: string): Promise<number> {
  const rows = await w.db
    .selectFrom("mail_outbox")
    .select("id")
    .where("to_address", "=", DEAL.ownerEmail)
    .where("subject", "like", `Payment receipt for order ${number}:%`)
    .execute();
  return rows.length;
}

describe("receipts on one order", () => {
  it("keeps 20 live receipts; the 21st is refused with nothing stored, until one is removed", async () => {
    const number = await anOrder();
    for (let i = 0; i < RECEIPT_LIMITS.count; i++)
      expect((await upload(number, pdf(i), START)).ok, `receipt ${i}`).toBe(true);
    const files = await filesOnDisk();
    const refused = await upload(number, pdf(100), START);
    expect(refused).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: { key: "documents.receiptsFull", values: { max: 20 } },
    });
    expect(await liveReceipts(number)).toHaveLength(20);
    expect((await filesOnDisk()).sort()).toEqual(files.sort());
    // A receipt taken off the order (the owner removed it) makes room for one more.
    const [first] = await liveReceipts(number);
    expect((await removeDocument(w.db, store, number, first!.id, STAFF, START)).ok).toBe(true);
    expect((await upload(number, pdf(100), START)).ok).toBe(true);
    expect(await liveReceipts(number)).toHaveLength(20);
  });

  it("keeps at most 50 MB of live receipts; one that would pass that is refused with nothing stored", async () => {
    const number = await anOrder();
    const nine = 9 * 1024 * 1024;
    for (let i = 0; i < 5; i++) expect((await upload(number, pdf(i, nine), START)).ok, `receipt ${i}`).toBe(true);
    const files = await filesOnDisk();
    // 45 MB kept: 9 MB more would be 54.
    const refused = await upload(number, pdf(5, nine), START);
    expect(refused).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: { key: "documents.receiptsTooLarge", values: { max: 50 } },
    });
    expect(await liveReceipts(number)).toHaveLength(5);
    expect((await filesOnDisk()).sort()).toEqual(files.sort());
    // What still fits is kept: 45 MB and 4 MB are 49.
    expect((await upload(number, pdf(6, 4 * 1024 * 1024), START)).ok).toBe(true);
    // And what fills it to exactly 50 MB; past that not one byte more.
    expect((await upload(number, pdf(7, 1024 * 1024), START)).ok).toBe(true);
    const kept = await liveReceipts(number);
    expect(kept.reduce((sum, d) => sum + d.size, 0)).toBe(RECEIPT_LIMITS.bytes);
    expect(await upload(number, pdf(8, 100), START)).toMatchObject({ ok: false, refusal: "conflict" });
  });
});

describe("receipt uploads counted", () => {
  it("10 an hour per order: the 11th is refused until the hour has passed", async () => {
    const number = await anOrder();
    // A new address each time, so only the order's count is at work.
    for (let i = 0; i < 10; i++)
      expect((await countReceiptUpload(w.db, number, `198.51.100.${i}`, minutes(i))).retryAfterSeconds).toBeNull();
    const refused = await countReceiptUpload(w.db, number, "198.51.100.50", minutes(10));
    expect(refused.retryAfterSeconds).toBe(50 * 60);
    // Another order is not held back by this one.
    expect(
      (await countReceiptUpload(w.db, await anOrder(), "198.51.100.51", minutes(10))).retryAfterSeconds,
    ).toBeNull();
    expect((await countReceiptUpload(w.db, number, "198.51.100.52", minutes(61))).retryAfterSeconds).toBeNull();
  });

  it("tells a client refused for the order and for its address to wait until both allow it", async () => {
    const address = "2001:db8:41:1::9";
    // The address used up its hour first, on other orders; the order's hour began half an hour later.
    for (let i = 0; i < 20; i++) await countReceiptUpload(w.db, await anOrder(), address, minutes(0));
    const number = await anOrder();
    for (let i = 0; i < 10; i++) await countReceiptUpload(w.db, number, `2001:db8:41:2::${i + 1}`, minutes(30));
    const refused = await countReceiptUpload(w.db, number, address, minutes(40));
    // The address is free again in 20 minutes, the order only in 50.
    expect(refused.retryAfterSeconds).toBe(50 * 60);
  });

  it("20 an hour per client address over any orders; an IPv6 client counts by its /64", async () => {
    const orders = [await anOrder(), await anOrder(), await anOrder()];
    for (let i = 0; i < 20; i++) {
      const gate = await countReceiptUpload(w.db, orders[i % 3]!, `2001:db8:40:7::${i + 1}`, minutes(i));
      expect(gate.retryAfterSeconds, `upload ${i}`).toBeNull();
    }
    const refused = await countReceiptUpload(w.db, await anOrder(), "2001:db8:40:7::ffff", minutes(20));
    expect(refused.retryAfterSeconds).toBe(40 * 60);
    expect(
      (await countReceiptUpload(w.db, await anOrder(), "2001:db8:40:8::1", minutes(20))).retryAfterSeconds,
    ).toBeNull();
  });
});

describe("the owner's mail about receipts", () => {
  it("is sent for the first receipt, not again within 10 minutes of the last one sent; every receipt is on the timeline", async () => {
    const number = await anOrder();
    const steps = async () =>
      (
        await w.db
          .selectFrom("order_events")
          .innerJoin("orders", "orders.id", "order_events.order_id")
          .select("order_events.id")
          .where("orders.number", "=", number)
          .where("order_events.kind", "=", "document")
          .execute()
      ).length;
    const at = async (minute: number, n: number) =>
      expect((await upload(number, pdf(n), minutes(minute))).ok).toBe(true);
    await at(0, 1);
    expect(await ownerMails(number)).toBe(1);
    await at(4, 2);
    await at(9, 3);
    expect(await ownerMails(number)).toBe(1);
    // Ten minutes after the last mail (not after the last receipt): a new mail.
    await at(11, 4);
    expect(await ownerMails(number)).toBe(2);
    await at(20, 5);
    expect(await ownerMails(number)).toBe(2);
    await at(22, 6);
    expect(await ownerMails(number)).toBe(3);
    expect(await steps()).toBe(6);
    // Another order's receipt is mailed about on its own.
    const other = await anOrder();
    expect((await upload(other, pdf(1), minutes(22))).ok).toBe(true);
    expect(await ownerMails(other)).toBe(1);
  });
});
