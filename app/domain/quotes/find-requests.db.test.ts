import { inEnglish } from "../../../tests/support/english";
import { routeContext } from "../../../tests/support/route-context";
import type { Problem } from "~/i18n/problem";
import { english, englishAll } from "../../../tests/support/english";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "~/config.server";
import { action } from "~/routes/store/find-for-me";
import { changeFindRequestStatus as changeFindRequestStatusOf } from "./admin-quotes.server";
import { listFindRequests } from "./find-requests.server";
import { QUOTE_LIMITS } from "./quotes.server";

/** The answer as the staff read it in English. */
const changeFindRequestStatus = async (...args: Parameters<typeof changeFindRequestStatusOf>) =>
  inEnglish(await changeFindRequestStatusOf(...args));

/*
 * "Find one for me" (issue 18.2), through the page's own action: saved,
 * mailed through the outbox to the owner and to the buyer in the buyer's
 * language, listed for the owner, refused with the form kept, and held to the
 * quotes' limits.
 */

let t: TestDb;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "find-request-"));
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const context = (ip = "203.0.113.7") =>
  routeContext(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", OWNER_EMAIL: "owner@shop.test" }), t.db, ip);

function post(fields: Record<string, string>, language = "en") {
  return new Request("http://shop.test/find-for-me", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Accept-Language": language },
  });
}

let keys = 0;
const good = (email = "an@example.vn") => ({
  kind: "vehicle",
  submissionKey: `find-${++keys}-0000000000000000`,
  make: "Toyota",
  model: "Land Cruiser",
  yearFrom: "2019",
  yearTo: "2015",
  budget: "¥3,000,000",
  destination: "Hai Phong, Vietnam",
  name: "Tran Van An",
  email,
  phone: "+84 90 123 4567",
  message: "Trắng, máy dầu",
});

type Answer = {
  data: { ok: boolean; message: Problem; errors: Record<string, Problem>; values: Record<string, string> };
  init: { status: number };
};

const run = (request: Request, ip?: string) =>
  action({ request, context: context(ip), params: {} } as unknown as Parameters<typeof action>[0]);

describe("Find one for me", () => {
  it("refuses bad input with a 400, names each field, keeps what was typed, and saves and mails nothing", async () => {
    const answer = (await run(
      post({ ...good(), make: "", email: "not-mail", budget: "lots", yearFrom: "1850" }),
    )) as unknown as Answer;
    expect(answer.init.status).toBe(400);
    expect(englishAll(answer.data.errors)).toMatchObject({
      make: "Make is required",
      email: "Please enter a valid email address",
      budget: "Please enter the budget in yen (digits only)",
      yearFrom: "Choose a year from the list",
    });
    expect(answer.data.values).toMatchObject({
      model: "Land Cruiser",
      destination: "Hai Phong, Vietnam",
      email: "not-mail",
      budget: "lots",
      message: "Trắng, máy dầu",
    });
    expect(await t.db.selectFrom("find_requests").select("id").execute()).toHaveLength(0);
    expect(await t.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(0);
  });

  it("refuses a line break in a one-line field, which would add a line to the mails", async () => {
    const answer = (await run(post({ ...good(), make: "Toyota\nemail: someone@else.example" }))) as unknown as Answer;
    expect(answer.init.status).toBe(400);
    expect(englishAll(answer.data.errors)).toMatchObject({ make: "Make must be on one line" });
    expect(await t.db.selectFrom("find_requests").select("id").execute()).toHaveLength(0);
  });

  it("saves the request, mails the owner and the buyer (in the buyer's language), and lists it for the owner", async () => {
    const answer = (await run(post(good(), "vi"))) as { ok: boolean; message: Problem };
    expect(answer.ok).toBe(true);
    const number = /request number is (\d{10})\.$/.exec(english(answer.message))?.[1];
    expect(number).toBeDefined();

    const row = await t.db
      .selectFrom("find_requests")
      .selectAll()
      .where("number", "=", number!)
      .executeTakeFirstOrThrow();
    // Years the wrong way round are read the right way; the budget is whole yen.
    expect(row).toMatchObject({ make: "Toyota", year_from: 2015, year_to: 2019, budget: 3_000_000, language: "vi" });

    const mails = await t.db.selectFrom("mail_outbox").select(["to_address", "subject", "text_body"]).execute();
    const owner = mails.find((m) => m.to_address === "owner@shop.test");
    const buyer = mails.find((m) => m.to_address === "an@example.vn");
    expect(owner?.subject).toBe(
      `Find one for me ${number}: Toyota Land Cruiser, 2015 to 2019, up to ¥3,000,000 to Hai Phong, Vietnam`,
    );
    expect(owner?.text_body).toContain("phone: +84 90 123 4567");
    expect(buyer?.subject).toBe(`Yêu cầu tìm xe ${number} của bạn`);
    expect(buyer?.text_body).toContain(
      "Cảm ơn bạn. Chúng tôi sẽ tìm Toyota Land Cruiser cho bạn, giao đến Hai Phong, Vietnam.",
    );

    const listed = await listFindRequests(t.db, 1);
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({
      number,
      wanted: "Toyota Land Cruiser, 2015 to 2019, up to ¥3,000,000",
      destination: "Hai Phong, Vietnam",
      name: "Tran Van An",
      status: "pending",
    });
  });

  it("moves through the quotes' statuses when the owner answers and closes it, each move logged", async () => {
    const answer = (await run(post(good("status@example.lk")), "192.0.2.50")) as { ok: boolean; message: Problem };
    const number = /request number is (\d{10})\.$/.exec(english(answer.message))![1]!;
    const owner = { id: 1, adminId: "owner" };
    const status = async () =>
      (await t.db.selectFrom("find_requests").select("status").where("number", "=", number).executeTakeFirstOrThrow())
        .status;
    // Not straight from pending to closed, and nothing unknown.
    expect(await changeFindRequestStatus(t.db, number, "closed", owner)).toEqual({
      ok: false,
      message: "A pending find request cannot be marked closed.",
    });
    expect(await changeFindRequestStatus(t.db, number, "lost", owner)).toEqual({
      ok: false,
      message: "Unknown status.",
    });
    expect(await changeFindRequestStatus(t.db, "0000000000", "responded", owner)).toEqual({
      ok: false,
      message: "Find request not found.",
    });
    expect(await status()).toBe("pending");
    expect(await changeFindRequestStatus(t.db, number, "responded", owner)).toEqual({ ok: true });
    expect(await changeFindRequestStatus(t.db, number, "closed", owner)).toEqual({ ok: true });
    expect(await status()).toBe("closed");
    const logged = await t.db
      .selectFrom("activity_log")
      .select("summary")
      .where("action", "=", "find_request.status_changed")
      .orderBy("id")
      .execute();
    expect(logged.map((l) => l.summary)).toEqual([
      `Find request ${number}: pending → responded`,
      `Find request ${number}: responded → closed`,
    ]);
  });

  it("is held to the quotes' limit per e-mail address, with a 429 and the form kept", async () => {
    const email = "many@example.lk";
    for (let i = 0; i < QUOTE_LIMITS.perEmail.tries; i++) {
      const ok = (await run(post(good(email)), `198.51.100.${i + 1}`)) as { ok: boolean };
      expect(ok.ok).toBe(true);
    }
    const refused = (await run(post(good(email)), "198.51.100.99")) as unknown as Answer;
    expect(refused.init.status).toBe(429);
    expect(english(refused.data.message)).toBe(
      "You have sent many quote requests in a short time. Please wait a while and try again, or contact us on WhatsApp.",
    );
    expect(refused.data.values).toMatchObject({ email, make: "Toyota" });
    const saved = await t.db.selectFrom("find_requests").select("id").where("email", "=", email).execute();
    expect(saved).toHaveLength(QUOTE_LIMITS.perEmail.tries);
  });
});
