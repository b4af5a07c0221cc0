import type { Problem } from "~/i18n/problem";
import { english, englishAll } from "../../../tests/support/english";
import { routeContext } from "../../../tests/support/route-context";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "~/config.server";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { quoteAction } from "./quote-action.server";

let t: TestDb;
let vehicleId: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quote-action-"));
beforeAll(async () => {
  t = await createTestDb();
  vehicleId = (
    await createVehicle(t.db, vehicleFactory(createRng(1), 0, { stockStatus: "available" }), [], {
      kind: "system",
      id: null,
    })
  ).id;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const context = () => routeContext(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }), t.db, "127.0.0.1");

function post(fields: Record<string, string>) {
  return new Request(`http://shop.test/vehicles/${vehicleId}`, { method: "POST", body: new URLSearchParams(fields) });
}

const good = () => ({
  kind: "vehicle",
  itemId: String(vehicleId),
  submissionKey: `k-${Math.random().toString(36).slice(2)}-0000000000`,
  name: "Tran Van An",
  country: "Vietnam",
  email: "an@example.vn",
  phone: "+84 90 123 4567",
  message: "Giá CIF Hải Phòng?",
});

type Answer = {
  data: { ok: boolean; message: Problem; errors: Record<string, Problem>; values: Record<string, unknown> };
  init: { status: number };
};

/** The action's answer to a form it does not save. */
const refusal = async (fields: Record<string, string>) =>
  (await quoteAction(post(fields), context(), "vehicle", vehicleId)) as unknown as Answer;

describe("quote form action", () => {
  it("names each missing field, keeps what was typed, and saves nothing", async () => {
    const answer = await refusal({ ...good(), name: "", email: "not-mail", message: "" });
    expect(answer.init.status).toBe(400);
    // A field error asks for a correction; 'Error sending quote' is kept for real failures (issue 18.4).
    expect(english(answer.data.message)).toBe("Please correct the fields marked below");
    expect(englishAll(answer.data.errors)).toMatchObject({
      name: "Name is required",
      email: "Please enter a valid email address",
      message: "Message is required",
    });
    expect(answer.data.values).toMatchObject({ country: "Vietnam", phone: "+84 90 123 4567", email: "not-mail" });
    expect(await t.db.selectFrom("quotes").select("id").execute()).toHaveLength(0);
  });

  it("says 'Quote request sent successfully!' with the quote number", async () => {
    const answer = (await quoteAction(post(good()), context(), "vehicle", vehicleId)) as {
      ok: boolean;
      message: Problem;
    };
    expect(answer.ok).toBe(true);
    expect(english(answer.message)).toMatch(/^Quote request sent successfully! Your quote number is \d{10}\.$/);
  });

  it("answers a form with its hidden fields tampered with as a failure, not a field to correct", async () => {
    const answer = await refusal({ ...good(), submissionKey: "x" });
    expect(answer.init.status).toBe(400);
    expect(english(answer.data.message)).toBe("Error sending quote. Please try again.");
  });

  it("gives the success panel the quote number and the buyer's address", async () => {
    const answer = (await quoteAction(post(good()), context(), "vehicle", vehicleId)) as {
      ok: boolean;
      sent: { number: string; email: string };
    };
    const saved = await t.db
      .selectFrom("quotes")
      .select(["number", "quantity"])
      .where("number", "=", answer.sent.number)
      .executeTakeFirstOrThrow();
    expect(answer.sent).toEqual({ number: saved.number, email: "an@example.vn" });
    // A vehicle is not quoted by quantity.
    expect(saved.quantity).toBeNull();
  });

  it("stores the country by the list's name and a local phone with the country's code", async () => {
    const fields = { ...good(), country: "Kenia", phone: "0712 345 678" };
    const answer = (await quoteAction(post(fields), context(), "vehicle", vehicleId)) as { sent: { number: string } };
    const saved = await t.db
      .selectFrom("quotes")
      .select(["country", "phone"])
      .where("number", "=", answer.sent.number)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ country: "Kenya", phone: "+254 712 345 678" });
  });

  it("refuses a country not in the list and a phone with no country code beside their fields, keeping the form", async () => {
    const before = (await t.db.selectFrom("quotes").select("id").execute()).length;
    const unknown = await refusal({ ...good(), country: "Keniya Republic", phone: "0712 345 678" });
    expect(unknown.init.status).toBe(400);
    expect(english(unknown.data.message)).toBe("Please correct the fields marked below");
    expect(englishAll(unknown.data.errors)).toEqual({ country: "Choose your country from the list" });
    expect(unknown.data.values).toMatchObject({ country: "Keniya Republic", phone: "0712 345 678" });
    const short = await refusal({ ...good(), phone: "07123" });
    expect(englishAll(short.data.errors)).toEqual({
      phone: "Please enter the whole number with its country code, e.g. +254 712 345 678",
    });
    expect(await t.db.selectFrom("quotes").select("id").execute()).toHaveLength(before);
  });

  it("asks once about a mistyped provider, keeping the form, then saves the address the buyer kept", async () => {
    const before = (await t.db.selectFrom("quotes").select("id").execute()).length;
    const fields = { ...good(), email: "an@gmail.con" };
    const asked = (await refusal(fields)) as Answer & { data: { emailHint: { email: string } } };
    expect(asked.init.status).toBe(400);
    expect(english(asked.data.message)).toBe("Please check your e-mail address below: it may have a typing mistake");
    expect(asked.data.emailHint.email).toBe("an@gmail.com");
    expect(asked.data.values).toMatchObject({ email: "an@gmail.con", message: "Giá CIF Hải Phòng?" });
    expect(await t.db.selectFrom("quotes").select("id").execute()).toHaveLength(before);
    const kept = (await quoteAction(
      post({ ...fields, emailKept: "an@gmail.con" }),
      context(),
      "vehicle",
      vehicleId,
    )) as {
      sent: { email: string };
    };
    expect(kept.sent.email).toBe("an@gmail.con");
  });

  describe("a part's quantity", () => {
    let partId: number;
    beforeAll(async () => {
      partId = (
        await createPart(t.db, partFactory(createRng(2), 0, { stockStatus: "available", quantity: 4 }), [], {
          kind: "system",
          id: null,
        })
      ).id;
    });
    const postPart = (quantity: string | null) =>
      quoteAction(
        new Request(`http://shop.test/parts/${partId}`, {
          method: "POST",
          body: new URLSearchParams({
            ...good(),
            kind: "part",
            itemId: String(partId),
            ...(quantity === null ? {} : { quantity }),
          }),
        }),
        context(),
        "part",
        partId,
      ) as unknown as Promise<Answer & { ok?: boolean; sent?: { number: string } }>;
    const stored = async (number: string) =>
      (await t.db.selectFrom("quotes").select("quantity").where("number", "=", number).executeTakeFirstOrThrow())
        .quantity;

    it("is stored with the quote, and is one when the form gives none", async () => {
      const two = await postPart("2");
      expect(await stored(two.sent!.number)).toBe(2);
      const none = await postPart(null);
      expect(await stored(none.sent!.number)).toBe(1);
      const owner = await t.db
        .selectFrom("mail_outbox")
        .select("text_body")
        .where("subject", "like", `Quote request ${two.sent!.number}%`)
        .executeTakeFirstOrThrow();
      expect(owner.text_body).toContain("quantity: 2");
    });

    it("is refused beside the field when not a whole number from 1 to the stock", async () => {
      const before = (await t.db.selectFrom("quotes").select("id").execute()).length;
      // The part has 4 in stock: every refusal names that bound, as the field's hint does.
      for (const [quantity, max] of [
        ["5", 4],
        ["0", 4],
        ["1.5", 4],
        ["-1", 4],
        ["two", 4],
        ["1000", 4],
      ] as const) {
        const answer = await postPart(quantity);
        expect(answer.init.status, quantity).toBe(400);
        expect(english(answer.data.message)).toBe("Please correct the fields marked below");
        expect(english(answer.data.errors.quantity)).toBe(`Quantity must be a whole number from 1 to ${max}`);
        expect(answer.data.values.quantity).toBe(quantity);
      }
      expect(await t.db.selectFrom("quotes").select("id").execute()).toHaveLength(before);
    });
  });

  it("when saving fails, says 'Error sending quote. Please try again.' and keeps the input", async () => {
    await t.cleanup(); // the database is gone
    const answer = await refusal(good());
    expect(answer.init.status).toBe(500);
    expect(english(answer.data.message)).toBe("Error sending quote. Please try again.");
    expect(answer.data.values).toMatchObject({ name: "Tran Van An", message: "Giá CIF Hải Phòng?" });
  });
});
