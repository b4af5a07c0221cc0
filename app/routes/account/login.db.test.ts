import { english } from "../../../tests/support/english";
import { routeContext } from "../../../tests/support/route-context";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "~/config.server";
import { createCustomer } from "~/domain/accounts/customers.server";
import { enqueueMail, MAX_ATTEMPTS, sendDueMail } from "~/domain/mail/outbox.server";
import { action } from "./login";

let t: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "login-test-"));
beforeAll(async () => {
  t = await createTestDb();
  await createCustomer(t.db, {
    email: "ravi@example.in",
    password: "ravi's password",
    fullName: "Ravi",
    country: "India",
    phone: "+91 98 1",
  });
  await createCustomer(t.db, {
    email: "asha@example.in",
    password: "asha's password",
    fullName: "Asha",
    country: "India",
    phone: "+91 98 2",
  });
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const context = (ip: string) =>
  routeContext(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", PUBLIC_URL: "https://shop.example" }), t.db, ip);

async function login(email: string, password: string, ip: string, cookie?: string) {
  const request = new Request("https://shop.example/login", {
    method: "POST",
    body: new URLSearchParams({ email, password, redirectTo: "/favorites" }),
    headers: cookie ? { Cookie: cookie } : {},
  });
  try {
    return await action({ request, context: context(ip), params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe("login action", () => {
  it("signs in with a new Secure __Host- session id each time, ending the one the browser had", async () => {
    const first = (await login("RAVI@example.in", "ravi's password", "198.51.100.1")) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/favorites");
    const cookies = first.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("__Host-sid=") && !c.includes("Max-Age=0"))!;
    expect(session).toContain("HttpOnly");
    expect(session).toContain("Secure");
    const second = (await login(
      "ravi@example.in",
      "ravi's password",
      "198.51.100.1",
      session.split(";")[0],
    )) as Response;
    const next = second.headers.getSetCookie().find((c) => c.startsWith("__Host-sid=") && !c.includes("Max-Age=0"))!;
    expect(next.split(";")[0]).not.toBe(session.split(";")[0]);
    expect((await t.db.selectFrom("customer_sessions").select("id_hash").execute()).length).toBe(1);
  });

  it("answers 'Invalid email or password' for any failure, and 429 after 10 tries in 3 minutes", async () => {
    for (let i = 0; i < 10; i++) {
      const refused = (await login("asha@example.in", `wrong ${i}`, "198.51.100.2")) as {
        data: { error: string };
        init: { status: number };
      };
      expect(english(refused.data.error)).toBe("Invalid email or password");
      expect(refused.init.status).toBe(400);
    }
    // The right password from the same address is refused now too.
    const limited = (await login("asha@example.in", "asha's password", "198.51.100.2")) as {
      data: { error: string };
      init: { status: number; headers: Record<string, string> };
    };
    expect(limited.init.status).toBe(429);
    expect(english(limited.data.error)).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(Number(limited.init.headers["Retry-After"])).toBeGreaterThan(0);
    // Per account too: another address trying the same account is refused.
    const otherIp = (await login("asha@example.in", "asha's password", "198.51.100.3")) as { init: { status: number } };
    expect(otherIp.init.status).toBe(429);
  });
});

describe("outbox", () => {
  it("gives up after the last try and keeps the mail, marked failed, for the owner to see", async () => {
    await enqueueMail(t.db, { to: "x@example.com", subject: "Will fail", text: "..." });
    await t.db
      .updateTable("mail_outbox")
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where("subject", "=", "Will fail")
      .execute();
    const failing = async () => {
      throw new Error("connection refused");
    };
    expect(await sendDueMail(t.db, failing, "shop@example.com")).toBe(0);
    const row = await t.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("subject", "=", "Will fail")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, last_error: "connection refused" });
    // A failed mail is not tried again.
    let calls = 0;
    await sendDueMail(t.db, async () => void calls++, "shop@example.com", new Date(Date.now() + 86_400_000));
    expect(calls).toBe(0);
  });
});
