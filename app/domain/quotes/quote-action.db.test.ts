import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "~/config.server";
import { requestInfoContext, servicesContext } from "~/context.server";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { createVehicle } from "~/domain/inventory/inventory.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
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

function context() {
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" });
  const ctx = new RouterContextProvider();
  ctx.set(servicesContext, { config, db: t.db, media: new MediaStore(localDriver(config.mediaDir)) });
  ctx.set(requestInfoContext, { ip: "127.0.0.1" });
  return ctx;
}

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
  data: { ok: boolean; message: string; errors: Record<string, string>; values: Record<string, unknown> };
  init: { status: number };
};

describe("quote form action", () => {
  it("names each missing field, keeps what was typed, and saves nothing", async () => {
    const answer = (await quoteAction(
      post({ ...good(), name: "", email: "not-mail", message: "" }),
      context(),
      "vehicle",
      vehicleId,
    )) as unknown as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data.message).toBe("Error sending quote. Please try again.");
    expect(answer.data.errors).toMatchObject({
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
      message: string;
    };
    expect(answer.ok).toBe(true);
    expect(answer.message).toMatch(/^Quote request sent successfully! Your quote number is \d{10}\.$/);
  });

  it("when saving fails, says 'Error sending quote. Please try again.' and keeps the input", async () => {
    await t.cleanup(); // the database is gone
    const answer = (await quoteAction(post(good()), context(), "vehicle", vehicleId)) as unknown as Answer;
    expect(answer.init.status).toBe(500);
    expect(answer.data.message).toBe("Error sending quote. Please try again.");
    expect(answer.data.values).toMatchObject({ name: "Tran Van An", message: "Giá CIF Hải Phòng?" });
  });
});
