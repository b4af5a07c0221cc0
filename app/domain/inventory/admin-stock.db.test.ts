import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { mediaPath } from "~/domain/media/image-url";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import { adminListStock, deleteStock, readAdminQuery } from "./admin-stock.server";
import { createPart, createVehicle } from "./inventory.server";
import type { StockPath } from "~/domain/inventory/stock-kinds";

let t: TestDb;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "admin-stock-"));
const media = new MediaStore(localDriver(root));
const staff = { id: 1, adminId: "owner" };
const vehicles: { id: number; refId: string; name: string; price: number; make: string }[] = [];

beforeAll(async () => {
  t = await createTestDb();
  const rng = createRng(21);
  for (let i = 0; i < 30; i++) {
    const input = vehicleFactory(rng, i, {
      price: 40_000 + i * 5_000,
      name: i === 7 ? "Special 100% Clean_Car" : undefined,
    });
    const created = await createVehicle(
      t.db,
      input,
      [],
      { kind: "system", id: null },
      new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
    );
    vehicles.push({ ...created, name: input.name ?? "", price: input.price, make: input.make });
  }
  for (let i = 0; i < 12; i++)
    await createPart(t.db, partFactory(rng, i, { quantity: i }), [], { kind: "system", id: null });
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

const list = (qs: string, kind: StockPath = "vehicles") =>
  adminListStock(t.db, kind, readAdminQuery(new URLSearchParams(qs)));

describe("owner's stock table", () => {
  it("searches name, make, model, ref id and id without regard to case; % and _ are letters", async () => {
    expect((await list("q=special 100%")).items.map((i) => i.id)).toEqual([vehicles[7]!.id]);
    expect((await list("q=clean_car")).items.map((i) => i.id)).toEqual([vehicles[7]!.id]);
    expect((await list(`q=${vehicles[3]!.refId.toLowerCase()}`)).items.map((i) => i.id)).toEqual([vehicles[3]!.id]);
    expect((await list(`q=${vehicles[5]!.id}`)).items.map((i) => i.id)).toContain(vehicles[5]!.id);
    const toyota = await list("q=TOYOTA&perPage=100");
    expect(toyota.total).toBe(vehicles.filter((v) => v.make === "Toyota").length);
  });

  it("finds a phrase within one column, never across two, and a part by its number or category", async () => {
    const seventh = vehicles[7]!;
    expect((await list(`q=clean_car ${seventh.make.toLowerCase()}`)).items).toEqual([]);
    // The character that joins the columns, typed into the address, is a space like any control character.
    expect(readAdminQuery(new URLSearchParams(`q=clean_car%1F${seventh.make}%0A`)).q).toBe(`clean_car ${seventh.make}`);
    expect((await list(`q=Clean_Car`)).items.map((i) => i.id)).toEqual([seventh.id]);
    const parts = (await list("perPage=100", "parts")).items;
    const numbered = parts.find((p) => p.partNumber)!;
    expect((await list(`q=${numbered.partNumber!.toLowerCase()}`, "parts")).items.map((i) => i.id)).toContain(
      numbered.id,
    );
    const category = parts.find((p) => p.category)!.category!;
    const inCategory = await list(`q=${category.toUpperCase()}&perPage=100`, "parts");
    expect(inCategory.total).toBe(
      parts.filter((p) => p.category?.toLowerCase().includes(category.toLowerCase())).length,
    );
  });

  it("counts the whole stock when nothing is filtered", async () => {
    expect((await list("")).total).toBe(vehicles.length);
    expect((await list("", "parts")).total).toBe(12);
  });

  it("filters by yen price band and a free min/max, sorts, and pages", async () => {
    const under = await list("band=lt50000&perPage=100");
    expect(under.items.every((i) => i.price < 50_000)).toBe(true);
    expect(under.total).toBe(vehicles.filter((v) => v.price < 50_000).length);
    const band = await list("band=50000-100000&perPage=100");
    expect(band.total).toBe(vehicles.filter((v) => v.price >= 50_000 && v.price <= 100_000).length);
    const ranged = await list("min=100,000&max=150000&sort=price_desc&perPage=100");
    expect(ranged.items.map((i) => i.price)).toEqual(
      vehicles
        .filter((v) => v.price >= 100_000 && v.price <= 150_000)
        .map((v) => v.price)
        .sort((a, b) => b - a),
    );
    const second = await list("perPage=20&page=2&sort=oldest");
    expect(second.items.map((i) => i.id)).toEqual(vehicles.slice(20, 30).map((v) => v.id));
    expect(await list("perPage=7&page=-1")).toMatchObject({ page: 1 });
    expect((await list("page=99")).page).toBe(2);
  });

  it("shows part quantities for the low-stock flag", async () => {
    const parts = await list("perPage=100", "parts");
    expect(parts.items.filter((p) => (p.quantity ?? 99) < 10)).toHaveLength(10);
  });
});

describe("bulk delete", () => {
  it("removes the rows, their photos and logs each; ids that do not exist are reported", async () => {
    const photo = await media.put(
      await sharp({ create: { width: 800, height: 600, channels: 3, background: "#123" } })
        .png()
        .toBuffer(),
    );
    const withPhoto = await createVehicle(t.db, vehicleFactory(createRng(2), 3), [photo], { kind: "system", id: null });
    const other = vehicles[0]!;
    const outcome = await deleteStock(t.db, media, "vehicles", [withPhoto.id, other.id, 999_999], staff);
    expect(outcome).toEqual({ deleted: 2, missing: 1 });
    const left = await t.db.selectFrom("vehicles").select("id").where("id", "in", [withPhoto.id, other.id]).execute();
    expect(left).toEqual([]);
    expect(
      await t.db.selectFrom("vehicle_images").select("id").where("vehicle_id", "=", withPhoto.id).execute(),
    ).toEqual([]);
    for (const w of photo.variants) expect(fs.existsSync(path.join(root, mediaPath(photo.key, w)))).toBe(false);
    const log = await t.db
      .selectFrom("activity_log")
      .select(["action", "actor_id"])
      .where("action", "=", "vehicle.deleted")
      .execute();
    expect(log).toHaveLength(2);
    expect(log.every((l) => l.actor_id === "owner")).toBe(true);
  });

  it("keeps a photo another item still shows", async () => {
    const photo = await media.put(
      await sharp({ create: { width: 600, height: 400, channels: 3, background: "#321" } })
        .png()
        .toBuffer(),
    );
    const a = await createVehicle(t.db, vehicleFactory(createRng(3), 4), [photo], { kind: "system", id: null });
    await createVehicle(t.db, vehicleFactory(createRng(4), 5), [photo], { kind: "system", id: null });
    await deleteStock(t.db, media, "vehicles", [a.id], staff);
    expect(fs.existsSync(path.join(root, mediaPath(photo.key, photo.variants[0]!)))).toBe(true);
  });
});
