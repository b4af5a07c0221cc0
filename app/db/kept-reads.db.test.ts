import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../tests/support/test-db";
import { addFreightPort, listFreightPorts } from "~/domain/freight/freight.server";
import { readImportings, saveImportSettings } from "~/domain/imports/import-rules.server";
import { type DB } from "./db.server";
import { forgetKeptReads, keptReads } from "./kept-reads.server";

/*
 * The reads every page shares are what the database holds: kept until the
 * shop changes them, another process writes (SQLite), or the page cache's
 * lifetime passes (PostgreSQL).
 */

let t: TestDb;
let other: DB;
const owner = { id: 1, adminId: "owner" };
const port = (name: string) => ({
  country: "Kenya",
  port: name,
  small: 100_000,
  medium: null,
  large: null,
  insurance: 0,
});
const ports = async (db: DB, lifetimeMs: number, now?: number) =>
  (await (await keptReads(db, lifetimeMs, now))("ports", () => listFreightPorts(db))).map((p) => p.port);

beforeAll(async () => {
  t = await createTestDb();
  other = t.open();
});
afterAll(async () => {
  await other.destroy();
  await t.cleanup();
});

describe("reads every page shares", () => {
  it("are read once, then kept, and read afresh after a change made through the shop", async () => {
    await addFreightPort(t.db, owner, port("Mombasa"));
    let reads = 0;
    const counted = async () => {
      const keep = await keptReads(t.db, 5000);
      return keep("counted", async () => ++reads);
    };
    expect([await counted(), await counted()]).toEqual([1, 1]);
    // A change through the shop writes the activity log, which forgets them.
    await addFreightPort(t.db, owner, port("Lamu"));
    expect(await ports(t.db, 5000)).toEqual(["Lamu", "Mombasa"]);
    expect(await counted()).toBe(2);
    forgetKeptReads();
    expect(await counted()).toBe(3);
  });

  it("the import rules' shipping times too, when the owner saves them", async () => {
    const times = async () => (await (await keptReads(t.db, 5000))("imports", () => readImportings(t.db))).settings;
    const before = await times();
    await saveImportSettings(t.db, owner, { leadDays: before.leadDays + 7, seaDays: before.seaDays });
    expect(await times()).toEqual({ leadDays: before.leadDays + 7, seaDays: before.seaDays });
  });

  it("follow a change another process made to the database", async () => {
    forgetKeptReads();
    const now = Date.now();
    const before = await ports(t.db, 5000, now);
    // Another instance or a script, writing through its own connection: nothing in this process hears of it.
    await other
      .insertInto("freight_ports")
      .values({
        country: "Kenya",
        port: "Kilifi",
        freight_small: 90_000,
        freight_medium: null,
        freight_large: null,
        insurance_bp: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    if (t.dialect === "sqlite") {
      // SQLite tells the connection another one wrote.
      expect(await ports(t.db, 5000)).toEqual(["Kilifi", ...before]);
    } else {
      // PostgreSQL: kept for half the page cache's lifetime, then read again.
      expect(await ports(t.db, 5000, now + 2499)).toEqual(before);
      expect(await ports(t.db, 5000, now + 2500)).toEqual(["Kilifi", ...before]);
    }
  });

  it("are not kept at all on PostgreSQL when pages are not (page cache off)", async () => {
    let reads = 0;
    const read = async () => (await keptReads(t.db, 0))("uncached", async () => ++reads);
    await read();
    await read();
    expect(reads).toBe(t.dialect === "sqlite" ? 1 : 2);
  });

  it("a failed read is tried again by the next page", async () => {
    forgetKeptReads();
    let attempts = 0;
    const read = async () =>
      (await keptReads(t.db, 5000))("flaky", async () => {
        attempts++;
        if (attempts === 1) throw new Error("database busy");
        return "read";
      });
    await expect(read()).rejects.toThrow("database busy");
    expect(await read()).toBe("read");
    expect(attempts).toBe(2);
  });
});
