import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { multipartOf, storedFields } from "../../../tests/support/stock-files";
import type { DB } from "~/db/db.server";
import { createRng, partFactory, vehicleFactory } from "~/db/seed/factories";
import { type ImageRef, mediaPath } from "~/domain/media/image-url";
import { localDriver, MediaStore } from "~/domain/media/media-store.server";
import type { UploadedFile } from "~/domain/media/multipart.server";
import type { StockPath } from "~/domain/inventory/stock-kinds";
import { createPart, createVehicle } from "~/domain/inventory/inventory.server";
import { editStock, stockImages, TOO_MANY_IMAGES } from "./stock-edit.server";

/*
 * The edit screen's photo limit (12 per item) when two staff save the same
 * item at the same moment: the count is taken inside the saving transaction,
 * after the item is locked, so the second save sees the first one's photos.
 */

let t: TestDb;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "stock-edit-"));
const staff = { id: 1, adminId: "owner" };
const rng = createRng(31);
let photo: Buffer;

/**
 * A media store that records what it stored, and holds every edit's first
 * photo until two edits are storing: by then both have read the item's photos,
 * so the race the limit must survive happens on every run, not only by luck.
 */
class RaceMedia extends MediaStore {
  stored: ImageRef[] = [];
  private started = 0;
  private open!: () => void;
  private readonly bothStoring = new Promise<void>((resolve) => (this.open = resolve));
  constructor() {
    super(localDriver(root));
  }
  override async put(data: Buffer): Promise<ImageRef> {
    if (++this.started === 2) this.open();
    await this.bothStoring;
    const image = await super.put(data);
    this.stored.push(image);
    return image;
  }
}

const onDisk = (image: ImageRef) => fs.existsSync(path.join(root, mediaPath(image.key, image.variants[0]!)));

beforeAll(async () => {
  t = await createTestDb();
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#246" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

/** An item with `count` photos, stored through the real media store. */
async function itemWithPhotos(kind: StockPath, count: number) {
  const media = new MediaStore(localDriver(root));
  const images: ImageRef[] = [];
  for (let i = 0; i < count; i++) images.push(await media.put(photo));
  const actor = { kind: "system" as const, id: null };
  const { id } =
    kind === "vehicles"
      ? await createVehicle(t.db, vehicleFactory(rng, 0), images, actor)
      : await createPart(t.db, partFactory(rng, 0), images, actor);
  return id;
}

/** The edit screen's form as the browser sends it: the item's fields, the photos kept, new files. */
async function editForm(db: DB, kind: StockPath, id: number, name: string, keep: number[], newPhotos: number) {
  const files: UploadedFile[] = Array.from({ length: newPhotos }, (_, i) => ({
    field: "images",
    filename: `new-${i}.png`,
    data: photo,
  }));
  return multipartOf({ ...(await storedFields(db, kind, id)), name, keep: keep.map(String) }, files);
}

const itemName = async (kind: StockPath, id: number) =>
  (
    await t.db
      .selectFrom(kind as "vehicles")
      .select("name")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).name;

/** The stored positions of an item's photos, as the table holds them (duplicates included). */
const positionsOf = async (kind: StockPath, id: number) =>
  (
    await t.db
      .selectFrom(kind === "vehicles" ? "vehicle_images" : ("part_images" as "vehicle_images"))
      .select("position")
      .where(kind === "vehicles" ? "vehicle_id" : ("part_id" as "vehicle_id"), "=", id)
      .orderBy("position")
      .execute()
  ).map((p) => p.position);

describe.each(["vehicles", "parts"] as const)("photo limit on the edit screen (%s)", (kind) => {
  it("two saves at once, each keeping 4 photos and adding 8: one is refused, 12 photos in order", async () => {
    const id = await itemWithPhotos(kind, 4);
    const kept = (await stockImages(t.db, kind, id)).map((i) => i.id);
    expect(kept).toHaveLength(4);
    // On PostgreSQL the second save comes through a pool of its own, as from a
    // second app instance. SQLite is one connection per shop process (several
    // instances need PostgreSQL), so there both saves share it.
    const other = t.dialect === "postgres" ? t.open() : t.db;
    const media = new RaceMedia();
    try {
      const [a, b] = [
        await editForm(t.db, kind, id, "Saved by A", kept, 8),
        await editForm(t.db, kind, id, "Saved by B", kept, 8),
      ];
      const outcomes = await Promise.all([
        editStock(t.db, media, kind, id, a, staff),
        editStock(other, media, kind, id, b, staff),
      ]);
      const images = await stockImages(t.db, kind, id);
      expect(images).toHaveLength(12);
      expect(await positionsOf(kind, id)).toEqual([...Array(12).keys()]);
      expect(images.slice(0, 4).map((i) => i.id)).toEqual(kept);
      const refusal = { ok: false, refusal: "invalid", message: TOO_MANY_IMAGES, errors: { images: TOO_MANY_IMAGES } };
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(outcomes.filter((o) => !o.ok)).toEqual([refusal]);
      const winner = outcomes[0]!.ok ? "Saved by A" : "Saved by B";
      // The refused save wrote nothing: the fields are the other's.
      expect(await itemName(kind, id)).toBe(winner);

      // 16 photos were stored; the 8 of the refused save are gone from the store again.
      expect(media.stored).toHaveLength(16);
      const shown = new Set(images.map((i) => i.key));
      for (const image of media.stored) expect(onDisk(image), image.key).toBe(shown.has(image.key));
      expect(media.stored.filter((i) => shown.has(i.key))).toHaveLength(8);
    } finally {
      if (other !== t.db) await other.destroy();
    }
  });

  it("two saves at once that fit together both keep their photos, in positions 0..n-1", async () => {
    const id = await itemWithPhotos(kind, 4);
    const before = await stockImages(t.db, kind, id);
    const kept = before.map((i) => i.id);
    const other = t.dialect === "postgres" ? t.open() : t.db;
    const media = new RaceMedia();
    try {
      const [a, b] = [await editForm(t.db, kind, id, "A", kept, 2), await editForm(t.db, kind, id, "B", kept, 2)];
      const outcomes = await Promise.all([
        editStock(t.db, media, kind, id, a, staff),
        editStock(other, media, kind, id, b, staff),
      ]);
      expect(outcomes).toEqual([{ ok: true }, { ok: true }]);
      const images = await stockImages(t.db, kind, id);
      // The later save did not drop the photos the earlier one added: it never saw them.
      expect(images.map((i) => i.key).sort()).toEqual(
        [...before.map((i) => i.key), ...media.stored.map((i) => i.key)].sort(),
      );
      expect(images.slice(0, 4).map((i) => i.id)).toEqual(kept);
      expect(await positionsOf(kind, id)).toEqual([...Array(8).keys()]);
      for (const image of media.stored) expect(onDisk(image)).toBe(true);
    } finally {
      if (other !== t.db) await other.destroy();
    }
  });

  it("a save that removes photos may add as many back: keep 4 of 12, add 8", async () => {
    const id = await itemWithPhotos(kind, 12);
    const before = await stockImages(t.db, kind, id);
    const keep = [before[9]!.id, before[2]!.id, before[5]!.id, before[0]!.id];
    const media = new MediaStore(localDriver(root));
    expect(await editStock(t.db, media, kind, id, await editForm(t.db, kind, id, "Fewer", keep, 8), staff)).toEqual({
      ok: true,
    });
    const after = await stockImages(t.db, kind, id);
    expect(after).toHaveLength(12);
    expect(after.slice(0, 4).map((i) => i.id)).toEqual(keep);
    const removed = before.filter((b) => !keep.includes(b.id));
    for (const image of removed) expect(onDisk(image)).toBe(false);
  });

  it("refuses 13 photos and keeps none of the new ones", async () => {
    const id = await itemWithPhotos(kind, 5);
    const kept = (await stockImages(t.db, kind, id)).map((i) => i.id);
    const files = fs.readdirSync(root, { recursive: true }).length;
    const media = new MediaStore(localDriver(root));
    expect(
      await editStock(t.db, media, kind, id, await editForm(t.db, kind, id, "Too many", kept, 8), staff),
    ).toMatchObject({ ok: false, refusal: "invalid", message: TOO_MANY_IMAGES });
    expect((await stockImages(t.db, kind, id)).map((i) => i.id)).toEqual(kept);
    expect(await itemName(kind, id)).not.toBe("Too many");
    expect(fs.readdirSync(root, { recursive: true }).length).toBe(files);
  });
});
