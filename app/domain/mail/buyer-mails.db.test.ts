import type { Problem } from "~/i18n/problem";
import { english } from "../../../tests/support/english";
import { routeContext } from "../../../tests/support/route-context";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "~/config.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createCustomer } from "~/domain/accounts/customers.server";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { quoteAction } from "~/routes/store/quote-action.server";
import { action as resetAction } from "~/routes/account/reset-password";
import japanese from "~/i18n/locales/ja/mail.json";
import sinhala from "~/i18n/locales/si/mail.json";
import { claimLinkPath } from "~/domain/quotes/quote-claims.server";
import { passwordResetMail, quoteConfirmationMail } from "./buyer-mails.server";

/* Mails to buyers are written in the language of the request that queued them; the owner's stay English. */

let t: TestDb;
let vehicle: { id: number; refId: string };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "buyer-mails-"));
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" });

beforeAll(async () => {
  t = await createTestDb();
  vehicle = await createVehicle(
    t.db,
    vehicleFactory(createRng(3), 0, { stockStatus: "available", name: "2015 Nissan Note e-Power" }),
    [],
    { kind: "system", id: null },
  );
  await createCustomer(t.db, {
    email: "yuki@example.jp",
    password: "a long enough password",
    fullName: "Yuki Tanaka",
    country: "Japan",
    phone: "+81 90 1234 5678",
  });
  await createCustomer(t.db, {
    email: "nimal@example.lk",
    password: "a long enough password",
    fullName: "Nimal Perera",
    country: "Sri Lanka",
    phone: "+94 77 123 4567",
  });
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const context = () => routeContext(config, t.db, "198.51.100.4");

function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://shop.test${url}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

let keys = 0;
const quoteFields = (email: string) => ({
  kind: "vehicle",
  itemId: String(vehicle.id),
  submissionKey: `mail-test-${String(++keys).padStart(12, "0")}`,
  name: "Yuki <Tanaka> & Co",
  country: "Japan",
  email,
  phone: "+81 90 1234 5678",
  message: "FOB price please",
});

async function mailsTo(address: string) {
  return t.db
    .selectFrom("mail_outbox")
    .select(["subject", "text_body", "html_body"])
    .where("to_address", "=", address)
    .orderBy("id")
    .execute();
}

describe("mails to buyers", () => {
  it("a quote asked for in Japanese gets its confirmation in Japanese; the owner's mail stays English", async () => {
    const answer = (await quoteAction(
      post(`/vehicles/${vehicle.id}`, quoteFields("yuki@example.jp"), { Cookie: "lang=ja" }),
      context(),
      "vehicle",
      vehicle.id,
    )) as { ok: boolean; message: Problem };
    expect(answer.ok).toBe(true);
    const number = /\d{10}/.exec(english(answer.message))![0];
    const [buyer] = await mailsTo("yuki@example.jp");
    expect(buyer!.subject).toBe(`お見積もり依頼 ${number}（2015 Nissan Note e-Power）を承りました`);
    expect(buyer!.text_body).toContain("Yuki <Tanaka> & Co 様");
    expect(buyer!.text_body).toContain(`お見積もり番号は ${number} です。`);
    expect(buyer!.text_body).toContain(new URL(`/vehicles/${vehicle.id}`, config.publicUrl).href);
    // HTML bodies escape what they put in.
    expect(buyer!.html_body).toContain('<html lang="ja">');
    expect(buyer!.html_body).toContain("Yuki &lt;Tanaka&gt; &amp; Co 様");
    expect(buyer!.html_body).not.toContain("<Tanaka>");
    const [owner] = (await mailsTo(config.ownerEmail)).filter((m) => m.subject.includes(number));
    expect(owner!.subject).toBe(`Quote request ${number}: 2015 Nissan Note e-Power (${vehicle.refId})`);
    expect(owner!.text_body).toContain("A new quote request for 2015 Nissan Note e-Power");
  });

  it("an English quote mail reads exactly as before", async () => {
    const answer = (await quoteAction(
      post(`/vehicles/${vehicle.id}`, { ...quoteFields("en@example.com"), name: "Sam Reed" }),
      context(),
      "vehicle",
      vehicle.id,
    )) as { ok: boolean; message: Problem };
    const number = /\d{10}/.exec(english(answer.message))![0];
    const [buyer] = await mailsTo("en@example.com");
    const link = new URL(`/vehicles/${vehicle.id}`, config.publicUrl).href;
    expect(buyer!.subject).toBe(`Your quote request ${number} for 2015 Nissan Note e-Power`);
    expect(buyer!.text_body).toBe(
      `Hello Sam Reed,\n\nThank you for your quote request for 2015 Nissan Note e-Power (Ref ${vehicle.refId}).\n` +
        `Your quote number is ${number}. We will answer with the full price to Japan, usually within one working day.\n\n` +
        `${link}\n\n` +
        // Sent without an account: the link that adds it to the account of this address.
        `Have an account at ${config.shop.name} with this e-mail address? Open this link while signed in and this request is added to your account, with its offer and any order:\n\n` +
        `${new URL(claimLinkPath(config.sessionSecret, number, "en@example.com"), config.publicUrl).href}\n\n` +
        `Kind regards,\n${config.shop.name}\n`,
    );
    expect(buyer!.html_body).toContain('<html lang="en">');
  });

  it("a password reset asked for in Japanese (Accept-Language) is mailed in Japanese", async () => {
    await resetAction({
      request: post(
        "/reset-password",
        { intent: "request", email: "yuki@example.jp" },
        { "Accept-Language": "ja-JP,ja;q=0.9" },
      ),
      context: context(),
      params: {},
    } as never);
    const mails = await mailsTo("yuki@example.jp");
    const reset = mails[mails.length - 1]!;
    expect(reset.subject).toBe(japanese.passwordReset.subject.replace("{{shop}}", config.shop.name));
    expect(reset.text_body).toMatch(/^Yuki Tanaka 様\n\n/);
    expect(reset.text_body).toMatch(/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(reset.html_body).toMatch(/<a href="[^"]+reset-password\?token=[A-Za-z0-9_-]+">/);
  });

  it("a buyer who chose Sinhala (language link) gets the mail in Sinhala, never as keys", async () => {
    await resetAction({
      request: post("/reset-password?lng=si", { intent: "request", email: "nimal@example.lk" }),
      context: context(),
      params: {},
    } as never);
    const [reset] = await mailsTo("nimal@example.lk");
    expect(reset!.subject).toBe(sinhala.passwordReset.subject.replace("{{shop}}", config.shop.name));
    expect(reset!.text_body.startsWith(sinhala.shared.greeting.replace("{{name}}", "Nimal Perera"))).toBe(true);
    expect(reset!.text_body).toContain(sinhala.passwordReset.notYou);
    expect(reset!.text_body).not.toMatch(/passwordReset\.|shared\./);
  });

  it("are written from the catalogue, and HTML bodies escape what they put in", () => {
    const ja = passwordResetMail("ja", { name: "A", shopName: "S", link: "https://s.example/r?token=x" });
    const en = passwordResetMail("en", { name: "A", shopName: "S", link: "https://s.example/r?token=x" });
    expect(ja.subject).not.toBe(en.subject);
    const quote = quoteConfirmationMail("en", {
      name: 'O"Brien',
      item: "Hilux <4x4>",
      ref: "V1",
      number: "1234567890",
      country: "Kenya",
      link: "https://s.example/vehicles/1?a=1&b=2",
      shopName: "S & Co",
    });
    expect(quote.html).toContain('href="https://s.example/vehicles/1?a=1&amp;b=2"');
    expect(quote.html).toContain("Hilux &lt;4x4&gt;");
    expect(quote.html).toContain("O&quot;Brien");
    expect(quote.html).toContain("S &amp; Co");
    expect(quote.text).toContain("Hilux <4x4>");
  });
});
