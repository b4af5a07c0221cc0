import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { afterOutboxRuns, isMarker, MARKER_DOMAIN } from "../support/outbox-runs";
import { freePort, runShop } from "../support/shop-process";
import { startSmtp } from "../support/smtp";
import { storedSubmissionKey } from "~/domain/quotes/quotes.server";

/*
 * The shop under faults, as real processes: killed outright in the middle of a
 * burst of quotes, stopped while busy, and eight buyers writing at once.
 */

const SECRET = "faults-test-secret-faults-test-secret";
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function shopWithAVehicle(extraEnv: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-faults-"));
  dirs.push(dataDir);
  const env = { PORT: String(await freePort()), DATA_DIR: dataDir, SESSION_SECRET: SECRET, ...extraEnv };
  // The vehicle is written before the shop starts: once it runs, its workers write too, and a
  // second writer from outside may meet "database is locked".
  const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
  await migrateToLatest(db);
  const vehicle = await createVehicle(db, vehicleFactory(createRng(11), 0, { stockStatus: "available" }), [], {
    kind: "system",
    id: null,
  });
  await db.destroy();
  const shop = runShop(env);
  await shop.ready;
  return { shop, env, dataDir, vehicleId: vehicle.id };
}

/** A connection refused or reset: the shop no longer listens (stopped) or is gone (killed). */
const REFUSED = ["ECONNREFUSED", "ECONNRESET"];
/** Also a connection closed or broken in the middle of a request or answer: only a killed shop does that. */
const CUT = [...REFUSED, "EPIPE", "UND_ERR_SOCKET", "HPE_INVALID_EOF_STATE"];

/**
 * The code of a request that got no HTTP answer because its connection failed
 * in one of the `allowed` ways (fetch's TypeError with that code as its
 * cause), or null for anything else, an assertion among them.
 */
function connectionFailure(error: unknown, allowed: string[]): string | null {
  if (!(error instanceof TypeError)) return null;
  const cause = error.cause as { code?: unknown; name?: unknown; message?: unknown } | undefined;
  // Node 24's fetch: an answer cut in the middle of its body on a closing connection ("Invalid EOF state").
  const code =
    cause?.name === "HTTPParserError" && String(cause.message).includes("Invalid EOF state")
      ? "HPE_INVALID_EOF_STATE"
      : cause?.code;
  return typeof code === "string" && allowed.includes(code) ? code : null;
}

function explain(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  return `${String(error)}${cause ? ` (cause: ${String(cause)})` : ""}`;
}

let sent = 0;
/** One quote, as the form sends it, from its own address (so the per-address limit is not the subject). */
async function sendQuote(base: string, vehicleId: number) {
  const n = ++sent;
  const key = `fault-${n}-${Math.random().toString(36).slice(2, 12)}`;
  const body = new URLSearchParams({
    kind: "vehicle",
    itemId: String(vehicleId),
    submissionKey: key,
    name: `Buyer ${n}`,
    country: "Kenya",
    email: `buyer${n}@example.com`,
    phone: "+254 700 000000",
    message: "Price to Mombasa, please.",
  });
  const res = await fetch(`${base}/vehicles/${vehicleId}`, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `203.0.${(n >> 8) & 255}.${n & 255}`,
      Connection: "close",
    },
  });
  const text = await res.text();
  // What the shop stores of the key: the key with the sender's address and the item, hashed.
  return {
    key: storedSubmissionKey({
      submissionKey: key,
      email: `buyer${n}@example.com`,
      kind: "vehicle",
      itemId: vehicleId,
    }),
    status: res.status,
    number: /Your quote number is (\d{10})/.exec(text)?.[1] ?? null,
  };
}

describe("faults", () => {
  it("killed with SIGKILL in a burst of quotes: after a restart the database is whole and every answered quote is there", async () => {
    const { shop, env, dataDir, vehicleId } = await shopWithAVehicle();
    const answered: { key: string; number: string }[] = [];
    // Every HTTP answer without a quote number, and every request that got no answer at all.
    const otherAnswers: number[] = [];
    const cutOff: string[] = [];
    const unexpected: string[] = [];
    let killed = false;
    const writers = Array.from({ length: 8 }, async () => {
      while (!killed && unexpected.length === 0) {
        let r: Awaited<ReturnType<typeof sendQuote>>;
        try {
          r = await sendQuote(shop.url, vehicleId);
        } catch (error) {
          // Only the kill may leave a quote without an answer: its connection died with the process.
          const code = connectionFailure(error, CUT);
          if (killed && code) cutOff.push(code);
          else unexpected.push(explain(error));
          return;
        }
        if (r.number) answered.push({ key: r.key, number: r.number });
        else otherAnswers.push(r.status);
      }
    });
    await vi.waitUntil(() => answered.length >= 40 || unexpected.length > 0, { timeout: 60_000, interval: 10 });
    shop.child.kill("SIGKILL");
    killed = true;
    await Promise.all(writers);
    await shop.exited;
    expect(unexpected, "requests that failed other than by the kill").toEqual([]);
    expect(
      otherAnswers.filter((status) => status >= 500),
      "server errors answered in the burst",
    ).toEqual([]);

    const again = runShop(env);
    await again.ready;
    const db = new SQLite(path.join(dataDir, "shop.sqlite"), { readonly: true });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const stored = new Map(
      (
        db.prepare("SELECT id, submission_key, number FROM quotes").all() as {
          id: number;
          submission_key: string;
          number: string;
        }[]
      ).map((q) => [q.submission_key, q]),
    );
    for (const a of answered) expect(stored.get(a.key)?.number, a.key).toBe(a.number);
    // Nothing half-written: every stored quote has its two mails (buyer and owner) queued with it.
    const mails = db.prepare("SELECT quote_id, count(*) AS n FROM mail_outbox GROUP BY quote_id").all() as {
      quote_id: number;
      n: number;
    }[];
    const perQuote = new Map(mails.map((m) => [m.quote_id, m.n]));
    for (const q of stored.values()) expect(perQuote.get(q.id), `mails of quote ${q.number}`).toBe(2);
    db.close();
    console.log(
      `SIGKILL after ${answered.length} answered quotes; ${stored.size} stored; database whole after restart; ` +
        `requests cut off by the kill: ${cutOff.join(", ") || "none"}`,
    );
    expect(await again.stop()).toBe(0);
  }, 90_000);

  it("stopped with SIGTERM under load: every request in flight is answered", async () => {
    const { shop } = await shopWithAVehicle();
    const { port } = new URL(shop.url);
    // Sixteen requests in flight: headers and half the body sent when the signal comes.
    const body = "currency=USD&redirectTo=%2Fvehicles";
    const inFlight = Array.from({ length: 16 }, () => {
      let finish = () => {};
      const answered = new Promise<number | undefined>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/preferences",
            headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode);
          },
        );
        req.on("error", reject);
        req.write(body.slice(0, 10));
        finish = () => req.end(body.slice(10));
      });
      return { answered, finish: () => finish() };
    });
    // And a stream of whole requests around them.
    let stopped = false;
    const load = { answered: 0, notOk: [] as number[], afterStop: [] as string[], unexpected: [] as string[] };
    const readers = Array.from({ length: 6 }, async () => {
      while ((!stopped || load.afterStop.length === 0) && load.unexpected.length === 0) {
        let res: Response;
        try {
          res = await fetch(`${shop.url}/vehicles?PerPage=40`, { headers: { Connection: "close" } });
        } catch (error) {
          // Only connections the shop had not yet taken may fail, and only after the stop.
          const code = connectionFailure(error, REFUSED);
          if (stopped && code) load.afterStop.push(code);
          else load.unexpected.push(explain(error));
          return;
        }
        // An answer begun is finished, and every answer, before or after the stop, is the page.
        try {
          await res.text();
        } catch (error) {
          load.unexpected.push(`answer cut off: ${explain(error)}`);
          return;
        }
        if (res.status === 200) load.answered++;
        else load.notOk.push(res.status);
      }
    });
    await vi.waitUntil(() => load.answered >= 50 || load.unexpected.length > 0 || load.notOk.length > 0, {
      timeout: 60_000,
      interval: 5,
    });
    stopped = true;
    shop.child.kill("SIGTERM");
    // The bodies are finished only once the shop has begun stopping (it has stopped listening when it says so).
    await expect.poll(() => shop.output(), { timeout: 10_000, interval: 5 }).toContain('"msg":"stopping"');
    for (const r of inFlight) r.finish();
    expect(await Promise.all(inFlight.map((r) => r.answered))).toEqual(Array(16).fill(302));
    await Promise.all(readers);
    expect(load.unexpected, "requests that failed other than by the stop").toEqual([]);
    expect(load.notOk, "whole requests answered other than 200").toEqual([]);
    expect(await shop.exited).toBe(0);
    // And the shop's own log agrees: all sixteen were answered after it said it was stopping.
    const output = shop.output();
    const afterStopping = output.slice(output.indexOf('"msg":"stopping"'));
    expect(
      afterStopping.match(/"msg":"request","method":"POST","path":"\/preferences"/g) ?? [],
      "requests in flight answered after the shop said it was stopping",
    ).toHaveLength(16);
    console.log(
      `SIGTERM under load: 16 of 16 requests in flight answered; ${load.answered} whole requests answered; ` +
        `new connections after the stop: ${load.afterStop.join(", ")}`,
    );
    expect(shop.output()).toContain('"msg":"stopped"');
  }, 90_000);

  it("eight buyers sending quotes at once: no one sees a database busy error", async () => {
    const { shop, dataDir, vehicleId } = await shopWithAVehicle();
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const mine = [];
        for (let i = 0; i < 25; i++) mine.push(await sendQuote(shop.url, vehicleId));
        return mine;
      }),
    );
    const all = answers.flat();
    expect(all.filter((a) => a.status >= 500)).toEqual([]);
    expect(all.filter((a) => a.number === null)).toEqual([]);
    expect(shop.output()).not.toMatch(/SQLITE_BUSY|database is locked/);
    const db = new SQLite(path.join(dataDir, "shop.sqlite"), { readonly: true });
    expect((db.prepare("SELECT count(*) AS n FROM quotes").get() as { n: number }).n).toBe(200);
    db.close();
    expect(await shop.stop()).toBe(0);
  }, 90_000);

  it("with the mail server down, quotes are answered; when it is back, every mail goes out exactly once", async () => {
    const smtp = await startSmtp();
    await smtp.stop();
    const { shop, dataDir } = await shopWithAVehicle({
      SMTP_URL: smtp.url,
      OWNER_EMAIL: "owner@shop.example",
      // The worker goes round often, so its runs are waited on briefly.
      MAIL_OUTBOX_EVERY_MS: "200",
    });
    const vehicleId = 1;
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await sendQuote(shop.url, vehicleId);
      expect(answer.number, `quote ${i}`).not.toBeNull();
      numbers.push(answer.number!);
    }
    const db = new SQLite(path.join(dataDir, "shop.sqlite"));
    const outbox = () =>
      db
        .prepare(`SELECT status, attempts, last_error FROM mail_outbox WHERE to_address NOT LIKE '%@${MARKER_DOMAIN}'`)
        .all() as {
        status: string;
        attempts: number;
        last_error: string | null;
      }[];
    // The worker tries, fails and leaves each mail waiting with a growing pause.
    await vi.waitUntil(() => outbox().every((m) => m.attempts >= 1), { timeout: 10_000, interval: 50 });
    expect(outbox()).toHaveLength(10);
    expect(outbox().every((m) => m.status === "pending" && m.attempts >= 1 && m.last_error)).toBe(true);

    await smtp.start();
    // The first pause is 30 s; let it pass at once rather than wait.
    db.prepare("UPDATE mail_outbox SET next_attempt_at = ?").run(new Date(Date.now() - 1000).toISOString());
    await vi.waitUntil(() => smtp.received.length >= 10, { timeout: 20_000, interval: 50 });
    // Two more runs of the worker: nothing is sent twice.
    await afterOutboxRuns(
      2,
      (to) =>
        db
          .prepare(
            "INSERT INTO mail_outbox (created_at, to_address, subject, text_body, next_attempt_at) VALUES (?, ?, ?, ?, ?)",
          )
          .run(new Date().toISOString(), to, "marker", "marker", new Date().toISOString()),
      smtp.received,
    );
    const received = smtp.received.filter((m) => !isMarker(m));
    expect(received).toHaveLength(10);
    for (const number of numbers) {
      const about = received.filter((m) => m.raw.includes(number));
      // One mail to the owner and one to the buyer, each once.
      expect(about, number).toHaveLength(2);
      expect(
        about.filter((m) => m.to.includes("owner@shop.example")),
        number,
      ).toHaveLength(1);
    }
    expect(outbox().every((m) => m.status === "sent")).toBe(true);
    db.close();
    await smtp.stop();
    expect(await shop.stop()).toBe(0);
  }, 90_000);
});
