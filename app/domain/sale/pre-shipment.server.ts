import { createHash } from "node:crypto";
import sharp from "sharp";
import type { DB } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import { checkDocument, DocumentError, documentProblem } from "~/domain/media/document-check.server";
import type { DocumentStore, StoredDocument } from "~/domain/media/document-store.server";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import { forgetFile } from "~/domain/proof/papers.server";
import type { DealContext } from "./offers.server";
import * as change from "./order-change.server";
import type { OrderOutcome } from "./order-change.server";
import type { DocumentUpload } from "./order-documents.server";
import { addOrderEvent } from "./order-moves.server";
import { clean } from "./order-schemas.server";
import { PHOTOS_AT_ONCE, PHOTOS_PER_ORDER, readVideoLink } from "./pre-shipment";

/*
 * The vehicle at the port before loading (issue 45.3): the owner's photos,
 * checked as pictures and kept privately with the order (each with its
 * SHA-256), and a link to a video. Each upload and each link is one step on
 * the order's timeline and one part of the buyer's mail. An upload is kept
 * whole or not at all: a refused photo leaves no other photo of it stored.
 */

type CheckedPhoto = {
  data: Buffer;
  contentType: "image/jpeg" | "image/png" | "image/webp";
  extension: "jpg" | "png" | "webp";
  sha256: string;
  width: number;
  height: number;
  name: string;
};

/** A photo read and measured, or the refusal naming it (the file's own name, so the owner knows which). */
async function checkPhoto(upload: DocumentUpload): Promise<CheckedPhoto | OrderOutcome> {
  const name = clean(upload.filename).slice(0, 200);
  let checked;
  try {
    checked = await checkDocument(upload.data);
  } catch (error) {
    if (error instanceof DocumentError)
      return {
        ok: false,
        refusal: error.code === "size" ? "too-large" : "invalid",
        message: change.orderProblem("photoRefused", { name, why: documentProblem(error.code, "staff") }),
      };
    throw error;
  }
  if (checked.contentType === "application/pdf") return change.orderRefusal("invalid", "photoNotPicture", { name });
  // The check wrote the picture afresh, turned upright: its size is the one the buyer sees.
  const { width = 0, height = 0 } = await sharp(checked.data).metadata();
  if (width === 0 || height === 0) return change.orderRefusal("invalid", "photoNotPicture", { name });
  return {
    data: checked.data,
    contentType: checked.contentType,
    extension: checked.extension as CheckedPhoto["extension"],
    sha256: createHash("sha256").update(checked.data).digest("hex"),
    width,
    height,
    name,
  };
}

const isPhoto = (x: CheckedPhoto | OrderOutcome): x is CheckedPhoto => "sha256" in x;

async function keptPhotos(db: DB, orderId: number) {
  return db
    .selectFrom("order_photos")
    .select(["sha256"])
    .where("order_id", "=", orderId)
    .where("removed_at", "is", null)
    .execute();
}

/**
 * Adds the owner's photos of the vehicle before loading to an order: at most
 * PHOTOS_AT_ONCE in one upload and PHOTOS_PER_ORDER in all; a photo the order
 * already has is kept once. The buyer is told in one mail (gathered with the
 * order's other changes).
 */
export async function addPreShipmentPhotos(
  db: DB,
  store: DocumentStore,
  deal: DealContext,
  number: string,
  uploads: DocumentUpload[],
  staff: Staff,
  now = new Date(),
): Promise<OrderOutcome> {
  const files = uploads.filter((u) => u.data.length > 0);
  if (files.length === 0) return change.orderRefusal("invalid", "photosRequired");
  if (files.length > PHOTOS_AT_ONCE) return change.orderRefusal("invalid", "photosAtOnce", { max: PHOTOS_AT_ONCE });
  const photos: CheckedPhoto[] = [];
  for (const file of files) {
    const checked = await checkPhoto(file);
    if (!isPhoto(checked)) return checked;
    if (!photos.some((p) => p.sha256 === checked.sha256)) photos.push(checked);
  }
  const order = await db.selectFrom("orders").select(["id"]).where("number", "=", number).executeTakeFirst();
  if (!order) return change.NOT_FOUND;
  const fresh = (kept: { sha256: string }[]) => photos.filter((p) => !kept.some((k) => k.sha256 === p.sha256));
  const room = (kept: { sha256: string }[]) => kept.length + fresh(kept).length <= PHOTOS_PER_ORDER;
  const before = await keptPhotos(db, order.id);
  if (!room(before)) return change.orderRefusal("conflict", "photosFull", { max: PHOTOS_PER_ORDER });
  if (fresh(before).length === 0) return { ok: true, message: change.orderProblem("photosSame") };

  const stored = new Map<string, StoredDocument>();
  try {
    for (const photo of fresh(before)) stored.set(photo.sha256, await store.put(photo));
  } catch (error) {
    await forgetAll(store, [...stored.values()]);
    if (error instanceof DocumentError)
      return { ok: false, refusal: "unavailable", message: documentProblem(error.code, "staff") };
    throw error;
  }
  let outcome: OrderOutcome;
  // The photos this upload wrote (a concurrent upload may have kept some of the same meanwhile).
  const written = new Set<string>();
  try {
    outcome = await change.withOrder(db, number, async (trx, row) => {
      if (row.status === "cancelled") return change.notNow("closed", row);
      // Counted again under the order's lock: two uploads at once cannot pass the limit together.
      const kept = await keptPhotos(trx, row.id);
      if (!room(kept)) return change.orderRefusal("conflict", "photosFull", { max: PHOTOS_PER_ORDER });
      const adding = fresh(kept);
      if (adding.length === 0) return { ok: true, message: change.orderProblem("photosSame") };
      const at = now.toISOString();
      const ids: number[] = [];
      for (const photo of adding) {
        const file = stored.get(photo.sha256)!;
        const inserted = await trx
          .insertInto("order_photos")
          .values({
            order_id: row.id,
            file_key: file.key,
            content_type: file.contentType,
            size: file.size,
            width: photo.width,
            height: photo.height,
            sha256: photo.sha256,
            original_name: photo.name,
            added_at: at,
            removed_at: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids.push(inserted.id);
        written.add(photo.sha256);
      }
      await addOrderEvent(trx, row.id, "photos", { count: ids.length, photoIds: ids }, "staff", at);
      await logActivity(trx, {
        actor: change.staffActor(staff),
        action: "order.photos",
        subject: { kind: "order", id: String(row.id) },
        summary: `Order ${row.number}: ${ids.length} photo(s) before loading added`,
        at,
      });
      await change.tellBuyer(trx, deal, row, { kind: "photos", count: ids.length });
      return { ok: true, message: change.orderProblem("photosAdded") };
    });
  } catch (error) {
    await forgetAll(store, [...stored.values()]);
    throw error;
  }
  // A refusal, or photos another upload kept meanwhile, leave no file of this one behind.
  const kept = outcome.ok ? written : new Set<string>();
  await forgetAll(
    store,
    [...stored.entries()].filter(([sha]) => !kept.has(sha)).map(([, file]) => file),
  );
  return outcome;
}

/** Takes a photo off an order (added by mistake): no longer shown or served, its bytes removed. */
export async function removePreShipmentPhoto(
  db: DB,
  store: DocumentStore,
  number: string,
  photoId: number,
  staff: Staff,
  now = new Date(),
): Promise<OrderOutcome> {
  let removedKey: string | null = null;
  const outcome = await change.withOrder(db, number, async (trx, order) => {
    const photo = await trx
      .selectFrom("order_photos")
      .select(["id", "file_key"])
      .where("id", "=", photoId)
      .where("order_id", "=", order.id)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (!photo) return change.orderRefusal("not-found", "photoNotFound");
    const at = now.toISOString();
    await trx.updateTable("order_photos").set({ removed_at: at }).where("id", "=", photo.id).execute();
    await logActivity(trx, {
      actor: change.staffActor(staff),
      action: "order.photo_removed",
      subject: { kind: "order", id: String(order.id) },
      summary: `Order ${order.number}: photo ${photo.id} removed`,
      at,
    });
    removedKey = photo.file_key;
    return { ok: true, message: change.orderProblem("photoRemoved") };
  });
  if (outcome.ok && removedKey) await forgetAll(store, [{ key: removedKey }]);
  return outcome;
}

/**
 * Saves the order's video link (an https address of a named site), or takes
 * it away when empty. A new link is a step on the timeline and tells the
 * buyer; the one it replaces stays in the timeline.
 */
export async function saveVideoLink(
  db: DB,
  deal: DealContext,
  number: string,
  raw: string,
  staff: Staff,
  now = new Date(),
): Promise<OrderOutcome> {
  const link = readVideoLink(raw);
  if (link === "invalid" || link === "too-long") {
    const message = change.orderProblem(link === "invalid" ? "videoInvalid" : "videoTooLong");
    return { ok: false, refusal: "invalid", message, errors: { videoUrl: message }, values: { videoUrl: raw } };
  }
  const url = link === "empty" ? "" : link.url;
  return change.withOrder(db, number, async (trx, row) => {
    if (row.status === "cancelled") return change.notNow("closed", row);
    if (row.video_url === url) return { ok: true, message: change.orderProblem("nothingChanged") };
    const at = now.toISOString();
    await trx.updateTable("orders").set({ video_url: url, updated_at: at }).where("id", "=", row.id).execute();
    const step = link === "empty" ? { removed: true } : { url: link.url, host: link.host };
    await addOrderEvent(trx, row.id, "video", step, "staff", at);
    await logActivity(trx, {
      actor: change.staffActor(staff),
      action: "order.video",
      subject: { kind: "order", id: String(row.id) },
      summary: `Order ${row.number}: video link ${url ? `set to ${url}` : "removed"}`,
      at,
    });
    if (link !== "empty") await change.tellBuyer(trx, deal, row, { kind: "video", host: link.host });
    return { ok: true, message: change.orderProblem(link === "empty" ? "videoRemoved" : "videoSaved") };
  });
}

/** Removes stored photos nobody can reach, each as the papers' files are (a failure is logged, not put to the owner). */
async function forgetAll(store: DocumentStore, files: { key: string }[]): Promise<void> {
  for (const file of files) await forgetFile(store, file.key);
}
