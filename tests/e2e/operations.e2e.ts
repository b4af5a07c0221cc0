import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/db.server";
import { freePort, runShop } from "../support/shop-process";

const SECRET = "operations-test-secret-operations-test";
const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-ops-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function refusedStart(env: Record<string, string>) {
  const shop = runShop({ PORT: String(await freePort()), DATA_DIR: tempDir(), SESSION_SECRET: SECRET, ...env });
  await expect(shop.ready).rejects.toThrow();
  expect(await shop.exited).toBe(1);
  return shop.output().trim();
}

describe("start-up checks", () => {
  it("refuses a malformed DATABASE_URL with one line naming it", async () => {
    const out = await refusedStart({ DATABASE_URL: "mysql://root@localhost/shop" });
    expect(out).toMatch(/^Configuration error: DATABASE_URL must be/);
    expect(out.split("\n")).toHaveLength(1);
  });

  it("refuses to start in production without SESSION_SECRET", async () => {
    const out = await refusedStart({ SESSION_SECRET: "" });
    expect(out).toBe("Configuration error: SESSION_SECRET is required in production (at least 32 random characters)");
  });

  it("refuses a DATA_DIR that cannot be used", async () => {
    const file = path.join(tempDir(), "not-a-folder");
    fs.writeFileSync(file, "x");
    const out = await refusedStart({ DATA_DIR: file });
    expect(out).toMatch(/^Configuration error: DATA_DIR .*not-a-folder cannot be used as the data folder/);
  });

  it("refuses a PORT that is not a port", async () => {
    expect(await refusedStart({ PORT: "eighty" })).toMatch(/^Configuration error: PORT /);
  });
});

describe("a running shop", () => {
  it("migrates once, answers /healthz, logs one JSON line per request, and bootstraps the staff account", async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, SESSION_SECRET: SECRET, ADMIN_ID: "boss", ADMIN_PASSWORD: "first-password-1" };
    // With the shop's own password hashing: the stored hash is checked below.
    const first = runShop({ PORT: String(await freePort()), ...env }, { ownHashing: true });
    await first.ready;
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(health.headers.get("x-content-type-options")).toBe("nosniff");
    await fetch(`${first.url}/about?secret-token=abc`);
    expect(await first.stop()).toBe(0);

    const lines = first
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const about = lines.filter((l) => l.msg === "request" && l.path === "/about");
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({ level: "info", method: "GET", status: 200 });
    expect(typeof about[0]!.ms).toBe("number");
    expect(first.output()).not.toContain("secret-token");
    expect(lines.some((l) => l.msg === "database migrated")).toBe(true);
    expect(lines.some((l) => l.msg === "staff account boss: created")).toBe(true);
    // Started as `npm start` starts it: nothing to say about memory.
    expect(first.output()).not.toContain("started without");

    const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
    const before = await db
      .selectFrom("staff")
      .select("password_hash")
      .where("admin_id", "=", "boss")
      .executeTakeFirstOrThrow();
    expect(before.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);

    // Second start on the same data, as a bare `node server.js`: nothing to migrate; a new password
    // replaces the old one; the operator is told the memory setting is missing.
    const second = runShop(
      { PORT: String(await freePort()), ...env, ADMIN_PASSWORD: "second-password-2" },
      { engineFlags: [] },
    );
    await second.ready;
    expect(await second.stop()).toBe(0);
    expect(second.output()).toContain('"level":"warn","msg":"started without --max-semi-space-size=16');
    expect(second.output()).not.toContain("database migrated");
    expect(second.output()).toContain("staff account boss: password reset");
    const after = await db
      .selectFrom("staff")
      .select("password_hash")
      .where("admin_id", "=", "boss")
      .executeTakeFirstOrThrow();
    expect(after.password_hash).not.toBe(before.password_hash);
    await db.destroy();
  });

  it("on SIGTERM finishes the request in flight, turns new ones away, then exits cleanly", async () => {
    const shop = runShop({ PORT: String(await freePort()), DATA_DIR: tempDir(), SESSION_SECRET: SECRET });
    await shop.ready;
    const body = "lang=ja&redirectTo=%2Fabout";
    const { port } = new URL(shop.url);
    let req!: http.ClientRequest;
    const response = new Promise<http.IncomingMessage>((resolve, reject) => {
      req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/preferences",
          // The shop's "100 Continue" says it has read the headers: the request is in flight, not merely queued.
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": body.length,
            Expect: "100-continue",
          },
        },
        resolve,
      );
      req.on("error", reject);
    });
    await new Promise<void>((resolve, reject) => {
      req.once("continue", resolve);
      req.once("error", reject);
    });
    // Half the body now; the signal comes, and the rest only once the shop says it is stopping.
    await new Promise<void>((resolve) => req.write(body.slice(0, 8), () => resolve()));
    shop.child.kill("SIGTERM");
    await expect.poll(() => shop.output(), { timeout: 10_000, interval: 10 }).toContain('"msg":"stopping"');
    req.end(body.slice(8));
    const res = await response;
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/about");
    expect(res.headers.connection).toBe("close");
    // Afterwards: refused, or on a connection still open, told the shop is unavailable.
    const after = await fetch(`${shop.url}/healthz`).then(
      (r) => r.status,
      () => "refused",
    );
    expect([503, "refused"]).toContain(after);
    expect(await shop.exited).toBe(0);
    const out = shop.output();
    expect(out.indexOf('"msg":"stopping"')).toBeLessThan(out.indexOf('"path":"/preferences"'));
    expect(out).toContain('"msg":"stopped"');
  });
});

describe("npm run staff:create", () => {
  it("creates a staff account from flags, and sets a new password on a second run", async () => {
    const { spawnSync } = await import("node:child_process");
    const dataDir = tempDir();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/staff-create.ts", ...args], {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
        encoding: "utf8",
      });
    const first = run("--id", "manager", "--password", "a long password");
    expect(first.status).toBe(0);
    expect(first.stdout).toContain("Staff account manager created.");
    const second = run("--id", "manager", "--password", "another long password");
    expect(second.stdout).toContain("New password set for manager; its sessions have ended.");
    const refused = run("--id", "x", "--password", "a long password");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("The Admin ID must be 3 to 64");
    const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "shop.sqlite") });
    expect(await db.selectFrom("staff").select("admin_id").execute()).toEqual([{ admin_id: "manager" }]);
    await db.destroy();
  });
});
