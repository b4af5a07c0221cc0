import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { sql } from "kysely";
import { dialectOf } from "~/db/db.server";
import { asVisitor, DEAL, dealWorldForFile, STAFF } from "../../../tests/support/deal-world";
import { localDriver } from "~/domain/media/media-store.server";
import { DocumentStore } from "~/domain/media/document-store.server";
import { orderFor, photoFor } from "./order-view.server";
import { cancelOrder } from "./orders.server";
import { addPreShipmentPhotos, removePreShipmentPhoto, saveVideoLink } from "./pre-shipment.server";
import { PHOTOS_AT_ONCE, PHOTOS_PER_ORDER } from "./pre-shipment";

/*
 * The vehicle before loading on an order (issue 45.3), on SQLite and
 * PostgreSQL: the owner's photos kept whole or not at all, within their
 * limits, seen by the order's buyer only; the video link read strictly; the
 * buyer told once per change.
 */

const w = dealWorldForFile();
let docsDir: string;
let store: DocumentStore;
beforeAll(async () => {
  docsDir = await mkdtemp(path.join(tmpdir(), "order-photos-"));
  store = new DocumentStore(localDriver(docsDir));
});
afterAll(() => rm(docsDir, { recursive: true, force: true }));

/** A small photo of its own colour (each shade is a different file); `turned` is stored on its side, as phones do. */
async function photo(shade: number, turned = false) {
  const image = sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: shade % 256, g: (shade * 7) % 256, b: 90 } },
  });
  const data = await (turned ? image.jpeg().withMetadata({ orientation: 6 }) : image.jpeg()).toBuffer();
  return { data, filename: `port-${shade}.jpg` };
}

const files = async () =>
  (await readdir(docsDir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile()).length;

const photoRows = (number: string) =>
  w.db
    .selectFrom("order_photos")
    .innerJoin("orders", "orders.id", "order_photos.order_id")
    .select(["order_photos.id", "order_photos.width", "order_photos.height", "order_photos.removed_at"])
    .where("orders.number", "=", number)
    .orderBy("order_photos.id")
    .execute();

const steps = async (number: string, kind: string) =>
  (await orderFor(w.db, number, { staff: true }))!.steps.filter((s) => s.kind === kind);

describe("photos before loading", () => {
  it("keeps an upload whole: one photo that is not a picture keeps none; a good upload is one step and one mail", async () => {
    const { number } = await w.accepted();
    const before = await files();
    const pdf = { data: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"), filename: "papers.pdf" };
    const refused = await addPreShipmentPhotos(w.db, store, DEAL, number, [await photo(1), pdf], STAFF);
    expect(refused).toMatchObject({
      ok: false,
      refusal: "invalid",
      message: { key: "messages.order.photoNotPicture", values: { name: "papers.pdf" } },
    });
    const html = { data: Buffer.from("<html><script>alert(1)</script></html>"), filename: "x.jpg" };
    expect(await addPreShipmentPhotos(w.db, store, DEAL, number, [await photo(2), html], STAFF)).toMatchObject({
      ok: false,
      message: { key: "messages.order.photoRefused", values: { name: "x.jpg" } },
    });
    expect(await photoRows(number)).toEqual([]);
    expect(await files()).toBe(before);
    expect(await w.buyerMails(number)).toHaveLength(0);

    const upload = [await photo(3), await photo(4, true), await photo(5), await photo(3)];
    expect(await addPreShipmentPhotos(w.db, store, DEAL, number, upload, STAFF)).toMatchObject({
      ok: true,
      message: { key: "messages.order.photosAdded" },
    });
    const rows = await photoRows(number);
    // The same photo twice in one upload is kept once; the one stored on its side is measured upright.
    expect(rows.map((r) => [r.width, r.height])).toEqual([
      [64, 48],
      [48, 64],
      [64, 48],
    ]);
    expect(await files()).toBe(before + 3);
    expect((await steps(number, "photos")).map((s) => s.data.count)).toEqual([3]);
    const mails = await w.buyerMails(number);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/before loading/);

    // Sent again: nothing new is kept, no step, no file.
    expect(await addPreShipmentPhotos(w.db, store, DEAL, number, [await photo(5)], STAFF)).toMatchObject({
      ok: true,
      message: { key: "messages.order.photosSame" },
    });
    expect(await files()).toBe(before + 3);
    expect(await steps(number, "photos")).toHaveLength(1);
  });

  it("holds to the limits per upload and per order, and refuses an empty upload", async () => {
    const { number } = await w.accepted();
    expect(await addPreShipmentPhotos(w.db, store, DEAL, number, [], STAFF)).toMatchObject({
      ok: false,
      message: { key: "messages.order.photosRequired" },
    });
    const many = await Promise.all(Array.from({ length: PHOTOS_AT_ONCE + 1 }, (_, i) => photo(100 + i)));
    expect(await addPreShipmentPhotos(w.db, store, DEAL, number, many, STAFF)).toMatchObject({
      ok: false,
      message: { key: "messages.order.photosAtOnce", values: { max: PHOTOS_AT_ONCE } },
    });
    for (let start = 0; start < PHOTOS_PER_ORDER; start += PHOTOS_AT_ONCE) {
      const batch = await Promise.all(Array.from({ length: PHOTOS_AT_ONCE }, (_, i) => photo(200 + start + i)));
      expect((await addPreShipmentPhotos(w.db, store, DEAL, number, batch, STAFF)).ok).toBe(true);
    }
    const before = await files();
    expect(await addPreShipmentPhotos(w.db, store, DEAL, number, [await photo(250)], STAFF)).toMatchObject({
      ok: false,
      refusal: "conflict",
      message: { key: "messages.order.photosFull", values: { max: PHOTOS_PER_ORDER } },
    });
    expect(await files()).toBe(before);
    expect(await photoRows(number)).toHaveLength(PHOTOS_PER_ORDER);
  });

  it("shows a photo to the order's buyer and the staff only; a removed one is gone with its bytes", async () => {
    const { number } = await w.accepted();
    const other = await w.accepted({ buyer: 1 });
    await addPreShipmentPhotos(w.db, store, DEAL, number, [await photo(7)], STAFF);
    const [kept] = (await orderFor(w.db, number, asVisitor({ customerId: w.buyerIds[0]! })))!.preShipment.photos;
    expect(kept!.path).toBe(`/orders/${number}/photos/${kept!.id}`);
    expect(await photoFor(w.db, number, kept!.id, asVisitor({ customerId: w.buyerIds[0]! }))).not.toBeNull();
    expect(await photoFor(w.db, number, kept!.id, { staff: true })).not.toBeNull();
    expect(await photoFor(w.db, number, kept!.id, asVisitor({ customerId: w.buyerIds[1]! }))).toBeNull();
    // Through another order's number, even the other order's own buyer gets nothing.
    expect(await photoFor(w.db, other.number, kept!.id, asVisitor({ customerId: w.buyerIds[1]! }))).toBeNull();
    expect(await photoFor(w.db, number, kept!.id, null)).toBeNull();
    const key = (
      await w.db.selectFrom("order_photos").select("file_key").where("id", "=", kept!.id).executeTakeFirstOrThrow()
    ).file_key;
    expect((await removePreShipmentPhoto(w.db, store, number, kept!.id, STAFF)).ok).toBe(true);
    expect(await store.read(key)).toBeNull();
    expect(await photoFor(w.db, number, kept!.id, { staff: true })).toBeNull();
    expect((await orderFor(w.db, number, { staff: true }))!.preShipment.photos).toEqual([]);
    expect(await removePreShipmentPhoto(w.db, store, number, kept!.id, STAFF)).toMatchObject({
      ok: false,
      refusal: "not-found",
    });
  });

  it("is refused on a cancelled order, leaving no file", async () => {
    const { number } = await w.accepted();
    expect((await cancelOrder(w.db, DEAL, number, { reason: "Buyer withdrew" }, STAFF)).ok).toBe(true);
    const before = await files();
    expect(await addPreShipmentPhotos(w.db, store, DEAL, number, [await photo(9)], STAFF)).toMatchObject({
      ok: false,
      refusal: "conflict",
    });
    expect(await files()).toBe(before);
  });

  it("leaves no file behind when the write fails after the photos were stored", async () => {
    const { number } = await w.accepted();
    const before = await files();
    const dialect = dialectOf(w.db);
    if (dialect === "sqlite")
      await sql
        .raw(
          "CREATE TRIGGER photos_fail BEFORE INSERT ON order_photos BEGIN SELECT RAISE(ABORT, 'failed on purpose'); END",
        )
        .execute(w.db);
    else {
      await sql
        .raw(
          "CREATE FUNCTION photos_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'failed on purpose'; END $$",
        )
        .execute(w.db);
      await sql
        .raw("CREATE TRIGGER photos_fail BEFORE INSERT ON order_photos FOR EACH ROW EXECUTE FUNCTION photos_fail()")
        .execute(w.db);
    }
    try {
      await expect(
        addPreShipmentPhotos(w.db, store, DEAL, number, [await photo(11), await photo(12)], STAFF),
      ).rejects.toThrow(/failed on purpose/);
    } finally {
      await sql
        .raw(dialect === "sqlite" ? "DROP TRIGGER photos_fail" : "DROP TRIGGER photos_fail ON order_photos")
        .execute(w.db);
      if (dialect !== "sqlite") await sql.raw("DROP FUNCTION photos_fail()").execute(w.db);
    }
    expect(await files()).toBe(before);
    expect(await steps(number, "photos")).toEqual([]);
  });
});

describe("the video link", () => {
  it("takes an https address of a named site, tells the buyer, and is taken away when emptied", async () => {
    const { number } = await w.accepted();
    for (const bad of [
      "http://youtu.be/abc",
      "javascript:alert(1)",
      "https://owner:secret@drive.example.com/v",
      "https://192.168.0.10/video.mp4",
      "youtube",
      `https://youtu.be/${"a".repeat(500)}`,
    ]) {
      const outcome = await saveVideoLink(w.db, DEAL, number, bad, STAFF);
      expect(outcome, bad).toMatchObject({ ok: false, refusal: "invalid", values: { videoUrl: bad } });
      expect(outcome.ok === false && outcome.errors?.videoUrl, bad).toBeTruthy();
    }
    expect((await orderFor(w.db, number, { staff: true }))!.preShipment.video).toBeNull();
    expect(await w.buyerMails(number)).toHaveLength(0);

    const url = " https://www.youtube.com/watch?v=port-yokohama ";
    expect(await saveVideoLink(w.db, DEAL, number, url, STAFF)).toMatchObject({
      ok: true,
      message: { key: "messages.order.videoSaved" },
    });
    const view = await orderFor(w.db, number, asVisitor({ customerId: w.buyerIds[0]! }));
    expect(view!.preShipment.video).toEqual({
      url: "https://www.youtube.com/watch?v=port-yokohama",
      host: "youtube.com",
    });
    const mails = await w.buyerMails(number);
    expect(mails).toHaveLength(1);
    // The mail names the site; the link itself is on the order's page.
    expect(mails[0]!.text_body).toContain("youtube.com");
    expect(mails[0]!.text_body).not.toContain("watch?v=port-yokohama");

    expect(await saveVideoLink(w.db, DEAL, number, url, STAFF)).toMatchObject({
      ok: true,
      message: { key: "messages.order.nothingChanged" },
    });
    expect(await saveVideoLink(w.db, DEAL, number, "", STAFF)).toMatchObject({
      ok: true,
      message: { key: "messages.order.videoRemoved" },
    });
    expect((await orderFor(w.db, number, { staff: true }))!.preShipment.video).toBeNull();
    expect((await steps(number, "video")).map((s) => s.data)).toEqual([
      { url: "https://www.youtube.com/watch?v=port-yokohama", host: "youtube.com" },
      { removed: true },
    ]);
  });
});
