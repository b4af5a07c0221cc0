import type { DB } from "~/db/db.server";
import { logActivity } from "~/domain/activity/activity.server";
import type { ImageRef } from "~/domain/media/image-url";
import { MediaError, type MediaStore } from "~/domain/media/media-store.server";
import type { MultipartForm } from "~/domain/media/multipart.server";
import type { Staff } from "~/domain/staff/staff-sessions.server";
import type { AdminKind } from "./admin-stock";
import { removeUnusedPhotos } from "./admin-stock.server";
import { vehiclePriceColumns } from "./price-cut.server";
import { insertImages, itemImages } from "./inventory.server";
import { photoRefused } from "./stock-upload.server";
import { defaultVehicleName } from "./inventory";
import { MAX_IMAGES_PER_ITEM, partUploadSchema, vehicleUploadSchema } from "./inventory.schema";

export const PRODUCT_NOT_FOUND = "Product not found";
export const PRODUCT_UPDATED = "Product updated successfully!";
export const SAVE_FAILED = "Failed to save product.";
export const TOO_MANY_IMAGES = "Maximum 12 images allowed.";

export type EditImage = ImageRef & { id: number };

/** The photos of one item, in order, with their row ids (the edit screen moves and removes them). */
export const stockImages = (db: DB, kind: AdminKind, id: number): Promise<EditImage[]> => itemImages(db, kind, id);

export type EditOutcome = { ok: true } | { ok: false; status: number; message: string; errors: Record<string, string> };

function values(form: MultipartForm) {
  return Object.fromEntries([...form.fields].map(([k, v]) => [k, v[0] ?? ""]));
}

/**
 * Saves the edit screen: the fields, the photos kept in the order given (only
 * this item's own), and new photos after them, at most 12 in all. One
 * transaction for the rows; photos no longer shown leave the store afterwards.
 */
export async function editStock(
  db: DB,
  media: MediaStore,
  kind: AdminKind,
  id: number,
  form: MultipartForm,
  staff: Staff,
): Promise<EditOutcome> {
  const table = kind;
  const existing = await db
    .selectFrom(table as "vehicles")
    .select(["id", "ref_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!existing) return { ok: false, status: 404, message: PRODUCT_NOT_FOUND, errors: {} };

  const parsed = (kind === "vehicles" ? vehicleUploadSchema() : partUploadSchema()).safeParse(values(form));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
    return { ok: false, status: 400, message: SAVE_FAILED, errors };
  }
  const current = await stockImages(db, kind, id);
  const keepIds = [...new Set((form.fields.get("keep") ?? []).map(Number))].filter((k) =>
    current.some((c) => c.id === k),
  );
  if (keepIds.length + form.files.length > MAX_IMAGES_PER_ITEM) {
    return { ok: false, status: 400, message: TOO_MANY_IMAGES, errors: { images: TOO_MANY_IMAGES } };
  }
  const refId = (parsed.data.refId as string | undefined) || existing.ref_id;
  const clash = await db
    .selectFrom(table as "vehicles")
    .select("id")
    .where("ref_id", "=", refId)
    .where("id", "!=", id)
    .executeTakeFirst();
  if (clash) return { ok: false, status: 400, message: SAVE_FAILED, errors: { refId: "This Ref ID is already used" } };

  const added: ImageRef[] = [];
  for (const file of form.files) {
    try {
      added.push(await media.put(file.data));
    } catch (error) {
      await Promise.all(added.map((image) => media.remove(image)));
      if (error instanceof MediaError) {
        const { status, message } = photoRefused(error, file.filename);
        return { ok: false, status, message: `Upload failed: ${message}`, errors: { images: message } };
      }
      throw error;
    }
  }

  const removed = current.filter((c) => !keepIds.includes(c.id));
  const now = new Date().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      if (kind === "vehicles") {
        const v = vehicleUploadSchema().parse(values(form));
        await trx
          .updateTable("vehicles")
          .set({
            ref_id: refId,
            name: v.name || defaultVehicleName(v),
            make: v.make,
            model: v.model,
            type: v.type ?? null,
            sub_type: v.subType ?? null,
            year: v.year,
            ...vehiclePriceColumns(v.price, now),
            mileage: v.mileage ?? null,
            engine_cc: v.engineCc ?? null,
            color: v.color ?? null,
            fuel: v.fuel ?? null,
            transmission: v.transmission ?? null,
            drive: v.drive ?? null,
            seats: v.seats ?? null,
            doors: v.doors ?? null,
            steering: v.steering ?? null,
            exterior_grade: v.exteriorGrade ?? null,
            interior_grade: v.interiorGrade ?? null,
            description: v.description,
            stock_status: v.stockStatus,
            updated_at: now,
          })
          .where("id", "=", id)
          .execute();
      } else {
        const p = partUploadSchema().parse(values(form));
        await trx
          .updateTable("parts")
          .set({
            ref_id: refId,
            name: p.name,
            make: p.make,
            model: p.model,
            type: p.type,
            sub_type: p.subType,
            price: p.price,
            description: p.description,
            year: p.year ?? null,
            part_number: p.partNumber ?? null,
            category: p.type,
            condition: p.condition ?? null,
            quantity: p.quantity,
            stock_status: p.stockStatus,
            updated_at: now,
          })
          .where("id", "=", id)
          .execute();
      }
      const imageTable = kind === "vehicles" ? "vehicle_images" : "part_images";
      if (removed.length > 0) {
        await trx
          .deleteFrom(imageTable as "vehicle_images")
          .where(
            "id",
            "in",
            removed.map((r) => r.id),
          )
          .execute();
      }
      for (const [position, imageId] of keepIds.entries()) {
        await trx
          .updateTable(imageTable as "vehicle_images")
          .set({ position })
          .where("id", "=", imageId)
          .execute();
      }
      await insertImages(trx, kind, id, added, keepIds.length, now);
      await logActivity(trx, {
        actor: { kind: "staff", id: staff.adminId },
        action: kind === "vehicles" ? "vehicle.updated" : "part.updated",
        subject: { kind: kind === "vehicles" ? "vehicle" : "part", id: String(id) },
        summary: `${kind === "vehicles" ? "Vehicle" : "Part"} updated: ${refId}`,
        at: now,
      });
    });
  } catch (error) {
    await Promise.all(added.map((image) => media.remove(image)));
    throw error;
  }
  await removeUnusedPhotos(
    db,
    media,
    removed.map((r) => ({ media_key: r.key, variants: r.variants.join(",") })),
  );
  return { ok: true };
}
