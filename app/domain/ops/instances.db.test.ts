import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { startFakeRates } from "../../../tests/support/fake-rates";
import { startSmtp } from "../../../tests/support/smtp";
import type { DB } from "~/db/db.server";
import { enqueueMail, sendDueMail, createSender } from "~/domain/mail/outbox.server";
import { CHECK_EVERY_MS, claimRatesRefresh, refreshRatesIfDue, REFRESH_EVERY_MS } from "~/domain/rates/rates.server";

/*
 * What several app instances on one database share: the outbox (each mail
 * sent once, whoever runs the worker) and the exchange-rate refresh (one
 * fetch per interval). Each "instance" here is its own connection pool.
 */

let t: TestDb;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let provider: Awaited<ReturnType<typeof startFakeRates>>;
const pools: DB[] = [];

beforeAll(async () => {
  t = await createTestDb();
  smtp = await startSmtp();
  provider = await startFakeRates({ JPY: 1, USD: 0.0065 });
  // Four more pools on the same database, as four app instances would have.
  for (let i = 0; i < 4; i++) pools.push(t.open());
});
afterAll(async () => {
  for (const pool of pools) await pool.destroy();
  await provider.close();
  await smtp.stop().catch(() => {});
  await t.cleanup();
});

describe("several instances on one database", () => {
  it("four outbox workers running at once send each of 60 mails exactly once", async () => {
    for (let i = 0; i < 60; i++)
      await enqueueMail(t.db, { to: `buyer${i}@example.com`, subject: `Mail ${i}`, text: `Body ${i}` });
    const send = createSender({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
    const before = smtp.received.length;
    // Rounds until nothing is left, every pool working at the same moment.
    for (let round = 0; round < 10; round++) {
      const sent = await Promise.all(pools.map((pool) => sendDueMail(pool, send, "Shop <shop@example.com>")));
      if (sent.every((n) => n === 0)) break;
    }
    const received = smtp.received.slice(before).map((m) => m.to[0]!);
    expect(received).toHaveLength(60);
    expect(new Set(received).size).toBe(60);
    const rows = await t.db.selectFrom("mail_outbox").select(["status", "attempts"]).execute();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("of several instances finding the rates old at the same moment, one fetches them", async () => {
    const now = new Date();
    const requests = provider.state.requests.length;
    const outcomes = await Promise.all(
      pools.map((pool) => refreshRatesIfDue(pool, { url: provider.url, key: "k" }, fetch, now)),
    );
    expect(outcomes.filter((o) => o === "refreshed")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "claimed elsewhere")).toHaveLength(3);
    expect(provider.state.requests.length - requests).toBe(1);
    // Fresh now: nobody fetches again before REFRESH_EVERY_MS.
    const later = new Date(now.getTime() + REFRESH_EVERY_MS - 60_000);
    expect(await refreshRatesIfDue(pools[0]!, { url: provider.url, key: "k" }, fetch, later)).toBe("fresh");
  });

  it("a claim holds for one check interval, so a failed refresh is tried again by the next instance to look", async () => {
    const start = new Date(Date.now() + 2 * REFRESH_EVERY_MS);
    const claims = await Promise.all(pools.map((pool) => claimRatesRefresh(pool, start)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRatesRefresh(pools[1]!, new Date(start.getTime() + CHECK_EVERY_MS - 1000))).toBe(false);
    expect(await claimRatesRefresh(pools[2]!, new Date(start.getTime() + CHECK_EVERY_MS))).toBe(true);
  });
});
