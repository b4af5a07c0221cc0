import { type FieldProblems, parseForm, type Problem } from "~/utils/forms";
import type { Refusal } from "~/domain/refusal";
import { staffText } from "~/domain/staff/staff-problems";
import type { DB } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import type { ImageRef } from "~/domain/media/image-url";
import type { MediaStore } from "~/domain/media/media-store.server";
import { firstValues, type MultipartForm } from "~/domain/media/multipart.server";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import type { StockPath } from "~/domain/inventory/stock-kinds";
import { removeUnusedPhotos } from "~/domain/inventory/admin-stock.server";
import { partRepository } from "~/domain/inventory/parts.server";
import { itemImages, repositoryOf } from "~/domain/inventory/stock-repository.server";
import { chassisClash, chassisTaken, partInput, storePhotos, vehicleInput } from "./stock-upload.server";
import { statusByHandRefusal, vehicleDeals } from "~/domain/sale/status-by-hand.server";
import { vehicleRepository } from "~/domain/inventory/vehicles.server";
import {
  editImageUploadFailed,
  MAX_IMAGES_PER_ITEM,
  partUploadSchema,
  vehicleUploadSchema,
} from "~/domain/inventory/inventory.schema";

export const PRODUCT_NOT_FOUND = staffText("productNotFound");
export const PRODUCT_UPDATED = staffText("productUpdated");
export const SAVE_FAILED = staffText("saveFailed");
export const TOO_MANY_IMAGES = staffText("tooManyImages");

export type EditImage = ImageRef & { id: number };

/** The photos of one item, in order, with their row ids (the edit screen moves and removes them). */
export const stockImages = (db: DB, kind: StockPath, id: number): Promise<EditImage[]> => itemImages(db, kind, id);

export type EditOutcome = { ok: true } | { ok: false; refusal: Refusal; message: Problem; errors: FieldProblems };

const notFound = (): EditOutcome => ({ ok: false, refusal: "not-found", message: PRODUCT_NOT_FOUND, errors: {} });
/** A save refused for one field's problem. */
const saveRefused = (field: string, problem: Problem, refusal: Refusal = "invalid"): EditOutcome => ({
  ok: false,
  refusal,
  message: SAVE_FAILED,
  errors: { [field]: problem },
});

const tooManyImages = (): EditOutcome => ({
  ok: false,
  refusal: "invalid",
  message: TOO_MANY_IMAGES,
  errors: { images: TOO_MANY_IMAGES },
});

/**
 * Saves the edit screen: the fields, the photos kept in the order given (only
 * this item's own), and new photos after them, at most 12 in all. One
 * transaction for the rows; photos no longer shown leave the store afterwards.
 *
 * The 12 is counted inside that transaction, with the item locked, so two
 * saves of one item at the same moment cannot both pass: the second sees the
 * first one's photos and is refused whole (its stored files are removed again).
 */
export async function editStock(
  db: DB,
  media: MediaStore,
  kind: StockPath,
  id: number,
  form: MultipartForm,
  staff: Staff,
): Promise<EditOutcome> {
  const repository = repositoryOf(kind);
  const [existing] = await repository.labels(db, [id]);
  if (!existing) return notFound();

  const submission = parseForm(firstValues(form), kind === "vehicles" ? vehicleUploadSchema() : partUploadSchema());
  if (submission.status === "error") {
    return { ok: false, refusal: "invalid", message: SAVE_FAILED, errors: submission.errors };
  }
  // The photos this save knows of: the ones it keeps or drops. A photo another
  // save adds from now on is neither; it stays and counts towards the 12.
  const current = await stockImages(db, kind, id);
  const keepIds = [...new Set((form.fields.get("keep") ?? []).map(Number))].filter((k) =>
    current.some((c) => c.id === k),
  );
  // A first look, so a form that is plainly over the limit stores no file; the
  // count that decides is taken again inside the transaction below.
  if (keepIds.length + form.files.length > MAX_IMAGES_PER_ITEM) return tooManyImages();
  const refId = (submission.value.refId as string | undefined) || existing.ref_id;
  if ((await repository.refIdHolder(db, refId, id)) !== null) return saveRefused("refId", staffText("refIdUsed"));
  const chassis = "chassisNumber" in submission.value ? submission.value.chassisNumber : undefined;
  const chassisRefused = await chassisTaken(db, chassis ?? null, id);
  if (chassisRefused) return saveRefused("chassisNumber", chassisRefused);

  // A photo refused, or the storage down, stores none of them.
  const added = await storePhotos(media, form);
  if (!Array.isArray(added))
    return {
      ok: false,
      refusal: added.refusal,
      message: editImageUploadFailed(added.message),
      errors: { images: added.message },
    };

  let removed: EditImage[] = [];
  const now = new Date().toISOString();
  let refused: EditOutcome | null = null;
  try {
    refused = await db.transaction().execute(async (trx): Promise<EditOutcome | null> => {
      // Lock the item first, so a second save of it waits here until this one
      // has committed and then counts this one's photos. PostgreSQL locks the
      // row. SQLite has no row locks and needs none: the shop holds one
      // connection per process and Kysely's SQLite driver keeps it (behind a
      // mutex) for the whole transaction, so a second transaction only begins
      // after this one ends. (Several instances are the PostgreSQL set-up,
      // README "Past one machine"; a second process on the same SQLite file
      // would get SQLITE_BUSY on its write, which rolls it back, not a 13th photo.)
      if (!(await repository.lock(trx, id))) return notFound();
      // A held or ordered vehicle's Reserved and Sold are the deal's (read under the lock a buyer's acceptance waits for).
      if (kind === "vehicles" && "stockStatus" in submission.value) {
        const from = await trx.selectFrom("vehicles").select("stock_status").where("id", "=", id).executeTakeFirst();
        const deal = (await vehicleDeals(trx, [id])).get(id);
        const why = from && statusByHandRefusal(from.stock_status, submission.value.stockStatus, deal);
        if (why) return saveRefused("stockStatus", why, "conflict");
      }
      const images = await stockImages(trx, kind, id);
      const known = new Set(current.map((c) => c.id));
      const kept = keepIds.filter((k) => images.some((i) => i.id === k));
      const addedMeanwhile = images.filter((i) => !known.has(i.id)).map((i) => i.id);
      if (kept.length + addedMeanwhile.length + added.length > MAX_IMAGES_PER_ITEM) return tooManyImages();
      removed = images.filter((i) => known.has(i.id) && !kept.includes(i.id));

      if (kind === "vehicles")
        await vehicleRepository.update(
          trx,
          id,
          vehicleInput(vehicleUploadSchema().parse(firstValues(form))),
          refId,
          now,
        );
      else await partRepository.update(trx, id, partInput(partUploadSchema().parse(firstValues(form))), refId, now);
      await repository.photos.remove(
        trx,
        removed.map((r) => r.id),
      );
      // Positions 0..n-1 with no gaps: the kept photos in the order given, then
      // any another save added meanwhile, then the new ones.
      const order = [...kept, ...addedMeanwhile];
      for (const [position, imageId] of order.entries()) await repository.photos.move(trx, imageId, position);
      await repository.photos.add(trx, id, added, order.length, now);
      await logActivity(trx, {
        actor: { kind: "staff", id: staff.adminId },
        action: kind === "vehicles" ? "vehicle.updated" : "part.updated",
        subject: { kind: kind === "vehicles" ? "vehicle" : "part", id: String(id) },
        summary: `${kind === "vehicles" ? "Vehicle" : "Part"} updated: ${refId}`,
        at: now,
      });
      return null;
    });
  } catch (error) {
    await Promise.all(added.map((image) => media.remove(image)));
    // Another save took this chassis number between the check above and this one's write.
    const clash = chassis ? await chassisClash(db, error, chassis, id) : null;
    if (clash) return saveRefused("chassisNumber", clash);
    throw error;
  }
  if (refused) {
    // Nothing was written before the refusal; the files stored for it go too.
    await Promise.all(added.map((image) => media.remove(image)));
    return refused;
  }
  await removeUnusedPhotos(
    db,
    media,
    removed.map((r) => ({ media_key: r.key, variants: r.variants.join(",") })),
  );
  return { ok: true };
}
