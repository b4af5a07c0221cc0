import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { routeContext } from "../../../tests/support/route-context";
import { insertInvoice, ISSUED_BANK, OTHER_BANK } from "../../../tests/support/invoices";
import { loadConfig } from "~/config.server";
import { writeSetting } from "~/domain/settings/settings-store.server";
import { headers as resultHeaders, loader as resultLoader } from "~/routes/store/verify-result";
import { loader as formLoader } from "~/routes/store/verify";
import { BANK_KEY } from "./deal-settings.server";
import { partlyHiddenName } from "./invoice-check";
import { formatVerificationCode, newVerificationCode } from "~/utils/verification-code.server";
import { checkInvoice, VERIFY_LIMIT } from "./verify.server";

/*
 * The public invoice check (issue 20.4): anyone holding an invoice's code
 * sees it as issued, with the account to pay into; a cancelled one says so
 * without an account; unknown and malformed codes get the same 404; lookups
 * are limited per client address.
 */

let t: TestDb;
const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "https://shop.example" });

/** The account the owner keeps now: a later change does not alter invoices already issued. */
const CURRENT_BANK = OTHER_BANK;
const issue = (number: string, options: Parameters<typeof insertInvoice>[2] = {}) =>
  insertInvoice(t.db, number, options);

let code = "";
let voidedCode = "";
let partCode = "";

beforeAll(async () => {
  t = await createTestDb();
  await writeSetting(t.db, BANK_KEY, CURRENT_BANK, new Date().toISOString());
  code = await issue("2026-00042");
  voidedCode = await issue("2026-00043", { voidedAt: "2026-11-26T03:00:00.000Z" });
  partCode = await issue("2026-00044", {
    item: { kind: "part", refId: "P-2001", name: "Headlight assembly", quantity: 4, specs: [] },
    terms: "FOB",
    port: "",
    total: 48_000,
    lines: [{ kind: "fob", label: "FOB price", amount: 48_000 }],
  });
});
afterAll(() => t.cleanup());

let nextIp = 0;
/** A client address of its own for each use, so limits are counted apart. */
const newIp = () => `198.51.100.${++nextIp}`;

const context = (ip: string) => routeContext(config, t.db, ip);

type Answer = { status: number; headers: Headers; data: { check: { status: string; invoice?: unknown } } };

/** The result page's loader, as a browser opening /verify/<typed> gets it. */
async function open(typed: string, ip = newIp()): Promise<Answer> {
  const request = new Request(`https://shop.example/verify/${encodeURIComponent(typed)}`);
  const result = (await resultLoader({ request, context: context(ip), params: { code: typed } } as never)) as {
    init?: { status?: number; headers?: Record<string, string> };
    data: Answer["data"];
  };
  const loaderHeaders = new Headers(result.init?.headers);
  return {
    status: result.init?.status ?? 200,
    headers: resultHeaders({ loaderHeaders } as never) as Headers,
    data: result.data,
  };
}

describe("checking an invoice by its code", () => {
  it("shows a found invoice as issued: number, dates, total, item, buyer partly hidden, terms, and the issued account", async () => {
    const answer = await open(code);
    expect(answer.status).toBe(200);
    expect(answer.data.check).toEqual({
      status: "found",
      invoice: {
        number: "2026-00042",
        code: formatVerificationCode(code),
        issuedOn: "2026-11-24",
        dueDate: "2026-12-01",
        total: 1_250_000,
        seller: "Sakura Auto Export Co., Ltd.",
        buyer: "Am** Pe****",
        item: { kind: "vehicle", refId: "V-10042", name: "2019 Toyota Prius S", quantity: null },
        terms: "C&F",
        port: "Colombo, Sri Lanka",
        voidedAt: null,
        bank: ISSUED_BANK,
        proofPack: null,
      },
    });
    // Nothing else of the buyer reaches the page.
    const sent = JSON.stringify(answer.data);
    for (const secret of ["Amal", "Perera", "amal.perera@example.lk", "+94 77 123 4567", CURRENT_BANK.accountNumber])
      expect(sent).not.toContain(secret);
    // The address carries the code: other sites are not told it, and nothing keeps a copy.
    expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Retry-After")).toBeNull();
  });

  it("reads the code as people type it: small letters, spaces, dashes, O for 0 and I or L for 1", async () => {
    const typedVariants = [
      code.toLowerCase(),
      code.match(/.{4}/g)!.join(" ").toLowerCase(),
      ` ${formatVerificationCode(code)} `,
      code.replace(/0/g, "O").replace(/1/g, "l"),
    ];
    for (const typed of typedVariants) {
      const answer = await open(typed);
      expect(answer.status, typed).toBe(200);
      expect(answer.data.check).toMatchObject({ status: "found", invoice: { number: "2026-00042" } });
    }
  });

  it("shows a part with its quantity, and FOB terms without a port", async () => {
    const answer = await open(partCode);
    expect(answer.data.check).toMatchObject({
      status: "found",
      invoice: {
        item: { kind: "part", name: "Headlight assembly", refId: "P-2001", quantity: 4 },
        terms: "FOB",
        port: "",
        total: 48_000,
      },
    });
  });

  it("says an unknown code is not found, with 404", async () => {
    let unknown = newVerificationCode();
    while ([code, voidedCode, partCode].includes(unknown)) unknown = newVerificationCode();
    const answer = await open(unknown);
    expect(answer.status).toBe(404);
    expect(answer.data.check).toEqual({ status: "not-found" });
    // One character changed is another code.
    const typo = code.slice(0, 15) + (code[15] === "A" ? "B" : "A");
    expect((await open(typo)).data.check).toEqual({ status: "not-found" });
  });

  it.each([["ABC"], [`${"7".repeat(15)}U`], ["7KQ2-M9XD-4HRT-WB3N-7KQ2"], ["' or 1=1 --"], [""]])(
    "answers %j, which cannot be a code, as an unknown one (404) without counting a lookup",
    async (typed) => {
      const ip = newIp();
      const answer = await open(typed, ip);
      expect(answer.status).toBe(404);
      expect(answer.data.check).toEqual({ status: "not-found" });
      const counted = await t.db.selectFrom("rate_limits").select("key").where("key", "like", `%${ip}`).execute();
      expect(counted).toEqual([]);
    },
  );

  it("says a cancelled invoice is cancelled, with its date, and shows no account", async () => {
    const answer = await open(voidedCode);
    expect(answer.status).toBe(200);
    expect(answer.data.check).toMatchObject({
      status: "found",
      invoice: { number: "2026-00043", voidedAt: "2026-11-26T03:00:00.000Z", bank: null },
    });
    const sent = JSON.stringify(answer.data);
    expect(sent).not.toContain(ISSUED_BANK.accountNumber);
    expect(sent).not.toContain(ISSUED_BANK.swift);
    // Nor why the owner cancelled it.
    expect(sent).not.toContain("another car");
  });

  it("limits lookups per client address: past 30 in 10 minutes, 429 with Retry-After, even for a right code", async () => {
    const ip = newIp();
    for (let i = 0; i < VERIFY_LIMIT.tries; i++) {
      const miss = await open(`${"2".repeat(12)}${String(1000 + i)}`.slice(0, 16), ip);
      expect(miss.status).toBe(404);
    }
    const limited = await open(code, ip);
    expect(limited.status).toBe(429);
    expect(limited.data.check).toEqual({ status: "too-many", retryAfterSeconds: expect.any(Number) });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(600);
    expect(limited.headers.get("Cache-Control")).toBe("no-store");
    expect(JSON.stringify(limited.data)).not.toContain("2026-00042");
    // Another address is not held back, and the window ends.
    expect((await open(code)).status).toBe(200);
    const later = new Date(Date.now() + VERIFY_LIMIT.windowMs + 1000);
    expect((await checkInvoice(t.db, code, ip, later)).status).toBe("found");
  });

  it("does not count a found invoice against the limit (a buyer may look at theirs often)", async () => {
    const ip = newIp();
    for (let i = 0; i < VERIFY_LIMIT.tries + 5; i++) expect((await open(code, ip)).status).toBe(200);
  });

  it("shows 'not found' rather than half an invoice when a stored document cannot be read", async () => {
    const broken = newVerificationCode();
    await t.db
      .insertInto("invoices")
      .values({
        number: "2026-00099",
        quote_id: null,
        offer_id: null,
        customer_id: null,
        code: broken,
        issued_at: "2026-11-24T01:00:00.000Z",
        due_date: "2026-12-01",
        total: 100,
        document: '{"number":"2026-00099"}',
        voided_at: null,
        void_reason: null,
      })
      .execute();
    expect((await open(broken)).status).toBe(404);
  });
});

describe("the check's form (/verify?code=)", () => {
  const form = async (query: string) => {
    const request = new Request(`https://shop.example/verify${query}`);
    try {
      return (await formLoader({ request, context: context(newIp()), params: {} } as never)) as unknown;
    } catch (thrown) {
      return thrown;
    }
  };

  it("leads a code that can be one to its page, written as printed", async () => {
    const answer = (await form(
      `?code=${encodeURIComponent(code.toLowerCase().match(/.{4}/g)!.join(" "))}`,
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/verify/${formatVerificationCode(code)}`);
  });

  it("answers one that cannot be a code at once, 404, with what was typed kept to correct", async () => {
    const answer = (await form("?code=7KQ2-M9XD")) as { init: { status: number }; data: unknown };
    expect(answer.init.status).toBe(404);
    expect(answer.data).toEqual({ typed: "7KQ2-M9XD", invalid: true });
    const empty = (await form("")) as { init?: { status?: number }; data: unknown };
    expect(empty.init?.status ?? 200).toBe(200);
    expect(empty.data).toEqual({ typed: "", invalid: false });
  });
});

describe("a buyer's name partly hidden", () => {
  it("keeps the first two letters of each word", () => {
    expect(partlyHiddenName("Amal Perera")).toBe("Am** Pe****");
    expect(partlyHiddenName("  Nguyễn  Văn An ")).toBe("Ng**** V** A*");
    expect(partlyHiddenName("Li")).toBe("L*");
    expect(partlyHiddenName("Li Na")).toBe("L* N*");
    expect(partlyHiddenName("王伟")).toBe("王*");
    expect(partlyHiddenName("张小明")).toBe("张**");
    expect(partlyHiddenName("ශාන්ත")).toBe("ශා***");
  });
});
