import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createRng, vehicleFactory } from "~/db/seed/factories";
import { seedStock } from "~/db/seed/seed.server";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { mediaPath } from "~/domain/media/image-url";
import { createVehicle, latestParts, latestVehicles } from "./inventory.server";

let t: TestDb;
const mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), "inventory-media-"));
const media = new MediaStore(localDriver(mediaRoot));
let seeded: Awaited<ReturnType<typeof seedStock>>;

beforeAll(async () => {
  t = await createTestDb();
  seeded = await seedStock(t.db, media, { vehicles: 9, parts: 8, photos: [1, 2], seed: 7 });
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(mediaRoot, { recursive: true, force: true });
});

describe("latest stock for the home page", () => {
  it("gives the 6 newest vehicles, what can be bought first, each with its cover image on disk", async () => {
    const latest = await latestVehicles(t.db);
    const status = new Map(
      (await t.db.selectFrom("vehicles").select(["id", "stock_status"]).execute()).map((r) => [r.id, r.stock_status]),
    );
    const rank = { available: 0, reserved: 1, sold: 2 } as const;
    const expected = [...seeded.vehicles]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .sort((a, b) => rank[status.get(a.id)!] - rank[status.get(b.id)!])
      .slice(0, 6);
    expect(latest.map((v) => v.id)).toEqual(expected.map((v) => v.id));
    // The seed has sold stock among the newest: it is not what the home page leads with.
    expect(latest[0]!.stockStatus).toBe("available");
    for (const card of latest) {
      expect(card.image).not.toBeNull();
      expect(fs.existsSync(path.join(mediaRoot, mediaPath(card.image!.key, card.image!.variants[0]!)))).toBe(true);
      expect(Number.isInteger(card.price)).toBe(true);
    }
  });

  it("gives the 6 newest parts, sold ones only after what can be bought", async () => {
    const latest = await latestParts(t.db);
    const status = new Map(
      (await t.db.selectFrom("parts").select(["id", "stock_status"]).execute()).map((r) => [r.id, r.stock_status]),
    );
    const byDate = [...seeded.parts].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    // The seed puts sold parts among the newest six: they give way to older ones still for sale.
    expect(byDate.slice(0, 6).some((p) => status.get(p.id) === "sold")).toBe(true);
    const rank = { available: 0, reserved: 1, sold: 2 } as const;
    const expected = byDate.sort((a, b) => rank[status.get(a.id)!] - rank[status.get(b.id)!]).slice(0, 6);
    expect(latest.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(latest.map((p) => status.get(p.id))).not.toContain("sold");
  });

  it("shows a vehicle without photos with no image, and a new listing first", async () => {
    const input = vehicleFactory(createRng(3), 1, { name: "", refId: "" });
    const created = await createVehicle(
      t.db,
      input,
      [],
      { kind: "system", id: null },
      new Date(Date.now() + 1000).toISOString(),
    );
    const [first] = await latestVehicles(t.db, 1);
    expect(first).toMatchObject({ id: created.id, image: null, name: `${input.year} ${input.make} ${input.model}` });
    expect(created.refId).toMatch(/^V-\d{6}$/);
  });

  it("records each new listing in the activity log", async () => {
    const rows = await t.db
      .selectFrom("activity_log")
      .select("action")
      .where("action", "=", "vehicle.created")
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(9);
  });
});
